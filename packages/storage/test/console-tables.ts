// Fresh databases holding the console's tables, built by running the provider's real migration
// files in order: an in-memory SQLite, or a new schema on TEST_POSTGRES_URL.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool, types } from 'pg';
import type { ConsoleTables } from '../src/console-db';

export interface ConsoleTestDb {
  provider: 'sqlite' | 'postgresql';
  db: Kysely<ConsoleTables>;
  /** Runs a statement on the same database, to see what was stored. */
  query<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

function migrationFiles(provider: 'sqlite' | 'postgresql'): string[] {
  const dir = path.resolve(__dirname, '../../../prisma', provider, 'migrations');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(path.join(dir, name, 'migration.sql'), 'utf8'));
}

export function openSqliteConsoleDb(): ConsoleTestDb {
  const connection = new Database(':memory:');
  for (const sql of migrationFiles('sqlite')) connection.exec(sql);
  connection.pragma('foreign_keys = ON');
  const db = new Kysely<ConsoleTables>({ dialect: new SqliteDialect({ database: connection }) });
  return {
    provider: 'sqlite',
    db,
    query: async <T>(sql: string) => connection.prepare(sql).all() as T[],
    close: () => db.destroy(),
  };
}

export async function openPostgresConsoleDb(baseUrl: string): Promise<ConsoleTestDb> {
  const schema = `console_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const pool = new Pool({
    connectionString: baseUrl,
    max: 2,
    options: `-c search_path="${schema}"`,
    types: { getTypeParser: ((oid: number, format?: 'text') => (oid === 1114 ? (text: string) => text : types.getTypeParser(oid, format))) as typeof types.getTypeParser },
  });
  await pool.query(`CREATE SCHEMA "${schema}"`);
  for (const sql of migrationFiles('postgresql')) await pool.query(sql);
  const db = new Kysely<ConsoleTables>({ dialect: new PostgresDialect({ pool }) });
  return {
    provider: 'postgresql',
    db,
    query: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    close: async () => {
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await db.destroy();
    },
  };
}
