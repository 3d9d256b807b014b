import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteDatabase } from '../test/harness';
import { StorageUnavailable, openStorage } from './index';
import { describeUnless } from '../../../scripts/test/skip-unless';

const now = new Date('2026-03-02T00:00:00.000Z');
const quote = (id: string, body = '{}') => ({ id, createdAt: now, expiresAt: now, body, request: '{}', schemaVersion: 1 });
const link = (id: string) => ({ id, createdAt: now, expiresAt: now, body: '{}', schemaVersion: 1 });

describe('an SQLite file removed or replaced under the running service', () => {
  it('answers every later write, and the health check, with StorageUnavailable once the file is removed', async () => {
    const database = createSqliteDatabase();
    const storage = await database.open();
    try {
      await storage.quotes.insert(quote('q_before'));
      unlinkSync(path.join(database.rootDir, 'data/shop.db'));
      const write = await storage.quotes.insert(quote('q_after')).catch((caught: unknown) => caught);
      expect(write).toBeInstanceOf(StorageUnavailable);
      expect((write as Error).message).toMatch(/The database file shop\.db was removed while the service ran/);
      await expect(storage.rfqLinks.insert(link('rfq_after'))).rejects.toBeInstanceOf(StorageUnavailable);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await expect(storage.health()).rejects.toThrow(/was removed/);
    } finally {
      await storage.close();
      await database.drop();
    }
  });

  it('notices another file put in its place', async () => {
    const database = createSqliteDatabase();
    const storage = await database.open();
    const file = path.join(database.rootDir, 'data/shop.db');
    try {
      await storage.quotes.insert(quote('q_before'));
      copyFileSync(file, `${file}.copy`);
      renameSync(`${file}.copy`, file);
      await expect(storage.quotes.insert(quote('q_after'))).rejects.toThrow(/was replaced by another file/);
      await expect(storage.health()).rejects.toBeInstanceOf(StorageUnavailable);
    } finally {
      await storage.close();
      await database.drop();
    }
  });
});

describe('the SQLite write lock held by another process', () => {
  it('says busy at once and lets a write wait for the lock without failing', async () => {
    const database = createSqliteDatabase();
    const storage = await database.open({ lockWaitMs: 2_000 });
    const other = new Database(path.join(database.rootDir, 'data/shop.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      await expect(storage.health()).resolves.toEqual({ state: 'busy' });
      const write = storage.rfqLinks.insert(link('rfq_waited'));
      const quoteWrite = storage.quotes.insert(quote('q_waited'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      other.exec('COMMIT');
      await expect(Promise.all([write, quoteWrite])).resolves.toBeDefined();
      await expect(storage.rfqLinks.get('rfq_waited', now)).resolves.toMatchObject({ id: 'rfq_waited' });
    } finally {
      other.close();
      await storage.close();
      await database.drop();
    }
  });
});

describe('the health check while writes wait for the lock', () => {
  it('says busy while writes wait for the lock, and the waiting writes are kept once it is free', async () => {
    const database = createSqliteDatabase();
    const storage = await database.open({ lockWaitMs: 5_000 });
    const other = new Database(path.join(database.rootDir, 'data/shop.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const settled: string[] = [];
      const waiting = storage.quotes.insert(quote('q_waiting')).then(() => settled.push('write'));
      // Let the batch meet the lock and start waiting for it.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const health = storage.health().then((answer) => {
        settled.push(`health ${answer.state}`);
      });
      await health;
      expect(settled).toEqual(['health busy']);
      other.exec('COMMIT');
      await waiting;
      expect(settled).toEqual(['health busy', 'write']);
      await expect(storage.quotes.get('q_waiting', now)).resolves.toMatchObject({ id: 'q_waiting' });
    } finally {
      other.close();
      await storage.close();
      await database.drop();
    }
  });
});

// A real full disk: a 4 MiB tmpfs (needs root to mount, as CI runs; skipped elsewhere).
function mountSmallDisk(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const disk = mkdtempSync(path.join(os.tmpdir(), 'shop-small-disk-'));
const mounted = process.platform === 'linux' && mountSmallDisk(disk);
afterAll(() => {
  if (mounted) execFileSync('umount', [disk]);
  rmSync(disk, { recursive: true, force: true });
});

describeUnless(mounted, 'mounting a 4 MiB tmpfs needs root, as CI runs')('a full disk', () => {
  it('answers the health check and the writes it cannot take with StorageUnavailable, and recovers once space is freed', async () => {
    mkdirSync(path.join(disk, 'data'), { recursive: true });
    const storage = await openStorage({ databaseUrl: 'file:./data/shop.db', rootDir: disk });
    const filler = path.join(disk, 'filler');
    try {
      await storage.quotes.insert(quote('q_before'));
      await expect(storage.health()).resolves.toEqual({ state: 'ok' });
      // Fill the disk to the last byte.
      const chunk = Buffer.alloc(64 * 1024);
      for (;;) {
        try {
          writeFileSync(filler, chunk, { flag: 'a' });
        } catch {
          break;
        }
      }
      for (let size = 4096; size >= 1; size = Math.floor(size / 2)) {
        try {
          for (;;) writeFileSync(filler, Buffer.alloc(size), { flag: 'a' });
        } catch {
          // the next smaller piece
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await expect(storage.health()).rejects.toThrow(/The disk holding the database has \d+ KiB free/);
      const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => storage.quotes.insert(quote(`q_full_${i}`, 'x'.repeat(20_000)))));
      const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason);
      expect(failures.length).toBeGreaterThan(0);
      for (const failure of failures) expect(failure).toBeInstanceOf(StorageUnavailable);

      unlinkSync(filler);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await expect(storage.health()).resolves.toEqual({ state: 'ok' });
      await storage.quotes.insert(quote('q_after'));
      await expect(storage.quotes.get('q_before', now)).resolves.toMatchObject({ id: 'q_before' });
    } finally {
      await storage.close();
    }
  }, 30_000);
});
