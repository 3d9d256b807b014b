// The repositories of a SQLite storage on better-sqlite3, so SQLite needs no Prisma client: reads
// are statements prepared once on the storage's connection, every write goes through SqliteWrites
// (the group commit of sqlite-write-batch.ts). Behaviour and stored values are
// those of the Prisma repositories in repositories.ts, so rows written by either read alike. Dates
// are the fixed-width text toSqliteDateTime gives (always milliseconds, +00:00), so comparing them
// as text, as the purge does, compares the instants.
import type Database from 'better-sqlite3';
import {
  PURGE_SLICE_ROWS,
  computeRetentionCutoff,
  clampListLimit,
  keepImportWithinRetention,
  keepWithinRetention,
  nextTurn,
  type HandoffRecord,
  type HandoffRepository,
  type IdempotencyRepository,
  type PlateDesignRecord,
  type PlateDesignRepository,
  type PlateImportRecord,
  type PlateImportRepository,
  type PurgeCounts,
  type PurgeOptions,
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

interface ImportRow extends DocumentRow {
  retain_until: string;
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
  expires_ms: number;
}

type DocumentRecord = HandoffRecord & RfqLinkRecord;

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

function toImport(row: ImportRow): PlateImportRecord {
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    retainUntil: new Date(row.retain_until),
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

function insertDocument(table: 'handoffs' | 'rfq_links', record: DocumentRecord): SqliteStatement {
  return {
    sql: `INSERT INTO ${table} (id, created_at, expires_at, body, schema_version) VALUES (?, ?, ?, ?, ?)`,
    params: [record.id, toSqliteDateTime(record.createdAt), toSqliteDateTime(record.expiresAt), record.body, record.schemaVersion],
  };
}

const INSERT_IMPORT = 'INSERT INTO plate_imports (id, created_at, expires_at, retain_until, body, schema_version) VALUES (?, ?, ?, ?, ?, ?)';

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
    request_hash = excluded.request_hash, status = NULL, body = NULL, plate_import_id = NULL,
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
  const selectPlateImport = prepare<[string], ImportRow>('SELECT id, created_at, expires_at, retain_until, body, schema_version FROM plate_imports WHERE id = ?');
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
  // An imported drawing's answer is its import's body, read through the reference.
  const selectIdempotencyKey = prepare<[string], IdempotencyRow>(
    'SELECT k.request_hash, k.status, COALESCE(k.body, p.body) AS body, k.expires_ms FROM idempotency_keys k LEFT JOIN plate_imports p ON p.id = k.plate_import_id WHERE k.key = ?',
  );

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
    async insert(record) {
      const params = [record.id, toSqliteDateTime(record.createdAt), toSqliteDateTime(record.expiresAt), toSqliteDateTime(record.retainUntil), record.body, record.schemaVersion];
      await guard('store the plate import', () => writes.execute([{ sql: INSERT_IMPORT, params }]));
    },
    async get(id, now) {
      const row = await guard('read the plate import', async () => selectPlateImport.get(id));
      return keepImportWithinRetention(row ? toImport(row) : null, now);
    },
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
      const [body, importId] = 'plateImportId' in answer ? [null, answer.plateImportId] : [answer.body, null];
      const [result] = await guard('keep the idempotent answer', () =>
        writes.execute([{ sql: 'UPDATE idempotency_keys SET status = ?, body = ?, plate_import_id = ? WHERE key = ?', params: [answer.status, body, importId, key] }]),
      );
      // Prisma's update fails on a missing row (P2025); so does this, as a mistake rather than an outage.
      if (changesOf(result) === 0) throw new Error(`idempotency key ${key} not found to keep its answer`);
    },
    async find(key, now) {
      const existing = await guard('read the idempotency key', async () => selectIdempotencyKey.get(key));
      if (!existing || existing.expires_ms <= now.getTime()) return null;
      const answer = existing.status !== null && existing.body !== null ? { status: existing.status, body: existing.body } : null;
      return { requestHash: existing.request_hash, answer };
    },
    async release(key) {
      await guard('release the idempotency key', () =>
        writes.execute([{ sql: 'DELETE FROM idempotency_keys WHERE key = ? AND status IS NULL', params: [key] }]),
      );
    },
  };

  /** Deletes the rows of `table` matching `where`, `slice` a statement, with a turn of the event loop between statements. */
  async function deleteInSlices(table: string, where: string, param: string | number, slice: number): Promise<number> {
    const sql = `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ?)`;
    let total = 0;
    for (;;) {
      const [result] = await writes.execute([{ sql, params: [param, slice] }]);
      const deleted = changesOf(result);
      total += deleted;
      if (deleted < slice) return total;
      await nextTurn();
    }
  }

  async function purgeExpired(now: Date, options: PurgeOptions = {}): Promise<PurgeCounts> {
    const slice = options.sliceRows ?? PURGE_SLICE_ROWS;
    const cutoff = toSqliteDateTime(computeRetentionCutoff(now));
    const purge = (table: string, where: string, param: string | number) => deleteInSlices(table, where, param, slice);
    // Designs first so their count is not hidden by the cascade from handoffs. Each slice is its own
    // write, group-committed with whatever else the turn wrote, so requests are answered between them.
    return guard('purge expired rows', async () => ({
      designs: await purge('plate_designs', 'expires_at <= ?', cutoff),
      handoffs: await purge('handoffs', 'expires_at <= ?', cutoff),
      quotes: await purge('quotes', 'expires_at <= ?', cutoff),
      rfqLinks: await purge('rfq_links', 'expires_at <= ?', cutoff),
      plateImports: await purge('plate_imports', 'retain_until <= ?', toSqliteDateTime(now)),
      rateLimits: await purge('rate_limits', 'expire < ?', now.getTime() - RATE_LIMIT_GRACE_MS),
      idempotencyKeys: await purge('idempotency_keys', 'expires_ms <= ?', now.getTime()),
    }));
  }

  return { handoffs, designs, rfqLinks, plateImports, rfqSubmissions, idempotencyKeys, purgeExpired };
}
