// Repositories over Prisma's client, for PostgreSQL (SQLite has its own, sqlite-repositories.ts).
// The two generated clients share one model API; the SQLite client's types stand for both (the
// PostgreSQL client is cast to it where it is created).
import { Prisma } from './generated/postgresql/client';
import type { PrismaClient } from './generated/sqlite/client';
import type { StorageGuard } from './storage-unavailable';
import {
  PURGE_SLICE_ROWS,
  computeRetentionCutoff,
  clampListLimit,
  keepImportWithinRetention,
  keepWithinRetention,
  nextTurn,
  retentionEnd,
  type HandoffRecord,
  type IdempotencyRepository,
  type HandoffRepository,
  type PlateDesignRecord,
  type PlateDesignRepository,
  type PlateImportRecord,
  type PlateImportRepository,
  type PurgeCounts,
  type PurgeOptions,
  type QuoteRecord,
  type QuoteRepository,
  type RfqLinkRecord,
  type RfqLinkRepository,
  type RfqSubmissionRecord,
  type RfqSubmissionRepository,
} from './records';

export type ShopPrismaClient = PrismaClient;


export function createQuoteRepository(db: ShopPrismaClient, guardStorage: StorageGuard): QuoteRepository {
  return {
    async insert({ importIds, ...quote }) {
      // create, not createMany: Prisma caches the plan of a single-row create (a list of rows is
      // compiled again on every call, which tripled the cost of an insert).
      if (importIds === undefined || importIds.length === 0) {
        await guardStorage('store the quote', () => db.quote.create({ data: quote, select: { id: true } }));
        return;
      }
      // The imports it names are kept at least as long as the quote, in the same transaction.
      const keepUntil = retentionEnd(quote.expiresAt);
      await guardStorage('store the quote', () =>
        db.$transaction([
          db.quote.create({ data: quote, select: { id: true } }),
          db.plateImport.updateMany({ where: { id: { in: [...new Set(importIds)] }, retainUntil: { lt: keepUntil } }, data: { retainUntil: keepUntil } }),
        ]),
      );
    },
    async get(id, now) {
      const row: QuoteRecord | null = await guardStorage('read the quote', () =>
        db.quote.findUnique({ where: { id } }),
      );
      return keepWithinRetention(row, now);
    },
  };
}

export function createHandoffRepository(db: ShopPrismaClient, guardStorage: StorageGuard): HandoffRepository {
  return {
    async insert({ designs, ...handoff }) {
      // One transaction of two INSERTs: it takes the write lock at its first statement, so a
      // second process waits (busy_timeout) instead of failing a read-to-write upgrade.
      await guardStorage('store the handoff and its plate designs', () =>
        db.$transaction([
          db.handoff.createMany({ data: [handoff] }),
          db.plateDesign.createMany({
            data: designs.map((design) => ({ ...design, handoffId: handoff.id })),
          }),
        ]),
      );
    },
    async get(id, now) {
      const row: HandoffRecord | null = await guardStorage('read the handoff', () =>
        db.handoff.findUnique({ where: { id } }),
      );
      return keepWithinRetention(row, now);
    },
  };
}

const DESIGN_FIELDS = { id: true, quoteId: true, itemIndex: true, createdAt: true, expiresAt: true, design: true, schemaVersion: true } as const;

export function createPlateDesignRepository(db: ShopPrismaClient, guardStorage: StorageGuard): PlateDesignRepository {
  return {
    async get(id, now) {
      const row: PlateDesignRecord | null = await guardStorage('read the plate design', () =>
        db.plateDesign.findUnique({ where: { id }, select: DESIGN_FIELDS }),
      );
      return keepWithinRetention(row, now);
    },
    async listForHandoff(handoffId, now) {
      const rows: PlateDesignRecord[] = await guardStorage('read the plate designs', () =>
        db.plateDesign.findMany({ where: { handoffId }, select: DESIGN_FIELDS, orderBy: [{ quoteId: 'asc' }, { itemIndex: 'asc' }] }),
      );
      return rows.filter((row) => keepWithinRetention(row, now) !== null);
    },
  };
}

