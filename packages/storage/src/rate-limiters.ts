// The rate-limit counters storage hands out (`createRateLimiter`) over its table rate_limits, on
// rate-limiter-flexible's public SQLite and PostgreSQL stores. The service counts in this table
// with its own database store (packages/service/src/limits) once storage carries its query
// builder; these stay for the callers of createRateLimiter until then.
import type Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SqliteWrites } from './sqlite-write-batch';

export interface RateLimiterOptions {
  keyPrefix: string;
  points: number;
  durationSeconds: number;
}

export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * Counts in process memory while the database cannot take them (its lock held by another process
 * past the connection's short busy timeout, or the server gone): the request goes on and meets the
 * database again where it needs its data.
 */
function insurance(options: RateLimiterOptions): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: options.keyPrefix, points: options.points, duration: options.durationSeconds });
}

export function createSqliteRateLimiter(
  connection: Database.Database,
  _writes: SqliteWrites,
  options: RateLimiterOptions,
): RateLimiterAbstract {
  return new RateLimiterSQLite({
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
  });
}

export function createPostgresRateLimiter(pool: Pool, schema: string, options: RateLimiterOptions): RateLimiterAbstract {
  return new RateLimiterPostgres({
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
  });
}
