// The quotes list and handoffs: the staff's filters read from a query, each quote and handoff as
// stored, and their drawings made by the service (the same code as the REST app's).
import { MATERIAL_IDS, type Handoff, type Quote } from '@shop/contracts';
import { materialLabel } from './pages/staff-words';
import type { Runtime } from '@shop/runtime';
import {
  QUOTE_SOURCES,
  readListCursor,
  type HandoffRepository,
  type HandoffSummary,
  type ListPage,
  type QuoteListFilter,
  type QuoteRepository,
  type QuoteSummary,
} from '@shop/storage';

export interface QuoteDeps {
  quotes: Pick<QuoteRepository, 'list' | 'summary' | 'get'>;
  handoffs: Pick<HandoffRepository, 'list' | 'listForQuote'>;
  drawings: Pick<Runtime['service'], 'staffPreviewSvg' | 'staffDrawingDxf'>;
  now: () => Date;
}

/** The filters as typed in the form (echoed back into it and into the next page's link). */
export interface QuoteFilterForm {
  from: string;
  to: string;
  status: string;
  material: string;
  min: string;
  max: string;
  source: string;
}

export const FILTER_FIELDS = ['from', 'to', 'status', 'material', 'min', 'max', 'source'] as const;

/** A filter the form sent that cannot be read: the field and what to send. */
export interface FilterProblem {
  field: (typeof FILTER_FIELDS)[number] | 'after';
  message: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DOLLARS = /^\$?\s*(\d{1,9})(?:\.(\d{1,2}))?$/;
const SHOP_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });

/** Midnight starting a calendar day in the shop's time zone (Toronto: UTC-5, or UTC-4 in summer). */
function shopMidnight(year: number, month: number, day: number): Date | null {
  for (const offset of [5, 4]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, offset));
    const parts = Object.fromEntries(SHOP_DAY.formatToParts(candidate).map((part) => [part.type, part.value]));
    if (Number(parts.year) === year && Number(parts.month) === month && Number(parts.day) === day && Number(parts.hour) === 0) return candidate;
  }
  return null;
}

function readDay(text: string): Date | null {
  const match = DAY.exec(text);
  return match ? shopMidnight(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Dollars as typed ("12", "12.5", "$1234.56") to whole cents; null when it is not an amount. */
function dollarsToCents(text: string): number | null {
  const match = DOLLARS.exec(text.replaceAll(',', ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, 40) : '');

/** The query's filters: the form as typed, the storage filter, and what could not be read. */
export function readQuoteFilter(query: Record<string, unknown>, now: Date): { form: QuoteFilterForm; filter: QuoteListFilter; problems: FilterProblem[] } {
  const form = Object.fromEntries(FILTER_FIELDS.map((field) => [field, text(query[field])])) as unknown as QuoteFilterForm;
  const filter: QuoteListFilter = { now };
  const problems: FilterProblem[] = [];
  if (form.from) {
    const from = readDay(form.from);
    if (from) filter.createdFrom = from;
    else problems.push({ field: 'from', message: 'From must be a date (YYYY-MM-DD).' });
  }
  if (form.to) {
    const match = DAY.exec(form.to);
    // Through the end of that day: before the next day's midnight.
    const to = match ? readDay(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1)).toISOString().slice(0, 10)) : null;
    if (to) filter.createdBefore = to;
    else problems.push({ field: 'to', message: 'To must be a date (YYYY-MM-DD).' });
  }
  if (form.status === 'in_force' || form.status === 'expired') filter.status = form.status;
  else if (form.status) problems.push({ field: 'status', message: 'Status must be in force or expired.' });
  if ((MATERIAL_IDS as readonly string[]).includes(form.material)) filter.material = form.material;
  else if (form.material) problems.push({ field: 'material', message: `Choose a material from the list: ${MATERIAL_IDS.map(materialLabel).join(', ')}.` });
  for (const [field, key] of [['min', 'minTotalCents'], ['max', 'maxTotalCents']] as const) {
    if (!form[field]) continue;
    const cents = dollarsToCents(form[field]);
    if (cents === null) problems.push({ field, message: `${field === 'min' ? 'Minimum' : 'Maximum'} total must be an amount in dollars, e.g. 250 or 1234.50.` });
    else filter[key] = cents;
  }
  if ((QUOTE_SOURCES as readonly string[]).includes(form.source) || form.source === 'unknown') filter.source = form.source as QuoteListFilter['source'] & string;
  else if (form.source) problems.push({ field: 'source', message: 'Source must be REST, MCP, page or unknown.' });
  if (typeof query.after === 'string' && query.after !== '') {
    const after = readListCursor(query.after);
    if (after) filter.after = after;
    else problems.push({ field: 'after', message: 'The page link is damaged: start again from the first page.' });
  }
  return { form, filter, problems };
}

export async function listQuotes(deps: QuoteDeps, filter: QuoteListFilter): Promise<ListPage<QuoteSummary>> {
  return deps.quotes.list(filter);
}

export interface QuoteDetail {
  summary: QuoteSummary;
  quote: Quote;
  handoffs: HandoffView[];
}

/** A handoff as the lists show it: its stored body read, and the times its order page was served. */
export interface HandoffView {
  summary: HandoffSummary;
  handoff: Handoff;
}

const viewOf = (summary: HandoffSummary): HandoffView => ({ summary, handoff: JSON.parse(summary.body) as Handoff });

/** A quote as stored (its body, with the status as of now), and the handoffs naming it; null when none. */
export async function quoteDetail(deps: QuoteDeps, id: string): Promise<QuoteDetail | null> {
  const now = deps.now();
  const [summary, record] = await Promise.all([deps.quotes.summary(id, now), deps.quotes.get(id, now)]);
  if (!summary || !record) return null;
  const quote = JSON.parse(record.body) as Quote;
  if (now.getTime() > record.expiresAt.getTime()) quote.status = 'expired';
  return { summary, quote, handoffs: (await deps.handoffs.listForQuote(id, now)).map(viewOf) };
}

export async function listHandoffs(deps: QuoteDeps, after: string | undefined): Promise<ListPage<HandoffView> | null> {
  const cursor = after ? readListCursor(after) : null;
  if (after && !cursor) return null;
  const page = await deps.handoffs.list({ now: deps.now(), after: cursor });
  return { rows: page.rows.map(viewOf), next: page.next };
}
