// The online plate orders switch: one row, absent until an owner first sets it (plate orders on).
import { fromDbDateTime, toDbDateTime } from '../database';
import type { StorageAccess } from '../storage';

export type PlateOrdersState = 'on' | 'off' | 'paused';

export interface PlateOrdersSwitchRecord {
  state: PlateOrdersState;
  /** For `paused`: plate orders are off from this moment... */
  pausedFrom: Date | null;
  /** ...until this one. */
  pausedUntil: Date | null;
  /** The owner's words shown on the pages and in the refusal. */
  message: string;
  updatedAt: Date;
  updatedBy: string | null;
}

export interface PlateOrdersSwitchRepository {
  /** The switch as last set; undefined when it never was (plate orders on). */
  get(): Promise<PlateOrdersSwitchRecord | undefined>;
  set(record: PlateOrdersSwitchRecord): Promise<void>;
}

const ROW_ID = 'plate_orders';

const optionalDate = (text: string | null): Date | null => (text === null ? null : fromDbDateTime(text));

export function createPlateOrdersSwitchRepository(storage: StorageAccess): PlateOrdersSwitchRepository {
  const { db, read, transact } = storage;
  return {
    async get() {
      const [row] = await read('read the plate orders switch', db.selectFrom('plate_orders_switch').selectAll().where('id', '=', ROW_ID));
      if (!row) return undefined;
      return {
        state: row.state as PlateOrdersState,
        pausedFrom: optionalDate(row.paused_from),
        pausedUntil: optionalDate(row.paused_until),
        message: row.message,
        updatedAt: fromDbDateTime(row.updated_at),
        updatedBy: row.updated_by,
      };
    },

    async set(record) {
      const values = {
        state: record.state,
        paused_from: record.pausedFrom === null ? null : toDbDateTime(record.pausedFrom),
        paused_until: record.pausedUntil === null ? null : toDbDateTime(record.pausedUntil),
        message: record.message,
        updated_at: toDbDateTime(record.updatedAt),
        updated_by: record.updatedBy,
      };
      await transact('set the plate orders switch', function* () {
        // One row, upserted in one statement.
        yield db
          .insertInto('plate_orders_switch')
          .values({ id: ROW_ID, ...values })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(values));
      });
    },
  };
}
