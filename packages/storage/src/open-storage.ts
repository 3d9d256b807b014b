// Opens the shop's database (SQLite file or PostgreSQL), brings its schema up to date with the
// provider's migrations, and hands out the repositories.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createSqliteKysely, sqliteDatabase } from './database';
import { parseDatabaseUrl } from './database-url';
import { migrateSqlite } from './migrate';
import type * as OpenPostgres from './open-postgres';
import { createRepositories } from './repositories/index';
import type { OutboxTargets } from './records';
import { BUSY_SLICE_MS, DEFAULT_LOCK_WAIT_MS, SqliteFileGuard, isSqliteBusy } from './sqlite-health';
import { createSqliteWrites } from './sqlite-write-batch';
import { assembleStorage, type Storage, type StorageHealth } from './storage';
import { guardStorage } from './storage-unavailable';

export interface OpenStorageOptions {
  /** `file:./data/shop.db` (relative to rootDir) or `postgresql://...[?schema=name]`. */
  databaseUrl: string;
  /** The repository root: relative SQLite paths resolve against it. */
  rootDir: string;
  /**
   * How long a write waits for a lock before it fails with StorageUnavailable (default 2000 ms).
   * SQLite: another process's write lock, waited for without holding the event loop. PostgreSQL:
   * the lock_timeout of every connection of the pool (a row or table another session holds), for
   * every statement, read or write.
   */
  lockWaitMs?: number;
  /** PostgreSQL: the statement_timeout of every connection of the pool (default 10 s). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: how long a call waits for a connection of the pool while all are busy (or for a new
   * one to be made) before it fails with StorageUnavailable (default 3 s).
   */
  poolWaitMs?: number;
  /**
   * How long a process starting on PostgreSQL waits for another one's schema creation and
   * migrations (one at a time, behind an advisory lock) before it gives up (default 5 minutes).
   */
  migrationWaitMs?: number;
  /**
   * PostgreSQL connections this process may open (the pool's size). Unset: the URL's
   * `connection_limit`, else DEFAULT_POOL_SIZE. Replicas x pool size must stay under the server's
   * max_connections (docs/deploy.md).
   */
  poolSize?: number;
  /**
   * Who is mailed about a new request (the comma list of SHOP_NOTIFY_EMAIL), or null/absent when no
   * mail server is set: the outbox then gets no e-mail rows, only its webhook rows.
   */
  mailTo?: string | null;
}

/** Connections per process when neither the setting nor the URL names a number: one process per core keeps few queries in flight. */
export const DEFAULT_POOL_SIZE = 5;
/** PostgreSQL: no statement of a request runs longer (the slowest, a purge's slice, takes milliseconds). */
const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** PostgreSQL: no call waits longer for a connection of the pool. */
const DEFAULT_POOL_WAIT_MS = 3_000;


// Migrations at start-up wait this long for another process's lock (nothing is being served yet).
const MIGRATION_BUSY_TIMEOUT_MS = 5000;
// Two processes starting at once wait for each other's migrations this long.
const MIGRATION_LOCK_TIMEOUT_MS = 60_000;
const DEFAULT_MIGRATION_WAIT_MS = 300_000;

export async function openStorage(options: OpenStorageOptions): Promise<Storage> {
  const target = parseDatabaseUrl(options.databaseUrl, options.rootDir);
  const lockWaitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  const targets: OutboxTargets = { mailTo: options.mailTo ?? null };
  return target.provider === 'sqlite'
    ? openSqliteStorage(target.filePath, lockWaitMs, targets)
    : // PostgreSQL's driver is loaded only for it: the SQLite default never holds it.
      (require('./open-postgres') as typeof OpenPostgres).openPostgresStorage(
        target.connectionString,
        target.schema,
        options.migrationWaitMs ?? DEFAULT_MIGRATION_WAIT_MS,
        options.poolSize ?? target.poolSize ?? DEFAULT_POOL_SIZE,
        {
          lockWaitMs,
          statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
          poolWaitMs: options.poolWaitMs ?? DEFAULT_POOL_WAIT_MS,
        },
        targets,
      );
}


