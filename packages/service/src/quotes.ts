// Quotes: priced by @shop/pricing, kept byte for byte, read back with only the status moving to expired.
// A plate naming an import is kept as that reference (the import kept as long as the quote), so a
// quote's stored bytes are bounded as a typed request's are; its drawings are made once and kept.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { QuoteRequest, ServiceError, parseRequest, typedPlate } from '@shop/contracts';
import type { KeptPlate, ProductItem, Quote, QuotedItem } from '@shop/contracts';
import { validateQuoteRequest } from '@shop/pricing';
import { retentionEnd } from '@shop/storage';
import type { QuoteRecord, QuoteSource, Storage } from '@shop/storage';
import type { RequestContext } from './context';
import type { DrawingCache } from './drawing-cache';
import { answerToKeep } from './idempotency';
import { newId } from './ids';
import { isReference, referenceOf } from './import-parts';
import type { ImportedPart } from './import-parts';
import type { PlateImportCases } from './plate-imports';
import { assertStoredVersion, versionOf } from './stored';
import type { QuotePricer } from './quote-pricer';
import type { RateLimits } from './rate-limits';
import type { ShopState } from './shop-state';
import { findById, withStorage } from './storage-guard';

export interface QuoteCaseDeps {
  /** The price book in force and the plate orders switch. */
  state: Pick<ShopState, 'current'>;
  storage: Storage;
  limits: RateLimits;
  pricer: QuotePricer;
  imports: Pick<PlateImportCases, 'partsToName' | 'partsKept' | 'keptUntil'>;
  drawings: DrawingCache;
}

/** A cut file: the DXF text and the name it is saved under. */
export interface DrawingFile {
  dxf: string;
  filename: string;
  /** The same text gzip-compressed (a third of its bytes), made once and kept, for a client that takes it. */
  gzipped(): Promise<Buffer>;
}

const gzipText = promisify(gzip);

/** A quote as JSON text: the bytes given at creation, with only `status` reading `expired` once past. */
export interface QuoteDocument {
  json: string;
}

/** A quote's request as kept: typed plates with their shapes, plates naming an import by its id. */
export interface KeptQuoteRequest {
  items: Array<ProductItem | KeptPlate>;
}

