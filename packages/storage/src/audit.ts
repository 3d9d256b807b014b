// The console's audit log over either database: rows are only ever added, and read newest first.
import type { ColumnType, Generated, Kysely } from 'kysely';
import { dateFromDb, dateToDb } from './console-dates';

interface AuditLogTable {
  id: Generated<number>;
  at: ColumnType<string | Date, string, never>;
  staff_id: ColumnType<string | null, string | null, never>;
  action: ColumnType<string, string, never>;
  subject: ColumnType<string, string, never>;
  detail: ColumnType<string, string, never>;
  ip: ColumnType<string, string, never>;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}

export interface NewAuditEntry {
  at: Date;
  /** Who did it; null when nobody was signed in (a failed sign-in). */
  staffId: string | null;
  /** What was done, e.g. `sign_in`, `sign_in_failed`, `staff_added`. */
  action: string;
  /** What it was done to: an e-mail, a staff id. */
  subject: string;
  detail: Record<string, unknown>;
  /** From where: the client's address. */
  ip: string;
}

export interface AuditEntry extends NewAuditEntry {
  /** Grows with each entry: the order of the log. */
  id: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

/** The most entries one page may hold. */
export const AUDIT_PAGE_MAX = 200;

export interface AuditLog {
  append(entry: NewAuditEntry): Promise<void>;
  /** Newest first; `before` an entry id from the previous page's `nextBefore`. */
  list(options: { limit: number; before?: number | null }): Promise<AuditPage>;
  /**
   * When each `action` entry after `since` happened, oldest first, for one subject or one address
   * (at most `limit` of the newest). An entry exactly at `since` has left the window.
   */
  timesSince(action: string, match: { subject: string } | { ip: string }, since: Date, limit: number): Promise<Date[]>;
}

/** `database`: any Kysely whose tables include this one (the storage's whole database type). */
export function createAuditLog<DB extends AuditTables>(database: Kysely<DB>): AuditLog {
  // Kysely's database type is invariant; the constraint above is what makes this narrowing safe.
  const db = database as unknown as Kysely<AuditTables>;
  return {
    async append(entry) {
      await db
        .insertInto('audit_log')
        .values({
          at: dateToDb(entry.at),
          staff_id: entry.staffId,
          action: entry.action,
          subject: entry.subject,
          detail: JSON.stringify(entry.detail),
          ip: entry.ip,
        })
        .execute();
    },

    async list({ limit, before }) {
      const size = Math.max(1, Math.min(AUDIT_PAGE_MAX, Math.trunc(limit)));
      let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(size + 1);
      if (before !== undefined && before !== null) query = query.where('id', '<', before);
      const rows = await query.execute();
      const page = rows.slice(0, size);
      return {
        entries: page.map((row) => ({
          id: Number(row.id),
          at: dateFromDb(row.at),
          staffId: row.staff_id,
          action: row.action,
          subject: row.subject,
          detail: JSON.parse(row.detail) as Record<string, unknown>,
          ip: row.ip,
        })),
        nextBefore: rows.length > size ? Number(page[page.length - 1]?.id) : null,
      };
    },

    async timesSince(action, match, since, limit) {
      let query = db.selectFrom('audit_log').select('at').where('action', '=', action).where('at', '>', dateToDb(since));
      query = 'subject' in match ? query.where('subject', '=', match.subject) : query.where('ip', '=', match.ip);
      const rows = await query.orderBy('at', 'desc').limit(limit).execute();
      return rows.map((row) => dateFromDb(row.at)).reverse();
    },
  };
}
