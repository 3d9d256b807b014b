import { PlateItem, ProductItem } from '@shop/contracts';
import { priceItem } from './price-item';
import { pricePlateItem } from './price-plate';
import { PLATE_A, PLATE_C, catalog } from './test-fixtures';

describe('pricing one item alone', () => {
  it('prices the plate of a stored design again at another quantity', () => {
    // Plate A at 25 pieces: 3,600 + the batch 142 + 25 shares of a 165-piece 48 x 96 in sheet (14,746 c) and of
    // its loading and unloading (669 c) + 25 x 609 + 25 x 295 of deburring = 41,757, 1,670 each.
    const quoted = pricePlateItem(PlateItem.parse({ ...PLATE_A, quantity: 25 }), { catalog });
    expect(quoted).toMatchObject({ index: 0, quantity: 25, amount_cents: 41_757, unit_amount_cents: 1_670 });
    expect(quoted.quantity_options.map((o) => o.quantity)).toEqual([1, 100]);
    // No drawing address unless one is given.
    expect(quoted.plate?.preview_url).toBeNull();
  });

  it('prices 2 of the 58 mm disc at the item minimum, CAD 25.00 each', () => {
    // 12 ga: 1,600 programming + 2 x 316 + the nest (a dollar) is under the 5,000 item minimum (less than 2 x 2,600).
    const disc = PlateItem.parse({ kind: 'plate', material: 'mild_steel', thickness_in: 0.1046, outline: { kind: 'circle', diameter_in: 2.2835 }, quantity: 2 });
    expect(pricePlateItem(disc, { catalog })).toMatchObject({ amount_cents: 5_000, unit_amount_cents: 2_500 });
  });

  it('names issue and error fields after the index it is given', () => {
    const quoted = pricePlateItem(PlateItem.parse(PLATE_C), { catalog, index: 4 });
    expect(quoted.index).toBe(4);
    expect(quoted.issues[0]?.param).toBe('items[4].thickness_in');
    expect(() => pricePlateItem(PlateItem.parse({ ...PLATE_C, thickness_in: 0.3 }), { catalog, index: 4 })).toThrow(
      expect.objectContaining({ code: 'thickness_not_offered', param: 'items[4].thickness_in' }),
    );
  });

  it('dispatches on the kind of item', () => {
    const product = priceItem(ProductItem.parse({ kind: 'product', slug: 'shop-press-20t', tier: 'welded', quantity: 3 }), { catalog, index: 1 });
    expect(product).toMatchObject({ index: 1, kind: 'product', amount_cents: 545_400, unit_amount_cents: 181_800 });
    const plate = priceItem(PlateItem.parse(PLATE_A), { catalog, previewUrl: 'https://quote.example.ca/p.svg' });
    expect(plate).toMatchObject({ kind: 'plate', amount_cents: 18_948, plate: { preview_url: 'https://quote.example.ca/p.svg' } });
  });
});
