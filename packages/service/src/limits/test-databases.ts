// Databases for the limit tests: a temporary SQLite file, or a fresh PostgreSQL schema, each with
// the tables made by the shop's own migration files (prisma/<provider>/migrations, in order), and a
// Kysely over it as the database store gets one in the app.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import type { RateLimitDatabase } from './database-store';
import type { LimitStorage } from './rate-limits';

const PRISMA = path.resolve(__dirname, '../../../../prisma');

/** The SQL of every migration of the provider, oldest first. */
function migrationSql(provider: 'sqlite' | 'postgresql'): string[] {
  const folder = path.join(PRISMA, provider, 'migrations');
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(path.join(folder, name, 'migration.sql'), 'utf8'));
}

export interface TestLimitDatabase {
  provider: 'sqlite' | 'postgresql';
  db: Kysely<RateLimitDatabase>;
  /** The same database as the limits get it from the app's storage (its provider and `db`). */
  storage: LimitStorage;
  /** The SQL of every statement run through `db`, in order. */
  executed: string[];
  /** Points stored for a row key, read on a connection of the test's own (0 when no row). */
  pointsOf(key: string): Promise<number>;
  close(): Promise<void>;
}

export interface SqliteLimitDatabase extends TestLimitDatabase {
  file: string;
  /** Another connection to the same file, as another process would have. */
  connect(): Database.Database;
}

/**
 * The database as storage hands it to the limits. It holds every table of the storage's own
 * migrations, so its Kysely is the storage's, typed here by the one table the limits use.
 */
function asStorage(provider: LimitStorage['provider'], db: Kysely<RateLimitDatabase>): LimitStorage {
  return { provider, db: db as unknown as LimitStorage['db'] };
}

/** A SQLite file in WAL with the storage's short busy timeout (each try waits at most 10 ms). */
export function createSqliteLimitDatabase(): SqliteLimitDatabase {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-limits-'));
  const file = path.join(dir, 'shop.db');
  const connection = new Database(file);
  connection.pragma('journal_mode = WAL');
  for (const sql of migrationSql('sqlite')) connection.exec(sql);
  connection.pragma('busy_timeout = 10');
  const executed: string[] = [];
  const db = new Kysely<RateLimitDatabase>({ dialect: new SqliteDialect({ database: connection }), log: (event) => void executed.push(event.query.sql) });
  return {
    provider: 'sqlite',
    db,
    storage: asStorage('sqlite', db),
    executed,
    file,
    connect: () => new Database(file),
    async pointsOf(key) {
      const reader = new Database(file, { readonly: true });
      try {
        const row = reader.prepare('SELECT points FROM rate_limits WHERE key = ?').get(key) as { points: number } | undefined;
        return row?.points ?? 0;
      } finally {
        reader.close();
      }
    },
    async close() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A new schema on the server of `baseUrl`, dropped again by close(). */
export async function createPostgresLimitDatabase(baseUrl: string): Promise<TestLimitDatabase> {
  const schema = `limits_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Pool({ connectionString: baseUrl, max: 1 });
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const pool = new Pool({ connectionString: baseUrl, max: 4, options: `-c search_path="${schema}"` });
  for (const sql of migrationSql('postgresql')) await pool.query(sql);
  const executed: string[] = [];
  const db = new Kysely<RateLimitDatabase>({ dialect: new PostgresDialect({ pool }), log: (event) => void executed.push(event.query.sql) });
  return {
    provider: 'postgresql',
    db,
    storage: asStorage('postgresql', db),
    executed,
    async pointsOf(key) {
      const { rows } = await admin.query<{ points: number }>(`SELECT points FROM "${schema}".rate_limits WHERE key = $1`, [key]);
      return rows[0]?.points ?? 0;
    },
    async close() {
      await db.destroy();
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
