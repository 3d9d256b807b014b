// Prices a checked quote request into the quote's JSON text: small requests on the calling thread
// (a typical plate takes tens of microseconds and a worker round trip would cost more), large ones
// on the pricing workers so the event loop keeps answering while they run.
import { countCutouts, publicUrls } from '@shop/contracts';
import type { PlateItem, ResolvedQuoteRequest } from '@shop/contracts';
import type { Catalog, CatalogOptions } from '@shop/catalog';
import { priceQuote } from '@shop/pricing';
import type { PricingTask, PricedQuote } from './pricing-worker';
import { createWorkerPool } from './worker-pool';

/**
 * Up to these counts in every plate item, a request is priced on the calling thread: ten such items,
 * however their cutouts overlap and their folds cross, measured at 1.3 ms (p99 1.8 ms) on one core
 * (BENCHMARKS.md). Anything larger goes to a worker.
 */
export const INLINE_LIMITS = { cutouts: 32, corners: 32, bends: 2 } as const;

export interface QuotePricer {
  price(request: ResolvedQuoteRequest, at: { now: Date; quoteId: string }): Promise<PricedQuote>;
  /** Requests waiting for a worker, and workers running, for /metrics. */
  stats(): { queued: number; threads: number };
  close(): Promise<void>;
}

export interface QuotePricerOptions {
  catalog: Catalog;
  /** How the catalog was made: each worker makes the same one. */
  catalogOptions: CatalogOptions;
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

export function createQuotePricer(options: QuotePricerOptions): QuotePricer {
  const urls = publicUrls(options.publicUrl);
  const pool = createWorkerPool<PricingTask, PricedQuote>({
    module: 'pricing-worker',
    workerData: { catalogOptions: options.catalogOptions, publicUrl: options.publicUrl },
    what: 'pricing',
    ...(options.threads === undefined ? {} : { threads: options.threads }),
  });
  return {
    async price(request, at) {
      if (isLightRequest(request)) {
        const quote = priceQuote(request, { catalog: options.catalog, now: at.now, quoteId: at.quoteId, previewUrl: urls.preview });
        return { json: JSON.stringify(quote), expiresAt: quote.expires_at };
      }
      return pool.run({ request, nowMs: at.now.getTime(), quoteId: at.quoteId });
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}
