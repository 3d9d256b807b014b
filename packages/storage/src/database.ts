// The one place where the repositories' two databases differ: how a write runs (SQLite: in the
// group commit of the event-loop turn; PostgreSQL: one statement, or a transaction for several) and
// how dates are written and read. Everything else is the same Kysely query on both.
import type Database from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { Kysely, PostgresDialect, SqliteDialect, type Compilable, type QueryResult } from 'kysely';
import type { Pool } from 'pg';
import type { DB } from './db-types';
import type { SqliteWrites } from './sqlite-write-batch';
import type { StorageGuard } from './storage-unavailable';

/** What a write statement gave back once committed: its RETURNING rows and the rows it changed. */
export interface WriteOutcome {
  rows: Record<string, unknown>[];
  changes: number;
}

/** A query builder to compile, or a query compiled already (see prepareQuery). */
export type Statement = Compilable | CompiledQuery;

/**
 * A unit of work for `transact`: it yields its statements one at a time and is given back each
 * one's outcome (rows of a SELECT or a RETURNING, rows changed), so a later statement may depend on
 * an earlier one's answer; what it returns is the unit's answer. It must do nothing else that waits:
 * on SQLite it runs to its end inside the group commit's transaction.
 */
export type WriteUnit<T> = () => Generator<Statement, T, WriteOutcome>;

function compile<O>(statement: Compilable<O> | CompiledQuery<O>): CompiledQuery<O> {
  return 'compile' in statement ? statement.compile() : statement;
}

/** Stands for the argument at `index` while a prepared query is built. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once, run with new values: `build` is called once with placeholders
 * for its arguments, each of which must end up a value of the query (not steer how it is built).
 * On the hot path (a quote's insert and read) building and compiling cost more than SQLite's work.
 */
export function prepareQuery<A extends unknown[], O>(build: (...args: A) => Compilable<O>): (...args: A) => CompiledQuery<O> {
  const placeholders = Array.from({ length: build.length }, (_, index) => new Placeholder(index));
  const compiled = build(...(placeholders as unknown as A)).compile();
  const slots = compiled.parameters.map((value) => (value instanceof Placeholder ? value.index : -1));
  if (placeholders.some((placeholder) => !slots.includes(placeholder.index))) {
    throw new Error(`prepareQuery: every argument must be a value of the query (${compiled.sql})`);
  }
  return (...args) => ({ ...compiled, parameters: compiled.parameters.map((value, position) => (slots[position]! >= 0 ? args[slots[position]!] : value)) });
}

export interface StorageDatabase {
  provider: 'sqlite' | 'postgresql';
  db: Kysely<DB>;
  /**
   * Runs the statements in order as one unit, all kept or none; resolves once committed with each
   * statement's outcome, or rejects with the first failure (the driver's error, `code` kept).
   */
  write(statements: readonly Statement[], options?: { lockWaitMs?: number }): Promise<WriteOutcome[]>;
  /**
   * Runs a unit (reads and writes, each depending on the last) in one transaction, all kept or
   * none. SQLite: inside the group commit, which holds the write lock already (no read lock to
   * upgrade), under a savepoint of its own; PostgreSQL: a transaction whose lock waits end after
   * the lock wait (55P03, an outage to the guard) instead of hanging, as every statement's do.
   */
  transact<T>(unit: WriteUnit<T>): Promise<T>;
  /** Runs a query that writes nothing and gives its rows. */
  read<O>(statement: Compilable<O> | CompiledQuery<O>): Promise<O[]>;
  /** How each database call runs: outages become StorageUnavailable. */
  guard: StorageGuard;
}

/**
 * A date as stored: ISO-8601 text with milliseconds and `+00:00`, the text Prisma's SQLite adapter
 * wrote (fixed width, so text order is time order). PostgreSQL takes the same text into its
 * `timestamp(3)` columns (which keep UTC and ignore the offset).
 */
