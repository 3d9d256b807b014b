// The repositories of a SQLite storage on better-sqlite3, so SQLite needs no Prisma client: reads
// are statements prepared once on the storage's connection, every write goes through SqliteWrites
// (the group commit of sqlite-write-batch.ts). Behaviour and stored values are
// those of the Prisma repositories in repositories.ts, so rows written by either read alike. Dates
// are the fixed-width text toSqliteDateTime gives (always milliseconds, +00:00), so comparing them
// as text, as the purge does, compares the instants.
import type Database from 'better-sqlite3';
import {
  computeRetentionCutoff,
  clampListLimit,
  keepWithinRetention,
  type HandoffRecord,
  type HandoffRepository,
  type IdempotencyRepository,
  type PlateDesignRecord,
  type PlateDesignRepository,
  type PlateImportRecord,
  type PlateImportRepository,
  type PurgeCounts,
  type RfqLinkRecord,
  type RfqLinkRepository,
  type RfqSubmissionRecord,
  type RfqSubmissionRepository,
} from './records';
import { toSqliteDateTime } from './sqlite-quotes';
import type { SqliteStatement, SqliteWrites } from './sqlite-write-batch';
import type { Storage } from './storage';
import type { StorageGuard } from './storage-unavailable';

/** The storage's repositories other than quotes (sqlite-quotes.ts), and its purge. */
export type SqliteRepositories = Pick<Storage, 'handoffs' | 'designs' | 'rfqLinks' | 'plateImports' | 'rfqSubmissions' | 'idempotencyKeys' | 'purgeExpired'>;

/** Rate-limit windows are purged an hour after they end. */
const RATE_LIMIT_GRACE_MS = 3_600_000;

/** handoffs, rfq_links and plate_imports share these columns. */
interface DocumentRow {
  id: string;
  created_at: string;
  expires_at: string;
  body: string;
  schema_version: number;
}

interface DesignRow {
  id: string;
  quote_id: string;
  item_index: number;
  created_at: string;
  expires_at: string;
  design: string;
  schema_version: number;
}

interface SubmissionRow {
  id: string;
  rfq_link_id: string;
  created_at: string;
  body: string;
  schema_version: number;
}

interface IdempotencyRow {
  request_hash: string;
  status: number | null;
  body: string | null;
}

type DocumentRecord = HandoffRecord & RfqLinkRecord & PlateImportRecord;

// Keys in the order Prisma gives them (the model's field order).
function toDocument(row: DocumentRow): DocumentRecord {
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    body: row.body,
    schemaVersion: row.schema_version,
  };
}

function toDesign(row: DesignRow): PlateDesignRecord {
  return {
    id: row.id,
    quoteId: row.quote_id,
    itemIndex: row.item_index,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    design: row.design,
    schemaVersion: row.schema_version,
  };
}

function toSubmission(row: SubmissionRow): RfqSubmissionRecord {
  return {
    id: row.id,
    rfqLinkId: row.rfq_link_id,
    createdAt: new Date(row.created_at),
    body: row.body,
    schemaVersion: row.schema_version,
  };
}

/** The `changes` of a `run` statement's result. */
function changesOf(result: unknown): number {
  const changes = typeof result === 'object' && result !== null ? (result as { changes?: unknown }).changes : undefined;
  if (typeof changes !== 'number') throw new TypeError(`expected the result of a run statement, got ${String(result)}`);
  return changes;
}

function insertDocument(table: 'handoffs' | 'rfq_links' | 'plate_imports', record: DocumentRecord): SqliteStatement {
  return {
    sql: `INSERT INTO ${table} (id, created_at, expires_at, body, schema_version) VALUES (?, ?, ?, ?, ?)`,
    params: [record.id, toSqliteDateTime(record.createdAt), toSqliteDateTime(record.expiresAt), record.body, record.schemaVersion],
  };
}

const INSERT_DESIGN =
  'INSERT INTO plate_designs (id, handoff_id, quote_id, item_index, created_at, expires_at, design, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)';

const INSERT_SUBMISSION = `INSERT INTO rfq_submissions (id, rfq_link_id, created_at, idempotency_key, body, schema_version)
  VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (idempotency_key) DO NOTHING`;

