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
  expiresAt: Date;
  body: string;
  /** The version of the JSON shape the row holds (STORED_VERSIONS of @shop/contracts). */
  schemaVersion: number;
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

export interface IdempotencyRepository {
  /** Takes the key for this request unless another holds it (done, or still running and not stale). */
  claim(claim: IdempotencyClaim): Promise<IdempotencyOutcome>;
  /** Keeps the answer given for a claimed key. */
  complete(key: string, answer: { status: number; body: string }): Promise<void>;
  /** Gives a claimed key up (its request failed), so the same key may be sent again. */
  release(key: string): Promise<void>;
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
  insert(quote: QuoteRecord): Promise<void>;
  /** null when absent or past retention (now >= expiresAt + RETENTION_DAYS). */
  get(id: string, now: Date): Promise<QuoteRecord | null>;
}

export interface HandoffRepository {
  /** The handoff and its plate designs in one write: all or nothing. */
  insert(handoff: NewHandoff): Promise<void>;
  get(id: string, now: Date): Promise<HandoffRecord | null>;
}

export interface PlateDesignRepository {
  get(id: string, now: Date): Promise<PlateDesignRecord | null>;
  /** The designs a handoff stored (match them to its items by quoteId and itemIndex); none past retention. */
  listForHandoff(handoffId: string, now: Date): Promise<PlateDesignRecord[]>;
}

export interface RfqLinkRepository {
  insert(link: RfqLinkRecord): Promise<void>;
  get(id: string, now: Date): Promise<RfqLinkRecord | null>;
}

export interface PlateImportRepository {
  insert(plateImport: PlateImportRecord): Promise<void>;
  /** null when absent or past retention; an import past its own expires_at is the reader's to refuse. */
  get(id: string, now: Date): Promise<PlateImportRecord | null>;
}

export interface RfqSubmissionRepository {
  /** created false (and the first row's id) when the idempotency key was already used. */
  insert(submission: NewRfqSubmission): Promise<{ created: boolean; id: string }>;
  /** Newest first. */
  list(options?: { limit?: number }): Promise<RfqSubmissionRecord[]>;
}

function isPastRetention(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime() + RETENTION_DAYS * 86_400_000;
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
