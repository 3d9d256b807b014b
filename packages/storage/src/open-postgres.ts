// PostgreSQL: Kysely over the pg driver, behind an advisory lock for schema creation and
// migrations. Loaded by openStorage only for a postgresql:// URL.
import { performance } from 'node:perf_hooks';
import { Pool, types as pgTypes, type PoolClient } from 'pg';
import { postgresDatabase, postgresTypes } from './database';
import { migratePostgres } from './migrate';
import { createRepositories } from './repositories/index';
import type { OutboxTargets } from './records';
import { assembleStorage, type Storage } from './storage';
import { StorageUnavailable, guardStorage } from './storage-unavailable';

/**
 * Runs `work` (creating the schema, applying migrations) holding a PostgreSQL advisory lock named
 * after the schema, so replicas starting together on a new schema take turns instead of racing
 * (two CREATE SCHEMA at once fail on pg_namespace's unique index). Waiting is done by the server,
 * up to `waitMs`; the lock is the session's and goes with it if the process dies.
 */
async function withMigrationLock<T>(pool: Pool, schema: string, waitMs: number, work: (session: PoolClient) => Promise<T>): Promise<T> {
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
      return await work(session);
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
export async function openPostgresStorage(connectionString: string, schema: string, migrationWaitMs: number, poolSize: number, lockWaitMs: number, targets: OutboxTargets): Promise<Storage> {
  const searchPath = `-c search_path="${schema}"`;
  const pool = new Pool({ connectionString, options: searchPath, max: poolSize, types: postgresTypes(pgTypes) });
  // A client losing its server must not crash the process, idle in the pool (the pool's 'error') or
  // held between two statements of a transaction (the client's own 'error', which pg emits when no
  // query is running); the statement that follows fails as StorageUnavailable, and the pool drops
  // the client when it comes back and connects a new one.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return guardStorage('open the PostgreSQL database', async () => {
    try {
      const started = performance.now();
      const appliedMigrations = await withMigrationLock(pool, schema, migrationWaitMs, async (session) => {
        // CREATE SCHEMA needs a privilege a production role may lack; only ask when it is missing.
        const existing = await session.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
        if (existing.rowCount === 0) await session.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        return migratePostgres(session);
      });
      const migrationMs = performance.now() - started;
      const database = postgresDatabase(pool, guardStorage, lockWaitMs);
      return assembleStorage({
        provider: 'postgresql',
        db: database.db,
        ...createRepositories(database, targets),
        probe: () =>
          guardStorage('be reached', async () => {
            await pool.query('SELECT 1');
            return { state: 'ok' };
          }),
        startup: { appliedMigrations, migrationMs, poolSize },
        close: async () => {
          await database.db.destroy();
          // Kysely ends the pool only if it ran a query on it.
          if (!pool.ended) await pool.end();
        },
      });
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  });
}
