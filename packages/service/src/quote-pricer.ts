// Prices a checked quote request into the quote's JSON text, and draws plates (SVG preview, cut-ready
// DXF): small work on the calling thread (a typical plate prices in tens of microseconds and a worker
// round trip would cost more), large work on the plate workers so the event loop keeps answering
// while it runs. Every pricing of the service goes through here: quotes, the plate quoter page and
// the upload page's quoter.
import { countCutouts, publicUrls } from '@shop/contracts';
import type { Issue, KeptPlate, PlateItem, ProductItem, QuotedItem, ResolvedQuoteRequest } from '@shop/contracts';
import { renderPlateSvg } from '@shop/geometry';
import { createAnalysisMemo, pricePlateItem, priceQuote } from '@shop/pricing';
import { plateDxf } from './drawing-export';
import { listingOf } from './quote-listing';
import { isReference, plateSize, resolvePlate } from './import-parts';
import type { ImportedPart } from './import-parts';
import type { PlateTask, PlateTexts, PricedQuote } from './pricing-worker';
import type { PricingCatalog } from './shop-state';
import { createWorkerPool } from './worker-pool';

/**
 * Up to these counts in every plate item, a request is priced on the calling thread: ten such items,
 * however their cutouts overlap and their folds cross, measured at 1.3 ms (p99 1.8 ms) on one core
 * (BENCHMARKS.md). Anything larger goes to a worker.
 */
export const INLINE_LIMITS = { cutouts: 32, corners: 32, bends: 2 } as const;

/**
 * Up to this many corners and cutouts a plate is drawn on the calling thread (well under a
 * millisecond); larger ones (an import's up to 20,000 corners take 60-120 ms to draw) on a worker.
 */
export const INLINE_DRAWING_SIZE = 1000;

/** A request as kept: product items, typed plates and plates naming an import, with the imports read for it. */
interface PricingRequest {
  items: Array<ProductItem | KeptPlate>;
  /** Every import the items name. */
  parts: ReadonlyMap<string, ImportedPart>;
}

/** What a price is made from: the catalog of the book in force, and the book for a worker to load. */
type PricerCatalog = Pick<PricingCatalog, 'catalog' | 'book' | 'catalogOptions'>;

export interface QuotePricer {
  price(request: PricingRequest, at: { now: Date; quoteId: string; pricing: PricerCatalog }): Promise<PricedQuote>;
  /**
   * One plate priced as a quote would price it at its `index` (its issues name that place), without
   * a quote: the pages' figures. Its other quantities are priced in the same call.
   */
  priceItem(plate: KeptPlate, parts: ReadonlyMap<string, ImportedPart>, index: number, pricing: PricerCatalog): Promise<QuotedItem>;
  /** The plate's SVG drawing (titled as given, or by its thickness and shapes). */
  drawSvg(plate: KeptPlate, parts: ReadonlyMap<string, ImportedPart>, title?: string | null): Promise<string>;
  /** The plate as a cut-ready DXF, labelled on its NOTES layer. */
  writeDxf(plate: KeptPlate, parts: ReadonlyMap<string, ImportedPart>, label: string): Promise<string>;
  /** Tasks waiting for a worker, and workers running, for /metrics. */
  stats(): { queued: number; threads: number };
  close(): Promise<void>;
}

export interface QuotePricerOptions {
  publicUrl: string;
  /** Worker threads; default the cores of the machine. */
  threads?: number;
}

/** Whether pricing `request` is small enough to do on the calling thread. */
export function isLightRequest(request: ResolvedQuoteRequest): boolean {
  return request.items.every(
    (item) =>
      item.kind !== 'plate' ||
      (countCutouts(item.holes) + item.cutouts.length <= INLINE_LIMITS.cutouts &&
        cornerCount(item) <= INLINE_LIMITS.corners &&
        item.bends.length <= INLINE_LIMITS.bends),
  );
}

/** Corners of a plate's polygons: its outline's when a polygon, and every cut-out's. */
function cornerCount(item: PlateItem): number {
  const outline = item.outline.kind === 'polygon' ? item.outline.points_in.length : 0;
  return item.cutouts.reduce((total, cutout) => total + cutout.points_in.length, outline);
}

/** The plates, as JSON text, of the imports these plates name: what a worker is sent in place of them. */
function plateTexts(plates: readonly KeptPlate[], parts: ReadonlyMap<string, ImportedPart>): PlateTexts {
  const texts: PlateTexts = {};
  for (const plate of plates) {
    if (!isReference(plate)) continue;
    const part = parts.get(plate.import_id);
    if (part) texts[plate.import_id] = { plate: part.plateJson, survey: part.survey };
  }
  return texts;
}

