// Two replicas on one database while Redis cannot be reached (a closed port) or comes back having
// lost its counts: the limits fall back to the shared database, so an address gets a window's
// limit across both replicas, not a limit on each.
import { Redis } from 'ioredis';
import { ServiceError } from '@shop/contracts';
import { NEEDS_POSTGRES, NEEDS_REDIS, describeUnless } from '../../../../scripts/test/skip-unless';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';
import { createPostgresLimitDatabase, createSqliteLimitDatabase } from './test-databases';
import type { TestLimitDatabase } from './test-databases';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Spends `count` priced requests from `ip` and says how many were let through. */
async function spend(limits: RateLimits, ip: string, count: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < count; i++) {
    try {
      await limits.consume('pricing', ip);
      allowed++;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'rate_limited') throw error;
    }
  }
  return allowed;
}

const databases: Array<[string, boolean, () => Promise<TestLimitDatabase>]> = [
  ['sqlite', true, async () => createSqliteLimitDatabase()],
  ['postgresql', postgresUrl !== undefined, () => createPostgresLimitDatabase(postgresUrl!)],
];

describe.each(databases)('two replicas on %s with Redis at a closed port', (name, ready, createDatabase) => {
  describeUnless(ready, NEEDS_POSTGRES)(`on ${name}`, () => {
    let database: TestLimitDatabase;
    let replicas: RateLimits[];

    beforeEach(async () => {
      database = await createDatabase();
      // Nothing listens on port 1: every Redis call fails at once.
      replicas = [0, 1].map(() => createRateLimits({ storage: database.storage, redisUrl: 'redis://127.0.0.1:1', prefix: 'down' }));
      await Promise.all(replicas.map((limits) => limits.ready()));
    });
    afterEach(async () => {
      await Promise.all(replicas.map((limits) => limits.close()));
      await database.close();
    });

    it('count together in the shared database: 60 a minute from one address across both, not 60 on each', async () => {
      const ip = '198.51.100.20';
      expect(await spend(replicas[0]!, ip, 30)).toBe(30);
      expect(await spend(replicas[1]!, ip, 40)).toBe(30);
      expect(await spend(replicas[0]!, ip, 5)).toBe(0);
      expect(replicas.map((limits) => limits.store())).toEqual(['database', 'database']);
      expect(await database.pointsOf('down:pricing:day:198.51.100.20')).toBe(60);
    });
  });
});

describeUnless(redisUrl !== undefined, NEEDS_REDIS)('two replicas when Redis loses its counts', () => {
  let database: TestLimitDatabase;
  let admin: Redis;
  let replicas: RateLimits[];
  const prefix = `lost${process.pid}`;

  beforeEach(async () => {
    database = createSqliteLimitDatabase();
    admin = new Redis(redisUrl!);
    replicas = [0, 1].map(() => createRateLimits({ storage: database.storage, redisUrl: redisUrl!, prefix }));
    await Promise.all(replicas.map((limits) => limits.ready()));
  });
  afterEach(async () => {
    await Promise.all(replicas.map((limits) => limits.close()));
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
    await database.close();
  });

  it('a Redis restarted empty is brought back up to the figure a replica had: the minute still holds 60 in all', async () => {
    const ip = '198.51.100.30';
    expect(await spend(replicas[0]!, ip, 30)).toBe(30);
    // As a restart without persistence would leave it.
    const keys = await admin.keys(`${prefix}:*`);
    await admin.del(...keys);
    expect(await spend(replicas[0]!, ip, 10)).toBe(10);
    expect(Number(await admin.get(`${prefix}:pricing:minute:${ip}`))).toBe(40);
    expect(await spend(replicas[1]!, ip, 30)).toBe(20);
  });

  it('carries the Redis figure over to the database when Redis goes away, so the other replica counts on from it', async () => {
    const ip = '198.51.100.31';
    expect(await spend(replicas[0]!, ip, 30)).toBe(30);
    expect(await spend(replicas[1]!, ip, 1)).toBe(1);
    expect(await spend(replicas[0]!, ip, 1)).toBe(1);
    // Replica 0's Redis client closed: its calls fail as they would with Redis stopped.
    await replicas[0]!.close();
    // It goes on in the database from the 32 it last had from Redis: 28 more in the minute.
    expect(await spend(replicas[0]!, ip, 40)).toBe(28);
    expect(replicas[0]!.store()).toBe('database');
    // A replica that never saw the address, its Redis unreachable too, finds the minute spent.
    const other = createRateLimits({ storage: database.storage, redisUrl: 'redis://127.0.0.1:1', prefix });
    try {
      expect(await spend(other, ip, 5)).toBe(0);
    } finally {
      await other.close();
    }
  });
});