// The serialiser writes `object`, `id`, then `status` first (the contract's order, docs/contract.md), so the quote's own
// status is the first one in the text, before any item's.
const LEADING_STATUS = /^(\{"object":"quote","id":"[0-9A-Za-z_]+","status":")(ready|blocked)"/;

/** The stored quote text as of `now`: unchanged, except `status` reads `expired` once past `expires_at`. */
export function quoteAsOf(record: Pick<QuoteRecord, 'body' | 'expiresAt'>, now: Date): string {
  if (now.getTime() <= record.expiresAt.getTime()) return record.body;
  return record.body.replace(LEADING_STATUS, '$1expired"');
}

/** A ready plate item of a kept quote, the plate as kept and the imports it names. */
interface ReadyPlate {
  item: QuotedItem;
  plate: KeptPlate;
  parts: Map<string, ImportedPart>;
}

export function createQuoteCases(deps: QuoteCaseDeps) {
  const { state, storage, limits, pricer, imports, drawings } = deps;

  async function findQuote(id: string, ctx: RequestContext): Promise<QuoteRecord> {
    const record = await findById(id, 'q', 'read the quote', (key) => storage.quotes.get(key, ctx.now), () =>
      new ServiceError('quote_not_found', `No quote has the id "${truncate(id)}": it was never given out or has been removed 30 days after it expired.`),
    );
    assertStoredVersion('quote', record);
    return record;
  }

  /** A ready plate item of a quote and its part as priced; null for a product or a blocked plate. */
  async function findReadyPlate(record: QuoteRecord, position: number, ctx: RequestContext): Promise<ReadyPlate | null> {
    const item = (JSON.parse(record.body) as Quote).items[position];
    const requested = (JSON.parse(record.request) as KeptQuoteRequest).items[position];
    if (!item || !requested || item.kind !== 'plate' || item.status !== 'ready' || requested.kind !== 'plate') return null;
    // Kept as priced (shapes in place, defaults applied, or the import's id); rows from before cut-outs have none.
    const plate: KeptPlate = isReference(requested) ? requested : { ...requested, cutouts: requested.cutouts ?? [] };
    return { item, plate, parts: await imports.partsKept([plate], ctx.now) };
  }

  /** The quote and the place of an item in it, checked (422 for an index that is not a number). */
  async function findItem(id: string, index: string, ctx: RequestContext): Promise<{ record: QuoteRecord; position: number }> {
    await limits.consume('reading', ctx.clientIp);
    if (!/^\d{1,2}$/.test(index)) {
      throw new ServiceError('parameter_invalid', 'index must be the whole-number place of an item in the quote, from 0.', { param: 'index' });
    }
    return { record: await findQuote(id, ctx), position: Number(index) };
  }

  return {
    findQuote,

    /** `source`: where it was asked for (kept beside the body for the staff's list, never in it). */
    async createQuote(body: unknown, ctx: RequestContext, source: QuoteSource): Promise<QuoteDocument> {
      await limits.consume('pricing', ctx.clientIp);
      const parsed = parseRequest(QuoteRequest, body);
      // Typed plates with their defaults; a plate naming an import as that reference (its shapes stay in the import).
      const kept: KeptQuoteRequest = {
        items: parsed.items.map((item) => (item.kind !== 'plate' ? item : isReference(item) ? referenceOf(item) : typedPlate(item))),
      };
      const parts = await imports.partsToName(kept.items, ctx);
      // Every 422 (slug, tier, material, thickness, quantity) is found here, before any pricing: it
      // reads only those fields, the same for a plate naming an import.
      // The version in force now and the switch as it stands now: the quote keeps that version.
      const pricing = await state.current(ctx.now);
      validateQuoteRequest(kept as Parameters<typeof validateQuoteRequest>[0], pricing.catalog);
      const id = newId('q');
      const { json, expiresAt, listing } = await pricer.price({ items: kept.items, parts }, { now: ctx.now, quoteId: id, pricing });
      await withStorage('keep the quote', () =>
        storage.quotes.insert({
          id,
          createdAt: ctx.now,
          expiresAt: new Date(expiresAt),
          body: json,
          request: JSON.stringify(kept),
          schemaVersion: versionOf('quote'),
          importIds: [...parts.keys()],
          listing: { ...listing, source },
          // Under an Idempotency-Key of POST /quotes, its answer is kept in the quote's own write.
          idempotentAnswer: answerToKeep('/quotes', json),
        }),
      );
      imports.keptUntil(parts.values(), retentionEnd(new Date(expiresAt)));
      return { json };
    },

    async getQuote(id: string, ctx: RequestContext): Promise<QuoteDocument> {
      await limits.consume('reading', ctx.clientIp);
      return { json: quoteAsOf(await findQuote(id, ctx), ctx.now) };
    },

    async getPreviewSvg(id: string, index: string, ctx: RequestContext): Promise<string> {
      const { record, position } = await findItem(id, index, ctx);
      return previewOf(record, position, index, ctx);
    },

    /** The plate of a ready item as priced, as a cut-ready DXF in inches. */
    async getDrawingDxf(id: string, index: string, ctx: RequestContext): Promise<DrawingFile> {
      const { record, position } = await findItem(id, index, ctx);
      return drawingOf(record, position, index, ctx);
    },

    /** The same drawings for the shop's staff (the console checked who they are): no client's limit spent. */
    async staffPreviewSvg(id: string, index: number, now: Date): Promise<string> {
      const ctx = { clientIp: 'staff', now };
      return previewOf(await findQuote(id, ctx), index, String(index), ctx);
    },

    async staffDrawingDxf(id: string, index: number, now: Date): Promise<DrawingFile> {
      const ctx = { clientIp: 'staff', now };
      return drawingOf(await findQuote(id, ctx), index, String(index), ctx);
    },
  };

  /** `index` as the caller wrote it, for the message. */
  function previewOf(record: QuoteRecord, position: number, index: string, ctx: RequestContext): Promise<string> {
    return drawings.get(`preview:${record.id}:${position}`, async () => {
      const found = await findReadyPlate(record, position, ctx);
      if (!found) throw new ServiceError('preview_not_found', `Item ${index} of quote ${record.id} has no drawing: only a ready plate item has one.`);
      return pricer.drawSvg(found.plate, found.parts);
    });
  }

  async function drawingOf(record: QuoteRecord, position: number, index: string, ctx: RequestContext): Promise<DrawingFile> {
    const id = record.id;
    const dxf = await drawings.get(`dxf:${id}:${position}`, async () => {
      const found = await findReadyPlate(record, position, ctx);
      if (!found) throw new ServiceError('drawing_not_found', `Item ${index} of quote ${id} has no cut file: only a ready plate item has one.`);
      const { item } = found;
      const label = `${id} item ${position}: ${item.description}, ${item.quantity} ${item.quantity === 1 ? 'piece' : 'pieces'}${item.label ? ` (${item.label})` : ''}`;
      return pricer.writeDxf(found.plate, found.parts, label);
    });
    // Compressed off the event loop (zlib's thread pool): 480 KB of a large part's DXF is 140 KB.
    const gzipped = () => drawings.get(`dxf.gz:${id}:${position}`, () => gzipText(dxf));
    return { dxf, filename: `${id}-${position}.dxf`, gzipped };
  }
}

function truncate(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}...` : value;
}
