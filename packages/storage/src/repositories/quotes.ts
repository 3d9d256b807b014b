// Quotes: the insert and read on every POST and GET of a quote (prepared once: see prepareQuery), and
// the staff's newest-first list filtered on the columns kept beside the body.
import { sql, type ExpressionBuilder } from 'kysely';
import { fromDbDateTime, prepareQuery, toDbDateTime, type StorageDatabase } from '../database';
import type { DB } from '../db-types';
import {
  QUOTE_SOURCES,
  clampPageRows,
  computeRetentionCutoff,
  keepWithinRetention,
  retentionEnd,
  type QuoteRepository,
  type QuoteSource,
  type QuoteSummary,
} from '../records';
import { keepAnswerStatement } from './idempotency-keys';

const SUMMARY_COLUMNS = ['id', 'created_at', 'expires_at', 'source', 'item_count', 'total_cents', 'materials'] as const;
type SummaryRow = Pick<DB['quotes'], (typeof SUMMARY_COLUMNS)[number]>;

function toSummary(row: SummaryRow): QuoteSummary {
  return {
    id: row.id,
    createdAt: fromDbDateTime(row.created_at),
    expiresAt: fromDbDateTime(row.expires_at),
    source: (QUOTE_SOURCES as readonly string[]).includes(row.source ?? '') ? (row.source as QuoteSource) : null,
    itemCount: row.item_count,
    totalCents: row.total_cents === null ? null : Number(row.total_cents),
    materials: row.materials === null ? null : row.materials.split(',').filter(Boolean),
  };
}

/** ",a,b," so that one code is found with LIKE '%,code,%' (codes never hold a comma). */
function materialsText(materials: readonly string[]): string {
  return materials.length === 0 ? '' : `,${materials.join(',')},`;
}

/** LIKE's wildcards (and its escape) taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function createQuoteRepository({ db, read, write, guard }: StorageDatabase): QuoteRepository {
  const insertQuote = prepareQuery(
    (
      id: string,
      createdAt: string,
      expiresAt: string,
      body: string,
      request: string,
      schemaVersion: number,
      source: string | null,
      itemCount: number | null,
      totalCents: number | null,
      materials: string | null,
    ) =>
      db.insertInto('quotes').values({
        id,
        created_at: createdAt,
        expires_at: expiresAt,
        body,
        request,
        schema_version: schemaVersion,
        source,
        item_count: itemCount,
        total_cents: totalCents,
        materials,
      }),
  );
  // The imports it names are kept at least as long as the quote, in the same unit.
  const keepImport = prepareQuery((id: string, keepUntil: string, before: string) =>
    db.updateTable('plate_imports').set({ retain_until: keepUntil }).where('id', '=', id).where('retain_until', '<', before),
  );
  const selectQuote = prepareQuery((id: string) =>
    db.selectFrom('quotes').select(['id', 'created_at', 'expires_at', 'body', 'request', 'schema_version']).where('id', '=', id),
  );
  return {
    async insert({ importIds, listing, idempotentAnswer, ...quote }) {
      const keepUntil = toDbDateTime(retentionEnd(quote.expiresAt));
      await guard('store the quote', () =>
        write([
          insertQuote(
            quote.id,
            toDbDateTime(quote.createdAt),
            toDbDateTime(quote.expiresAt),
            quote.body,
            quote.request,
            quote.schemaVersion,
            listing?.source ?? null,
            listing?.itemCount ?? null,
            listing?.totalCents ?? null,
            listing ? materialsText(listing.materials) : null,
          ),
          ...[...new Set(importIds ?? [])].map((id) => keepImport(id, keepUntil, keepUntil)),
          ...(idempotentAnswer ? [keepAnswerStatement(db, idempotentAnswer)] : []),
        ]),
      );
    },
    async get(id, now) {
      const [row] = await guard('read the quote', () => read(selectQuote(id)));
      if (!row) return null;
      const record = {
        id: row.id,
        createdAt: fromDbDateTime(row.created_at),
        expiresAt: fromDbDateTime(row.expires_at),
        body: row.body,
        request: row.request,
        schemaVersion: row.schema_version,
      };
      return keepWithinRetention(record, now);
    },
    async list(filter) {
      const limit = clampPageRows(filter.limit);
      const now = toDbDateTime(filter.now);
      let query = db
        .selectFrom('quotes')
        .select(SUMMARY_COLUMNS)
        .where('expires_at', '>', toDbDateTime(computeRetentionCutoff(filter.now)));
      if (filter.createdFrom) query = query.where('created_at', '>=', toDbDateTime(filter.createdFrom));
      if (filter.createdBefore) query = query.where('created_at', '<', toDbDateTime(filter.createdBefore));
      if (filter.status === 'in_force') query = query.where('expires_at', '>=', now);
      if (filter.status === 'expired') query = query.where('expires_at', '<', now);
      if (filter.material !== undefined) query = query.where(sql<boolean>`${sql.ref('materials')} like ${`%,${likeLiteral(filter.material)},%`} escape '\\'`);
      if (filter.minTotalCents !== undefined) query = query.where('total_cents', '>=', filter.minTotalCents);
      if (filter.maxTotalCents !== undefined) query = query.where('total_cents', '<=', filter.maxTotalCents);
      if (filter.source === 'unknown') query = query.where('source', 'is', null);
      else if (filter.source !== undefined) query = query.where('source', '=', filter.source);
      const after = filter.after;
      if (after) {
        const at = toDbDateTime(after.createdAt);
        query = query.where((eb: ExpressionBuilder<DB, 'quotes'>) =>
          eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', after.id)])]),
        );
      }
      const rows = await guard('list the quotes', () => read(query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1)));
      const page = rows.slice(0, limit).map(toSummary);
      const last = page[page.length - 1];
      return { rows: page, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
    },
    async summary(id, now) {
      const [row] = await guard('read the quote', () => read(db.selectFrom('quotes').select(SUMMARY_COLUMNS).where('id', '=', id)));
      return keepWithinRetention(row ? toSummary(row) : null, now);
    },
  };
}
