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
    await storage.quotes.insert({ id: 'q_format', createdAt: created, expiresAt: addDays(created, 7), body: '{"id":"q_format"}', request: '{}', schemaVersion: 1 });
    const file = new Database(path.join(database.rootDir, 'data', 'shop.db'), { readonly: true });
    try {
      expect(file.prepare('SELECT created_at, expires_at FROM quotes WHERE id = ?').get('q_format')).toEqual({
        created_at: '2026-03-02T15:04:05.678+00:00',
        expires_at: '2026-03-09T15:04:05.678+00:00',
      });
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
});
