// A Redis that hangs (stopped with SIGSTOP, as in a network partition) rather than one that is gone:
// the connection stays open and nothing answers. A redis-server of this test's own, on a free port
// (started as the reliability scripts start theirs).
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { ServiceError } from '@shop/contracts';
import { startRedisServer } from '../../../../reliability/checks/processes';
import { createRateLimits } from './rate-limits';
import type { LimitStore, RateLimits } from './rate-limits';
import { REDIS_RETRY_MS } from './redis-store';
import { createSqliteLimitDatabase } from './test-databases';
import type { SqliteLimitDatabase } from './test-databases';
import { describeUnless } from '../../../../scripts/test/skip-unless';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const run = describeUnless(hasRedisServer, 'redis-server is not on the PATH (apt-get install -y redis-server)');

async function commandsProcessed(admin: Redis): Promise<number> {
  const stats = await admin.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(stats)?.[1]);
}

run('rate limits when Redis hangs', () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  // With Redis set the database is asked only while Redis does not answer (the last test checks it).
  let database: SqliteLimitDatabase;
  let limits: RateLimits;
  let admin: Redis;
  const changes: LimitStore[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
    admin = new Redis(server.url);
    database = createSqliteLimitDatabase();
    limits = createRateLimits({ storage: database.storage, redisUrl: server.url, redisTimeoutMs: 50, prefix: 'hang', onStoreChange: (store) => changes.push(store) });
    await limits.ready();
  }, 20_000);
  afterAll(async () => {
    server?.child.kill('SIGCONT');
    await limits?.close();
    admin?.disconnect();
    server?.stop();
    await database?.close();
  });

  it('counts in Redis while it answers', async () => {
    expect(limits.store()).toBe('redis');
    await limits.consume('pricing', '192.0.2.1');
    expect(await admin.get('hang:pricing:minute:192.0.2.1')).toBe('1');
  });

  it('past one timeout counts in the shared database and stops asking Redis, then goes back to it once it answers', async () => {
    // What one priced request (both windows) sends to Redis, counted the same way.
    const start = await commandsProcessed(admin);
    await limits.consume('pricing', '192.0.2.9');
    const before = await commandsProcessed(admin);
    const perRequest = before - start - 1;
    expect(perRequest).toBeGreaterThan(0);
    server.child.kill('SIGSTOP');
    // 60 requests of two windows each while Redis hangs: all counted in the database, none refused
    // (the address is new), and the 61st refused by it.
    let allowed = 0;
    for (let i = 0; i < 61; i += 1) {
      try {
        await limits.consume('pricing', '192.0.2.2');
        allowed += 1;
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceError);
        expect((error as ServiceError).code).toBe('rate_limited');
      }
    }
    expect(allowed).toBe(60);
    expect(limits.store()).toBe('database');
    expect(changes).toEqual(['redis', 'database']);

    server.child.kill('SIGCONT');
    // What reached Redis during the hang: the first request's calls (the ones that timed out), not
    // those of 61 requests; the next probe waits a second.
    const during = (await commandsProcessed(admin)) - before - 1;
    expect(during).toBeLessThanOrEqual(perRequest);

    await new Promise((resolve) => setTimeout(resolve, REDIS_RETRY_MS + 50));
    await limits.consume('pricing', '192.0.2.3');
    expect(limits.store()).toBe('redis');
    expect(changes).toEqual(['redis', 'database', 'redis']);
    expect(await admin.get('hang:pricing:minute:192.0.2.3')).toBe('1');
  }, 20_000);

  it('never lets one address spend more than a window\'s limit in all: before, during and after a hang', async () => {
    const ip = '192.0.2.50';
    let allowed = 0;
    const attempt = async (times: number) => {
      for (let i = 0; i < times; i += 1) {
        try {
          await limits.consume('pricing', ip);
          allowed += 1;
        } catch (error) {
          expect((error as ServiceError).code).toBe('rate_limited');
        }
      }
    };
    expect(limits.store()).toBe('redis');
    await attempt(30);
    expect(await admin.get('hang:pricing:minute:192.0.2.50')).toBe('30');
    server.child.kill('SIGSTOP');
    // Counted in the database while Redis hangs, from the 30 Redis had: only what is left of the minute's 60.
    await attempt(61);
    expect(limits.store()).toBe('database');
    expect(allowed).toBe(60);
    server.child.kill('SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, REDIS_RETRY_MS + 50));
    // Redis is back and counted fewer than 60 for this address: the points spent meanwhile still hold.
    await attempt(61);
    expect(limits.store()).toBe('redis');
    expect(allowed).toBe(60);
    // Redis was told of the points spent in the database with the address's first call once it answered.
    expect(Number(await admin.get('hang:pricing:minute:192.0.2.50'))).toBeGreaterThanOrEqual(60);
  }, 20_000);

  it('tells Redis of the points a process spent in the database, so another process sharing it counts them', async () => {
    const ip = '192.0.2.60';
    const other = createRateLimits({ storage: database.storage, redisUrl: server.url, redisTimeoutMs: 50, prefix: 'hang' });
    await other.ready();
    try {
      await other.consume('pricing', ip);
      server.child.kill('SIGSTOP');
      for (let i = 0; i < 40; i += 1) await limits.consume('pricing', ip);
      server.child.kill('SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, REDIS_RETRY_MS + 50));
      // This process's next call carries its 40 to Redis; the other process then sees 42 spent.
      await limits.consume('pricing', ip);
      expect(Number(await admin.get('hang:pricing:minute:192.0.2.60'))).toBeGreaterThanOrEqual(42);
      let allowed = 0;
      for (let i = 0; i < 30; i += 1) {
        try {
          await other.consume('pricing', ip);
          allowed += 1;
        } catch (error) {
          expect((error as ServiceError).code).toBe('rate_limited');
        }
      }
      expect(allowed).toBeLessThanOrEqual(18);
    } finally {
      await other.close();
    }
  }, 20_000);

  it('asked the database only while Redis hung: the 40 points spent then are there', async () => {
    expect(database.executed.length).toBeGreaterThan(0);
    expect(await database.pointsOf('hang:pricing:minute:192.0.2.60')).toBe(40);
    expect(await database.pointsOf('hang:pricing:minute:192.0.2.1')).toBe(0);
  });
});
