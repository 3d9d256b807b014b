import { PlateItem, ProductItem } from '@shop/contracts';
import { priceItem } from './price-item';
import { pricePlateItem } from './price-plate';
import { PLATE_A, PLATE_C, catalog } from './test-fixtures';

describe('pricing one item alone', () => {
  it('prices the plate of a stored design again at another quantity', () => {
    // Plate A at 25 pieces: 3,200 + 25 shares of a 252-piece sheet (6,837 c) and of its loading (149 c)
    // + 25 x 292 = 17,486, 699 each.
    const quoted = pricePlateItem(PlateItem.parse({ ...PLATE_A, quantity: 25 }), { catalog });
    expect(quoted).toMatchObject({ index: 0, quantity: 25, amount_cents: 17_486, unit_amount_cents: 699 });
    expect(quoted.quantity_options.map((o) => o.quantity)).toEqual([1, 100]);
    // No drawing address unless one is given.
    expect(quoted.plate?.preview_url).toBeNull();
  });

  it('prices 2 of the 58 mm disc at the piece minimum, CAD 17.00 each (USD 12.32 at 1.38, inside the peer band of USD 12-18)', () => {
    // 12 ga: 1,200 programming + 2 x 109 + the nest (a few cents) is under 2 x 1,700.
    const disc = PlateItem.parse({ kind: 'plate', material: 'mild_steel', thickness_in: 0.1046, outline: { kind: 'circle', diameter_in: 2.2835 }, quantity: 2 });
    expect(pricePlateItem(disc, { catalog })).toMatchObject({ amount_cents: 3_400, unit_amount_cents: 1_700 });
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
    expect(product).toMatchObject({ index: 1, kind: 'product', amount_cents: 509_700, unit_amount_cents: 169_900 });
    const plate = priceItem(PlateItem.parse(PLATE_A), { catalog, previewUrl: 'https://quote.example.ca/p.svg' });
    expect(plate).toMatchObject({ kind: 'plate', amount_cents: 8_915, plate: { preview_url: 'https://quote.example.ca/p.svg' } });
  });
});