export function toDbDateTime(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** A stored date read back (SQLite's text, or PostgreSQL's as the pool gives it: see postgresTypes). */
export function fromDbDateTime(text: string): Date {
  return new Date(text);
}

// Statements prepared once per text: the repositories' queries are a fixed set, so a small bound
// only matters for whatever else runs statements on the storage's instance.
const PREPARED_LIMIT = 500;

/** Kysely on the storage's own better-sqlite3 connection, and the connection's statements by text. */
export interface SqliteKysely {
  db: Kysely<DB>;
  /** The statement of `sql`, prepared once. */
  prepare(sql: string): Database.Statement;
}

/**
 * Kysely's SQLite driver prepares each query's text on every call; here each text is prepared once
 * (preparing cost as much as running a quote's read).
 */
export function createSqliteKysely(connection: Database.Database): SqliteKysely {
  const prepared = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      if (prepared.size >= PREPARED_LIMIT) prepared.delete(prepared.keys().next().value!);
      statement = connection.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
  // The connection is the storage's to close, after its last group commit.
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: { prepare, close() {} } }) });
  return { db, prepare };
}

/**
 * SQLite: reads run at once on the connection's prepared statement (better-sqlite3 is synchronous:
 * nothing is gained by going through Kysely's driver queue); writes through the group commit
 * (sqlite-write-batch.ts).
 */
export function sqliteDatabase(
  { db, prepare }: SqliteKysely,
  writes: SqliteWrites,
  { guard, check }: { guard: StorageGuard; /** Throws when the file is gone (the batch runs it before each write). */ check: () => void },
): StorageDatabase {
  return {
    provider: 'sqlite',
    db,
    guard,
    async read<O>(statement: Compilable<O> | CompiledQuery<O>) {
      check();
      const { sql, parameters } = compile(statement);
      return prepare(sql).all(parameters) as O[];
    },
    async write(statements, options) {
      const compiled = statements.map((statement) => {
        const { sql, parameters } = compile(statement);
        return { sql, params: parameters, result: 'outcome' as const };
      });
      return (await writes.execute(compiled, options)) as WriteOutcome[];
    },
    transact<T>(unit: WriteUnit<T>) {
      return writes.executeUnit((run) => {
        const steps = unit();
        let step = steps.next();
        while (!step.done) {
          const { sql, parameters } = compile(step.value);
          step = steps.next(run({ sql, params: parameters, result: 'outcome' }) as WriteOutcome);
        }
        return step.value;
      });
    },
  };
}

// PostgreSQL's `timestamp` (1114) as ISO text with `+00:00` (the stored value is UTC), like SQLite's;
// `int8` (20) as a number (epoch milliseconds and counts, far below 2^53).
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;

/** The pg `types` of the storage's pool. */
export function postgresTypes(pgTypes: { getTypeParser: (oid: number, format?: 'text' | 'binary') => unknown }): { getTypeParser: (oid: number, format?: 'text' | 'binary') => unknown } {
  return {
    getTypeParser(oid, format) {
      if (format !== 'binary' && oid === TIMESTAMP_OID) return (text: string) => `${text.replace(' ', 'T')}+00:00`;
      if (format !== 'binary' && oid === INT8_OID) return (text: string) => Number(text);
      return pgTypes.getTypeParser(oid, format);
    },
  };
}

function toOutcome(result: QueryResult<unknown>): WriteOutcome {
  return { rows: result.rows as Record<string, unknown>[], changes: Number(result.numAffectedRows ?? BigInt(result.rows.length)) };
}

/**
 * PostgreSQL over the storage's pool: its sessions start with the schema as search_path and the
 * lock and statement timeouts (open-postgres.ts), so every statement here, read or write, in a
 * transaction or not, waits a bounded time.
 */
export function postgresDatabase(pool: Pool, guard: StorageGuard): StorageDatabase {
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    provider: 'postgresql',
    db,
    guard,
    async read<O>(statement: Compilable<O> | CompiledQuery<O>) {
      return (await db.executeQuery(compile(statement))).rows;
    },
    async write(statements) {
      const compiled = statements.map(compile);
      if (compiled.length === 1) return [toOutcome(await db.executeQuery(compiled[0]!))];
      return db.transaction().execute(async (trx) => {
        const outcomes: WriteOutcome[] = [];
        for (const query of compiled) outcomes.push(toOutcome(await trx.executeQuery(query)));
        return outcomes;
      });
    },
    transact<T>(unit: WriteUnit<T>) {
      return db.transaction().execute(async (trx) => {
        const steps = unit();
        let step = steps.next();
        while (!step.done) step = steps.next(toOutcome(await trx.executeQuery(compile(step.value))));
        return step.value;
      });
    },
  };
}
