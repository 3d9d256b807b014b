// Quote-request links.
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';
import { keepWithinRetention, type RfqLinkRepository } from '../records';
import { keepAnswerStatement } from './idempotency-keys';

export function createRfqLinkRepository({ db, read, write, guard }: StorageDatabase): RfqLinkRepository {
  return {
    async insert({ idempotentAnswer, ...link }) {
      await guard('store the rfq link', () =>
        write([
          db.insertInto('rfq_links').values({
            id: link.id,
            created_at: toDbDateTime(link.createdAt),
            expires_at: toDbDateTime(link.expiresAt),
            body: link.body,
            schema_version: link.schemaVersion,
          }),
          ...(idempotentAnswer ? [keepAnswerStatement(db, idempotentAnswer)] : []),
        ]),
      );
    },
    async get(id, now) {
      const [row] = await guard('read the rfq link', () =>
        read(db.selectFrom('rfq_links').select(['id', 'created_at', 'expires_at', 'body', 'schema_version']).where('id', '=', id)),
      );
      if (!row) return null;
      const record = { id: row.id, createdAt: fromDbDateTime(row.created_at), expiresAt: fromDbDateTime(row.expires_at), body: row.body, schemaVersion: row.schema_version };
      return keepWithinRetention(record, now);
    },
  };
}
