// PostgreSQL: every wait of the storage is bounded. A table another session holds ACCESS EXCLUSIVE
// (a VACUUM FULL, a migration's ALTER TABLE) fails reads and single-statement writes after the lock
// wait; a slow statement after the statement timeout; a call finding every pooled connection busy
// after the pool wait: each as StorageUnavailable. The health probe has a connection of its own.
import { sql } from 'kysely';
import { createPostgresDatabase, postgresUrl, type TestDatabase } from '../test/harness';
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import type { Storage } from './storage';
import { StorageUnavailable } from './storage-unavailable';

const now = new Date('2026-03-02T00:00:00.000Z');
const quote = (id: string) => ({ id, createdAt: now, expiresAt: now, body: '{}', request: '{}', schemaVersion: 1 });

describeUnless(postgresUrl !== undefined, NEEDS_POSTGRES)('bounded waits on postgresql', () => {
  let database: TestDatabase;
  let storage: Storage;

  beforeEach(() => {
    database = createPostgresDatabase(postgresUrl!);
  });

  afterEach(async () => {
    await database.query('ROLLBACK').catch(() => undefined);
    await storage.close();
    await database.drop();
  });

  /** Another session takes `table` ACCESS EXCLUSIVE and keeps it until ROLLBACK. */
  async function holdTable(table: string): Promise<void> {
    await database.query('BEGIN');
    await database.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  }

  it('a plain read of a locked table fails as StorageUnavailable after the lock wait, and works once it is let go', async () => {
    storage = await database.open({ lockWaitMs: 100 });
    await storage.quotes.insert(quote('q_kept'));
    await holdTable('quotes');
    const error = await storage.quotes.get('q_kept', now).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect((error as Error).message).toMatch(/lock timeout/);
    await database.query('ROLLBACK');
    await expect(storage.quotes.get('q_kept', now)).resolves.toMatchObject({ id: 'q_kept' });
  });

  it('a single-statement write outside any transaction fails the same way and keeps nothing', async () => {
    storage = await database.open({ lockWaitMs: 100 });
    await holdTable('quotes');
    await expect(storage.quotes.insert(quote('q_blocked'))).rejects.toBeInstanceOf(StorageUnavailable);
    await database.query('ROLLBACK');
    expect(await database.query('SELECT id FROM quotes')).toEqual([]);
  });

  it('a statement running past the statement timeout fails as StorageUnavailable', async () => {
    storage = await database.open({ statementTimeoutMs: 100 });
    const error = await storage.read('sleep', sql`select pg_sleep(5)`.compile(storage.db)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect((error as Error).message).toMatch(/statement timeout/);
  });

  it('a call finding every pooled connection held fails after the pool wait, while the health probe answers on its own connection', async () => {
    // The pool's one connection waits on the lock (a long lock wait); the next call finds none free.
    storage = await database.open({ poolSize: 1, lockWaitMs: 30_000, poolWaitMs: 100 });
    await storage.quotes.insert(quote('q_kept'));
    await holdTable('quotes');
    const held = storage.quotes.get('q_kept', now).catch((caught: unknown) => caught);
    // Until the held read is seen waiting on the server, the pool's one connection may still be free.
    for (let tries = 0; tries < 200; tries += 1) {
      const waiting = await database.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = '${database.schema}' AND wait_event_type = 'Lock'`,
      );
      if (Number(waiting[0]!.n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const error = await storage.read('count', sql`select 1 as one`.compile(storage.db)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnavailable);
    expect((error as Error).message).toMatch(/timeout exceeded when trying to connect/);
    await expect(storage.health()).resolves.toEqual({ state: 'ok' });
    await database.query('ROLLBACK');
    await expect(held).resolves.toMatchObject({ id: 'q_kept' });
  });

  it('a migration-lock session goes back to the pool with the bounded waits of its startup options', async () => {
    storage = await database.open({ poolSize: 1, lockWaitMs: 1234, statementTimeoutMs: 5678 });
    const [row] = await storage.read(
      'settings',
      sql<{ lock: string; statement: string }>`select current_setting('lock_timeout') as lock, current_setting('statement_timeout') as statement`.compile(storage.db),
    );
    expect(row).toEqual({ lock: '1234ms', statement: '5678ms' });
  });
});
