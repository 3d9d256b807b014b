// Handoffs (order links) and the plate designs each stores, written as one unit.
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';
import { keepWithinRetention, type HandoffRepository, type OutboxTargets } from '../records';
import { outboxStatements } from './outbox';

export function createHandoffRepository(database: StorageDatabase, targets: OutboxTargets): HandoffRepository {
  const { db, read, write, guard } = database;
  return {
    async insert({ designs, event, ...handoff }) {
      // One unit: the handoff is kept with all its designs or not at all.
      await guard('store the handoff and its plate designs', () =>
        write([
          db.insertInto('handoffs').values({
            id: handoff.id,
            created_at: toDbDateTime(handoff.createdAt),
            expires_at: toDbDateTime(handoff.expiresAt),
            body: handoff.body,
            schema_version: handoff.schemaVersion,
          }),
          ...designs.map((design) =>
            db.insertInto('plate_designs').values({
              id: design.id,
              handoff_id: handoff.id,
              quote_id: design.quoteId,
              item_index: design.itemIndex,
              created_at: toDbDateTime(design.createdAt),
              expires_at: toDbDateTime(design.expiresAt),
              design: design.design,
              schema_version: design.schemaVersion,
            }),),
          ...(event ? outboxStatements(database, event, targets, { table: 'handoffs', id: handoff.id }) : []),
        ]),
      );
    },
    async get(id, now) {
      const [row] = await guard('read the handoff', () =>
        read(db.selectFrom('handoffs').select(['id', 'created_at', 'expires_at', 'body', 'schema_version']).where('id', '=', id)),
      );
      if (!row) return null;
      const record = { id: row.id, createdAt: fromDbDateTime(row.created_at), expiresAt: fromDbDateTime(row.expires_at), body: row.body, schemaVersion: row.schema_version };
      return keepWithinRetention(record, now);
    },
  };
}