// The statement of repositories.ts: a new key, an expired one or a stale unfinished one becomes
// this request's, otherwise the row stays as it is; a row comes back only when it was taken.
const CLAIM_IDEMPOTENCY_KEY = `INSERT INTO idempotency_keys (key, request_hash, status, body, created_ms, expires_ms)
  VALUES (?, ?, NULL, NULL, ?, ?)
  ON CONFLICT (key) DO UPDATE SET
    request_hash = excluded.request_hash, status = NULL, body = NULL,
    created_ms = excluded.created_ms, expires_ms = excluded.expires_ms
  WHERE idempotency_keys.expires_ms <= excluded.created_ms
     OR (idempotency_keys.status IS NULL AND idempotency_keys.created_ms <= ?)
  RETURNING key`;

/** Reads run on `connection` (each statement prepared here, once); every write goes through `writes`. */
export function createSqliteRepositories(connection: Database.Database, writes: SqliteWrites, guard: StorageGuard): SqliteRepositories {
  // Numbers as numbers, whatever the connection's default for integers.
  const prepare = <P extends unknown[], R>(sql: string) => connection.prepare<P, R>(sql).safeIntegers(false);
  const selectHandoff = prepare<[string], DocumentRow>('SELECT id, created_at, expires_at, body, schema_version FROM handoffs WHERE id = ?');
  const selectRfqLink = prepare<[string], DocumentRow>('SELECT id, created_at, expires_at, body, schema_version FROM rfq_links WHERE id = ?');
  const selectPlateImport = prepare<[string], DocumentRow>('SELECT id, created_at, expires_at, body, schema_version FROM plate_imports WHERE id = ?');
  const selectDesign = prepare<[string], DesignRow>(
    'SELECT id, quote_id, item_index, created_at, expires_at, design, schema_version FROM plate_designs WHERE id = ?',
  );
  const selectDesignsOfHandoff = prepare<[string], DesignRow>(
    'SELECT id, quote_id, item_index, created_at, expires_at, design, schema_version FROM plate_designs WHERE handoff_id = ? ORDER BY quote_id ASC, item_index ASC',
  );
  const selectSubmissionId = prepare<[string], { id: string }>('SELECT id FROM rfq_submissions WHERE idempotency_key = ?');
  const selectSubmissions = prepare<[number], SubmissionRow>(
    'SELECT id, rfq_link_id, created_at, body, schema_version FROM rfq_submissions ORDER BY created_at DESC, id DESC LIMIT ?',
  );
  const selectIdempotencyKey = prepare<[string], IdempotencyRow>('SELECT request_hash, status, body FROM idempotency_keys WHERE key = ?');

  const readDocument = async (action: string, statement: Database.Statement<[string], DocumentRow>, id: string, now: Date) => {
    const row = await guard(action, async () => statement.get(id));
    return keepWithinRetention(row ? toDocument(row) : null, now);
  };

  const handoffs: HandoffRepository = {
    async insert({ designs, ...handoff }) {
      // One unit: the handoff is kept with all its designs or not at all.
      await guard('store the handoff and its plate designs', () =>
        writes.execute([
          insertDocument('handoffs', handoff),
          ...designs.map((design) => ({
            sql: INSERT_DESIGN,
            params: [
              design.id,
              handoff.id,
              design.quoteId,
              design.itemIndex,
              toSqliteDateTime(design.createdAt),
              toSqliteDateTime(design.expiresAt),
              design.design,
              design.schemaVersion,
            ],
          })),
        ]),
      );
    },
    get: (id, now) => readDocument('read the handoff', selectHandoff, id, now),
  };

  const designs: PlateDesignRepository = {
    async get(id, now) {
      const row = await guard('read the plate design', async () => selectDesign.get(id));
      return keepWithinRetention(row ? toDesign(row) : null, now);
    },
    async listForHandoff(handoffId, now) {
      const rows = await guard('read the plate designs', async () => selectDesignsOfHandoff.all(handoffId));
      return rows.map(toDesign).filter((design) => keepWithinRetention(design, now) !== null);
    },
  };

  const rfqLinks: RfqLinkRepository = {
    async insert(link) {
      await guard('store the rfq link', () => writes.execute([insertDocument('rfq_links', link)]));
    },
    get: (id, now) => readDocument('read the rfq link', selectRfqLink, id, now),
  };

  const plateImports: PlateImportRepository = {
    async insert(plateImport) {
      await guard('store the plate import', () => writes.execute([insertDocument('plate_imports', plateImport)]));
    },
    get: (id, now) => readDocument('read the plate import', selectPlateImport, id, now),
  };

  const rfqSubmissions: RfqSubmissionRepository = {
    async insert({ id, rfqLinkId, createdAt, idempotencyKey, body, schemaVersion }) {
      // Insert-or-nothing in one statement, then read: a double submission racing this one cannot
      // both win, and nothing reads before the write.
      const [result] = await guard('store the rfq submission', () =>
        writes.execute([{ sql: INSERT_SUBMISSION, params: [id, rfqLinkId, toSqliteDateTime(createdAt), idempotencyKey, body, schemaVersion] }]),
      );
      if (changesOf(result) === 1) return { created: true, id };
      const first = await guard('read the rfq submission', async () => selectSubmissionId.get(idempotencyKey));
      if (!first) {
        // Only reachable if the conflicting row vanished in between (submissions are never purged).
        throw new Error(`rfq submission with idempotency key ${idempotencyKey} not found after conflict`);
      }
      return { created: false, id: first.id };
    },
    async list(options = {}) {
      const limit = clampListLimit(options.limit);
      // Prisma refuses a NaN `take` as a mistake of the caller, not as an outage; so does this.
      if (Number.isNaN(limit)) throw new RangeError(`list limit must be a number, got ${String(options.limit)}`);
      const rows = await guard('list rfq submissions', async () => selectSubmissions.all(limit));
      return rows.map(toSubmission);
    },
  };

  const idempotencyKeys: IdempotencyRepository = {
    async claim({ key, requestHash, now, keepMs, staleMs }) {
      const nowMs = now.getTime();
      const [taken] = await guard('claim the idempotency key', () =>
        writes.execute([{ sql: CLAIM_IDEMPOTENCY_KEY, params: [key, requestHash, nowMs, nowMs + keepMs, nowMs - staleMs], result: 'get' }]),
      );
      if (taken !== undefined) return { claimed: true };
      const existing = await guard('read the idempotency key', async () => selectIdempotencyKey.get(key));
      if (!existing) return { claimed: false, requestHash: '', answer: null };
      const answer = existing.status !== null && existing.body !== null ? { status: existing.status, body: existing.body } : null;
      return { claimed: false, requestHash: existing.request_hash, answer };
    },
    async complete(key, answer) {
      const [result] = await guard('keep the idempotent answer', () =>
        writes.execute([{ sql: 'UPDATE idempotency_keys SET status = ?, body = ? WHERE key = ?', params: [answer.status, answer.body, key] }]),
      );
      // Prisma's update fails on a missing row (P2025); so does this, as a mistake rather than an outage.
      if (changesOf(result) === 0) throw new Error(`idempotency key ${key} not found to keep its answer`);
    },
    async release(key) {
      await guard('release the idempotency key', () =>
        writes.execute([{ sql: 'DELETE FROM idempotency_keys WHERE key = ? AND status IS NULL', params: [key] }]),
      );
    },
  };

  async function purgeExpired(now: Date): Promise<PurgeCounts> {
    const cutoff = toSqliteDateTime(computeRetentionCutoff(now));
    // Designs first so their count is not hidden by the cascade from handoffs.
    const results = await guard('purge expired rows', () =>
      writes.execute([
        { sql: 'DELETE FROM plate_designs WHERE expires_at <= ?', params: [cutoff] },
        { sql: 'DELETE FROM handoffs WHERE expires_at <= ?', params: [cutoff] },
        { sql: 'DELETE FROM quotes WHERE expires_at <= ?', params: [cutoff] },
        { sql: 'DELETE FROM rfq_links WHERE expires_at <= ?', params: [cutoff] },
        { sql: 'DELETE FROM plate_imports WHERE expires_at <= ?', params: [cutoff] },
        { sql: 'DELETE FROM rate_limits WHERE expire < ?', params: [now.getTime() - RATE_LIMIT_GRACE_MS] },
        { sql: 'DELETE FROM idempotency_keys WHERE expires_ms <= ?', params: [now.getTime()] },
      ]),
    );
    const count = (index: number) => changesOf(results[index]);
    return {
      quotes: count(2),
      designs: count(0),
      handoffs: count(1),
      rfqLinks: count(3),
      plateImports: count(4),
      rateLimits: count(5),
      idempotencyKeys: count(6),
    };
  }

  return { handoffs, designs, rfqLinks, plateImports, rfqSubmissions, idempotencyKeys, purgeExpired };
}
