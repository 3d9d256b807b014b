// The limits over the query builder openStorage hands out (`storage.db`), migrations and all, as the
// apps wire them: on a SQLite file always, on PostgreSQL when TEST_POSTGRES_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Client } from 'pg';
import { ServiceError } from '@shop/contracts';
import { openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import { NEEDS_POSTGRES, describeUnless } from '../../../../scripts/test/skip-unless';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';

const postgresUrl = process.env.TEST_POSTGRES_URL;

interface OpenedStorage {
  storage: Storage;
  /** Points stored for a row key, read on a connection of the test's own (0 when no row). */
  pointsOf(key: string): Promise<number>;
  close(): Promise<void>;
}

async function openSqlite(options: { lockWaitMs?: number } = {}): Promise<OpenedStorage & { file: string }> {
  const rootDir = mkdtempSync(path.join(os.tmpdir(), 'shop-storage-limits-'));
  const storage = await openStorage({ databaseUrl: 'file:./data/shop.db', rootDir, ...options });
  const file = path.join(rootDir, 'data', 'shop.db');
  return {
    storage,
    file,
    async pointsOf(key) {
      const reader = new Database(file, { readonly: true });
      try {
        return (reader.prepare('SELECT points FROM rate_limits WHERE key = ?').get(key) as { points: number } | undefined)?.points ?? 0;
      } finally {
        reader.close();
      }
    },
    async close() {
      await storage.close();
      rmSync(rootDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(baseUrl: string): Promise<OpenedStorage> {
  const schema = `storage_limits_${process.pid}_${Date.now().toString(36)}`;
  const url = new URL(baseUrl);
  url.searchParams.set('schema', schema);
  const storage = await openStorage({ databaseUrl: url.toString(), rootDir: os.tmpdir() });
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  return {
    storage,
    async pointsOf(key) {
      const { rows } = await admin.query<{ points: number }>(`SELECT points FROM "${schema}".rate_limits WHERE key = $1`, [key]);
      return rows[0]?.points ?? 0;
    },
    async close() {
      await storage.close();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

/** Spends `count` requests of rfq_links (10 a minute, 100 a day) and says how many were let through. */
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

const databases: Array<[string, boolean, () => Promise<OpenedStorage>]> = [
  ['sqlite', true, () => openSqlite()],
  ['postgresql', Boolean(postgresUrl), () => openPostgres(postgresUrl!)],
];

for (const [name, ready, open] of databases) {
  describeUnless(ready, NEEDS_POSTGRES)(`rate limits in the storage's own database on ${name}`, () => {
    let opened: OpenedStorage;
    beforeAll(async () => {
      opened = await open();
    });
    afterAll(async () => {
      await opened?.close();
    });

    it('limits by key in the database: points, then 429 with the time to wait; other addresses and prefixes count apart', async () => {
      const limits = createRateLimits({ storage: opened.storage, redisUrl: null, prefix: 'suite' });
      expect(limits.store()).toBe('database');
      expect(await spend(limits, '203.0.113.9', 10)).toBe(10);
      const error = await limits.consume('rfq_links', '203.0.113.9').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).code).toBe('rate_limited');
      expect((error as ServiceError).details).toEqual({ scope: 'rfq_links', limit: 10, window: 'minute' });
      expect((error as ServiceError).retryAfterSeconds).toBeGreaterThan(50);
      expect((error as ServiceError).retryAfterSeconds).toBeLessThanOrEqual(60);
      // The refused request keeps its minute point; the day holds exactly the requests let through.
      expect(await opened.pointsOf('suite:rfq_links:minute:203.0.113.9')).toBe(11);
      expect(await opened.pointsOf('suite:rfq_links:day:203.0.113.9')).toBe(10);

      expect(await spend(limits, '203.0.113.10', 1)).toBe(1);
      expect(await opened.pointsOf('suite:rfq_links:minute:203.0.113.10')).toBe(1);
      const other = createRateLimits({ storage: opened.storage, redisUrl: null, prefix: 'other' });
      expect(await spend(other, '203.0.113.9', 1)).toBe(1);
      expect(await opened.pointsOf('other:rfq_links:minute:203.0.113.9')).toBe(1);
      await Promise.all([limits.close(), other.close()]);
    });
  });
}

describe("rate limits in the storage's SQLite file while another process holds its write lock", () => {
  it('a count does not wait behind the lock: memory answers meanwhile, and the database is told once free', async () => {
    const opened = await openSqlite();
    const limits = createRateLimits({ storage: opened.storage, redisUrl: null, prefix: 'busy', lockWaitMs: 20 });
    const other = new Database(opened.file);
    try {
      other.exec('BEGIN IMMEDIATE');
      // Every count below answers while the lock is still held (a count waiting for it would never
      // come back before the COMMIT further down).
      expect(await spend(limits, '203.0.113.20', 12)).toBe(10);
      expect(await opened.pointsOf('busy:rfq_links:day:203.0.113.20')).toBe(0);
      other.exec('COMMIT');
      expect(await spend(limits, '203.0.113.20', 1)).toBe(0);
      expect(await opened.pointsOf('busy:rfq_links:day:203.0.113.20')).toBe(10);
      expect(await opened.pointsOf('busy:rfq_links:minute:203.0.113.20')).toBeGreaterThanOrEqual(10);
    } finally {
      other.close();
      await limits.close();
      await opened.close();
    }
  });
});
