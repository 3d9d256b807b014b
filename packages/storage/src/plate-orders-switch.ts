// The online plate orders switch: one row, absent until an owner first sets it (plate orders on).
import type { ShopDb } from './shop-db';
import { readDate, readOptionalDate, writeDate } from './shop-db';

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

export function createPlateOrdersSwitchRepository({ db, provider }: ShopDb): PlateOrdersSwitchRepository {
  const optionalDate = (date: Date | null) => (date === null ? null : writeDate(provider, date));
  return {
    async get() {
      const row = await db.selectFrom('plate_orders_switch').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
      if (!row) return undefined;
      return {
        state: row.state as PlateOrdersState,
        pausedFrom: readOptionalDate(row.paused_from),
        pausedUntil: readOptionalDate(row.paused_until),
        message: row.message,
        updatedAt: readDate(row.updated_at),
        updatedBy: row.updated_by,
      };
    },

    async set(record) {
      const values = {
        state: record.state,
        paused_from: optionalDate(record.pausedFrom),
        paused_until: optionalDate(record.pausedUntil),
        message: record.message,
        updated_at: writeDate(provider, record.updatedAt),
        updated_by: record.updatedBy,
      };
      await db
        .insertInto('plate_orders_switch')
        .values({ id: ROW_ID, ...values })
        .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
        .execute();
    },
  };
}
