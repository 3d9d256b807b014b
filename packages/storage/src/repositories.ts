// Repositories over Prisma's client, for PostgreSQL (SQLite has its own, sqlite-repositories.ts).
// The two generated clients share one model API; the SQLite client's types stand for both (the
// PostgreSQL client is cast to it where it is created).
import { Prisma } from './generated/postgresql/client';
import type { PrismaClient } from './generated/sqlite/client';
import type { StorageGuard } from './storage-unavailable';
import {
  computeRetentionCutoff,
  clampListLimit,
  keepWithinRetention,
  type HandoffRecord,
  type IdempotencyRepository,
  type HandoffRepository,
  type PlateDesignRecord,
  type PlateDesignRepository,
  type PlateImportRecord,
  type PlateImportRepository,
  type PurgeCounts,
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
    async insert(quote) {
      // create, not createMany: Prisma caches the plan of a single-row create (a list of rows is
      // compiled again on every call, which tripled the cost of an insert).
      await guardStorage('store the quote', () => db.quote.create({ data: quote, select: { id: true } }));
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
      return keepWithinRetention(row, now);
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

export function createIdempotencyRepository(db: ShopPrismaClient, guardStorage: StorageGuard): IdempotencyRepository {
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
            "request_hash" = excluded."request_hash", "status" = NULL, "body" = NULL,
            "created_ms" = excluded."created_ms", "expires_ms" = excluded."expires_ms"
          WHERE "idempotency_keys"."expires_ms" <= excluded."created_ms"
             OR ("idempotency_keys"."status" IS NULL AND "idempotency_keys"."created_ms" <= ${staleBefore})
          RETURNING "key"`),
      );
      // A row comes back only when this request inserted or took it over.
      if (rows.length === 1) return { claimed: true };
      const existing = await guardStorage('read the idempotency key', () =>
        db.idempotencyKey.findUnique({ where: { key }, select: { requestHash: true, status: true, body: true } }),
      );
      if (!existing) return { claimed: false, requestHash: '', answer: null };
      const answer = existing.status !== null && existing.body !== null ? { status: existing.status, body: existing.body } : null;
      return { claimed: false, requestHash: existing.requestHash, answer };
    },
    async complete(key, answer) {
      await guardStorage('keep the idempotent answer', () => db.idempotencyKey.update({ where: { key }, data: { status: answer.status, body: answer.body } }));
    },
    async release(key) {
      await guardStorage('release the idempotency key', () => db.idempotencyKey.deleteMany({ where: { key, status: null } }));
    },
  };
}

export async function purgeExpiredRows(db: ShopPrismaClient, now: Date, guardStorage: StorageGuard): Promise<PurgeCounts> {
  const past = { expiresAt: { lte: computeRetentionCutoff(now) } };
  // Designs first so their count is not hidden by the cascade from handoffs.
  return guardStorage('purge expired rows', async () => {
    const designs = await db.plateDesign.deleteMany({ where: past });
    const handoffs = await db.handoff.deleteMany({ where: past });
    const quotes = await db.quote.deleteMany({ where: past });
    const rfqLinks = await db.rfqLink.deleteMany({ where: past });
    const plateImports = await db.plateImport.deleteMany({ where: past });
    const rateLimits = await db.rateLimit.deleteMany({
      where: { expire: { lt: BigInt(now.getTime() - 3_600_000) } },
    });
    const idempotencyKeys = await db.idempotencyKey.deleteMany({ where: { expiresMs: { lte: BigInt(now.getTime()) } } });
    return {
      quotes: quotes.count,
      designs: designs.count,
      handoffs: handoffs.count,
      rfqLinks: rfqLinks.count,
      plateImports: plateImports.count,
      rateLimits: rateLimits.count,
      idempotencyKeys: idempotencyKeys.count,
    };
  });
}
