// One item of either kind, priced on its own.
import { typedPlate } from '@shop/contracts';
import type { QuoteRequestItem, QuotedItem } from '@shop/contracts';
import { assertParsedItem } from './parsed';
import { pricePlateItem } from './price-plate';
import type { PricePlateOptions } from './price-plate';
import { priceProductItem } from './price-product';

export type PriceItemOptions = PricePlateOptions;

/** Prices a product or plate item alone; `previewUrl` applies to a ready plate only. */
export function priceItem(item: QuoteRequestItem, options: PriceItemOptions): QuotedItem {
  assertParsedItem(item);
  if (item.kind === 'plate') return pricePlateItem(typedPlate(item), options);
  return priceProductItem(item, { catalog: options.catalog, ...(options.index === undefined ? {} : { index: options.index }) });
}
