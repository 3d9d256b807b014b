// Rows as the service reads and writes them. Bodies are JSON text kept byte for byte.

export const RETENTION_DAYS = 30;

export interface QuoteRecord {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  /** The quote JSON exactly as returned to the client. */
  body: string;
  /** The normalised request JSON (plates are drawn again from it). */
  request: string;
  /** The version of the JSON shape the row holds (STORED_VERSIONS of @shop/contracts). */
  schemaVersion: number;
}

/** Where a quote was asked for: the REST API, the MCP tool server, or a page behind a link. */
export const QUOTE_SOURCES = ['rest', 'mcp', 'page'] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

/** What the staff's list shows and filters on, kept in columns beside the body (never in it). */
export interface QuoteListing {
  source: QuoteSource;
  itemCount: number;
  /** amount_total_cents (with HST); null for a blocked quote. */
  totalCents: number | null;
  /** The plate items' material codes, each once. */
  materials: readonly string[];
}

/**
 * The answer of an idempotent request, written in the transaction of the record it made, so a retry
 * after any crash finds it: set on the claimed key (the hash of its scope) if still unanswered.
 */
export interface IdempotentAnswer {
  key: string;
  status: number;
  body: string;
  /** The answer is this import's body, byte for byte: the key keeps the reference (body unused). */
  plateImportId?: string;
}

/** A quote to keep, and the imports its request names by id (each kept at least as long as the quote). */
export interface NewQuote extends QuoteRecord {
  importIds?: readonly string[];
  /** The request's Idempotency-Key answer, kept in the quote's own write. */
  idempotentAnswer?: IdempotentAnswer;
  /** Absent: the listing columns stay null, as on rows kept before they were recorded. */
  listing?: QuoteListing;
}

/** A quote as the staff's list shows it; the listing's fields are null on rows kept before them. */
export interface QuoteSummary {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  source: QuoteSource | null;
  itemCount: number | null;
  totalCents: number | null;
  materials: string[] | null;
}

/** Where a page of a newest-first list ends: the next page starts after it. */
export interface ListCursor {
  createdAt: Date;
  id: string;
}

/** The staff's filters; every one given must hold. */
export interface QuoteListFilter {
  /** Status and retention are judged at this time (a quote is expired once now is past expires_at). */
  now: Date;
  /** created_at >= createdFrom */
  createdFrom?: Date;
  /** created_at < createdBefore */
  createdBefore?: Date;
  status?: 'in_force' | 'expired';
  /** A material code some plate item of the quote is in. */
  material?: string;
  minTotalCents?: number;
  maxTotalCents?: number;
  /** `unknown`: rows kept before the source was recorded. */
  source?: QuoteSource | 'unknown';
  /** 1 to 200; default 50. */
  limit?: number;
  after?: ListCursor | null;
}

export interface ListPage<T> {
  rows: T[];
  /** Set when more rows may follow. */
  next: ListCursor | null;
}

/** A handoff as the staff's lists show it, with the times its order page was served. */
export interface HandoffSummary extends HandoffRecord {
  opens: number;
}

export interface HandoffRecord {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  body: string;
  /** The version of the JSON shape the row holds (STORED_VERSIONS of @shop/contracts). */
  schemaVersion: number;
}

export interface PlateDesignRecord {
  id: string;
  quoteId: string;
  itemIndex: number;
  createdAt: Date;
  expiresAt: Date;
  design: string;
  /** The version of the JSON shape the row holds (STORED_VERSIONS of @shop/contracts). */
  schemaVersion: number;
}

export interface NewHandoff extends HandoffRecord {
  designs: PlateDesignRecord[];
  /** `handoff.created`, written to the outbox in the same unit. */
  event?: OutboxEvent;
  /** The quotes it names (kept in handoff_quotes, so a quote's page finds it). */
  quoteIds?: readonly string[];
  /** The request's Idempotency-Key answer, kept in the handoff's own write. */
  idempotentAnswer?: IdempotentAnswer;
}

export interface RfqLinkRecord {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  body: string;
  /** The version of the JSON shape the row holds (STORED_VERSIONS of @shop/contracts). */
  schemaVersion: number;
}

