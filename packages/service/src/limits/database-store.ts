// Rate-limit counts in the shop's own database (table rate_limits, made by the migrations), so every
// process on one SQLite file, or every replica on one PostgreSQL, counts together. All the windows
// of a request are counted by one INSERT ... ON CONFLICT (key) DO UPDATE ... RETURNING: atomic on its
// own, no read before the write (what keeps two writer processes on one SQLite file from
// SQLITE_BUSY on a lock upgrade), one commit per request.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ColumnType, Kysely } from 'kysely';
import { storeKey } from './store';
import type { RateLimitStore, Spend, WindowCount } from './store';

interface RateLimitsTable {
  /** `<window key prefix>:<client key>`. */
  key: string;
  points: ColumnType<number, number | undefined, number>;
  /** When the window ends, epoch ms (BIGINT: PostgreSQL's driver gives it back as a string). */
  expire: ColumnType<number | string | bigint | null, number | null, number | null>;
}

export interface RateLimitDatabase {
  rate_limits: RateLimitsTable;
}

export interface DatabaseLimitStoreOptions {
  db: Kysely<RateLimitDatabase>;
  provider: 'sqlite' | 'postgresql';
  /**
   * SQLite: how long a count keeps trying while another process holds the write lock before it
   * fails, so the caller counts in memory instead of waiting behind a long write (default 100 ms).
   * Each try waits at most the connection's busy timeout.
   */
  lockWaitMs?: number;
  now?: () => number;
}

const DEFAULT_LIMIT_LOCK_WAIT_MS = 100;
const LOCK_RETRY_MS = 10;

function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED');
}

export function createDatabaseLimitStore(options: DatabaseLimitStoreOptions): RateLimitStore {
  const { db, provider } = options;
  const now = options.now ?? Date.now;
  const lockWaitMs = options.lockWaitMs ?? DEFAULT_LIMIT_LOCK_WAIT_MS;

  /** Runs a statement, trying again while SQLite's write lock is held elsewhere, up to lockWaitMs. */
  async function withLockWait<T>(run: () => Promise<T>): Promise<T> {
    if (provider !== 'sqlite') return run();
    const deadline = Date.now() + lockWaitMs;
    for (;;) {
      try {
        return await run();
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() + LOCK_RETRY_MS > deadline) throw error;
        await sleep(LOCK_RETRY_MS);
      }
    }
  }

  return {
    async consume(spends: readonly Spend[]): Promise<WindowCount[]> {
      if (spends.length === 0) return [];
      const at = now();
      const rows = spends.map(({ window, key, points }) => ({ key: storeKey(window, key), points, expire: at + window.seconds * 1000 }));
      const returned = await withLockWait(() =>
        db
          .insertInto('rate_limits')
          .values(rows)
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet((eb) => {
              // A window past its end (or a row without one) starts again at the points sent.
              const live = eb('rate_limits.expire', '>', at);
              return {
                points: eb.case().when(live).then(eb('rate_limits.points', '+', eb.ref('excluded.points'))).else(eb.ref('excluded.points')).end(),
                expire: eb.case().when(live).then(eb.ref('rate_limits.expire')).else(eb.ref('excluded.expire')).end(),
              };
            }),
          )
          .returning(['key', 'points', 'expire'])
          .execute(),
      );
      // RETURNING's row order is not promised: matched by key (one row per window of the request).
      const byKey = new Map(returned.map((row) => [row.key, row]));
      return rows.map(({ key }) => {
        const row = byKey.get(key);
        if (row === undefined) throw new Error(`The rate-limit upsert returned no row for ${key}`);
        return { consumed: Number(row.points), resetMs: Math.max(0, Number(row.expire) - at) };
      });
    },

    async reward(spends: readonly Spend[]): Promise<void> {
      const at = now();
      // One statement per window (a refused request gives back one or two), each tried on its own.
      for (const { window, key, points } of spends) {
        await withLockWait(() =>
          db
            .updateTable('rate_limits')
            .set((eb) => ({
              points: eb.case().when('rate_limits.points', '>', points).then(eb('rate_limits.points', '-', points)).else(eb.lit(0)).end(),
            }))
            .where('key', '=', storeKey(window, key))
            .where('expire', '>', at)
            .execute(),
        );
      }
    },
  };
}
