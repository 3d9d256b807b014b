// Quote-request submissions: the shop's leads, stored once per idempotency key, never purged.
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';
import { clampListLimit, type OutboxTargets, type RfqSubmissionRecord, type RfqSubmissionRepository } from '../records';
import { outboxStatements } from './outbox';

function toRecord(row: { id: string; rfq_link_id: string; created_at: string; body: string; schema_version: number }): RfqSubmissionRecord {
  return { id: row.id, rfqLinkId: row.rfq_link_id, createdAt: fromDbDateTime(row.created_at), body: row.body, schemaVersion: row.schema_version };
}

export function createRfqSubmissionRepository(database: StorageDatabase, targets: OutboxTargets): RfqSubmissionRepository {
  const { db, read, write, guard } = database;
  return {
    async insert({ id, rfqLinkId, createdAt, idempotencyKey, body, schemaVersion, event }) {
      // Insert-or-nothing in one statement, then read: a double submission racing this one cannot
      // both win, and nothing reads before the write.
      const [outcome] = await guard('store the rfq submission', () =>
        write([
          db
            .insertInto('rfq_submissions')
            .values({ id, rfq_link_id: rfqLinkId, created_at: toDbDateTime(createdAt), idempotency_key: idempotencyKey, body, schema_version: schemaVersion })
            .onConflict((conflict) => conflict.column('idempotency_key').doNothing()),
          // Its notifications in the same unit, written only when the row above was.
          ...(event ? outboxStatements(database, event, targets, { table: 'rfq_submissions', id }) : []),
        ]),
      );
      if (outcome?.changes === 1) return { created: true, id };
      const [first] = await guard('read the rfq submission', () =>
        read(db.selectFrom('rfq_submissions').select('id').where('idempotency_key', '=', idempotencyKey)),
      );
      if (!first) {
        // Only reachable if the conflicting row vanished in between (submissions are never purged).
        throw new Error(`rfq submission with idempotency key ${idempotencyKey} not found after conflict`);
      }
      return { created: false, id: first.id };
    },
    async list(options = {}) {
      const limit = clampListLimit(options.limit);
      // A NaN limit is a mistake of the caller, not an outage.
      if (Number.isNaN(limit)) throw new RangeError(`list limit must be a number, got ${String(options.limit)}`);
      const query = db
        .selectFrom('rfq_submissions')
        .select(['id', 'rfq_link_id', 'created_at', 'body', 'schema_version'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      const rows = await guard('list rfq submissions', () => read(query));
      return rows.map(toRecord);
    },
    async get(id) {
      const [row] = await guard('read the rfq submission', () =>
        read(db.selectFrom('rfq_submissions').select(['id', 'rfq_link_id', 'created_at', 'body', 'schema_version']).where('id', '=', id)),
      );
      return row ? toRecord(row) : null;
    },
  };
}