/** A drawing imported into a plate part: the plate_import as answered. */
export interface PlateImportRecord {
  id: string;
  createdAt: Date;
  /** After this the import can no longer be named in a new quote. */
  expiresAt: Date;
  /**
   * The row is kept until then: its own expiry while no quote names it, or RETENTION_DAYS past the
   * expiry of the last quote naming it (set by QuoteRepository.insert).
   */
  retainUntil: Date;
  /** The plate_import answer as JSON text (kept deflated: about 7 bytes a vertex instead of 23). */
  body: string;
  /** The version of the JSON shape the row holds (STORED_VERSIONS of @shop/contracts). */
  schemaVersion: number;
  /** What quotes of the part need, found once when the drawing was read (JSON text), if anything. */
  survey?: string | null;
  /** Who sent the drawing (the rate limits' client key): counted against that client's daily bytes. */
  clientKey?: string | null;
}

export interface RfqSubmissionRecord {
  id: string;
  rfqLinkId: string;
  createdAt: Date;
  body: string;
  /** The version of the JSON shape the row holds (STORED_VERSIONS of @shop/contracts). */
  schemaVersion: number;
}

export interface NewRfqSubmission extends RfqSubmissionRecord {
  /** A second submission with the same key is not stored again. */
  idempotencyKey: string;
  /** `rfq_submission.created`, written to the outbox in the same unit (and not at all for a repeat). */
  event?: OutboxEvent;
}

/** An Idempotency-Key's row: the hash of its scope (client, route, key) and of the body it came with. */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
  now: Date;
  /** How long the answer is kept for the same key. */
  keepMs: number;
  /** A first request still running after this long is taken as dead: its key may be claimed again. */
  staleMs: number;
}

/** What a claim found: the key is now this request's, or the first request's state. */
export type IdempotencyOutcome =
  | { claimed: true }
  | { claimed: false; requestHash: string; answer: { status: number; body: string } | null };

/**
 * The answer kept for a key: its body, or (an imported drawing, whose answer is the body of its
 * plate_imports row byte for byte) the import's id in place of a second copy of the body.
 */
export type KeptAnswer = { status: number; body: string } | { status: number; plateImportId: string };

export interface IdempotencyRepository {
  /** Takes the key for this request unless another holds it (done, or still running and not stale). */
  claim(claim: IdempotencyClaim): Promise<IdempotencyOutcome>;
  /** Keeps the answer given for a claimed key; a claim that finds it answers with the body (an import's read from its row). */
  complete(key: string, answer: KeptAnswer): Promise<void>;
  /** Gives a claimed key up (its request failed), so the same key may be sent again. */
  release(key: string): Promise<void>;
  /** The key's row as a claim would find it, without claiming it; null when none is kept (or it is past its 24 hours). */
  find(key: string, now: Date): Promise<{ requestHash: string; answer: { status: number; body: string } | null } | null>;
}

export interface PurgeCounts {
  quotes: number;
  designs: number;
  handoffs: number;
  rfqLinks: number;
  plateImports: number;
  /** Rate-limit windows that ended over an hour ago. */
  rateLimits: number;
  /** Idempotency keys past their 24 hours. */
  idempotencyKeys: number;
}

export interface QuoteRepository {
  /** Keeps the quote and, in the same write, moves each named import's retainUntil to at least the quote's. */
  insert(quote: NewQuote): Promise<void>;
  /** null when absent or past retention (now >= expiresAt + RETENTION_DAYS). */
  get(id: string, now: Date): Promise<QuoteRecord | null>;
  /** Newest first, filtered on the listing's columns; none past retention. */
  list(filter: QuoteListFilter): Promise<ListPage<QuoteSummary>>;
  /** One quote's summary; null when absent or past retention. */
  summary(id: string, now: Date): Promise<QuoteSummary | null>;
}

export interface HandoffRepository {
  /** The handoff, its plate designs and the quotes it names in one write: all or nothing. */
  insert(handoff: NewHandoff): Promise<void>;
  get(id: string, now: Date): Promise<HandoffRecord | null>;
  /** Counts one serving of its order page: one UPDATE, nothing read. */
  recordOpen(id: string): Promise<void>;
  /** Newest first (limit 1 to 200, default 50); none past retention. */
  list(options: { now: Date; limit?: number; after?: ListCursor | null }): Promise<ListPage<HandoffSummary>>;
  /** The handoffs naming a quote, newest first; none past retention. */
  listForQuote(quoteId: string, now: Date): Promise<HandoffSummary[]>;
}

export interface PlateDesignRepository {
  get(id: string, now: Date): Promise<PlateDesignRecord | null>;
  /** The designs a handoff stored (match them to its items by quoteId and itemIndex); none past retention. */
  listForHandoff(handoffId: string, now: Date): Promise<PlateDesignRecord[]>;
}

