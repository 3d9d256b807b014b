// Databases for the order-request repository's tests, their schema built by running the committed
// migration files in order: a temporary SQLite file, or a new PostgreSQL schema (dropped after).
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import type { OrderTables } from '../src/order-requests';

const PRISMA_DIR = path.resolve(__dirname, '..', '..', '..', 'prisma');

export interface OrderDatabase {
  db: Kysely<OrderTables>;
  /** Runs SQL on the same database (to look at rows as stored). */
  query<T>(sql: string): Promise<T[]>;
  drop(): Promise<void>;
}

/** Every migration.sql of a provider, oldest first. */
export function readMigrationFiles(provider: 'sqlite' | 'postgresql'): string[] {
  const dir = path.join(PRISMA_DIR, provider, 'migrations');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => readFileSync(path.join(dir, name, 'migration.sql'), 'utf8'));
}

export function openSqliteOrderDatabase(): OrderDatabase {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-orders-'));
  const connection = new Database(path.join(dir, 'shop.db'));
  connection.pragma('journal_mode = WAL');
  for (const sql of readMigrationFiles('sqlite')) connection.exec(sql);
  const db = new Kysely<OrderTables>({ dialect: new SqliteDialect({ database: connection }) });
  return {
    db,
    async query<T>(sql: string) {
      const statement = connection.prepare(sql);
      return (statement.reader ? statement.all() : (statement.run(), [])) as T[];
    },
    async drop() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function openPostgresOrderDatabase(baseUrl: string): Promise<OrderDatabase> {
  const schema = `orders_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Pool({ connectionString: baseUrl, max: 1 });
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const pool = new Pool({ connectionString: baseUrl, options: `-c search_path="${schema}"`, max: 3 });
  for (const sql of readMigrationFiles('postgresql')) await pool.query(sql);
  const db = new Kysely<OrderTables>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    query: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    async drop() {
      await db.destroy();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
