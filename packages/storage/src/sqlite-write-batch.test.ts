import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteWriteBatch, createSqliteWrites } from './sqlite-write-batch';

describe('group commit of the writes of one event-loop turn', () => {
  let dir: string;
  let connection: Database.Database;
  let watcher: Database.Database;
  let versionAtStart: number;

  // Commits as SQLite sees them: another connection's data_version moves once per commit.
  const dataVersion = () => Number(watcher.pragma('data_version', { simple: true }));
  const countCommits = () => dataVersion() - versionAtStart;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shop-write-batch-'));
    connection = new Database(path.join(dir, 'batch.db'), { timeout: 200 });
    connection.pragma('journal_mode = WAL');
    connection.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL)');
    watcher = new Database(path.join(dir, 'batch.db'));
    versionAtStart = dataVersion();
  });

  afterEach(() => {
    watcher.close();
    connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const count = () => (connection.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;

  it('runs the writes queued in one turn in one transaction, in order, and settles each after COMMIT', async () => {
    const writes = createSqliteWriteBatch(connection);
    const insert = connection.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    const upsert = connection.prepare('INSERT INTO t (id, n) VALUES (?, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1 RETURNING n');
    const settled: string[] = [];
    const pending = [
      writes.write(() => insert.run('a', 1)).then(() => settled.push('a')),
      writes.write(() => upsert.get('counter')).then((row) => settled.push(`counter=${(row as { n: number }).n}`)),
      writes.write(() => upsert.get('counter')).then((row) => settled.push(`counter=${(row as { n: number }).n}`)),
      writes.write(() => insert.run('b', 2)).then(() => settled.push('b')),
    ];
    // Nothing runs before the turn ends.
    expect(count()).toBe(0);
    await Promise.all(pending);
    expect(settled).toEqual(['a', 'counter=1', 'counter=2', 'b']);
    expect(count()).toBe(3);
    expect(countCommits()).toBe(1);
    // A write queued in a later turn gets a transaction of its own.
    await writes.write(() => insert.run('c', 3));
    expect(countCommits()).toBe(2);
  });

  it('rejects only the write whose statement failed; the others of its batch are kept', async () => {
    const writes = createSqliteWriteBatch(connection);
    const insert = connection.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    const outcomes = await Promise.allSettled([
      writes.write(() => insert.run('x', 1)),
      writes.write(() => insert.run('x', 2)),
      writes.write(() => insert.run('y', 3)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    expect(connection.prepare('SELECT id, n FROM t ORDER BY id').all()).toEqual([
      { id: 'x', n: 1 },
      { id: 'y', n: 3 },
    ]);
    expect(countCommits()).toBe(1);
  });

  it('waits for the lock another process holds without holding the event loop, and commits once it has it', async () => {
    connection.pragma('busy_timeout = 10');
    const writes = createSqliteWriteBatch(connection, { lockWaitMs: 2_000 });
    const insert = connection.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    const other = new Database(path.join(dir, 'batch.db'));
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    try {
      const first = writes.write(() => insert.run('waited', 1));
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Queued while the batch waits: it goes with it.
      const second = writes.write(() => insert.run('joined', 2));
      other.exec('COMMIT');
      await Promise.all([first, second]);
    } finally {
      clearInterval(ticker);
      other.close();
    }
    // The loop kept turning: a 10 ms timer fired all through the 300 ms wait.
    expect(ticks).toBeGreaterThan(15);
    expect(count()).toBe(2);
    // Both writes in the one transaction the batch got once the lock was free.
    expect(countCommits()).toBe(1);
  });

  it('rejects every write of the batch and keeps none when the write lock cannot be had in time', async () => {
    connection.pragma('busy_timeout = 10');
    const writes = createSqliteWriteBatch(connection, { lockWaitMs: 150 });
    const insert = connection.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    const other = new Database(path.join(dir, 'batch.db'), { timeout: 200 });
    try {
      other.exec('BEGIN IMMEDIATE');
      const started = performance.now();
      const outcomes = await Promise.allSettled([writes.write(() => insert.run('p', 1)), writes.write(() => insert.run('q', 2))]);
      expect(performance.now() - started).toBeGreaterThan(100);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_BUSY' });
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect(connection.inTransaction).toBe(false);
    expect(count()).toBe(0);
    // The connection is usable again at once.
    await writes.write(() => insert.run('r', 3));
    expect(count()).toBe(1);
  });

  it('rejects the whole batch when SQLite ends the transaction itself, so no settled write is lost', async () => {
    const writes = createSqliteWriteBatch(connection);
    const insert = connection.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    const outcomes = await Promise.allSettled([
      writes.write(() => insert.run('kept-only-if-committed', 1)),
      writes.write(() => {
        // What an I/O error or a full disk does: the statement fails and the transaction is gone.
        connection.exec('ROLLBACK');
        throw new Error('disk I/O error');
      }),
      writes.write(() => insert.run('never-run', 2)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason.message)).toEqual([
      'disk I/O error',
      'disk I/O error',
      'disk I/O error',
    ]);
    expect(count()).toBe(0);
  });

  it('fails the batch without running it when its check throws (a file removed under the process)', async () => {
    const writes = createSqliteWriteBatch(connection, {
      check: () => {
        throw new Error('file gone');
      },
    });
    const insert = connection.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    await expect(writes.write(() => insert.run('z', 1))).rejects.toThrow('file gone');
    expect(count()).toBe(0);
    expect(connection.inTransaction).toBe(false);
  });

  it('runs what is queued at once on flush (before the connection closes)', () => {
    const writes = createSqliteWriteBatch(connection);
    const insert = connection.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    void writes.write(() => insert.run('late', 1));
    writes.flush();
    expect(count()).toBe(1);
  });

  it('runs statements given as text: a unit of several is kept whole or not at all, beside the rest of its batch', async () => {
    const writes = createSqliteWrites(connection);
    const insert = 'INSERT INTO t (id, n) VALUES (?, ?)';
    const [kept, undone, alone] = await Promise.allSettled([
      writes.execute([
        { sql: insert, params: ['u1', 1] },
        { sql: 'UPDATE t SET n = n + 10 WHERE id = ?', params: ['u1'] },
        { sql: 'SELECT n FROM t WHERE id = ?', params: ['u1'], result: 'get' },
        { sql: 'SELECT id FROM t ORDER BY id', result: 'all' },
      ]),
      // Its second statement fails: its first is undone with it.
      writes.execute([
        { sql: insert, params: ['v1', 1] },
        { sql: insert, params: ['u1', 2] },
      ]),
      writes.execute([{ sql: insert, params: ['w1', 3] }]),
    ]);
    expect(kept).toEqual({ status: 'fulfilled', value: [{ changes: 1 }, { changes: 1 }, { n: 11 }, [{ id: 'u1' }]] });
    expect(undone).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
    expect(alone).toEqual({ status: 'fulfilled', value: [{ changes: 1 }] });
    expect(connection.prepare('SELECT id, n FROM t ORDER BY id').all()).toEqual([
      { id: 'u1', n: 11 },
      { id: 'w1', n: 3 },
    ]);
    // The three units went in one commit.
    expect(countCommits()).toBe(1);
    await writes.close();
  });
});
