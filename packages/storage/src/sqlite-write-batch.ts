// Group commit for the writes on every request (the quote insert and the rate-limit upserts): the
// writes queued during one turn of the event loop run in one transaction, and each caller's promise
// settles only once that transaction has committed. A 201 still means the row is in the database;
// what the batch saves is a commit (WAL frame writes, locking, a checkpoint check) per statement.
// Under load one commit serves many requests; a lone request waits for one `setImmediate`.
import type Database from 'better-sqlite3';
import { DEFAULT_LOCK_WAIT_MS, isSqliteBusy, retryDelay } from './sqlite-health';

interface QueuedWrite {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** When this write gives up waiting for another process's lock (epoch ms). */
  deadline: number;
}

export interface SqliteWriteBatch {
  /**
   * Queues a synchronous write on the batch's connection. It runs inside the next batch
   * transaction, in the order queued; the promise settles after COMMIT with the write's own result
   * or error. While another process holds the write lock the batch waits for it without holding
   * the event loop (each attempt blocks at most the connection's short busy timeout), and writes
   * queued meanwhile join it. If the transaction as a whole fails (the lock still held after
   * `lockWaitMs`, an I/O error, a failed COMMIT, `check` throwing), every write of the batch rejects
   * with that error and none of them is kept.
   */
  write<T>(run: () => T, options?: { lockWaitMs?: number }): Promise<T>;
  /** Runs whatever is queued now (before closing the connection). */
  flush(): void;
}

/** One statement as text and values: what a repository asks the batch to write. */
interface SqliteStatement {
  sql: string;
  params?: readonly unknown[];
  /**
   * `run` (the default): `{ changes }`; `get`: the first row returned, or undefined; `all`: every
   * row; `outcome`: `{ rows, changes }` (rows a RETURNING gave, or none).
   */
  result?: 'run' | 'get' | 'all' | 'outcome';
}

/** What a `run` statement resolves with. */
interface SqliteRunResult {
  changes: number;
}

/** The writes of a SQLite storage: statements in, their results out once committed. */
export interface SqliteWrites {
  /**
   * Runs the statements in order as one unit, all kept or none, in the next group commit; resolves
   * after COMMIT with each statement's result, or rejects with the first failure (SQLite's error,
   * `code` kept) and keeps none of the unit.
   */
  execute(statements: readonly SqliteStatement[], options?: { lockWaitMs?: number }): Promise<unknown[]>;
  /**
   * Runs `work` in the next group commit under a savepoint of its own, `run` running one statement
   * of it; a throw undoes the whole unit (and only it). `work` must be synchronous.
   */
  executeUnit<T>(work: (run: (statement: SqliteStatement) => unknown) => T, options?: { lockWaitMs?: number }): Promise<T>;
  /** Commits what is queued and lets the connection go. */
  close(): Promise<void>;
}

/**
 * Runs statements given as text on `connection`, each text prepared once. A unit of several runs
 * under a savepoint, so a failure undoes the whole unit and leaves the rest of the batch alone.
 */
function createStatementRunner(connection: Database.Database): {
  runAll: (statements: readonly SqliteStatement[]) => unknown[];
  runUnit: <T>(work: (run: (statement: SqliteStatement) => unknown) => T) => T;
} {
  const prepared = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
  const runOne = ({ sql, params = [], result = 'run' }: SqliteStatement): unknown => {
    const statement = prepare(sql);
    if (result === 'get') return statement.get(...params);
    if (result === 'all') return statement.all(...params);
    if (result === 'outcome') {
      if (!statement.reader) return { rows: [], changes: statement.run(...params).changes };
      const rows = statement.all(...params);
      return { rows, changes: rows.length };
    }
    return { changes: statement.run(...params).changes } satisfies SqliteRunResult;
  };
  const savepoint = connection.prepare('SAVEPOINT unit');
  const release = connection.prepare('RELEASE unit');
  const rollback = connection.prepare('ROLLBACK TO unit');
  const runUnit = <T>(work: (run: (statement: SqliteStatement) => unknown) => T): T => {
    savepoint.run();
    try {
      const result = work(runOne);
      release.run();
      return result;
    } catch (error) {
      if (connection.inTransaction) {
        rollback.run();
        release.run();
      }
      throw error;
    }
  };
  return {
    runAll: (statements) => (statements.length === 1 ? [runOne(statements[0]!)] : runUnit(() => statements.map(runOne))),
    runUnit,
  };
}

/** SqliteWrites over a group-commit batch on `connection`. */
export function createSqliteWrites(connection: Database.Database, options: SqliteWriteBatchOptions = {}): SqliteWrites {
  const batch = createSqliteWriteBatch(connection, options);
  const runner = createStatementRunner(connection);
  return {
    execute: (statements, executeOptions) => batch.write(() => runner.runAll(statements), executeOptions),
    executeUnit: (work, executeOptions) => batch.write(() => runner.runUnit(work), executeOptions),
    close: async () => batch.flush(),
  };
}

export interface SqliteWriteBatchOptions {
  /** How long a write waits for another process's write lock in all, unless it says; default 2 s. */
  lockWaitMs?: number;
  /** Runs before each transaction; throwing fails the batch (a file removed under the process). */
  check?: () => void;
}

export function createSqliteWriteBatch(connection: Database.Database, options: SqliteWriteBatchOptions = {}): SqliteWriteBatch {
  const begin = connection.prepare('BEGIN IMMEDIATE');
  const commit = connection.prepare('COMMIT');
  const lockWaitMs = options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  let queue: QueuedWrite[] = [];
  let scheduled: NodeJS.Immediate | null = null;
  // While waiting for the lock: how many attempts so far, and the timer of the next.
  let attempts = 0;
  let retry: NodeJS.Timeout | null = null;

  /** `final`: no more waiting for the lock (the connection is about to close). */
  function flush(final = false): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (retry) clearTimeout(retry);
    retry = null;
    if (queue.length === 0) return;
    try {
      options.check?.();
      begin.run();
    } catch (error) {
      if (isSqliteBusy(error) && !final) {
        // Writes past their own deadline give up; the others wait for the next attempt.
        const delay = retryDelay(++attempts);
        const now = Date.now();
        const waiting = queue.filter((item) => {
          if (item.deadline >= now + delay) return true;
          item.reject(error);
          return false;
        });
        queue = waiting;
        if (waiting.length > 0) {
          retry = setTimeout(() => flush(), delay);
          return;
        }
      }
      attempts = 0;
      const failed = queue;
      queue = [];
      for (const item of failed) item.reject(error);
      return;
    }
    attempts = 0;
    const batch = queue;
    queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      for (const item of batch) {
        try {
          outcomes.push({ ok: true, value: item.run() });
        } catch (error) {
          // A failed statement is undone on its own; if SQLite had to end the transaction (I/O
          // error, disk full), nothing of the batch is kept and every write gets that error.
          if (!connection.inTransaction) throw error;
          outcomes.push({ ok: false, error });
        }
      }
      commit.run();
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  return {
    write<T>(run: () => T, writeOptions: { lockWaitMs?: number } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const deadline = Date.now() + (writeOptions.lockWaitMs ?? lockWaitMs);
        queue.push({ run, resolve: resolve as (value: unknown) => void, reject, deadline });
        // Waiting for the lock already: this write goes with the batch when it gets it.
        if (retry === null) scheduled ??= setImmediate(() => flush());
      });
    },
    flush: () => flush(true),
  };
}
