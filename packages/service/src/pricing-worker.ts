// A pricing worker thread: the same catalog and pricing code as the main thread, one quote a task.
import { workerData } from 'node:worker_threads';
import { createCatalog } from '@shop/catalog';
import type { CatalogOptions } from '@shop/catalog';
import { publicUrls } from '@shop/contracts';
import type { ResolvedQuoteRequest } from '@shop/contracts';
import { priceQuote } from '@shop/pricing';

export interface PricingTask {
  request: ResolvedQuoteRequest;
  nowMs: number;
  quoteId: string;
}

export interface PricedQuote {
  /** The quote as JSON text, the bytes stored and sent. */
  json: string;
  expiresAt: string;
}

interface PricingWorkerData {
  catalogOptions: CatalogOptions;
  publicUrl: string;
}

const data = workerData as PricingWorkerData | null;
const catalog = data ? createCatalog(data.catalogOptions) : null;
const urls = data ? publicUrls(data.publicUrl) : null;

/** Prices one checked request (the caller has validated it against the same catalog). */
export function run(task: PricingTask): PricedQuote {
  if (!catalog || !urls) throw new Error('The pricing worker runs only inside its pool.');
  const quote = priceQuote(task.request, { catalog, now: new Date(task.nowMs), quoteId: task.quoteId, previewUrl: urls.preview });
  return { json: JSON.stringify(quote), expiresAt: quote.expires_at };
}
