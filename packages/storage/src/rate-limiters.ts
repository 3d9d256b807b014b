// Rate limits kept in the shop's own database (table rate_limits, created by the migrations), so
// every process on one SQLite file, or every replica on one PostgreSQL, counts together.
// Both library stores write with a single INSERT ... ON CONFLICT DO UPDATE ... RETURNING: no read
// before the write, which is what keeps two writer processes on one SQLite file from SQLITE_BUSY.
import type Database from 'better-sqlite3';
import type { Pool } from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { SqliteWrites } from './sqlite-write-batch';
import { toStorageError } from './storage-unavailable';

export interface RateLimiterOptions {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

export const RATE_LIMIT_TABLE = 'rate_limits';
/** How long a count on SQLite waits for the write lock before the insurance limiter takes it. */
const LIMIT_LOCK_WAIT_MS = 100;

type StoreMethod = '_upsert' | '_get' | '_delete';
type StoreMethods = Record<StoreMethod, (...args: unknown[]) => Promise<unknown>>;

/**
 * Counts in process memory while the database cannot take them (its lock held too long, or the
 * server gone): the request goes on and meets the database again where it needs its data.
 */
function insurance(options: RateLimiterOptions): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: options.keyPrefix, points: options.points, duration: options.durationSeconds });
}

// The library rejects with the driver's own error; the service expects StorageUnavailable.
function mapStoreErrors<T extends RateLimiterAbstract>(limiter: T): T {
  const store = limiter as unknown as StoreMethods;
  for (const method of ['_upsert', '_get', '_delete'] as const) {
    const original = store[method].bind(limiter);
    store[method] = (...args) =>
      Promise.resolve()
        .then(() => original(...args))
        .catch((error: unknown) => {
          throw toStorageError(error, 'update the rate limit');
        });
  }
  return limiter;
}

// The library prepares its upsert and wraps it in BEGIN/COMMIT on every consume (two per priced
// request). One INSERT ... ON CONFLICT DO UPDATE ... RETURNING is atomic on its own, so it joins the
// group commit of the event-loop turn (sqlite-write-batch.ts), prepared once: the count it returns
// is final once that transaction commits, when the promise settles.
class GroupCommittedSqliteLimiter extends RateLimiterSQLite {
  constructor(
    options: ConstructorParameters<typeof RateLimiterSQLite>[0],
    private readonly writes: SqliteWrites,
  ) {
    super(options);
  }

  async _upsertTransactionBetterSQLite3(_connection: Database.Database, query: string, params: unknown[]): Promise<unknown> {
    // A count waits for another process's lock only briefly: past that the in-memory insurance
    // limiter answers, so a read is never held up behind someone else's long write.
    const [row] = await this.writes.execute([{ sql: query, params, result: 'get' }], { lockWaitMs: LIMIT_LOCK_WAIT_MS });
    return row;
  }
}

export function createSqliteRateLimiter(
  connection: Database.Database,
  writes: SqliteWrites,
  options: RateLimiterOptions,
): RateLimiterAbstract {
  return mapStoreErrors(
    new GroupCommittedSqliteLimiter(
      {
        storeClient: connection,
        storeType: 'better-sqlite3',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        // purgeExpired clears old windows; a timer per limiter would outlive close().
        clearExpiredByTimeout: false,
        keyPrefix: options.keyPrefix,
        points: options.points,
        duration: options.durationSeconds,
        insuranceLimiter: insurance(options),
      },
      writes,
    ),
  );
}

export function createPostgresRateLimiter(
  pool: Pool,
  schema: string,
  options: RateLimiterOptions,
): RateLimiterAbstract {
  return mapStoreErrors(
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      schemaName: schema,
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.durationSeconds,
      insuranceLimiter: insurance(options),
    }),
  );
}
