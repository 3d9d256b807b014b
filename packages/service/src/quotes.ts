// Quotes: priced by @shop/pricing, kept byte for byte, read back with only the status moving to expired.
import { QuoteRequest, ServiceError, parseRequest, typedPlate } from '@shop/contracts';
import type { PlateItem, Quote, QuoteRequest as QuoteRequestType, QuotedItem, ResolvedQuoteRequest } from '@shop/contracts';
import type { Catalog } from '@shop/catalog';
import { renderPlateSvg } from '@shop/geometry';
import { validateQuoteRequest } from '@shop/pricing';
import type { QuoteRecord, Storage } from '@shop/storage';
import type { RequestContext } from './context';
import { plateDxf } from './drawing-export';
import { newId } from './ids';
import { assertStoredVersion, versionOf } from './stored';
import type { QuotePricer } from './quote-pricer';
import type { RateLimits } from './rate-limits';
import { findById, withStorage } from './storage-guard';

export interface QuoteCaseDeps {
  catalog: Catalog;
  storage: Storage;
  limits: RateLimits;
  pricer: QuotePricer;
  /** Puts each import a request names in place of its shapes (422 import_unknown for one unknown). */
  resolveImports(request: QuoteRequestType, ctx: RequestContext): Promise<ResolvedQuoteRequest>;
}

/** A cut file: the DXF text and the name it is saved under. */
export interface DrawingFile {
  dxf: string;
  filename: string;
}

/** A quote as JSON text: the bytes given at creation, with only `status` reading `expired` once past. */
export interface QuoteDocument {
  json: string;
}

// The serialiser writes `object`, `id`, then `status` first (the contract's order, docs/contract.md), so the quote's own
// status is the first one in the text, before any item's.
const LEADING_STATUS = /^(\{"object":"quote","id":"[0-9A-Za-z_]+","status":")(ready|blocked)"/;

/** The stored quote text as of `now`: unchanged, except `status` reads `expired` once past `expires_at`. */
export function quoteAsOf(record: Pick<QuoteRecord, 'body' | 'expiresAt'>, now: Date): string {
  if (now.getTime() <= record.expiresAt.getTime()) return record.body;
  return record.body.replace(LEADING_STATUS, '$1expired"');
}

export function createQuoteCases(deps: QuoteCaseDeps) {
  const { catalog, storage, limits, pricer, resolveImports } = deps;

  async function findQuote(id: string, ctx: RequestContext): Promise<QuoteRecord> {
    const record = await findById(id, 'q', 'read the quote', (key) => storage.quotes.get(key, ctx.now), () =>
      new ServiceError('quote_not_found', `No quote has the id "${truncate(id)}": it was never given out or has been removed 30 days after it expired.`),
    );
    assertStoredVersion('quote', record);
    return record;
  }

  /** A ready plate item of a quote and its part as priced; null for a product or a blocked plate. */
  async function findReadyPlate(id: string, index: string, ctx: RequestContext): Promise<{ item: QuotedItem; plate: PlateItem } | null> {
    await limits.consume('reading', ctx.clientIp);
    if (!/^\d{1,2}$/.test(index)) {
      throw new ServiceError('parameter_invalid', 'index must be the whole-number place of an item in the quote, from 0.', { param: 'index' });
    }
    const record = await findQuote(id, ctx);
    const position = Number(index);
    const item = (JSON.parse(record.body) as Quote).items[position];
    const requested = (JSON.parse(record.request) as ResolvedQuoteRequest).items[position];
    if (!item || !requested || item.kind !== 'plate' || item.status !== 'ready' || requested.kind !== 'plate') return null;
    // Kept as priced (shapes in place, defaults applied); rows from before cut-outs have none.
    return { item, plate: typedPlate(requested) };
  }

  return {
    findQuote,

    async createQuote(body: unknown, ctx: RequestContext): Promise<QuoteDocument> {
      await limits.consume('pricing', ctx.clientIp);
      const request = await resolveImports(parseRequest(QuoteRequest, body), ctx);
      // Every 422 (slug, tier, material, thickness, quantity) is found here, before any pricing.
      validateQuoteRequest(request, catalog);
      const id = newId('q');
      const { json, expiresAt } = await pricer.price(request, { now: ctx.now, quoteId: id });
      await withStorage('keep the quote', () =>
        storage.quotes.insert({
          id,
          createdAt: ctx.now,
          expiresAt: new Date(expiresAt),
          body: json,
          request: JSON.stringify(request),
          schemaVersion: versionOf('quote'),
        }),
      );
      return { json };
    },

    async getQuote(id: string, ctx: RequestContext): Promise<QuoteDocument> {
      await limits.consume('reading', ctx.clientIp);
      return { json: quoteAsOf(await findQuote(id, ctx), ctx.now) };
    },

    async getPreviewSvg(id: string, index: string, ctx: RequestContext): Promise<string> {
      const found = await findReadyPlate(id, index, ctx);
      if (!found) throw new ServiceError('preview_not_found', `Item ${index} of quote ${id} has no drawing: only a ready plate item has one.`);
      return renderPlateSvg(found.plate);
    },

    /** The plate of a ready item as priced, as a cut-ready DXF in inches. */
    async getDrawingDxf(id: string, index: string, ctx: RequestContext): Promise<DrawingFile> {
      const found = await findReadyPlate(id, index, ctx);
      if (!found) throw new ServiceError('drawing_not_found', `Item ${index} of quote ${id} has no cut file: only a ready plate item has one.`);
      const { item, plate } = found;
      const label = `${id} item ${index}: ${item.description}, ${item.quantity} ${item.quantity === 1 ? 'piece' : 'pieces'}${item.label ? ` (${item.label})` : ''}`;
      return { dxf: plateDxf(plate, label), filename: `${id}-${index}.dxf` };
    },
  };
}

function truncate(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}...` : value;
}
