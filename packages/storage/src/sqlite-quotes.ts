// Quotes on SQLite through prepared statements on the storage's own better-sqlite3 connection: the
// quote insert and read sit on every POST and GET of a quote, and through Prisma each cost about
// five times the statement itself (query interpretation plus a fresh prepare per call). Inserts are
// group-committed with the other writes of the same event-loop turn (sqlite-write-batch.ts).
// Values are written exactly as Prisma's SQLite adapter writes them (DateTime as ISO-8601 text with
// +00:00), so Prisma's purge and any Prisma read see the same rows.
import type Database from 'better-sqlite3';
import { keepWithinRetention, retentionEnd, type QuoteRecord, type QuoteRepository } from './records';
import type { SqliteWrites } from './sqlite-write-batch';
import type { StorageGuard } from './storage-unavailable';

interface QuoteRow {
  id: string;
  created_at: string;
  expires_at: string;
  body: string;
  request: string;
  schema_version: number;
}

/** The text Prisma's SQLite adapter stores for a DateTime. */
export function toSqliteDateTime(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

const INSERT_QUOTE = 'INSERT INTO quotes (id, created_at, expires_at, body, request, schema_version) VALUES (?, ?, ?, ?, ?, ?)';
const KEEP_IMPORT = 'UPDATE plate_imports SET retain_until = ? WHERE id = ? AND retain_until < ?';

export function createSqliteQuoteRepository(connection: Database.Database, writes: SqliteWrites, guardStorage: StorageGuard): QuoteRepository {
  const select = connection.prepare<[string], QuoteRow>('SELECT id, created_at, expires_at, body, request, schema_version FROM quotes WHERE id = ?');
  return {
    async insert(quote) {
      const keepUntil = toSqliteDateTime(retentionEnd(quote.expiresAt));
      await guardStorage('store the quote', () =>
        writes.execute([
          { sql: INSERT_QUOTE, params: [quote.id, toSqliteDateTime(quote.createdAt), toSqliteDateTime(quote.expiresAt), quote.body, quote.request, quote.schemaVersion] },
          // The imports it names are kept at least as long as the quote, in the same transaction.
          ...[...new Set(quote.importIds ?? [])].map((id) => ({ sql: KEEP_IMPORT, params: [keepUntil, id, keepUntil] })),
        ]),
      );
    },
    async get(id, now) {
      const row = await guardStorage('read the quote', async () => select.get(id));
      if (!row) return null;
      const record: QuoteRecord = {
        id: row.id,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
        body: row.body,
        request: row.request,
        schemaVersion: row.schema_version,
      };
      return keepWithinRetention(record, now);
    },
  };
}
