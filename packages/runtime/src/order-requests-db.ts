// The Kysely database the order-request repository runs on, opened beside the storage on the same
// database (its own SQLite connection to the same file, or a small pg pool on the same schema).
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import { parseDatabaseUrl } from '@shop/storage';
import type { OrderTables, Storage } from '@shop/storage';

/** How long a write on this connection waits for another writer's SQLite lock. */
const SQLITE_BUSY_TIMEOUT_MS = 2000;
/** Order requests are a few a minute at most: two connections are plenty. */
const POSTGRES_POOL_SIZE = 2;

export interface OrderRequestsDbOptions {
  databaseUrl: string;
  rootDir: string;
}

/** Opens the database the storage opened (its migrations already applied), for the order requests. */
export function orderRequestsDb(storage: Storage, options: OrderRequestsDbOptions): Kysely<OrderTables> {
  const target = parseDatabaseUrl(options.databaseUrl, options.rootDir);
  if (target.provider !== storage.provider) throw new Error(`The storage is on ${storage.provider}, DATABASE_URL names ${target.provider}`);
  if (target.provider === 'sqlite') {
    const connection = new Database(target.filePath, { fileMustExist: true, timeout: SQLITE_BUSY_TIMEOUT_MS });
    return new Kysely<OrderTables>({ dialect: new SqliteDialect({ database: connection }) });
  }
  const pool = new Pool({ connectionString: target.connectionString, options: `-c search_path="${target.schema}"`, max: POSTGRES_POOL_SIZE });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return new Kysely<OrderTables>({ dialect: new PostgresDialect({ pool }) });
}
