// The console's audit log over the storage's database: rows are only ever added, and read newest first.
import { fromDbDateTime, toDbDateTime } from '../database';
import type { StorageAccess } from '../storage';

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

export function createAuditLog(storage: StorageAccess): AuditLog {
  const { db, read, transact } = storage;
  return {
    async append(entry) {
      const insert = db.insertInto('audit_log').values({
        at: toDbDateTime(entry.at),
        staff_id: entry.staffId,
        action: entry.action,
        subject: entry.subject,
        detail: JSON.stringify(entry.detail),
        ip: entry.ip,
      });
      await transact('keep the audit entry', function* () {
        yield insert;
      });
    },

    async list({ limit, before }) {
      const size = Math.max(1, Math.min(AUDIT_PAGE_MAX, Math.trunc(limit)));
      let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(size + 1);
      if (before !== undefined && before !== null) query = query.where('id', '<', before);
      const rows = await read('read the audit log', query);
      const page = rows.slice(0, size);
      return {
        entries: page.map((row) => ({
          id: Number(row.id),
          at: fromDbDateTime(row.at),
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
      let query = db.selectFrom('audit_log').select('at').where('action', '=', action).where('at', '>', toDbDateTime(since));
      query = 'subject' in match ? query.where('subject', '=', match.subject) : query.where('ip', '=', match.ip);
      const rows = await read('read the audit log', query.orderBy('at', 'desc').limit(limit));
      return rows.map((row) => fromDbDateTime(row.at)).reverse();
    },
  };
}
