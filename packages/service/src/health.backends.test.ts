// /status on PostgreSQL while every pooled connection waits on a lock: the storage's probe has its
// own connection and the price book in force is the one worked out last, so the answer does not
// queue behind the requests.
import { createOrderRequestRepository, openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import { Client } from 'pg';
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';
import { ManualClock } from './context';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';
import { createService } from './service';
import type { Service } from './service';

const postgresUrl = process.env.TEST_POSTGRES_URL;

describeUnless(postgresUrl !== undefined, NEEDS_POSTGRES)('health on postgresql with the pool held', () => {
  const schema = `health_test_${process.pid}_${Date.now().toString(36)}`;
  let storage: Storage;
  let limits: RateLimits;
  let service: Service;
  let locker: Client;

  beforeAll(async () => {
    const url = new URL(postgresUrl!);
    url.searchParams.set('schema', schema);
    // One pooled connection, a lock wait longer than the test, a pool wait of 15 s: only a health
    // answer that never asks the pool comes back at once.
    storage = await openStorage({ databaseUrl: url.toString(), rootDir: '/tmp', poolSize: 1, lockWaitMs: 60_000, poolWaitMs: 15_000 });
    limits = createRateLimits({ storage, redisUrl: null, scale: 1000, prefix: `health${process.pid}` });
    service = createService({
      config: { publicUrl: 'https://quote.example.ca', shopUrl: 'https://shop.example.ca', plateOrdersEnabled: true },
      storage,
      limits,
      orderRequests: createOrderRequestRepository(storage),
      clock: new ManualClock('2026-11-27T15:00:00.000Z'),
      pricingThreads: 1,
      // Every read of the version in force goes to the database.
      shopStateCacheMs: 0,
    });
    await service.start();
    locker = new Client({ connectionString: postgresUrl });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.query('ROLLBACK').catch(() => undefined);
    await service.close();
    await limits.close();
    await storage.close();
    await locker.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await locker.end();
  });

  it('answers ok with the price book while the one pooled connection waits on a locked table', async () => {
    const before = await service.health();
    await locker.query('BEGIN');
    await locker.query(`LOCK TABLE "${schema}".quotes IN ACCESS EXCLUSIVE MODE`);
    const held = storage.quotes.get('q_0000000000000000000000', new Date()).catch((error: unknown) => error);
    for (let tries = 0; tries < 200; tries += 1) {
      const { rows } = await locker.query<{ n: string }>(`SELECT count(*) AS n FROM pg_locks WHERE NOT granted`);
      if (Number(rows[0]!.n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Asking the pool would wait its 15 s and fail as storage_unavailable; the lock is let go only after.
    const outcome = await service.health().catch((error: unknown) => error);
    await locker.query('ROLLBACK');
    expect(outcome).toEqual({ storage: 'ok', rateLimits: 'database', priceBook: before.priceBook });
    await expect(held).resolves.toBeNull();
  }, 30_000);
});
