// The purge of rows past retention, a slice of rows per statement with a turn of the event loop
// between slices, so a large purge never holds the process (on SQLite each slice is its own write,
// group-committed with whatever else the turn wrote, so requests are answered between them).
import type { Compilable } from 'kysely';
import { toDbDateTime, type StorageDatabase } from '../database';
import { PURGE_SLICE_ROWS, computeRetentionCutoff, nextTurn, type PurgeCounts, type PurgeOptions } from '../records';

/** Rate-limit windows are purged an hour after they end. */
const RATE_LIMIT_GRACE_MS = 3_600_000;

export function createPurge({ db, write, guard }: StorageDatabase): (now: Date, options?: PurgeOptions) => Promise<PurgeCounts> {
  /** Runs `statement` (one slice) until a slice deletes fewer than `slice` rows; the rows deleted in all. */
  async function deleteInSlices(statement: Compilable, slice: number): Promise<number> {
    let total = 0;
    for (;;) {
      const [outcome] = await write([statement]);
      const deleted = outcome?.changes ?? 0;
      total += deleted;
      if (deleted < slice) return total;
      await nextTurn();
    }
  }

  return (now, options = {}) => {
    const slice = options.sliceRows ?? PURGE_SLICE_ROWS;
    const cutoff = toDbDateTime(computeRetentionCutoff(now));
    const purge = (statement: Compilable) => deleteInSlices(statement, slice);
    // Designs first so their count is not hidden by the cascade from handoffs.
    return guard('purge expired rows', async () => ({
      designs: await purge(db.deleteFrom('plate_designs').where('id', 'in', db.selectFrom('plate_designs').select('id').where('expires_at', '<=', cutoff).limit(slice))),
      handoffs: await purge(db.deleteFrom('handoffs').where('id', 'in', db.selectFrom('handoffs').select('id').where('expires_at', '<=', cutoff).limit(slice))),
      quotes: await purge(db.deleteFrom('quotes').where('id', 'in', db.selectFrom('quotes').select('id').where('expires_at', '<=', cutoff).limit(slice))),
      rfqLinks: await purge(db.deleteFrom('rfq_links').where('id', 'in', db.selectFrom('rfq_links').select('id').where('expires_at', '<=', cutoff).limit(slice))),
      plateImports: await purge(
        db.deleteFrom('plate_imports').where('id', 'in', db.selectFrom('plate_imports').select('id').where('retain_until', '<=', toDbDateTime(now)).limit(slice)),
      ),
      rateLimits: await purge(
        db.deleteFrom('rate_limits').where('key', 'in', db.selectFrom('rate_limits').select('key').where('expire', '<', now.getTime() - RATE_LIMIT_GRACE_MS).limit(slice)),
      ),
      idempotencyKeys: await purge(
        db.deleteFrom('idempotency_keys').where('key', 'in', db.selectFrom('idempotency_keys').select('key').where('expires_ms', '<=', now.getTime()).limit(slice)),
      ),
    }));
  };
}
