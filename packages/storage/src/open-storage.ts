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
  PlateDesignRepository,
  PurgeCounts,
  QuoteRepository,
  RfqLinkRepository,
  RfqSubmissionRepository,
} from './records';
import {
  createHandoffRepository,
  createPlateDesignRepository,
  createQuoteRepository,
  createRfqLinkRepository,
  createRfqSubmissionRepository,
  purgeExpiredRows,
  type ShopPrismaClient,
} from './repositories';
import {
  createPostgresRateLimiter,
  createSqliteRateLimiter,
  type RateLimiterOptions,
} from './rate-limiters';
import { applyMigrations, connectPostgresEngine, connectSqliteEngine } from './schema-engine';
import { createSqliteQuoteRepository } from './sqlite-quotes';
import { createSqliteWriteBatch } from './sqlite-write-batch';
import { guardStorage } from './storage-unavailable';

export interface OpenStorageOptions {
  /** `file:./data/shop.db` (relative to rootDir) or `postgresql://...[?schema=name]`. */
  databaseUrl: string;
  /** The repository root: relative SQLite paths resolve against it. */
  rootDir: string;
  /** How long a SQLite write waits for another process's write lock (default 5000 ms). */
  busyTimeoutMs?: number;
}

export interface Storage {
  provider: 'sqlite' | 'postgresql';
  quotes: QuoteRepository;
  handoffs: HandoffRepository;
  designs: PlateDesignRepository;
  rfqLinks: RfqLinkRepository;
  rfqSubmissions: RfqSubmissionRepository;
  /** Names and duration of the migrations applied by openStorage (none when already current). */
  startup: { appliedMigrations: string[]; migrationMs: number };
  purgeExpired(now: Date): Promise<PurgeCounts>;
  createRateLimiter(options: RateLimiterOptions): RateLimiterAbstract;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_BUSY_TIMEOUT_MS = 5000;
// Two processes starting at once wait for each other's migrations this long.
const MIGRATION_LOCK_TIMEOUT_MS = 60_000;

export async function openStorage(options: OpenStorageOptions): Promise<Storage> {
  const target = parseDatabaseUrl(options.databaseUrl, options.rootDir);
  return target.provider === 'sqlite'
    ? openSqliteStorage(target.filePath, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS)
    : openPostgresStorage(target.connectionString, target.schema);
}

interface StorageParts {
  provider: Storage['provider'];
  db: ShopPrismaClient;
  startup: Storage['startup'];
  createRateLimiter: Storage['createRateLimiter'];
  closeDrivers: () => Promise<void>;
  /** A provider's own quote repository, in place of the Prisma one. */
  quotes?: Storage['quotes'];
}

function assembleStorage(parts: StorageParts): Storage {
  const { db } = parts;
  return {
    provider: parts.provider,
    quotes: parts.quotes ?? createQuoteRepository(db),
    handoffs: createHandoffRepository(db),
    designs: createPlateDesignRepository(db),
    rfqLinks: createRfqLinkRepository(db),
    rfqSubmissions: createRfqSubmissionRepository(db),
    startup: parts.startup,
    purgeExpired: (now) => purgeExpiredRows(db, now),
    createRateLimiter: parts.createRateLimiter,
    async ping() {
      await guardStorage('be reached', () => db.$queryRawUnsafe('SELECT 1'));
    },
    async close() {
      await db.$disconnect();
      await parts.closeDrivers();
    },
  };
}

async function openSqliteStorage(filePath: string, busyTimeoutMs: number): Promise<Storage> {
  return guardStorage(`open the SQLite database ${filePath}`, async () => {
    mkdirSync(path.dirname(filePath), { recursive: true });
    // This connection creates the file, switches it to WAL (a setting stored in the file) and
    // serves the rate limiters and the quotes; Prisma's adapter opens its own.
    const connection = new Database(filePath, { timeout: busyTimeoutMs });
    try {
      connection.pragma('journal_mode = WAL');
      const startup = await migrateSqlite(filePath, busyTimeoutMs);
      const adapter = new PrismaBetterSqlite3({ url: filePath, timeout: busyTimeoutMs });
      const db = new SqlitePrismaClient({ adapter });
      await db.$connect();
      const writes = createSqliteWriteBatch(connection);
      return assembleStorage({
        provider: 'sqlite',
        db,
        startup,
        quotes: createSqliteQuoteRepository(connection, writes),
        createRateLimiter: (limiterOptions) => createSqliteRateLimiter(connection, writes, limiterOptions),
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

// SQLite has no advisory lock and Prisma's engine takes none for it, so two processes starting on
// a new file would both apply the first migration. An exclusive transaction on a small companion
// file serialises them; SQLite drops the lock if its holder dies, so it never goes stale.
async function migrateSqlite(filePath: string, busyTimeoutMs: number): Promise<Storage['startup']> {
  const lock = new Database(`${filePath}-migrate-lock`, { timeout: MIGRATION_LOCK_TIMEOUT_MS });
  try {
    lock.exec('BEGIN EXCLUSIVE');
    const started = performance.now();
    const appliedMigrations = await applyMigrations('sqlite', connectSqliteEngine(filePath, busyTimeoutMs));
    const migrationMs = performance.now() - started;
    lock.exec('COMMIT');
    return { appliedMigrations, migrationMs };
  } finally {
    lock.close();
  }
}

async function openPostgresStorage(connectionString: string, schema: string): Promise<Storage> {
  const searchPath = `-c search_path="${schema}"`;
  const pool = new Pool({ connectionString, options: searchPath });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  return guardStorage('open the PostgreSQL database', async () => {
    try {
      // CREATE SCHEMA needs a privilege a production role may lack; only ask when it is missing.
      const existing = await pool.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
      if (existing.rowCount === 0) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const started = performance.now();
      const appliedMigrations = await applyMigrations(
        'postgresql',
        connectPostgresEngine(connectionString, schema),
      );
      const migrationMs = performance.now() - started;
      const adapter = new PrismaPg(pool, { schema });
      const db = new PostgresPrismaClient({ adapter }) as unknown as ShopPrismaClient;
      await db.$connect();
      return assembleStorage({
        provider: 'postgresql',
        db,
        startup: { appliedMigrations, migrationMs },
        createRateLimiter: (limiterOptions) => createPostgresRateLimiter(pool, schema, limiterOptions),
        closeDrivers: () => pool.end(),
      });
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  });
}
