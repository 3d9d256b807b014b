// Applies prisma/<provider>/migrations/<name>/migration.sql in name order, each once, and records
// each in Prisma's own `_prisma_migrations` table (same columns, checksum = sha256 of the file), so
// databases migrated by Prisma carry on and `prisma migrate status` reads ours. The caller holds
// the lock that keeps two processes from migrating at once (openStorage's file lock or advisory lock).
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { PoolClient } from 'pg';

export type Provider = 'sqlite' | 'postgresql';

export const PRISMA_DIR = path.resolve(__dirname, '../../../prisma');

export function resolveMigrationsDir(provider: Provider): string {
  return path.join(PRISMA_DIR, provider, 'migrations');
}

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/** The provider's migration folders, in the order they apply. */
export function readMigrations(provider: Provider): Migration[] {
  const dir = resolveMigrationsDir(provider);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = readFileSync(path.join(dir, name, 'migration.sql'));
      return { name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') };
    });
}

/** A row of `_prisma_migrations`, as far as deciding what is pending. */
export interface AppliedMigration {
  migration_name: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/**
 * The migrations still to apply. A migration recorded as started and neither finished nor rolled
 * back failed on an earlier start: nothing more is applied until it is resolved (as Prisma's P3009).
 */
export function pendingMigrations(provider: Provider, applied: readonly AppliedMigration[]): Migration[] {
  const failed = applied.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    throw new Error(
      `Migration ${failed.migration_name} failed on an earlier start and the database may be half-migrated: fix it, then mark it with \`prisma migrate resolve --applied|--rolled-back ${failed.migration_name}\` (or set rolled_back_at in _prisma_migrations) and start again.`,
    );
  }
  const done = new Set(applied.filter((row) => row.finished_at !== null && row.rolled_back_at === null).map((row) => row.migration_name));
  return readMigrations(provider).filter((migration) => !done.has(migration.name));
}

// Prisma's own definitions of its table.
const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

const POSTGRES_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

const SELECT_APPLIED = 'SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at';

function failureLog(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The names of the migrations applied now ([] when the file was current). */
export function migrateSqlite(connection: Database.Database): string[] {
  connection.exec(SQLITE_TABLE);
  const pending = pendingMigrations('sqlite', connection.prepare(SELECT_APPLIED).all() as AppliedMigration[]);
  // Dates as Prisma writes them on SQLite (ISO text, +00:00).
  const now = () => new Date().toISOString().replace('Z', '+00:00');
  for (const migration of pending) {
    const id = randomUUID();
    connection
      .prepare('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, 0)')
      .run(id, migration.checksum, migration.name, now());
    try {
      // As Prisma runs it: the script as written, outside a transaction (a table redefinition
      // turns foreign keys off, which SQLite ignores inside one).
      connection.exec(migration.sql);
    } catch (error) {
      connection.prepare('UPDATE "_prisma_migrations" SET logs = ? WHERE id = ?').run(failureLog(error), id);
      throw error;
    }
    connection.prepare('UPDATE "_prisma_migrations" SET finished_at = ?, applied_steps_count = 1 WHERE id = ?').run(now(), id);
  }
  return pending.map((migration) => migration.name);
}

/** On the session holding the migration lock, its search_path the schema. Each migration is one transaction. */
export async function migratePostgres(session: PoolClient): Promise<string[]> {
  // CREATE needs a privilege a production role may lack even with IF NOT EXISTS: only when missing.
  const table = await session.query<{ found: string | null }>("SELECT to_regclass('_prisma_migrations') AS found");
  if (!table.rows[0]?.found) await session.query(POSTGRES_TABLE);
  const pending = pendingMigrations('postgresql', (await session.query<AppliedMigration>(SELECT_APPLIED)).rows);
  for (const migration of pending) {
    const id = randomUUID();
    try {
      await session.query('BEGIN');
      await session.query('INSERT INTO "_prisma_migrations" (id, checksum, migration_name, applied_steps_count) VALUES ($1, $2, $3, 0)', [id, migration.checksum, migration.name]);
      await session.query(migration.sql);
      await session.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
      await session.query('COMMIT');
    } catch (error) {
      // Rolled back as a whole, the schema as it was: the next start tries it again.
      await session.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  return pending.map((migration) => migration.name);
}
