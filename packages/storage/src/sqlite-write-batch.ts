// Group commit for the writes on every request (the quote insert and the rate-limit upserts): the
// writes queued during one turn of the event loop run in one transaction, and each caller's promise
// settles only once that transaction has committed. A 201 still means the row is in the database;
// what the batch saves is a commit (WAL frame writes, locking, a checkpoint check) per statement.
// Under load one commit serves many requests; a lone request waits for one `setImmediate`.
import type Database from 'better-sqlite3';

interface QueuedWrite {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface SqliteWriteBatch {
  /**
   * Queues a synchronous write on the batch's connection. It runs inside the next batch
   * transaction, in the order queued; the promise settles after COMMIT with the write's own result
   * or error. If the transaction as a whole fails (the write lock cannot be had within the busy
   * timeout, an I/O error, a failed COMMIT), every write of the batch rejects with that error and
   * none of them is kept.
   */
  write<T>(run: () => T): Promise<T>;
  /** Runs whatever is queued now (before closing the connection). */
  flush(): void;
}

export function createSqliteWriteBatch(connection: Database.Database): SqliteWriteBatch {
  const begin = connection.prepare('BEGIN IMMEDIATE');
  const commit = connection.prepare('COMMIT');
  let queue: QueuedWrite[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      begin.run();
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
    write<T>(run: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
        scheduled ??= setImmediate(flush);
      });
    },
    flush,
  };
}
