// Repositories over either generated client. The two clients share one model API; the SQLite
// client's types stand for both (the PostgreSQL client is cast to it where it is created).
import { Prisma, type PrismaClient } from './generated/sqlite/client';
import type { StorageGuard } from './storage-unavailable';
import {
  computeRetentionCutoff,
  isPastRetention,
  type HandoffRecord,
  type HandoffRepository,
  type PlateDesignRecord,
  type PlateDesignRepository,
  type PurgeCounts,
  type QuoteRecord,
  type QuoteRepository,
  type RfqLinkRecord,
  type RfqLinkRepository,
  type RfqSubmissionRecord,
  type RfqSubmissionRepository,
} from './records';

export type ShopPrismaClient = PrismaClient;

const DEFAULT_LIST_LIMIT = 100;
const MAX_LIST_LIMIT = 1000;

function keepWithinRetention<T extends { expiresAt: Date }>(row: T | null, now: Date): T | null {
  return row !== null && !isPastRetention(row.expiresAt, now) ? row : null;
}

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

const DESIGN_FIELDS = { id: true, quoteId: true, itemIndex: true, createdAt: true, expiresAt: true, design: true } as const;

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

export function createRfqSubmissionRepository(db: ShopPrismaClient, guardStorage: StorageGuard): RfqSubmissionRepository {
  return {
    async insert({ id, rfqLinkId, createdAt, idempotencyKey, body }) {
      // Insert-or-nothing in one statement, then read: no read-then-write transaction, and a
      // double submission racing this one cannot both win.
      const inserted = await guardStorage('store the rfq submission', () =>
        db.$executeRaw(Prisma.sql`
          INSERT INTO "rfq_submissions" ("id", "rfq_link_id", "created_at", "idempotency_key", "body")
          VALUES (${id}, ${rfqLinkId}, ${createdAt}, ${idempotencyKey}, ${body})
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
      const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_LIST_LIMIT), 1), MAX_LIST_LIMIT);
      const rows: RfqSubmissionRecord[] = await guardStorage('list rfq submissions', () =>
        db.rfqSubmission.findMany({
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: limit,
          select: { id: true, rfqLinkId: true, createdAt: true, body: true },
        }),
      );
      return rows;
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
    const rateLimits = await db.rateLimit.deleteMany({
      where: { expire: { lt: BigInt(now.getTime() - 3_600_000) } },
    });
    return {
      quotes: quotes.count,
      designs: designs.count,
      handoffs: handoffs.count,
      rfqLinks: rfqLinks.count,
      rateLimits: rateLimits.count,
    };
  });
}
