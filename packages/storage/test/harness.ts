// Opens fresh databases for tests: a temporary SQLite file always, a new PostgreSQL schema when
// TEST_POSTGRES_URL is set (dropped again afterwards).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { openStorage, type OpenStorageOptions, type Storage } from '../src/index';
import { NEEDS_POSTGRES } from '../../../scripts/test/skip-unless';

export const postgresUrl = process.env.TEST_POSTGRES_URL;

export interface TestDatabase {
  provider: 'sqlite' | 'postgresql';
  databaseUrl: string;
  rootDir: string;
  /** PostgreSQL only: the schema (also the application_name of its sessions). */
  schema?: string;
  open(options?: Omit<OpenStorageOptions, 'databaseUrl' | 'rootDir'>): Promise<Storage>;
  /** Runs a statement on a connection of its own (to look at what was stored, or to age rows). */
  query<T>(sql: string): Promise<T[]>;
  drop(): Promise<void>;
}

export function createSqliteDatabase(): TestDatabase {
  const rootDir = mkdtempSync(path.join(os.tmpdir(), 'shop-storage-'));
  const databaseUrl = 'file:./data/shop.db';
  let connection: Database.Database | null = null;
  return {
    provider: 'sqlite',
    databaseUrl,
    rootDir,
    open: (options = {}) => openStorage({ databaseUrl, rootDir, ...options }),
    async query<T>(sql: string) {
      connection ??= new Database(path.join(rootDir, 'data', 'shop.db'));
      const statement = connection.prepare(sql);
      return (statement.reader ? statement.all() : (statement.run(), [])) as T[];
    },
    drop: async () => {
      connection?.close();
      rmSync(rootDir, { recursive: true, force: true });
    },
  };
}

export function createPostgresDatabase(baseUrl: string): TestDatabase {
  const schema = `storage_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const url = new URL(baseUrl);
  url.searchParams.set('schema', schema);
  // Lets a test find (and drop) this run's own sessions without touching anyone else's.
  url.searchParams.set('application_name', schema);
  const databaseUrl = url.toString();
  let client: Promise<Client> | null = null;
  return {
    provider: 'postgresql',
    schema,
    databaseUrl,
    rootDir: os.tmpdir(),
    open: (options = {}) => openStorage({ databaseUrl, rootDir: os.tmpdir(), ...options }),
    async query<T>(sql: string) {
      client ??= (async () => {
        const connected = new Client({ connectionString: stripSchema(baseUrl) });
        await connected.connect();
        await connected.query(`SET search_path TO "${schema}"`);
        return connected;
      })();
      return (await (await client).query(sql)).rows as T[];
    },
    drop: async () => {
      if (client) await (await client).end();
      await runPostgres(baseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    },
  };
}

export async function runPostgres(connectionString: string, sql: string, values: unknown[] = []): Promise<unknown[]> {
  const client = new Client({ connectionString: stripSchema(connectionString) });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

function stripSchema(connectionString: string): string {
  const url = new URL(connectionString);
  url.searchParams.delete('schema');
  return url.toString();
}

// Runs a suite against SQLite always and against PostgreSQL when TEST_POSTGRES_URL is set; without
// it the PostgreSQL suite shows as skipped, with the reason in its name.
export function describeEachDatabase(title: string, suite: (createDatabase: () => TestDatabase) => void): void {
  describe(`${title} on sqlite`, () => suite(createSqliteDatabase));
  if (postgresUrl) {
    describe(`${title} on postgresql`, () => suite(() => createPostgresDatabase(postgresUrl)));
  } else {
    describe.skip(`${title} on postgresql (skipped: ${NEEDS_POSTGRES})`, () => {
      it('needs TEST_POSTGRES_URL', () => {});
    });
  }
}

export const DAY_MS = 86_400_000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}