async function openSqliteStorage(filePath: string, lockWaitMs: number, targets: OutboxTargets): Promise<Storage> {
  return guardStorage(`open the SQLite database ${filePath}`, async () => {
    mkdirSync(path.dirname(filePath), { recursive: true });
    // This connection creates the file, switches it to WAL (a setting stored in the file), applies
    // the migrations and serves every read and write (statements each prepared once).
    // At start-up (another process may be creating the same file) it may wait; serving, it may not.
    const connection = new Database(filePath, { timeout: MIGRATION_BUSY_TIMEOUT_MS });
    try {
      // Switching a file to WAL can answer SQLITE_BUSY at once, without waiting, while another
      // process is doing the same to a file it has just created: so it is done under the lock.
      const startup = withSqliteMigrationLock(filePath, () => {
        connection.pragma('journal_mode = WAL');
        const started = performance.now();
        const appliedMigrations = migrateSqlite(connection);
        return { appliedMigrations, migrationMs: performance.now() - started, poolSize: null };
      });
      connection.pragma(`busy_timeout = ${BUSY_SLICE_MS}`);
      // A statement that may need undoing (an upsert, a unit under a savepoint) keeps its journal
      // in memory: in a temporary file it cost ten times the statement itself.
      connection.pragma('temp_store = MEMORY');
      const file = new SqliteFileGuard(filePath);
      // The writes of one event-loop turn are group-committed; the batch waits for another
      // process's lock itself and checks the file before each transaction, reads check it first.
      const check = () => file.check();
      const writes = createSqliteWrites(connection, { lockWaitMs, check });
      const kysely = createSqliteKysely(connection);
      const { db } = kysely;
      return assembleStorage({
        provider: 'sqlite',
        db,
        startup,
        ...createRepositories(sqliteDatabase(kysely, writes, { guard: guardStorage, check }), targets),
        probe: () => probeSqlite(connection, file),
        close: async () => {
          await writes.close();
          await db.destroy();
          connection.close();
        },
      });
    } catch (error) {
      connection.close();
      throw error;
    }
  });
}

/** The table the health probe writes its one row to (the rate-limit counts' own). */
const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * The file intact and its disk not full, then a real write: one row of the rate-limit table set in
 * its own transaction (a disk that cannot take it fails here, SQLITE_FULL or an I/O error). The
 * write lock held by another process is `busy`, not a failure: writes wait for it.
 */
async function probeSqlite(connection: Database.Database, file: SqliteFileGuard): Promise<StorageHealth> {
  return guardStorage('take a write', async () => {
    file.check();
    file.checkFreeSpace();
    // Its own short transaction on the storage's connection, outside the group commit: the batch
    // holds no transaction between turns, and a batch waiting for the lock must not make /status
    // wait with it. One slice of busy timeout, then `busy`.
    try {
      connection.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if (isSqliteBusy(error)) return { state: 'busy' };
      throw error;
    }
    try {
      connection
        .prepare(`INSERT INTO ${RATE_LIMIT_TABLE} (key, points, expire) VALUES ('health:probe', 0, ?) ON CONFLICT (key) DO UPDATE SET expire = excluded.expire`)
        .run(Date.now());
      connection.exec('COMMIT');
    } finally {
      if (connection.inTransaction) connection.exec('ROLLBACK');
    }
    return { state: 'ok' };
  });
}

// SQLite has no advisory lock, so two processes starting on a new file would both apply the first
// migration. An exclusive transaction on a small companion file serialises them; SQLite drops the
// lock if its holder dies, so it never goes stale.
function withSqliteMigrationLock<T>(filePath: string, work: () => T): T {
  const lock = new Database(`${filePath}-migrate-lock`, { timeout: MIGRATION_LOCK_TIMEOUT_MS });
  try {
    lock.exec('BEGIN EXCLUSIVE');
    const result = work();
    lock.exec('COMMIT');
    return result;
  } finally {
    lock.close();
  }
}
