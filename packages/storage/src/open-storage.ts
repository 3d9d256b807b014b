// Opens the shop's database (SQLite file or PostgreSQL), brings its schema up to date with the
// provider's migrations, and hands out the repositories.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import Database from 'better-sqlite3';
import { Pool } from 'pg';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { PrismaClient as PostgresPrismaClient } from './generated/postgresql/client';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import { parseDatabaseUrl } from './database-url';
import type {
  HandoffRepository,
  IdempotencyRepository,
  PlateDesignRepository,
  PurgeCounts,
  QuoteRepository,
  RfqLinkRepository,
  PlateImportRepository,
  RfqSubmissionRepository,
} from './records';
import {
  createHandoffRepository,
  createIdempotencyRepository,
  createPlateDesignRepository,
  createQuoteRepository,
  createRfqLinkRepository,
  createPlateImportRepository,
  createRfqSubmissionRepository,
  purgeExpiredRows,
  type ShopPrismaClient,
} from './repositories';
import {
  RATE_LIMIT_TABLE,
  createPostgresRateLimiter,
  createSqliteRateLimiter,
  type RateLimiterOptions,
} from './rate-limiters';
import { applyMigrations, connectPostgresEngine, connectSqliteEngine, migrationsUpToDate } from './schema-engine';
import type { AppliedMigration } from './schema-engine';
import { createSqliteQuoteRepository } from './sqlite-quotes';
import { createSqliteWriteBatch } from './sqlite-write-batch';
import { StorageUnavailable, guardStorage } from './storage-unavailable';
import type { StorageGuard } from './storage-unavailable';
import { BUSY_SLICE_MS, DEFAULT_LOCK_WAIT_MS, SqliteFileGuard, isSqliteBusy, retryWhileBusy } from './sqlite-health';

export interface OpenStorageOptions {
  /** `file:./data/shop.db` (relative to rootDir) or `postgresql://...[?schema=name]`. */
  databaseUrl: string;
  /** The repository root: relative SQLite paths resolve against it. */
  rootDir: string;
  /**
   * How long a SQLite write waits for another process's write lock before it fails with
   * StorageUnavailable (default 2000 ms). The wait does not hold the event loop.
   */
  lockWaitMs?: number;
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
}

/** Connections per process when neither the setting nor the URL names a number: one process per core keeps few queries in flight. */
export const DEFAULT_POOL_SIZE = 5;

/** How the storage is doing, as /status reports it. */
export interface StorageHealth {
  /** `busy`: another process holds the SQLite write lock just now (writes wait for it). */
  state: 'ok' | 'busy';
}

export interface Storage {
  provider: 'sqlite' | 'postgresql';
  quotes: QuoteRepository;
  handoffs: HandoffRepository;
  designs: PlateDesignRepository;
  rfqLinks: RfqLinkRepository;
  plateImports: PlateImportRepository;
  rfqSubmissions: RfqSubmissionRepository;
  idempotencyKeys: IdempotencyRepository;
  /** Names and duration of the migrations applied by openStorage (none when already current). */
  /** `schemaEngine`: false when every migration was found recorded and the engine was not loaded. */
  startup: { appliedMigrations: string[]; migrationMs: number; poolSize: number | null; schemaEngine: boolean };
  purgeExpired(now: Date): Promise<PurgeCounts>;
  createRateLimiter(options: RateLimiterOptions): RateLimiterAbstract;
  /**
   * Whether the database can take writes: reached, its file intact, its disk not full. Throws
   * StorageUnavailable when not; an answer is reused for a second, so /status cannot be made to
   * hammer the database.
   */
  health(): Promise<StorageHealth>;
  close(): Promise<void>;
}

// Migrations at start-up wait this long for another process's lock (nothing is being served yet).
const MIGRATION_BUSY_TIMEOUT_MS = 5000;
// Two processes starting at once wait for each other's migrations this long.
const MIGRATION_LOCK_TIMEOUT_MS = 60_000;
const HEALTH_CACHE_MS = 1000;
const DEFAULT_MIGRATION_WAIT_MS = 300_000;

/**
 * Runs `work` (creating the schema, applying migrations) holding a PostgreSQL advisory lock named
 * after the schema, so replicas starting together on a new schema take turns instead of racing
 * (two CREATE SCHEMA at once fail on pg_namespace's unique index). Waiting is done by the server,
 * up to `waitMs`; the lock is the session's and goes with it if the process dies.
 */
