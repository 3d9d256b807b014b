// The reasons staff may give when a request is lost, over either database. Owners add, rename and
// retire them; a retired reason is kept (and shown) but no longer offered. A lost request keeps the
// words it was given, so renaming or retiring never rewrites the past.
import type { StorageAccess } from '../storage';

export interface LostReasonRecord {
  id: number;
  label: string;
  createdAt: Date;
  retiredAt: Date | null;
}

export interface LostReasonRepository {
  /** Every reason, the offered ones first, each group in the order they were added. */
  list(): Promise<LostReasonRecord[]>;
  get(id: number): Promise<LostReasonRecord | null>;
  add(label: string, at: Date): Promise<LostReasonRecord>;
  /** False when there is no such reason. */
  rename(id: number, label: string): Promise<boolean>;
  /** False when there is no such reason or it was retired already. */
  retire(id: number, at: Date): Promise<boolean>;
}

const toDb = (date: Date) => date.toISOString().replace('Z', '+00:00');
const fromDb = (value: string | Date) => (value instanceof Date ? value : new Date(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value.replace(' ', 'T')}Z`));

type Row = { id: number; label: string; created_at: string; retired_at: string | null };
const toRecord = (row: Row): LostReasonRecord => ({ id: Number(row.id), label: row.label, createdAt: fromDb(row.created_at), retiredAt: row.retired_at === null ? null : fromDb(row.retired_at) });

export function createLostReasonRepository(storage: Pick<StorageAccess, 'db'>): LostReasonRepository {
  const { db } = storage;
  return {
    async list() {
      const rows = await db.selectFrom('lost_reasons').selectAll().orderBy('id').execute();
      const records = rows.map(toRecord);
      return [...records.filter((reason) => reason.retiredAt === null), ...records.filter((reason) => reason.retiredAt !== null)];
    },

    async get(id) {
      const row = await db.selectFrom('lost_reasons').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async add(label, at) {
      // One statement that answers its row (RETURNING works on both databases).
      const row = await db.insertInto('lost_reasons').values({ label, created_at: toDb(at), retired_at: null }).returningAll().executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async rename(id, label) {
      const result = await db.updateTable('lost_reasons').set({ label }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async retire(id, at) {
      const result = await db.updateTable('lost_reasons').set({ retired_at: toDb(at) }).where('id', '=', id).where('retired_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
