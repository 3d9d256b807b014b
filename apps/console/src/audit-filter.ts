// The audit log's filters as GET parameters: who did it, what, about whom, and the days (Toronto's),
// read into the storage's filter; what cannot be read is said, never silently dropped.
import type { AuditFilter } from '@shop/storage';
import type { FieldProblem } from './pages/layout';
import { torontoToUtc } from './toronto-time';

export interface AuditFilterForm {
  /** A staff id, `nobody` (tries made before signing in), or ''. */
  who: string;
  action: string;
  subject: string;
  /** YYYY-MM-DD, Toronto's days, both included. */
  from: string;
  to: string;
}

const FIELDS = ['who', 'action', 'subject', 'from', 'to'] as const;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function day(text: string, offsetDays: number): Date | null {
  const match = DAY.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offsetDays));
  if (offsetDays === 0 && date.toISOString().slice(0, 10) !== text) return null;
  return torontoToUtc(`${date.toISOString().slice(0, 10)}T00:00`);
}

export function readAuditFilter(query: Record<string, unknown>): { form: AuditFilterForm; filter: AuditFilter; problems: FieldProblem[]; before: number | null } {
  const form = Object.fromEntries(FIELDS.map((name) => [name, typeof query[name] === 'string' ? (query[name] as string).trim().slice(0, 254) : ''])) as unknown as AuditFilterForm;
  const filter: AuditFilter = {};
  const problems: FieldProblem[] = [];
  if (form.who === 'nobody') filter.staffId = null;
  else if (form.who !== '') {
    if (/^st_[a-z2-7]{24}$/.test(form.who)) filter.staffId = form.who;
    else problems.push({ field: 'audit-who', message: 'Person must be someone from the list.' });
  }
  if (form.action !== '') {
    if (/^[a-z_]{1,60}$/.test(form.action)) filter.action = form.action;
    else problems.push({ field: 'audit-action', message: 'Action must be one from the list.' });
  }
  if (form.subject !== '') filter.subject = form.subject.toLowerCase();
  if (form.from !== '') {
    const from = day(form.from, 0);
    if (from) filter.from = from;
    else problems.push({ field: 'audit-from', message: 'From must be a date (YYYY-MM-DD).' });
  }
  if (form.to !== '') {
    // Through the end of that day: before the next day's midnight.
    const to = day(form.to, 0) && day(form.to, 1);
    if (to) filter.to = to;
    else problems.push({ field: 'audit-to', message: 'To must be a date (YYYY-MM-DD).' });
  }
  if (filter.from && filter.to && filter.from >= filter.to) problems.push({ field: 'audit-from', message: 'From must be on or before To.' });
  const before = typeof query.before === 'string' && /^[1-9]\d{0,15}$/.test(query.before) ? Number(query.before) : null;
  return { form, filter, problems, before };
}

/** The filter as a query string for the pager's links ('' when there is none). */
export function auditFilterQuery(form: AuditFilterForm): string {
  const params = new URLSearchParams();
  for (const name of FIELDS) if (form[name] !== '') params.set(name, form[name]);
  return params.toString();
}
