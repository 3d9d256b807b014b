// Requests shared by the tests, parsed through the contract so defaults apply as in the service.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalog, loadPriceBook } from '@shop/catalog';
import { QuoteRequest } from '@shop/contracts';
import type { PlateItemInput, QuoteRequestInput } from '@shop/contracts';
import type { PriceQuoteOptions } from './price-quote';

export const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

/** The last book of pricing v3 (2026-11-27.2) as stored: its quotes were priced from it, and still price the same. */
const BOOK_V3_JSON: unknown = JSON.parse(readFileSync(join(__dirname, '../../catalog/src/test-books/price-book-2026-11-27.2.json'), 'utf8'));
export const catalogV3 = createCatalog({ shopUrl: 'https://shop.example.ca', priceBook: loadPriceBook(BOOK_V3_JSON) });

export const NOW = new Date('2026-03-02T14:05:09.123Z');

export function quoteOptions(quoteId = 'q_test0000000000000000001'): PriceQuoteOptions {
  return {
    catalog,
    now: NOW,
    quoteId,
    previewUrl: (id, index) => `https://quote.example.ca/api/v1/quotes/${id}/items/${index}/preview.svg`,
  };
}

export function request(items: QuoteRequestInput['items']): QuoteRequest {
  return QuoteRequest.parse({ items });
}

/** 6 x 4 in, 1/4 in mild steel, four 1/2 in holes 1 in from the edges, one fold across the middle. */
export const PLATE_A: PlateItemInput = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
  bends: [{ start_in: [3, 0], end_in: [3, 4] }],
  quantity: 10,
  quantity_options: [1, 100],
  label: 'Base plate A',
};

/** 10 in ring with a 4 in bore, 3/16 in 304 stainless, six 1/2 in holes on a 7 in bolt circle. */
export const PLATE_B: PlateItemInput = {
  kind: 'plate',
  material: 'stainless_304',
  thickness_in: 0.1875,
  outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 },
  holes: [{ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 6, bolt_circle_diameter_in: 7, diameter_in: 0.5 }],
  quantity: 4,
  quantity_options: [25, 1],
};

/** 3 x 2 in, 5/16 in mild steel (not stocked), no holes. */
export const PLATE_C: PlateItemInput = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.3125,
  outline: { kind: 'rectangle', width_in: 3, height_in: 2 },
  quantity: 50,
  quantity_options: [1],
  label: 'Gusset #3 (left)',
};
