// The limits over each shared store: the database store on SQLite always and on PostgreSQL when
// TEST_POSTGRES_URL is set, Redis when TEST_REDIS_URL is set.
import { Redis } from 'ioredis';
import { ServiceError } from '@shop/contracts';
import { NEEDS_POSTGRES, NEEDS_REDIS, describeUnless } from '../../../../scripts/test/skip-unless';
import { createRateLimits } from './rate-limits';
import type { LimitScope } from './policy';
import type { LimitStore, RateLimits } from './rate-limits';
import { createPostgresLimitDatabase, createSqliteLimitDatabase } from './test-databases';
import type { TestLimitDatabase } from './test-databases';

const postgresUrl = process.env.TEST_POSTGRES_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/** Spends `count` requests of the scope and says how many were let through. */
async function spend(limits: RateLimits, scope: LimitScope, ip: string | ((i: number) => string), count: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < count; i++) {
    try {
      await limits.consume(scope, typeof ip === 'string' ? ip : ip(i));
      allowed++;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'rate_limited') throw error;
    }
  }
  return allowed;
}

interface Backend {
  store: LimitStore;
  limits: RateLimits;
  /** Another set of limits on the same store (as the other app's process has). */
  another(): Promise<RateLimits>;
  /** Points stored for a row key. */
  pointsOf(key: string): Promise<number>;
  close(): Promise<void>;
}

async function onDatabase(database: TestLimitDatabase, prefix: string): Promise<Backend> {
  const { storage } = database;
  return {
    store: 'database',
    limits: createRateLimits({ storage, redisUrl: null, prefix }),
    another: async () => createRateLimits({ storage, redisUrl: null, prefix }),
    pointsOf: (key) => database.pointsOf(key),
    close: () => database.close(),
  };
}

async function onRedis(url: string, prefix: string): Promise<Backend> {
  // With Redis set the database is not asked; the limits still get one, as the app's do.
  const database = createSqliteLimitDatabase();
  const open = async () => {
    const limits = createRateLimits({ storage: database.storage, redisUrl: url, prefix });
    await limits.ready();
    return limits;
  };
  const limits = await open();
  const redis = new Redis(url);
  return {
    store: 'redis',
    limits,
    another: open,
    pointsOf: async (key) => Number((await redis.get(key)) ?? 0),
    async close() {
      await limits.close();
      redis.disconnect();
      await database.close();
    },
  };
}

const backends: Array<[string, boolean, string, (prefix: string) => Promise<Backend>]> = [
  ['the database on SQLite', true, '', (prefix) => onDatabase(createSqliteLimitDatabase(), prefix)],
  ['the database on PostgreSQL', Boolean(postgresUrl), NEEDS_POSTGRES, async (prefix) => onDatabase(await createPostgresLimitDatabase(postgresUrl!), prefix)],
  ['Redis', Boolean(redisUrl), NEEDS_REDIS, (prefix) => onRedis(redisUrl!, prefix)],
];

for (const [name, ready, reason, open] of backends) {
  describeUnless(ready, reason)(`rate limits kept in ${name}`, () => {
    const prefix = `rl-test-${process.pid}-${Date.now().toString(36)}`;
    let backend: Backend;
    beforeAll(async () => {
      backend = await open(prefix);
    });
    afterAll(async () => {
      await backend?.close();
    });

    it('spends nothing of the day window on a request the minute window refuses', async () => {
      expect(await spend(backend.limits, 'rfq_links', '203.0.113.9', 25)).toBe(10);
      expect(await backend.pointsOf(`${prefix}:rfq_links:day:203.0.113.9`)).toBe(10);
      expect(backend.limits.store()).toBe(backend.store);
    });

    it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
      expect(await spend(backend.limits, 'rfq_links', (i) => `2001:db8:77:1::${(i + 1).toString(16)}`, 15)).toBe(10);
      expect(await backend.pointsOf(`${prefix}:rfq_links:day:2001:db8:77:1::/64`)).toBe(10);
      expect(await spend(backend.limits, 'rfq_links', '2001:db8:77:2::1', 1)).toBe(1);
    });

    it('answers past a limit with 429 rate_limited, the window, and the wait in seconds', async () => {
      await spend(backend.limits, 'handoffs', '198.51.100.7', 30);
      const error = await backend.limits.consume('handoffs', '198.51.100.7').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceError);
      const refused = error as ServiceError;
      expect(refused.code).toBe('rate_limited');
      expect(refused.details).toEqual({ scope: 'handoffs', limit: 30, window: 'minute' });
      expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(refused.message).toBe(`Too many requests: Order links allows 30 a minute from one address. Wait ${refused.retryAfterSeconds} s and try again.`);
    });

    it('counts the REST and MCP processes together: two limit sets on one store share the windows', async () => {
      const other = await backend.another();
      try {
        expect(await spend(backend.limits, 'rfq_links', '198.51.100.8', 6)).toBe(6);
        expect(await spend(other, 'rfq_links', '198.51.100.8', 6)).toBe(4);
      } finally {
        await other.close();
      }
    });
  });
}
