// SQLite only: another process's connection to the same file, and its write lock.
import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, SqliteDialect } from 'kysely';
import { createDatabaseLimitStore } from './database-store';
import type { RateLimitDatabase } from './database-store';
import type { StoreWindow } from './store';
import { createSqliteLimitDatabase } from './test-databases';
import type { SqliteLimitDatabase } from './test-databases';

const minute: StoreWindow = { keyPrefix: 't:rfq_links:minute', points: 10, seconds: 60 };
const day: StoreWindow = { keyPrefix: 't:rfq_links:day', points: 100, seconds: 86_400 };

describe('the database store on a SQLite file shared by processes', () => {
  let database: SqliteLimitDatabase;
  beforeEach(() => {
    database = createSqliteLimitDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  it('counts what another connection to the file counted', async () => {
    const other = database.connect();
    other.pragma('busy_timeout = 10');
    const otherDb = new Kysely<RateLimitDatabase>({ dialect: new SqliteDialect({ database: other }) });
    try {
      const here = createDatabaseLimitStore({ db: database.db, provider: 'sqlite' });
      const there = createDatabaseLimitStore({ db: otherDb, provider: 'sqlite' });
      await here.consume([{ window: minute, key: 'k', points: 3 }]);
      const [count] = await there.consume([{ window: minute, key: 'k', points: 1 }]);
      expect(count!.consumed).toBe(4);
    } finally {
      await otherDb.destroy();
    }
  });

  it('fails a count after a short wait while another process holds the write lock, and counts once it is free', async () => {
    const store = createDatabaseLimitStore({ db: database.db, provider: 'sqlite', lockWaitMs: 50 });
    await store.consume([{ window: minute, key: 'k', points: 2 }]);
    const other = database.connect();
    try {
      other.exec('BEGIN IMMEDIATE');
      const error = await store.consume([{ window: minute, key: 'k', points: 1 }]).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
      await expect(store.reward([{ window: minute, key: 'k', points: 1 }])).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      other.exec('COMMIT');
      // Neither the failed count nor the failed reward was kept.
      await expect(store.consume([{ window: minute, key: 'k', points: 1 }])).resolves.toEqual([expect.objectContaining({ consumed: 3 })]);
    } finally {
      other.close();
    }
  });

  it('lets counts asked while one waits for the lock wait with it instead of trying the lock each', async () => {
    const store = createDatabaseLimitStore({ db: database.db, provider: 'sqlite', lockWaitMs: 400 });
    // Waits far longer than the lock is held below.
    const patient = createDatabaseLimitStore({ db: database.db, provider: 'sqlite', lockWaitMs: 10_000 });
    const other = database.connect();
    try {
      other.exec('BEGIN IMMEDIATE');
      const before = database.executed.length;
      // Two windows: the first statement has two rows.
      const first = store.consume([{ window: minute, key: 'a', points: 1 }, { window: day, key: 'a', points: 1 }]).catch((caught: unknown) => caught);
      await sleep(15);
      // One window: a statement of its own would have one row.
      const second = store.consume([{ window: minute, key: 'b', points: 1 }]).catch((caught: unknown) => caught);
      expect(await first).toMatchObject({ code: 'SQLITE_BUSY' });
      expect(await second).toMatchObject({ code: 'SQLITE_BUSY' });
      const tried = database.executed.slice(before);
      expect(tried.length).toBeGreaterThan(1);
      expect(tried.every((sql) => sql.includes('values (?, ?, ?), (?, ?, ?) on conflict'))).toBe(true);
      other.exec('COMMIT');
      // Once free, a count asked during a wait that then succeeds runs after it.
      other.exec('BEGIN IMMEDIATE');
      const third = patient.consume([{ window: minute, key: 'a', points: 1 }, { window: day, key: 'a', points: 1 }]);
      await sleep(15);
      const fourth = patient.consume([{ window: minute, key: 'b', points: 1 }]);
      other.exec('COMMIT');
      await expect(third).resolves.toEqual([expect.objectContaining({ consumed: 1 }), expect.objectContaining({ consumed: 1 })]);
      await expect(fourth).resolves.toEqual([expect.objectContaining({ consumed: 1 })]);
    } finally {
      other.close();
    }
  });
});
