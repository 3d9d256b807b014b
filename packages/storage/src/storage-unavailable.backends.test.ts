import Database from 'better-sqlite3';
import path from 'node:path';
import { sql } from 'kysely';
import { createPostgresDatabase, createSqliteDatabase, postgresUrl, runPostgres } from '../test/harness';
import { openStorage, StorageUnavailable } from './index';
import { NEEDS_POSTGRES, itUnless } from '../../../scripts/test/skip-unless';

const now = new Date('2026-03-02T00:00:00.000Z');
const quote = (id: string) => ({ id, createdAt: now, expiresAt: now, body: '{}', request: '{}', schemaVersion: 1 });

describe('StorageUnavailable on sqlite', () => {
  it('comes out of a write that waited past busy_timeout, and the next write works', async () => {
    const database = createSqliteDatabase();
    const storage = await database.open({ lockWaitMs: 150 });
    // Another process holding the write lock.
    const other = new Database(path.join(database.rootDir, 'data/shop.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const error = await storage.quotes.insert(quote('q_blocked')).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageUnavailable);
      expect((error as StorageUnavailable).retryable).toBe(true);
      other.exec('COMMIT');

      await storage.quotes.insert(quote('q_after'));
      await expect(storage.quotes.get('q_after', now)).resolves.toMatchObject({ id: 'q_after' });
    } finally {
      other.close();
      await storage.close();
      await database.drop();
    }
  });
});

describe('StorageUnavailable on postgresql', () => {
  it('comes out of openStorage when the server refuses connections', async () => {
    const error = await openStorage({ databaseUrl: 'postgresql://root@127.0.0.1:1/test', rootDir: '/tmp' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StorageUnavailable);
  });

  itUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('comes out of a call whose connection the server dropped, and the pool recovers', async () => {
    const database = createPostgresDatabase(postgresUrl!);
    const storage = await database.open();
    try {
      await storage.quotes.insert(quote('q_before'));
      // The server ends this storage's sessions (a restart, as its pool sees it).
      const ended = await runPostgres(
        postgresUrl!,
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [database.schema],
      );
      expect(ended.length).toBeGreaterThan(0);
      const outcomes: unknown[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        outcomes.push(await storage.quotes.get('q_before', now).catch((caught: unknown) => caught));
      }
      for (const outcome of outcomes.filter((value) => value instanceof Error)) {
        expect(outcome).toBeInstanceOf(StorageUnavailable);
      }
      expect(outcomes.at(-1)).toMatchObject({ id: 'q_before' });
      await storage.quotes.insert(quote('q_after'));
    } finally {
      await storage.close();
      await database.drop();
    }
  });
  itUnless(Boolean(postgresUrl), NEEDS_POSTGRES)('keeps the process up when the server ends a session held between two statements', async () => {
    const database = createPostgresDatabase(postgresUrl!);
    const storage = await database.open();
    try {
      // A reserved connection (as a transaction holds one between its statements) whose session the
      // server ends while no query runs on it: pg emits 'error' on that client, which must be heard.
      await storage.db.connection().execute(async (db) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
        await runPostgres(postgresUrl!, 'SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        // Until the server's side is gone and the client has heard of it.
        for (let waited = 0; waited < 50; waited += 1) {
          const left = await runPostgres(postgresUrl!, 'SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid]);
          if (left.length === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      await storage.quotes.insert(quote('q_after_drop'));
      await expect(storage.quotes.get('q_after_drop', now)).resolves.toMatchObject({ id: 'q_after_drop' });
    } finally {
      await storage.close();
      await database.drop();
    }
  });
});
