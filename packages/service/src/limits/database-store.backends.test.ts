// The database store on SQLite always, and on PostgreSQL when TEST_POSTGRES_URL is set: the same
// cases, on tables made by the migration files.
import { NEEDS_POSTGRES, describeUnless } from '../../../../scripts/test/skip-unless';
import { createDatabaseLimitStore } from './database-store';
import type { StoreWindow } from './store';
import { createPostgresLimitDatabase, createSqliteLimitDatabase } from './test-databases';
import type { TestLimitDatabase } from './test-databases';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const minute: StoreWindow = { keyPrefix: 't:pricing:minute', points: 60, seconds: 60 };
const day: StoreWindow = { keyPrefix: 't:pricing:day', points: 2_000, seconds: 86_400 };

const backends: Array<[string, boolean, string, () => Promise<TestLimitDatabase>]> = [
  ['SQLite', true, '', async () => createSqliteLimitDatabase()],
  ['PostgreSQL', Boolean(postgresUrl), NEEDS_POSTGRES, () => createPostgresLimitDatabase(postgresUrl!)],
];

for (const [name, ready, reason, open] of backends) {
  describeUnless(ready, reason)(`the database store on ${name}`, () => {
    let database: TestLimitDatabase;
    let now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const clock = () => now;

    beforeAll(async () => {
      database = await open();
    });
    afterAll(async () => {
      await database?.close();
    });

    it('counts every window of a request in one statement and says when each ends', async () => {
      const store = createDatabaseLimitStore({ db: database.db, provider: database.provider, now: clock });
      const spends = [
        { window: minute, key: '203.0.113.1', points: 1 },
        { window: day, key: '203.0.113.1', points: 1 },
      ];
      const before = database.executed.length;
      expect(await store.consume(spends)).toEqual([
        { consumed: 1, resetMs: 60_000 },
        { consumed: 1, resetMs: 86_400_000 },
      ]);
      now += 15_000;
      expect(await store.consume(spends)).toEqual([
        { consumed: 2, resetMs: 45_000 },
        { consumed: 2, resetMs: 86_385_000 },
      ]);
      const statements = database.executed.slice(before);
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/^insert into "rate_limits" .* on conflict \("key"\) do update set .* returning "key", "points", "expire"$/);
      expect(await database.pointsOf('t:pricing:minute:203.0.113.1')).toBe(2);
      expect(await database.pointsOf('t:pricing:day:203.0.113.1')).toBe(2);
    });

    it('counts the requests of one turn of the event loop in one statement, each as if they came in turn', async () => {
      const store = createDatabaseLimitStore({ db: database.db, provider: database.provider, now: clock });
      const before = database.executed.length;
      const counts = await Promise.all([
        store.consume([{ window: minute, key: '203.0.113.5', points: 1 }, { window: day, key: '203.0.113.5', points: 1 }]),
        store.consume([{ window: minute, key: '203.0.113.6', points: 2 }]),
        store.consume([{ window: minute, key: '203.0.113.5', points: 3 }, { window: day, key: '203.0.113.5', points: 1 }]),
      ]);
      expect(counts.map((windows) => windows.map(({ consumed }) => consumed))).toEqual([[1, 1], [2], [4, 2]]);
      expect(database.executed.length - before).toBe(1);
      expect(await database.pointsOf('t:pricing:minute:203.0.113.5')).toBe(4);
      expect(await database.pointsOf('t:pricing:day:203.0.113.5')).toBe(2);
      expect(await database.pointsOf('t:pricing:minute:203.0.113.6')).toBe(2);
    });

    it('starts a window past its end again at the points sent', async () => {
      const store = createDatabaseLimitStore({ db: database.db, provider: database.provider, now: clock });
      await store.consume([{ window: minute, key: '203.0.113.2', points: 5 }]);
      now += 60_000;
      expect(await store.consume([{ window: minute, key: '203.0.113.2', points: 3 }])).toEqual([{ consumed: 3, resetMs: 60_000 }]);
      now += 59_999;
      expect(await store.consume([{ window: minute, key: '203.0.113.2', points: 1 }])).toEqual([{ consumed: 4, resetMs: 1 }]);
    });

    it('takes points back, never below zero, and leaves an ended window alone', async () => {
      const store = createDatabaseLimitStore({ db: database.db, provider: database.provider, now: clock });
      await store.consume([{ window: minute, key: '203.0.113.3', points: 4 }]);
      await store.reward([{ window: minute, key: '203.0.113.3', points: 1 }]);
      expect(await database.pointsOf('t:pricing:minute:203.0.113.3')).toBe(3);
      await store.reward([{ window: minute, key: '203.0.113.3', points: 10 }]);
      expect(await database.pointsOf('t:pricing:minute:203.0.113.3')).toBe(0);
      await store.consume([{ window: minute, key: '203.0.113.3', points: 2 }]);
      now += 60_000;
      await store.reward([{ window: minute, key: '203.0.113.3', points: 1 }]);
      expect(await database.pointsOf('t:pricing:minute:203.0.113.3')).toBe(2);
    });

    it('counts concurrent requests of two stores on one database together, none lost', async () => {
      const first = createDatabaseLimitStore({ db: database.db, provider: database.provider, now: clock });
      const second = createDatabaseLimitStore({ db: database.db, provider: database.provider, now: clock });
      const spend = [{ window: minute, key: '203.0.113.4', points: 1 }];
      const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? first : second).consume(spend)));
      expect(counts.map(([count]) => count!.consumed).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      expect(await database.pointsOf('t:pricing:minute:203.0.113.4')).toBe(40);
    });
  });
}
