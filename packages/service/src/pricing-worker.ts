// A plate worker thread: the same catalog, pricing and drawing code as the main thread, one task at a
// time: a quote priced, a plate drawn as SVG, or written as a cut-ready DXF. A plate that names an
// import comes with the import's plate as JSON text, parsed here (and kept for the next task).
import { workerData } from 'node:worker_threads';
import { createCatalog, loadPriceBook } from '@shop/catalog';
import type { Catalog, CatalogOptions } from '@shop/catalog';
import { publicUrls } from '@shop/contracts';
import type { Issue, KeptPlate, PlateImport, ProductItem, QuotedItem } from '@shop/contracts';
import { renderPlateSvg } from '@shop/geometry';
import type { KnownFigures } from '@shop/geometry';
import { createAnalysisMemo, pricePlateItem, priceQuote } from '@shop/pricing';
import { plateDxf } from './drawing-export';
import { createPartCache, resolvePlate } from './import-parts';
import type { ImportedPart } from './import-parts';
import { listingOf } from './quote-listing';
import type { PricedListing } from './quote-listing';
import type { BookText } from './shop-state';

/** The plates of the imports a task names: import id to the import's plate as JSON text, and its survey. */
export type PlateTexts = Record<string, { plate: string; survey: KnownFigures | null }>;

/** The price book a pricing task is priced from, and the catalog's other settings (the switch). */
interface PricedFrom {
  book: BookText;
  catalogOptions: CatalogOptions;
}

export type PlateTask =
  | ({ kind: 'price'; items: Array<ProductItem | KeptPlate>; plates: PlateTexts; itemIssues: Array<Issue[] | null>; nowMs: number; quoteId: string } & PricedFrom)
  | ({ kind: 'item'; plate: KeptPlate; plates: PlateTexts; index: number; issues: Issue[] } & PricedFrom)
  | { kind: 'svg'; plate: KeptPlate; plates: PlateTexts; title: string | null }
  | { kind: 'dxf'; plate: KeptPlate; plates: PlateTexts; label: string };

export interface PricedQuote {
  /** The quote as JSON text, the bytes stored and sent. */
  json: string;
  expiresAt: string;
  /** Kept beside the body for the staff's list. */
  listing: PricedListing;
}

interface PricingWorkerData {
  publicUrl: string;
}

const data = workerData as PricingWorkerData | null;
const urls = data ? publicUrls(data.publicUrl) : null;
// The catalogs this thread priced from lately: a book is loaded once per version and switch state.
const catalogs = new Map<string, Catalog>();
const CATALOGS_KEPT = 4;

function catalogOf({ book, catalogOptions }: PricedFrom): Catalog {
  const key = `${book.version}\n${JSON.stringify(catalogOptions)}`;
  let catalog = catalogs.get(key);
  if (!catalog) {
    catalog = createCatalog({ ...catalogOptions, priceBook: loadPriceBook(JSON.parse(book.text)) });
    if (catalogs.size >= CATALOGS_KEPT) catalogs.delete(catalogs.keys().next().value!);
    catalogs.set(key, catalog);
  }
  return catalog;
}
// The imports this thread parsed lately (a few, by count: each is at most some 20,000 corners).
const parsed = createPartCache(64 * 1024 * 1024);
// Checks of an import's part made once while its arrays are kept (every quote naming it, every item).
const memo = createAnalysisMemo();

function lookup(plates: PlateTexts) {
  return (id: string): ImportedPart | undefined => {
    const kept = parsed.get(id);
    if (kept) return kept;
    const sent = plates[id];
    if (sent === undefined) return undefined;
    const text = sent.plate;
    const plate = JSON.parse(text) as PlateImport['plate'];
    if (sent.survey !== null) memo.remember(plate.outline, sent.survey);
    const part: ImportedPart = {
      id,
      expiresAt: new Date(0),
      retainUntil: new Date(0),
      plateImport: { plate } as PlateImport,
      plateJson: text,
      survey: sent.survey,
      blocking: [],
      weight: 3 * text.length,
    };
    parsed.set(part);
    return part;
  };
}

/** Runs one task (the caller has validated the request against the same catalog). */
export function run(task: PlateTask): PricedQuote | QuotedItem | string {
  if (!urls) throw new Error('The plate worker runs only inside its pool.');
  const parts = lookup(task.plates);
  switch (task.kind) {
    case 'price': {
      const items = task.items.map((item) => (item.kind === 'plate' ? resolvePlate(item, parts) : item));
      const quote = priceQuote({ items }, { catalog: catalogOf(task), now: new Date(task.nowMs), quoteId: task.quoteId, previewUrl: urls.preview, itemIssues: task.itemIssues, memo });
      return { json: JSON.stringify(quote), expiresAt: quote.expires_at, listing: listingOf(quote) };
    }
    case 'item':
      return pricePlateItem(resolvePlate(task.plate, parts), { catalog: catalogOf(task), index: task.index, issues: task.issues, memo });
    case 'svg':
      return renderPlateSvg(resolvePlate(task.plate, parts), task.title === null ? {} : { title: task.title });
    case 'dxf':
      return plateDxf(resolvePlate(task.plate, parts), task.label);
  }
}