async function withMigrationLock<T>(pool: Pool, schema: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  const session = await pool.connect();
  try {
    await session.query(`SET lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
    try {
      await session.query("SELECT pg_advisory_lock(hashtext('shop-quote migrations ' || $1))", [schema]);
    } catch (error) {
      if ((error as { code?: string }).code === '55P03') {
        throw new StorageUnavailable(
          `Another process has held the migration lock of schema "${schema}" for ${waitMs / 1000} s; this one gave up waiting. Raise MIGRATION_WAIT_SECONDS if a migration takes longer.`,
        );
      }
      throw error;
    }
    try {
      return await work();
    } finally {
      await session.query("SELECT pg_advisory_unlock(hashtext('shop-quote migrations ' || $1))", [schema]);
    }
  } finally {
    // The session goes back to the pool: the wait it was given must not stay with it.
    await session.query('RESET lock_timeout').catch(() => undefined);
    session.release();
  }
}

export async function openStorage(options: OpenStorageOptions): Promise<Storage> {
  const target = parseDatabaseUrl(options.databaseUrl, options.rootDir);
  return target.provider === 'sqlite'
    ? openSqliteStorage(target.filePath, options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS)
    : openPostgresStorage(
        target.connectionString,
        target.schema,
        options.migrationWaitMs ?? DEFAULT_MIGRATION_WAIT_MS,
        options.poolSize ?? target.poolSize ?? DEFAULT_POOL_SIZE,
      );
}

interface StorageParts {
  provider: Storage['provider'];
  db: ShopPrismaClient;
  guard: StorageGuard;
  startup: Storage['startup'];
  createRateLimiter: Storage['createRateLimiter'];
  /** Checks the database can take writes; throws StorageUnavailable when not. */
  probe: () => Promise<StorageHealth>;
  closeDrivers: () => Promise<void>;
  /** A provider's own quote repository, in place of the Prisma one. */
  quotes?: Storage['quotes'];
}

function assembleStorage(parts: StorageParts): Storage {
  const { db, guard } = parts;
  let cached: { at: number; outcome: Promise<StorageHealth> } | null = null;
  return {
    provider: parts.provider,
    quotes: parts.quotes ?? createQuoteRepository(db, guard),
    handoffs: createHandoffRepository(db, guard),
    designs: createPlateDesignRepository(db, guard),
    rfqLinks: createRfqLinkRepository(db, guard),
    plateImports: createPlateImportRepository(db, guard),
    rfqSubmissions: createRfqSubmissionRepository(db, guard),
    idempotencyKeys: createIdempotencyRepository(db, guard),
    startup: parts.startup,
    purgeExpired: (now) => purgeExpiredRows(db, now, guard),
    createRateLimiter: parts.createRateLimiter,
    health() {
      const now = Date.now();
      if (!cached || now - cached.at >= HEALTH_CACHE_MS) cached = { at: now, outcome: parts.probe() };
      return cached.outcome;
    },
    async close() {
      await db.$disconnect();
      await parts.closeDrivers();
    },
  };
}

async function openSqliteStorage(filePath: string, lockWaitMs: number): Promise<Storage> {
  return guardStorage(`open the SQLite database ${filePath}`, async () => {
    mkdirSync(path.dirname(filePath), { recursive: true });
    // This connection creates the file, switches it to WAL (a setting stored in the file) and
    // serves the rate limiters and the quotes; Prisma's adapter opens its own. Each attempt at
    // the write lock blocks at most BUSY_SLICE_MS; the rest of the wait is asynchronous.
    // At start-up (another process may be creating the same file) it may wait; serving, it may not.
    const connection = new Database(filePath, { timeout: MIGRATION_BUSY_TIMEOUT_MS });
    try {
      // Switching a file to WAL can answer SQLITE_BUSY at once, without waiting, while another
      // process is doing the same to a file it has just created: so it is done under the lock.
      const startup = await migrateSqlite(filePath, MIGRATION_BUSY_TIMEOUT_MS, () => connection.pragma('journal_mode = WAL'));
      connection.pragma(`busy_timeout = ${BUSY_SLICE_MS}`);
      const file = new SqliteFileGuard(filePath);
      const adapter = new PrismaBetterSqlite3({ url: filePath, timeout: BUSY_SLICE_MS });
      const db = new SqlitePrismaClient({ adapter });
      await db.$connect();
      const writes = createSqliteWriteBatch(connection, { lockWaitMs, check: () => file.check() });
      const guard: StorageGuard = (action, run) =>
        guardStorage(action, () => {
          file.check();
          return retryWhileBusy(run, lockWaitMs);
        });
      return assembleStorage({
        provider: 'sqlite',
        db,
        guard,
        startup,
        // Its writes go through the batch, which checks the file and waits for the lock itself.
        quotes: createSqliteQuoteRepository(connection, writes, guardStorage),
        createRateLimiter: (limiterOptions) => createSqliteRateLimiter(connection, writes, limiterOptions),
        probe: () => probeSqlite(connection, file),
        closeDrivers: async () => {
          writes.flush();
          connection.close();
        },
      });
    } catch (error) {
      connection.close();
      throw error;
    }
  });
}

/**
 * The file intact and its disk not full, then a real write: one row of the rate-limit table set in
 * its own transaction (a disk that cannot take it fails here, SQLITE_FULL or an I/O error). The
 * write lock held by another process is `busy`, not a failure: writes wait for it.
 */
async function probeSqlite(connection: Database.Database, file: SqliteFileGuard): Promise<StorageHealth> {
  return guardStorage('take a write', async () => {
    file.check();
    file.checkFreeSpace();
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

/** Reads the applied migrations of the file (none yet on a new file) on a short read-only connection. */
function sqliteMigrationsUpToDate(filePath: string): boolean {
  const reader = new Database(filePath, { readonly: true, fileMustExist: true, timeout: MIGRATION_BUSY_TIMEOUT_MS });
  try {
    const table = reader.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'").get();
    if (!table) return false;
    const rows = reader.prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations').all() as AppliedMigration[];
    return migrationsUpToDate('sqlite', rows);
  } finally {
    reader.close();
  }
}

// SQLite has no advisory lock and Prisma's engine takes none for it, so two processes starting on
// a new file would both apply the first migration. An exclusive transaction on a small companion
// file serialises them; SQLite drops the lock if its holder dies, so it never goes stale.
async function migrateSqlite(filePath: string, busyTimeoutMs: number, prepare: () => void): Promise<Storage['startup']> {
  const lock = new Database(`${filePath}-migrate-lock`, { timeout: MIGRATION_LOCK_TIMEOUT_MS });
  try {
    lock.exec('BEGIN EXCLUSIVE');
    prepare();
    const started = performance.now();
    const schemaEngine = !sqliteMigrationsUpToDate(filePath);
    const appliedMigrations = schemaEngine ? await applyMigrations('sqlite', connectSqliteEngine(filePath, busyTimeoutMs)) : [];
    const migrationMs = performance.now() - started;
    lock.exec('COMMIT');
    return { appliedMigrations, migrationMs, poolSize: null, schemaEngine };
  } finally {
    lock.close();
  }
}

async function openPostgresStorage(connectionString: string, schema: string, migrationWaitMs: number, poolSize: number): Promise<Storage> {
  const searchPath = `-c search_path="${schema}"`;
  const pool = new Pool({ connectionString, options: searchPath, max: poolSize });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return guardStorage('open the PostgreSQL database', async () => {
    try {
      const started = performance.now();
      let schemaEngine = true;
      const appliedMigrations = await withMigrationLock(pool, schema, migrationWaitMs, async () => {
        // CREATE SCHEMA needs a privilege a production role may lack; only ask when it is missing.
        const existing = await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
        if (existing.rowCount === 0) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        const table = await pool.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [`"${schema}"._prisma_migrations`]);
        if (table.rows[0]?.found) {
          const applied = await pool.query<AppliedMigration>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "${schema}"._prisma_migrations`);
          if (migrationsUpToDate('postgresql', applied.rows)) {
            schemaEngine = false;
            return [];
          }
        }
        return applyMigrations('postgresql', connectPostgresEngine(connectionString, schema));
      });
      const migrationMs = performance.now() - started;
      const adapter = new PrismaPg(pool, { schema });
      const db = new PostgresPrismaClient({ adapter }) as unknown as ShopPrismaClient;
      await db.$connect();
      return assembleStorage({
        provider: 'postgresql',
        db,
        guard: guardStorage,
        probe: () => guardStorage('be reached', async () => {
          await db.$queryRawUnsafe('SELECT 1');
          return { state: 'ok' };
        }),
        startup: { appliedMigrations, migrationMs, poolSize, schemaEngine },
        createRateLimiter: (limiterOptions) => createPostgresRateLimiter(pool, schema, limiterOptions),
        closeDrivers: () => pool.end(),
      });
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  });
}
