import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import { ServiceError } from '@shop/contracts';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';

const redisUrl = process.env.TEST_REDIS_URL;

/** Spends `count` requests of the scope and says how many were let through. */
async function spend(limits: RateLimits, scope: 'rfq_links' | 'pricing', ip: string | ((i: number) => string), count: number): Promise<number> {
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

describe.each([
  ['the shared database', 'database'],
  ...(redisUrl ? [['Redis', 'redis'] as const] : []),
] as const)('rate limits kept in %s', (_name, kind) => {
  let dir: string;
  let storage: Storage;
  let limits: RateLimits;
  let redis: Redis | null = null;
  const prefix = `rl-test-${process.pid}-${Date.now().toString(36)}`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shop-limits-'));
    storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: dir });
    limits = createRateLimits({ storage, redisUrl: kind === 'redis' ? redisUrl! : null, prefix });
    await limits.ready();
    if (kind === 'redis') redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    await limits.close();
    await storage.close();
    redis?.disconnect();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Points spent in a window, read from the store itself. */
  async function pointsIn(scope: string, window: 'minute' | 'day', key: string): Promise<number> {
    const id = `${prefix}:${scope}:${window}:${key}`;
    if (redis) return Number((await redis.get(`${id}`)) ?? 0);
    const db = new Database(path.join(dir, 'shop.db'), { readonly: true });
    try {
      const row = db.prepare('SELECT points FROM rate_limits WHERE key = ?').get(id) as { points: number } | undefined;
      return row?.points ?? 0;
    } finally {
      db.close();
    }
  }

  it('spends nothing of the day window on a request the minute window refuses', async () => {
    expect(await spend(limits, 'rfq_links', '203.0.113.9', 25)).toBe(10);
    expect(await pointsIn('rfq_links', 'day', '203.0.113.9')).toBe(10);
    expect(limits.store()).toBe(kind);
  });

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    expect(await spend(limits, 'rfq_links', (i) => `2001:db8:77:1::${(i + 1).toString(16)}`, 15)).toBe(10);
    expect(await pointsIn('rfq_links', 'day', '2001:db8:77:1::/64')).toBe(10);
    expect(await spend(limits, 'rfq_links', '2001:db8:77:2::1', 1)).toBe(1);
  });
});
