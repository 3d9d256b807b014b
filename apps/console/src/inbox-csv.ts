// The inbox as CSV (RFC 4180): one row a lead, for a spreadsheet. Fields a spreadsheet would read as
// a formula get a leading apostrophe.
import type { Lead } from './inbox';

const CSV_HEADER = ['kind', 'id', 'received', 'state', 'name', 'email', 'phone', 'company', 'total', 'assignee', 'link', 'note'] as const;

/** One field: a leading apostrophe before = + - @ tab or CR; quoted (quotes doubled) when it holds a comma, quote or line break. */
function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Whole cents as dollars with two decimals and no grouping, e.g. 113000 -> 1130.00 (integer arithmetic). */
function csvDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The header and one line a lead, each ended by CRLF. `names`: staff names by id; `consoleUrl`: the
 * links' origin; `cappedAt`: the list went on past this many rows, said in a last line of its own.
 */
export function leadsCsv(leads: Lead[], names: Map<string, string>, consoleUrl: string, cappedAt: number | null = null): string {
  const base = consoleUrl.replace(/\/+$/, '');
  const rows = leads.map((lead) => [
    lead.kind,
    lead.id,
    lead.createdAt.toISOString(),
    lead.status.state,
    lead.name,
    lead.email,
    lead.phone ?? '',
    lead.company ?? '',
    lead.totalCents === null ? '' : csvDollars(lead.totalCents),
    lead.status.assigneeId === null ? '' : (names.get(lead.status.assigneeId) ?? lead.status.assigneeId),
    `${base}/inbox/${lead.kind}/${encodeURIComponent(lead.id)}`,
    // The customer's note to the shop, line breaks kept inside its quoted field.
    lead.erasedAt ? '' : (lead.note ?? ''),
  ]);
  const note = cappedAt === null ? [] : [[`# stopped at ${cappedAt} rows: more requests match; narrow the filter to export the rest`]];
  return [CSV_HEADER as readonly string[], ...rows, ...note].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
