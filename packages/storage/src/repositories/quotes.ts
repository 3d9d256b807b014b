// Quotes: the insert and read on every POST and GET of a quote (prepared once: see prepareQuery).
import { fromDbDateTime, prepareQuery, toDbDateTime, type StorageDatabase } from '../database';
import { keepWithinRetention, retentionEnd, type QuoteRepository } from '../records';

export function createQuoteRepository({ db, read, write, guard }: StorageDatabase): QuoteRepository {
  const insertQuote = prepareQuery((id: string, createdAt: string, expiresAt: string, body: string, request: string, schemaVersion: number) =>
    db.insertInto('quotes').values({ id, created_at: createdAt, expires_at: expiresAt, body, request, schema_version: schemaVersion }),
  );
  // The imports it names are kept at least as long as the quote, in the same unit.
  const keepImport = prepareQuery((id: string, keepUntil: string, before: string) =>
    db.updateTable('plate_imports').set({ retain_until: keepUntil }).where('id', '=', id).where('retain_until', '<', before),
  );
  const selectQuote = prepareQuery((id: string) =>
    db.selectFrom('quotes').select(['id', 'created_at', 'expires_at', 'body', 'request', 'schema_version']).where('id', '=', id),
  );
  return {
    async insert({ importIds, ...quote }) {
      const keepUntil = toDbDateTime(retentionEnd(quote.expiresAt));
      await guard('store the quote', () =>
        write([
          insertQuote(quote.id, toDbDateTime(quote.createdAt), toDbDateTime(quote.expiresAt), quote.body, quote.request, quote.schemaVersion),
          ...[...new Set(importIds ?? [])].map((id) => keepImport(id, keepUntil, keepUntil)),
        ]),
      );
    },
    async get(id, now) {
      const [row] = await guard('read the quote', () => read(selectQuote(id)));
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
