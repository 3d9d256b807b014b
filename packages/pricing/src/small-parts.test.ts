import { PlateItem } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import { priceQuote } from './price-quote';
import { SMALL_BRACKET } from './reference-parts';
import { catalog, quoteOptions, request } from './test-fixtures';
import { pricePlateItem } from './price-plate';

const plate = (part: Omit<PlateItemInput, 'kind'>) => PlateItem.parse({ ...part, kind: 'plate' });

describe('small parts', () => {
  it('prices one small bracket (3 x 2 in, 1 hole, 10 ga) at the piece minimum, CAD 26.00', () => {
    // Programming (16.00), the batch, the sheet's share and its work come to less: the minimum sets the price.
    expect(pricePlateItem(plate({ ...SMALL_BRACKET, quantity: 1 }), { catalog })).toMatchObject({ status: 'ready', amount_cents: 2_600 });
  });

  it('prices five different small parts, one of each, at CAD 130 together: each its own item, each at the 26.00 piece minimum', () => {
    const parts: Omit<PlateItemInput, 'kind'>[] = [
      SMALL_BRACKET,
      { ...SMALL_BRACKET, outline: { kind: 'rectangle', width_in: 2, height_in: 3 }, holes: [{ kind: 'single', x_in: 1, y_in: 2, diameter_in: 0.375 }] },
      { ...SMALL_BRACKET, outline: { kind: 'circle', diameter_in: 2.5 }, holes: [{ kind: 'single', x_in: 1.25, y_in: 1.25, diameter_in: 0.5 }] },
      { ...SMALL_BRACKET, outline: { kind: 'polygon', points_in: [[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]] }, holes: [] },
      { ...SMALL_BRACKET, outline: { kind: 'rectangle', width_in: 3.5, height_in: 1.5 }, holes: [{ kind: 'slot', center_x_in: 1.75, center_y_in: 0.75, width_in: 0.3125, length_in: 1 }] },
    ];
    const quote = priceQuote(request(parts.map((part) => ({ ...part, kind: 'plate' as const }))), quoteOptions());
    expect(quote.items.map((item) => [item.status, item.amount_cents])).toEqual(Array(5).fill(['ready', 2_600]));
    expect(quote.amount_subtotal_cents).toBe(13_000);
  });

  it('falls smoothly with the quantity: never up, the item minimum shared from 2 pieces, the work past it by 20', () => {
    const units = [1, 2, 3, 4, 5, 10, 20, 50, 100, 500, 999].map((quantity) => {
      const quoted = pricePlateItem(plate({ ...SMALL_BRACKET, quantity }), { catalog });
      return quoted.unit_amount_cents as number;
    });
    // 1: 26.00; 2-10: the 50.00 item minimum shared; from 20 the work itself: programming and the batch once, the
    // sheet's share, cutting, the two contours, counting, and one tumbler load for the lot (20 pieces 61.08, 3.05 each).
    expect(units.slice(0, 7)).toEqual([2_600, 2_500, 1_667, 1_250, 1_000, 500, 305]);
    for (let i = 1; i < units.length; i += 1) expect(units[i]).toBeLessThanOrEqual(units[i - 1] as number);
    // At 100 pieces 2.02 each, under a tenth of one piece; 999 pieces 1.78.
    expect(units[8]).toBe(202);
    expect(units[units.length - 1]).toBe(178);
  });

  it('prices 500 tags of 1 x 1 in 0.063 in 6061 at CAD 0.51 each, from their cutting, sheet and batch work', () => {
    const tag = PlateItem.parse({ kind: 'plate', material: 'aluminum_6061', thickness_in: 0.063, outline: { kind: 'rectangle', width_in: 1, height_in: 1 }, quantity: 500, quantity_options: [1, 50, 100] });
    const quoted = pricePlateItem(tag, { catalog });
    expect(quoted).toMatchObject({ status: 'ready', unit_amount_cents: 51, amount_cents: 25_308 });
    expect(quoted.quantity_options).toEqual([
      { quantity: 1, unit_amount_cents: 2_600, amount_cents: 2_600 },
      { quantity: 50, unit_amount_cents: 100, amount_cents: 5_000 },
      { quantity: 100, unit_amount_cents: 71, amount_cents: 7_135 },
    ]);
  });
});