export function createRfqLinkRepository(db: ShopPrismaClient, guardStorage: StorageGuard): RfqLinkRepository {
  return {
    async insert(link) {
      await guardStorage('store the rfq link', () => db.rfqLink.createMany({ data: [link] }));
    },
    async get(id, now) {
      const row: RfqLinkRecord | null = await guardStorage('read the rfq link', () =>
        db.rfqLink.findUnique({ where: { id } }),
      );
      return keepWithinRetention(row, now);
    },
  };
}

export function createPlateImportRepository(db: ShopPrismaClient, guardStorage: StorageGuard): PlateImportRepository {
  return {
    async insert(plateImport) {
      await guardStorage('store the plate import', () => db.plateImport.create({ data: plateImport, select: { id: true } }));
    },
    async get(id, now) {
      const row: PlateImportRecord | null = await guardStorage('read the plate import', () => db.plateImport.findUnique({ where: { id } }));
      return keepImportWithinRetention(row, now);
    },
  };
}

export function createRfqSubmissionRepository(db: ShopPrismaClient, guardStorage: StorageGuard): RfqSubmissionRepository {
  return {
    async insert({ id, rfqLinkId, createdAt, idempotencyKey, body, schemaVersion }) {
      // Insert-or-nothing in one statement, then read: no read-then-write transaction, and a
      // double submission racing this one cannot both win.
      const inserted = await guardStorage('store the rfq submission', () =>
        db.$executeRaw(Prisma.sql`
          INSERT INTO "rfq_submissions" ("id", "rfq_link_id", "created_at", "idempotency_key", "body", "schema_version")
          VALUES (${id}, ${rfqLinkId}, ${createdAt}, ${idempotencyKey}, ${body}, ${schemaVersion})
          ON CONFLICT ("idempotency_key") DO NOTHING`),
      );
      if (inserted === 1) return { created: true, id };
      const first = await guardStorage('read the rfq submission', () =>
        db.rfqSubmission.findUnique({ where: { idempotencyKey }, select: { id: true } }),
      );
      if (first === null) {
        // Only reachable if the conflicting row vanished in between (submissions are never purged).
        throw new Error(`rfq submission with idempotency key ${idempotencyKey} not found after conflict`);
      }
      return { created: false, id: first.id };
    },
    async list(options = {}) {
      const limit = clampListLimit(options.limit);
      const rows: RfqSubmissionRecord[] = await guardStorage('list rfq submissions', () =>
        db.rfqSubmission.findMany({
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: limit,
          select: { id: true, rfqLinkId: true, createdAt: true, body: true, schemaVersion: true },
        }),
      );
      return rows;
    },
  };
}

interface IdempotencyRow {
  key: string;
}

interface KeptAnswerRow {
  request_hash: string;
  status: number | null;
  body: string | null;
  expires_ms: bigint;
}

