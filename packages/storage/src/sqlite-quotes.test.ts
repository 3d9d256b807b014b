import path from 'node:path';
import Database from 'better-sqlite3';
import { addDays, createSqliteDatabase, type TestDatabase } from '../test/harness';
import type { Storage } from './index';

const created = new Date('2026-03-02T15:04:05.678Z');

describe('quotes on SQLite (prepared statements beside Prisma)', () => {
  let database: TestDatabase;
  let storage: Storage;

  beforeAll(async () => {
    database = createSqliteDatabase();
    storage = await database.open();
  });

  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  it('stores dates as the same text Prisma writes, so Prisma reads and purges the rows alike', async () => {
    // The same instant written twice: the quote by our prepared statement, a quote-request link by
    // Prisma's own SQLite adapter. The stored texts must match, whatever Prisma's format is today.
    await storage.quotes.insert({ id: 'q_format', createdAt: created, expiresAt: addDays(created, 7), body: '{"id":"q_format"}', request: '{}', schemaVersion: 1 });
    await storage.rfqLinks.insert({ id: 'rfq_format', createdAt: created, expiresAt: addDays(created, 7), body: '{}', schemaVersion: 1 });
    const file = new Database(path.join(database.rootDir, 'data', 'shop.db'), { readonly: true });
    try {
      const ours = file.prepare('SELECT created_at, expires_at FROM quotes WHERE id = ?').get('q_format');
      const prismas = file.prepare('SELECT created_at, expires_at FROM rfq_links WHERE id = ?').get('rfq_format');
      expect(typeof (prismas as { created_at: unknown }).created_at).toBe('string');
      expect(ours).toEqual(prismas);
    } finally {
      file.close();
    }
    await expect(storage.quotes.get('q_format', created)).resolves.toEqual({
      id: 'q_format',
      createdAt: created,
      expiresAt: addDays(created, 7),
      body: '{"id":"q_format"}',
      request: '{}',
      schemaVersion: 1,
    });
  });

  it('is purged by Prisma past retention like the rows Prisma writes', async () => {
    const old = new Date('2025-01-01T00:00:00.000Z');
    await storage.quotes.insert({ id: 'q_old', createdAt: old, expiresAt: addDays(old, 7), body: '{}', request: '{}', schemaVersion: 1 });
    const counts = await storage.purgeExpired(new Date('2026-03-02T00:00:00.000Z'));
    expect(counts.quotes).toBe(1);
    await expect(storage.quotes.get('q_old', old)).resolves.toBeNull();
    await expect(storage.quotes.get('q_format', created)).resolves.not.toBeNull();
  });
});
