// The Kysely view of the shop's own tables (price book versions, the plate orders switch), and the
// one function that opens it beside the storage. Once the storage itself is on Kysely, its `db`
// (with these tables in its DB type) and `provider` take the place of openShopDb.
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { ColumnType, Generated } from 'kysely';
import type * as Pg from 'pg';
import { parseDatabaseUrl } from './database-url';
import type { DB } from './db-types';
import { DEFAULT_LOCK_WAIT_MS } from './sqlite-health';

/** A date column: text on SQLite, timestamp(3) on PostgreSQL; written as UTC text on both (writeDate). */
type DateColumn = ColumnType<Date | string, string, string>;

export interface PriceBookVersionsTable {
  version: string;
  book: string;
  uploaded_at: DateColumn;
  uploaded_by: string | null;
  published_at: DateColumn | null;
  published_by: string | null;
  effective_from: DateColumn | null;
  note: Generated<string>;
}

export interface PlateOrdersSwitchTable {
  id: string;
  state: string;
  paused_from: DateColumn | null;
  paused_until: DateColumn | null;
  message: Generated<string>;
  updated_at: DateColumn;
  updated_by: string | null;
}

/** The tables of prisma/models.prisma these repositories read and write. */
export interface ShopTables extends Pick<DB, 'outbox' | 'webhook_endpoints'> {
  price_book_versions: PriceBookVersionsTable;
  plate_orders_switch: PlateOrdersSwitchTable;
}

/** A Kysely instance over the shop's tables and which database it talks to. */
export interface ShopDb {
  db: Kysely<ShopTables>;
  provider: 'sqlite' | 'postgresql';
}

/** A date as both databases store it: UTC text with milliseconds (+00:00 on SQLite, as Prisma writes it). */
export function writeDate(provider: ShopDb['provider'], date: Date): string {
  const text = date.toISOString();
  return provider === 'sqlite' ? text.replace('Z', '+00:00') : text;
}

/** A stored date back as a Date (text from SQLite, a Date from PostgreSQL). */
export function readDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

export function readOptionalDate(value: Date | string | null): Date | null {
  return value === null ? null : readDate(value);
}

// timestamp without time zone (oid 1114) holds UTC here: read it as UTC whatever the process's zone.
const TIMESTAMP_OID = 1114;

/**
 * Opens the shop's tables on their own small connection: one better-sqlite3 connection to the same
 * file (WAL; a write waits up to 2 s for another process's lock: staff writes here are rare) or a pg pool of two on the URL's schema. Open it after openStorage,
 * which applies the migrations that create the tables.
 */
export function openShopDb(options: { databaseUrl: string; rootDir: string }): ShopDb {
  const target = parseDatabaseUrl(options.databaseUrl, options.rootDir);
  if (target.provider === 'sqlite') {
    const connection = new Database(path.resolve(target.filePath), { fileMustExist: true, timeout: DEFAULT_LOCK_WAIT_MS });
    return { provider: 'sqlite', db: new Kysely<ShopTables>({ dialect: new SqliteDialect({ database: connection }) }) };
  }
  // Loaded only for PostgreSQL, as the storage does.
  const pg = require('pg') as typeof Pg;
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: 2,
    options: `-c search_path="${target.schema}"`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === TIMESTAMP_OID ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server ends (a restart, a terminated backend) is replaced on next use;
  // without a listener its 'error' event would end the process.
  pool.on('error', () => {});
  return { provider: 'postgresql', db: new Kysely<ShopTables>({ dialect: new PostgresDialect({ pool }) }) };
}
