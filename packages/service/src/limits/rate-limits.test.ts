// The limits on a SQLite file whose write lock another process holds: counted in memory meanwhile,
// from the database's own figure, and the database told of those points once it is free.
import { ServiceError } from '@shop/contracts';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';
import { createSqliteLimitDatabase } from './test-databases';
import type { SqliteLimitDatabase } from './test-databases';

async function spend(limits: RateLimits, ip: string, count: number): Promise<number> {
  let allowed = 0;
  for (let i = 0; i < count; i++) {
    try {
      await limits.consume('rfq_links', ip);
      allowed++;
    } catch (error) {
      if (!(error instanceof ServiceError) || error.code !== 'rate_limited') throw error;
    }
  }
  return allowed;
}

describe('rate limits in the database while another process holds its write lock', () => {
  let database: SqliteLimitDatabase;
  let limits: RateLimits;
  beforeEach(() => {
    database = createSqliteLimitDatabase();
    limits = createRateLimits({ storage: database.storage, redisUrl: null, prefix: 'lock', lockWaitMs: 20 });
  });
  afterEach(async () => {
    await limits.close();
    await database.close();
  });

  it('lets through only what was left of the window, then tells the database of it once free', async () => {
    const ip = '203.0.113.70';
    expect(await spend(limits, ip, 7)).toBe(7);
    const other = database.connect();
    try {
      other.exec('BEGIN IMMEDIATE');
      // 3 of the minute's 10 are left: counted in memory from the database's 7, not from nothing.
      expect(await spend(limits, ip, 5)).toBe(3);
      expect(await database.pointsOf('lock:rfq_links:minute:203.0.113.70')).toBe(7);
      other.exec('COMMIT');
    } finally {
      other.close();
    }
    expect(await spend(limits, ip, 3)).toBe(0);
    // The day window holds exactly the requests let through; the minute at least as many.
    expect(await database.pointsOf('lock:rfq_links:day:203.0.113.70')).toBe(10);
    expect(await database.pointsOf('lock:rfq_links:minute:203.0.113.70')).toBeGreaterThanOrEqual(10);
    expect(limits.store()).toBe('database');
  });

  it('counts an address first seen during the lock from nothing, and never past the limit', async () => {
    const other = database.connect();
    try {
      other.exec('BEGIN IMMEDIATE');
      expect(await spend(limits, '203.0.113.71', 15)).toBe(10);
      other.exec('COMMIT');
    } finally {
      other.close();
    }
    expect(await spend(limits, '203.0.113.71', 5)).toBe(0);
    expect(await database.pointsOf('lock:rfq_links:day:203.0.113.71')).toBe(10);
  });
});
