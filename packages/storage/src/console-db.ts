// The console's tables (staff.ts, audit.ts) reached through Kysely, on either database.
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type * as Pg from 'pg';
import type { AuditTables } from './audit';
import { parseDatabaseUrl } from './database-url';
import type { InboxTables } from './inbox';
import type { StaffTables } from './staff';

/** Every table of the console, as one Kysely database type. */
export type ConsoleTables = StaffTables & AuditTables & InboxTables;

export interface ConsoleDb {
  db: Kysely<ConsoleTables>;
  provider: 'sqlite' | 'postgresql';
  close(): Promise<void>;
}

/** How long a console write waits for another process's SQLite write lock. */
const SQLITE_BUSY_TIMEOUT_MS = 2000;
/** PostgreSQL `timestamp` (without time zone). */
const PG_TIMESTAMP_OID = 1114;

/**
 * A Kysely over the database DATABASE_URL names, for the console's tables: its own connection
 * (SQLite) or pool (PostgreSQL, `?schema=` honoured). The tables are made by openStorage's migrations.
 */
export function openConsoleDb(options: { databaseUrl: string; rootDir: string; poolSize?: number }): ConsoleDb {
  const target = parseDatabaseUrl(options.databaseUrl, options.rootDir);
  if (target.provider === 'sqlite') {
    const connection = new Database(target.filePath, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    connection.pragma('foreign_keys = ON');
    const db = new Kysely<ConsoleTables>({ dialect: new SqliteDialect({ database: connection }) });
    return { db, provider: 'sqlite', close: () => db.destroy() };
  }
  const pg = require('pg') as typeof Pg;
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: options.poolSize ?? target.poolSize ?? 2,
    options: `-c search_path="${target.schema}"`,
    // Zone-less timestamps as their text: dateFromDb reads them as UTC whatever the process's zone.
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === PG_TIMESTAMP_OID ? (text: string) => text : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
  });
  // An idle connection the server ends is replaced on next use; unheard, its 'error' would end the process.
  pool.on('error', () => {});
  const db = new Kysely<ConsoleTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, provider: 'postgresql', close: () => db.destroy() };
}