/** The book and catalog settings a worker prices from (it loads each version once). */
function bookOf(pricing: PricerCatalog): { book: PricerCatalog['book']; catalogOptions: PricerCatalog['catalogOptions'] } {
  return { book: pricing.book, catalogOptions: pricing.catalogOptions };
}

export function createQuotePricer(options: QuotePricerOptions): QuotePricer {
  const urls = publicUrls(options.publicUrl);
  const pool = createWorkerPool<PlateTask, PricedQuote | QuotedItem | string>({
    module: 'pricing-worker',
    workerData: { publicUrl: options.publicUrl },
    what: 'pricing and drawing',
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
  const lookup = (parts: ReadonlyMap<string, ImportedPart>) => (id: string) => parts.get(id);
  // The items naming one import share its arrays: checked once (the service never changes a plate it priced).
  // A request naming no import has fresh arrays that nothing else will ever price: no memo for it
  // (its entries, a WeakMap per array, were garbage on every quote).
  const sharedMemo = createAnalysisMemo();
  const memoFor = (parts: ReadonlyMap<string, ImportedPart>) => {
    if (parts.size === 0) return {};
    // What was found of each outline when its drawing was read (a WeakMap entry per outline: cheap to repeat).
    for (const part of parts.values()) if (part.survey !== null) sharedMemo.remember(part.plateImport.plate.outline, part.survey);
    return { memo: sharedMemo };
  };
  // An imported drawing's own blocking issues block the items naming it (param: their import_id).
  const issuesOf = (plate: KeptPlate, parts: ReadonlyMap<string, ImportedPart>, index: number): Issue[] => {
    if (!isReference(plate)) return [];
    return (parts.get(plate.import_id)?.blocking ?? []).map((issue) => ({ ...issue, param: `items[${index}].import_id` }));
  };
  const drawingIssues = (request: PricingRequest): Array<Issue[] | null> =>
    request.items.map((item, index) => {
      const issues = item.kind === 'plate' ? issuesOf(item, request.parts, index) : [];
      return issues.length === 0 ? null : issues;
    });
  const plates = (request: PricingRequest) => request.items.filter((item): item is KeptPlate => item.kind === 'plate');

  return {
    async price(request, at) {
      const itemIssues = drawingIssues(request);
      const parts = lookup(request.parts);
      const resolved: ResolvedQuoteRequest = { items: request.items.map((item) => (item.kind === 'plate' ? resolvePlate(item, parts) : item)) };
      if (isLightRequest(resolved)) {
        const quote = priceQuote(resolved, { catalog: at.pricing.catalog, now: at.now, quoteId: at.quoteId, previewUrl: urls.preview, itemIssues, ...memoFor(request.parts) });
        return { json: JSON.stringify(quote), expiresAt: quote.expires_at, listing: listingOf(quote) };
      }
      const task: PlateTask = {
        kind: 'price',
        items: request.items,
        plates: plateTexts(plates(request), request.parts),
        itemIssues,
        nowMs: at.now.getTime(),
        quoteId: at.quoteId,
        ...bookOf(at.pricing),
      };
      return (await pool.run(task)) as PricedQuote;
    },
    async priceItem(plate, parts, index, pricing) {
      const issues = issuesOf(plate, parts, index);
      const resolved = resolvePlate(plate, lookup(parts));
      if (isLightRequest({ items: [resolved] })) return pricePlateItem(resolved, { catalog: pricing.catalog, index, issues, ...memoFor(parts) });
      return (await pool.run({ kind: 'item', plate, plates: plateTexts([plate], parts), index, issues, ...bookOf(pricing) })) as QuotedItem;
    },
    async drawSvg(plate, parts, title = null) {
      const resolved = resolvePlate(plate, lookup(parts));
      if (plateSize(resolved) <= INLINE_DRAWING_SIZE) return renderPlateSvg(resolved, title === null ? {} : { title });
      return (await pool.run({ kind: 'svg', plate, plates: plateTexts([plate], parts), title })) as string;
    },
    async writeDxf(plate, parts, label) {
      const resolved = resolvePlate(plate, lookup(parts));
      if (plateSize(resolved) <= INLINE_DRAWING_SIZE) return plateDxf(resolved, label);
      return (await pool.run({ kind: 'dxf', plate, plates: plateTexts([plate], parts), label })) as string;
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
