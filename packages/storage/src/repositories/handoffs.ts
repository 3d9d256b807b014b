// Handoffs (order links), the plate designs each stores and the quotes it names, written as one unit;
// the count of its order page's servings; the staff's lists.
import { fromDbDateTime, toDbDateTime, type StorageDatabase } from '../database';
import type { DB } from '../db-types';
import { clampPageRows, computeRetentionCutoff, keepWithinRetention, type HandoffRepository, type HandoffSummary, type OutboxTargets } from '../records';
import { keepAnswerStatement } from './idempotency-keys';
import { outboxStatements } from './outbox';

const SUMMARY_COLUMNS = ['handoffs.id', 'handoffs.created_at', 'handoffs.expires_at', 'handoffs.body', 'handoffs.schema_version', 'handoffs.opens'] as const;
type SummaryRow = Pick<DB['handoffs'], 'id' | 'created_at' | 'expires_at' | 'body'> & { schema_version: number; opens: number };

function toSummary(row: SummaryRow): HandoffSummary {
  return {
    id: row.id,
    createdAt: fromDbDateTime(row.created_at),
    expiresAt: fromDbDateTime(row.expires_at),
    body: row.body,
    schemaVersion: row.schema_version,
    opens: Number(row.opens),
  };
}

export function createHandoffRepository(database: StorageDatabase, targets: OutboxTargets): HandoffRepository {
  const { db, read, write, guard } = database;
  return {
    async insert({ designs, quoteIds, event, idempotentAnswer, ...handoff }) {
      // One unit: the handoff is kept with all its designs and quote references or not at all.
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
          ...(quoteIds && quoteIds.length > 0
            ? [db.insertInto('handoff_quotes').values([...new Set(quoteIds)].map((quoteId) => ({ handoff_id: handoff.id, quote_id: quoteId })))]
            : []),
          ...(event ? outboxStatements(database, event, targets, { table: 'handoffs', id: handoff.id }) : []),
          ...(idempotentAnswer ? [keepAnswerStatement(db, idempotentAnswer)] : []),
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
    async recordOpen(id) {
      await guard('count the order page view', () => write([db.updateTable('handoffs').set((eb) => ({ opens: eb('opens', '+', 1) })).where('id', '=', id)]));
    },
    async list({ now, limit, after }) {
      const rows = clampPageRows(limit);
      let query = db.selectFrom('handoffs').select(SUMMARY_COLUMNS).where('handoffs.expires_at', '>', toDbDateTime(computeRetentionCutoff(now)));
      if (after) {
        const at = toDbDateTime(after.createdAt);
        query = query.where((eb) => eb.or([eb('handoffs.created_at', '<', at), eb.and([eb('handoffs.created_at', '=', at), eb('handoffs.id', '<', after.id)])]));
      }
      const found = await guard('list the handoffs', () => read(query.orderBy('handoffs.created_at', 'desc').orderBy('handoffs.id', 'desc').limit(rows + 1)));
      const page = found.slice(0, rows).map(toSummary);
      const last = page[page.length - 1];
      return { rows: page, next: found.length > rows && last ? { createdAt: last.createdAt, id: last.id } : null };
    },
    async listForQuote(quoteId, now) {
      const found = await guard('list the handoffs', () =>
        read(
          db
            .selectFrom('handoff_quotes')
            .innerJoin('handoffs', 'handoffs.id', 'handoff_quotes.handoff_id')
            .select(SUMMARY_COLUMNS)
            .where('handoff_quotes.quote_id', '=', quoteId)
            .where('handoffs.expires_at', '>', toDbDateTime(computeRetentionCutoff(now)))
            .orderBy('handoffs.created_at', 'desc')
            .orderBy('handoffs.id', 'desc'),
        ),
      );
      return found.map(toSummary);
    },
  };
}