export function createIdempotencyRepository(db: ShopPrismaClient, guardStorage: StorageGuard): IdempotencyRepository {
  // An imported drawing's answer is its import's body, read through the reference.
  const readKept = async (key: string) => {
    const [row] = await guardStorage('read the idempotency key', () =>
      db.$queryRaw<KeptAnswerRow[]>(Prisma.sql`
        SELECT k."request_hash", k."status", COALESCE(k."body", p."body") AS "body", k."expires_ms"
        FROM "idempotency_keys" k LEFT JOIN "plate_imports" p ON p."id" = k."plate_import_id"
        WHERE k."key" = ${key}`),
    );
    if (!row) return null;
    const answer = row.status !== null && row.body !== null ? { status: row.status, body: row.body } : null;
    return { requestHash: row.request_hash, answer, expiresMs: Number(row.expires_ms) };
  };
  return {
    async claim({ key, requestHash, now, keepMs, staleMs }) {
      const nowMs = BigInt(now.getTime());
      const expiresMs = nowMs + BigInt(keepMs);
      const staleBefore = nowMs - BigInt(staleMs);
      // One statement: a new key, an expired one or a stale unfinished one becomes this request's;
      // otherwise the row stays as it is. Then the row says which happened.
      const rows = await guardStorage('claim the idempotency key', () =>
        db.$queryRaw<IdempotencyRow[]>(Prisma.sql`
          INSERT INTO "idempotency_keys" ("key", "request_hash", "status", "body", "created_ms", "expires_ms")
          VALUES (${key}, ${requestHash}, NULL, NULL, ${nowMs}, ${expiresMs})
          ON CONFLICT ("key") DO UPDATE SET
            "request_hash" = excluded."request_hash", "status" = NULL, "body" = NULL, "plate_import_id" = NULL,
            "created_ms" = excluded."created_ms", "expires_ms" = excluded."expires_ms"
          WHERE "idempotency_keys"."expires_ms" <= excluded."created_ms"
             OR ("idempotency_keys"."status" IS NULL AND "idempotency_keys"."created_ms" <= ${staleBefore})
          RETURNING "key"`),
      );
      // A row comes back only when this request inserted or took it over.
      if (rows.length === 1) return { claimed: true };
      const existing = await readKept(key);
      if (!existing) return { claimed: false, requestHash: '', answer: null };
      return { claimed: false, requestHash: existing.requestHash, answer: existing.answer };
    },
    async find(key, now) {
      const existing = await readKept(key);
      return existing && existing.expiresMs > now.getTime() ? { requestHash: existing.requestHash, answer: existing.answer } : null;
    },
    async complete(key, answer) {
      const data = 'plateImportId' in answer ? { status: answer.status, body: null, plateImportId: answer.plateImportId } : { status: answer.status, body: answer.body, plateImportId: null };
      await guardStorage('keep the idempotent answer', () => db.idempotencyKey.update({ where: { key }, data }));
    },
    async release(key) {
      await guardStorage('release the idempotency key', () => db.idempotencyKey.deleteMany({ where: { key, status: null } }));
    },
  };
}

/** Deletes, `slice` rows a statement, the rows of `table` whose `column` is at or before `cutoff`; a turn of the event loop between slices. */
async function deleteInSlices(db: ShopPrismaClient, table: string, key: string, where: Prisma.Sql, slice: number): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.$executeRaw(
      Prisma.sql`DELETE FROM ${Prisma.raw(`"${table}"`)} WHERE ${Prisma.raw(`"${key}"`)} IN (SELECT ${Prisma.raw(`"${key}"`)} FROM ${Prisma.raw(`"${table}"`)} WHERE ${where} LIMIT ${slice})`,
    );
    total += deleted;
    if (deleted < slice) return total;
    await nextTurn();
  }
}

export async function purgeExpiredRows(db: ShopPrismaClient, now: Date, guardStorage: StorageGuard, options: PurgeOptions = {}): Promise<PurgeCounts> {
  const slice = options.sliceRows ?? PURGE_SLICE_ROWS;
  const cutoff = computeRetentionCutoff(now);
  const past = Prisma.sql`"expires_at" <= ${cutoff}`;
  const purge = (table: string, where: Prisma.Sql, key = 'id') => deleteInSlices(db, table, key, where, slice);
  // Designs first so their count is not hidden by the cascade from handoffs.
  return guardStorage('purge expired rows', async () => {
    const designs = await purge('plate_designs', past);
    const handoffs = await purge('handoffs', past);
    const quotes = await purge('quotes', past);
    const rfqLinks = await purge('rfq_links', past);
    const plateImports = await purge('plate_imports', Prisma.sql`"retain_until" <= ${now}`);
    const rateLimits = await purge('rate_limits', Prisma.sql`"expire" < ${BigInt(now.getTime() - 3_600_000)}`, 'key');
    const idempotencyKeys = await purge('idempotency_keys', Prisma.sql`"expires_ms" <= ${BigInt(now.getTime())}`, 'key');
    return { quotes, designs, handoffs, rfqLinks, plateImports, rateLimits, idempotencyKeys };
  });
}
