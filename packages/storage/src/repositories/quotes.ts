// Quotes: the insert and read on every POST and GET of a quote.
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';
import { keepWithinRetention, retentionEnd, type QuoteRepository } from '../records';

export function createQuoteRepository({ db, write, guard }: StorageDatabase): QuoteRepository {
  return {
    async insert({ importIds, ...quote }) {
      const keepUntil = toDbDateTime(retentionEnd(quote.expiresAt));
      await guard('store the quote', () =>
        write([
          db.insertInto('quotes').values({
            id: quote.id,
            created_at: toDbDateTime(quote.createdAt),
            expires_at: toDbDateTime(quote.expiresAt),
            body: quote.body,
            request: quote.request,
            schema_version: quote.schemaVersion,
          }),
          // The imports it names are kept at least as long as the quote, in the same unit.
          ...[...new Set(importIds ?? [])].map((id) =>
            db.updateTable('plate_imports').set({ retain_until: keepUntil }).where('id', '=', id).where('retain_until', '<', keepUntil),
          ),
        ]),
      );
    },
    async get(id, now) {
      const row = await guard('read the quote', () =>
        db.selectFrom('quotes').select(['id', 'created_at', 'expires_at', 'body', 'request', 'schema_version']).where('id', '=', id).executeTakeFirst(),
      );
      if (!row) return null;
      const record = {
        id: row.id,
        createdAt: fromDbDateTime(row.created_at),
        expiresAt: fromDbDateTime(row.expires_at),
        body: row.body,
        request: row.request,
        schemaVersion: row.schema_version,
      };
      return keepWithinRetention(record, now);
    },
  };
}
