// The console's audit log over the storage's database: rows are only ever added, and read newest first.
import { isIP } from 'node:net';
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

/** What a page of the log is narrowed to; every field optional, all given must hold. */
export interface AuditFilter {
  /** Entries done by this staff id; `null` for those done by nobody signed in (sign-in tries). */
  staffId?: string | null;
  action?: string;
  /** Entries about this subject (an e-mail as typed in a sign-in, a staff member's e-mail). */
  subject?: string;
  /** At or after. */
  from?: Date;
  /** Before. */
  to?: Date;
}

/** Where an entry may come from besides an IP address. */
const AUDIT_ORIGINS = new Set(['command line', 'system']);

/**
 * The address as the log keeps it: an IP address in its usual form (an IPv4 address mapped into
 * IPv6 written as IPv4, IPv6 lower-cased), one of the named origins, or `unknown` for anything
 * else: a header or a caller cannot write arbitrary text into the "from" column.
 */
export function normaliseAuditAddress(ip: string): string {
  const text = ip.trim();
  if (AUDIT_ORIGINS.has(text)) return text;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(text);
  if (mapped && isIP(mapped[1] as string) === 4) return mapped[1] as string;
  const kind = isIP(text);
  if (kind === 4) return text;
  if (kind === 6) return text.toLowerCase();
  return 'unknown';
}

export interface AuditLog {
  append(entry: NewAuditEntry): Promise<void>;
  /** Newest first; `before` an entry id from the previous page's `nextBefore`; narrowed by `filter`. */
  list(options: { limit: number; before?: number | null; filter?: AuditFilter }): Promise<AuditPage>;
  /** The actions written so far, each once, in order (the filter's choices). */
  actions(): Promise<string[]>;
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
        ip: normaliseAuditAddress(entry.ip),
      });
      await transact('keep the audit entry', function* () {
        yield insert;
      });
    },

    async list({ limit, before, filter = {} }) {
      const size = Math.max(1, Math.min(AUDIT_PAGE_MAX, Math.trunc(limit)));
      let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(size + 1);
      if (before !== undefined && before !== null) query = query.where('id', '<', before);
      if (filter.staffId !== undefined) query = filter.staffId === null ? query.where('staff_id', 'is', null) : query.where('staff_id', '=', filter.staffId);
      if (filter.action !== undefined) query = query.where('action', '=', filter.action);
      if (filter.subject !== undefined) query = query.where('subject', '=', filter.subject);
      if (filter.from !== undefined) query = query.where('at', '>=', toDbDateTime(filter.from));
      if (filter.to !== undefined) query = query.where('at', '<', toDbDateTime(filter.to));
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

    async actions() {
      const rows = await read('read the audit log', db.selectFrom('audit_log').select('action').distinct().orderBy('action'));
      return rows.map((row) => row.action);
    },

    async timesSince(action, match, since, limit) {
      let query = db.selectFrom('audit_log').select('at').where('action', '=', action).where('at', '>', toDbDateTime(since));
      query = 'subject' in match ? query.where('subject', '=', match.subject) : query.where('ip', '=', match.ip);
      const rows = await read('read the audit log', query.orderBy('at', 'desc').limit(limit));
      return rows.map((row) => fromDbDateTime(row.at)).reverse();
    },
  };
}
