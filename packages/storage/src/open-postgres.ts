// PostgreSQL: Prisma's client over the pg driver, behind an advisory lock for schema creation and
// migrations. Loaded by openStorage only for a postgresql:// URL.
import { performance } from 'node:perf_hooks';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient as PostgresPrismaClient } from './generated/postgresql/client';
import { assembleStorage, type Storage } from './storage';
import { createPostgresRateLimiter } from './rate-limiters';
import {
  createHandoffRepository,
  createIdempotencyRepository,
  createPlateDesignRepository,
  createPlateImportRepository,
  createQuoteRepository,
  createRfqLinkRepository,
  createRfqSubmissionRepository,
  purgeExpiredRows,
  type ShopPrismaClient,
} from './repositories';
import { applyMigrations, connectPostgresEngine, migrationsUpToDate } from './schema-engine';
import type { AppliedMigration } from './schema-engine';
import { StorageUnavailable, guardStorage } from './storage-unavailable';

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

/** Opens PostgreSQL (schema `schema`), applying its migrations one process at a time. */
export async function openPostgresStorage(connectionString: string, schema: string, migrationWaitMs: number, poolSize: number): Promise<Storage> {
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
        quotes: createQuoteRepository(db, guardStorage),
        handoffs: createHandoffRepository(db, guardStorage),
        designs: createPlateDesignRepository(db, guardStorage),
        rfqLinks: createRfqLinkRepository(db, guardStorage),
        plateImports: createPlateImportRepository(db, guardStorage),
        rfqSubmissions: createRfqSubmissionRepository(db, guardStorage),
        idempotencyKeys: createIdempotencyRepository(db, guardStorage),
        purgeExpired: (now, options) => purgeExpiredRows(db, now, guardStorage, options),
        probe: () => guardStorage('be reached', async () => {
          await db.$queryRawUnsafe('SELECT 1');
          return { state: 'ok' };
        }),
        startup: { appliedMigrations, migrationMs, poolSize, schemaEngine },
        createRateLimiter: (limiterOptions) => createPostgresRateLimiter(pool, schema, limiterOptions),
        close: async () => {
          await db.$disconnect();
          await pool.end();
        },
      });
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  });
}
