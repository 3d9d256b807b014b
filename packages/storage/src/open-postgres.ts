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
      // A migration may rewrite a large table: it is not bound by the serving statements' timeout.
      await session.query('SET statement_timeout = 0');
      return await work(session);
    } finally {
      await session.query("SELECT pg_advisory_unlock(hashtext('shop-quote migrations ' || $1))", [schema]);
    }
  } finally {
    // The session goes back to the pool: the waits it was given must not stay with it (RESET
    // restores the connection's own settings, the bounded ones of its startup options).
    await session.query('RESET lock_timeout').catch(() => undefined);
    await session.query('RESET statement_timeout').catch(() => undefined);
    session.release();
  }
}

/** How long each of the storage's waits on PostgreSQL may last (see OpenStorageOptions). */
export interface PostgresWaits {
  /** A lock another session holds (lock_timeout, on every statement of every connection). */
  lockWaitMs: number;
  /** One statement, its lock wait included (statement_timeout). */
  statementTimeoutMs: number;
  /** A connection from the pool while all are busy, or a new one being made (connectionTimeoutMillis). */
  poolWaitMs: number;
}

/**
 * The session settings every connection starts with (its startup options, so no statement runs
 * unbounded, not even the first): the schema, and the lock and statement timeouts. A wait past
 * either fails the statement (55P03, 57014), which the guard turns into StorageUnavailable.
 */
function sessionOptions(schema: string, waits: Pick<PostgresWaits, 'lockWaitMs' | 'statementTimeoutMs'>): string {
  const ms = (value: number) => Math.max(1, Math.round(value));
  return `-c search_path="${schema}" -c lock_timeout=${ms(waits.lockWaitMs)} -c statement_timeout=${ms(waits.statementTimeoutMs)}`;
}

/** /status's own connection: one, bounded tighter than the requests', never queued behind them. */
const HEALTH_WAIT_MS = 1000;

/** Opens PostgreSQL (schema `schema`), applying its migrations one process at a time. */
export async function openPostgresStorage(connectionString: string, schema: string, migrationWaitMs: number, poolSize: number, waits: PostgresWaits, targets: OutboxTargets): Promise<Storage> {
  const pool = new Pool({
    connectionString,
    options: sessionOptions(schema, waits),
    max: poolSize,
    // Waiting for a free connection (all of them held, e.g. by statements waiting on a lock) is
    // bounded too: past it the request is answered 503 rather than queued without end.
    connectionTimeoutMillis: Math.max(1, Math.round(waits.poolWaitMs)),
    types: postgresTypes(pgTypes),
  });
  // The health probe's connection of its own, so /status answers while every pooled one is busy.
  const healthPool = new Pool({
    connectionString,
    options: sessionOptions(schema, { lockWaitMs: HEALTH_WAIT_MS, statementTimeoutMs: HEALTH_WAIT_MS }),
    max: 1,
    connectionTimeoutMillis: HEALTH_WAIT_MS,
    idleTimeoutMillis: 0,
  });
  healthPool.on('error', () => {});
  healthPool.on('connect', (client) => client.on('error', () => {}));
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
      const database = postgresDatabase(pool, guardStorage);
      return assembleStorage({
        provider: 'postgresql',
        db: database.db,
        ...createRepositories(database, targets),
        probe: () =>
          guardStorage('be reached', async () => {
            await healthPool.query('SELECT 1');
            return { state: 'ok' };
          }),
        startup: { appliedMigrations, migrationMs, poolSize },
        close: async () => {
          await database.db.destroy();
          // Kysely ends the pool only if it ran a query on it.
          if (!pool.ended) await pool.end();
          await healthPool.end().catch(() => undefined);
        },
      });
    } catch (error) {
      await pool.end().catch(() => {});
      await healthPool.end().catch(() => {});
      throw error;
    }
  });
}