export interface RfqLinkRepository {
  /** With the request's Idempotency-Key answer, kept in the same write. */
  insert(link: RfqLinkRecord & { idempotentAnswer?: IdempotentAnswer }): Promise<void>;
  get(id: string, now: Date): Promise<RfqLinkRecord | null>;
}

export interface PlateImportRepository {
  /** With the request's Idempotency-Key answer (the import itself), kept in the import's own write. */
  insert(plateImport: PlateImportRecord & { idempotentAnswer?: IdempotentAnswer }): Promise<void>;
  /**
   * null when absent or past retainUntil; an import past its own expires_at is the reader's to
   * refuse where a new quote names it (a kept quote's reference still reads it).
   */
  get(id: string, now: Date): Promise<PlateImportRecord | null>;
  /**
   * Bytes the imports a client sent since `since` hold in the store (bodies as kept, and their
   * surveys), and when the oldest of them was made (null for none).
   */
  storedBytesSince(clientKey: string, since: Date): Promise<{ bytes: number; oldest: Date | null }>;
}

export interface RfqSubmissionRepository {
  /** created false (and the first row's id) when the idempotency key was already used. */
  insert(submission: NewRfqSubmission): Promise<{ created: boolean; id: string }>;
  /** Newest first. */
  list(options?: { limit?: number }): Promise<RfqSubmissionRecord[]>;
  /** One submission by id; null when there is none (submissions are never purged). */
  get(id: string): Promise<RfqSubmissionRecord | null>;
}

function isPastRetention(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= retentionEnd(expiresAt).getTime();
}

/** When a row that expires at `expiresAt` is gone: RETENTION_DAYS later. */
export function retentionEnd(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() + RETENTION_DAYS * 86_400_000);
}

/** An import's row as read, or null once past its retainUntil. */
export function keepImportWithinRetention(row: PlateImportRecord | null, now: Date): PlateImportRecord | null {
  return row !== null && now.getTime() < row.retainUntil.getTime() ? row : null;
}

/** Rows a purge deletes in one statement before it lets the event loop take a turn. */
export const PURGE_SLICE_ROWS = 1000;

/** How a purge runs: the rows per slice (tests use small slices). */
export interface PurgeOptions {
  sliceRows?: number;
}

/** Waits for the event loop to take a turn (timers and I/O answered) between two slices of a purge. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function computeRetentionCutoff(now: Date): Date {
  return new Date(now.getTime() - RETENTION_DAYS * 86_400_000);
}

/** The row as read, or null once it is past retention (each repository's `get` answers this way). */
export function keepWithinRetention<T extends { expiresAt: Date }>(row: T | null, now: Date): T | null {
  return row !== null && !isPastRetention(row.expiresAt, now) ? row : null;
}

const DEFAULT_LIST_LIMIT = 100;
const MAX_LIST_LIMIT = 1000;

/** The number of rows a list returns: a whole number from 1 to 1000, 100 when not given. */
export function clampListLimit(limit: number | undefined): number {
  return Math.min(Math.max(Math.trunc(limit ?? DEFAULT_LIST_LIMIT), 1), MAX_LIST_LIMIT);
}

/** An event to put in the outbox with its record: one e-mail row and one row per subscribed webhook endpoint. */
export interface OutboxEvent {
  /** `rfq_submission.created`, ... */
  type: string;
  /** What it is about, as the console finds it: `order/or_...`, `quote/sub_...`, `handoff/h_...`, `price_book/<version>`. */
  subject: string;
  /** The event JSON, `{type, timestamp, data}`, as every row of it carries it. */
  payload: string;
  createdAt: Date;
}

/** Who is told besides the webhook endpoints: the shop's e-mail recipients (a comma list), or null without SMTP. */
export interface OutboxTargets {
  mailTo: string | null;
}

const DEFAULT_PAGE_ROWS = 50;
const MAX_PAGE_ROWS = 200;

/** The rows a page of a staff list holds: a whole number from 1 to 200, 50 when not given. */
export function clampPageRows(limit: number | undefined): number {
  return Math.min(Math.max(Math.trunc(limit ?? DEFAULT_PAGE_ROWS), 1), MAX_PAGE_ROWS);
}

/** A cursor as text for a link (`<ms>.<id>`), and back; null for text that is not one. */
export function writeListCursor(cursor: ListCursor): string {
  return `${cursor.createdAt.getTime()}.${cursor.id}`;
}

export function readListCursor(text: string): ListCursor | null {
  const match = /^(\d{1,15})\.([A-Za-z0-9_]{1,64})$/.exec(text);
  if (!match) return null;
  const createdAt = new Date(Number(match[1]));
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: match[2]! };
}
