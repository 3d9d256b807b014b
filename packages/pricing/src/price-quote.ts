// A whole quote: every item priced or blocked in request order, totals with HST, created and expiry times.
import type { Catalog } from '@shop/catalog';
import { typedPlate } from '@shop/contracts';
import type { Issue, PlateItem, ProductItem, Quote, QuoteRequest, QuotedItem } from '@shop/contracts';
import type { AnalysisMemo } from './analysis-memo';
import { hstCents } from './money';
import { assertParsedRequest } from './parsed';
import { pricePlate } from './price-plate';
import { priceProduct } from './price-product';
import { validatePlateItem, validateProductItem, validateRequest } from './validate';

export interface PriceQuoteOptions {
  catalog: Catalog;
  /** The moment of the quote; the library never reads a clock. */
  now: Date;
  quoteId: string;
  /** The address of a ready plate item's drawing. */
  previewUrl: (quoteId: string, index: number) => string;
  /**
   * Issues found before pricing, by item index (an imported drawing's own, such as an open contour):
   * placed on the item first; a blocking one blocks it.
   */
  itemIssues?: ReadonlyArray<readonly Issue[] | null>;
  /** Measures and checks made once for plates sharing their shapes (createAnalysisMemo). */
  memo?: AnalysisMemo;
}

export const QUOTE_VALIDITY_MS = 7 * 24 * 60 * 60 * 1000;

export const TAX_NOTE_READY = 'HST 13% (Ontario) on the subtotal, rounded to the nearest cent (half a cent rounds up); total = subtotal + HST.';
export const TAX_NOTE_BLOCKED = 'No totals: an item is blocked. HST 13% (Ontario) is charged on the subtotal once every item is priced.';

/**
 * Prices a validated QuoteRequest into the contract's Quote body, keys in the contract's order. Throws the 422
 * ServiceError (with `param`) when a slug, tier, material, thickness or quantity is not offered.
 */
export function priceQuote(request: QuoteRequest, options: PriceQuoteOptions): Quote {
  const { catalog, quoteId } = options;
  const createdMs = options.now.getTime();
  if (!Number.isFinite(createdMs)) throw new RangeError('now must be a valid Date.');
  assertParsedRequest(request);
  validateRequest(request, catalog);

  const items: QuotedItem[] = request.items.map((item, index) =>
    item.kind === 'plate'
      ? pricePlateAt(typedPlate(item), catalog, index, quoteId, options.previewUrl, options.itemIssues?.[index] ?? [], options.memo)
      : priceProductAt(item, catalog, index),
  );

  const blocked = items.some((item) => item.status === 'blocked');
  let subtotal: number | null = null;
  let tax: number | null = null;
  let total: number | null = null;
  if (!blocked) {
    subtotal = 0;
    for (const item of items) subtotal += item.amount_cents as number;
    tax = hstCents(subtotal);
    total = subtotal + tax;
  }

  return {
    object: 'quote',
    id: quoteId,
    status: blocked ? 'blocked' : 'ready',
    price_type: 'firm',
    beta: false,
    notice: null,
    currency: 'cad',
    items,
    amount_subtotal_cents: subtotal,
    amount_tax_cents: tax,
    amount_total_cents: total,
    tax_note: blocked ? TAX_NOTE_BLOCKED : TAX_NOTE_READY,
    issues: [],
    price_book: catalog.priceBookVersion,
    created_at: new Date(createdMs).toISOString(),
    expires_at: new Date(createdMs + QUOTE_VALIDITY_MS).toISOString(),
  };
}

function pricePlateAt(
  item: PlateItem,
  catalog: Catalog,
  index: number,
  quoteId: string,
  previewUrl: PriceQuoteOptions['previewUrl'],
  found: readonly Issue[],
  memo: AnalysisMemo | undefined,
): QuotedItem {
  const stock = validatePlateItem(item, catalog, index);
  return pricePlate(item, stock, catalog, index, previewUrl(quoteId, index), found, memo);
}

function priceProductAt(item: ProductItem, catalog: Catalog, index: number): QuotedItem {
  const { product, tier } = validateProductItem(item, catalog, index);
  return priceProduct(item, product, tier, index, catalog);
}
