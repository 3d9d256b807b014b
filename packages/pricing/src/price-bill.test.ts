import { createCatalog, PRICE_BOOK } from '@shop/catalog';
import { priceBill } from './price-bill';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

describe('priceBill', () => {
  it('prices every kit and welded unit of the catalog at exactly its bill', () => {
    const slugs = Object.keys(PRICE_BOOK.productPrices);
    expect(slugs).toHaveLength(12);
    for (const slug of slugs) {
      const prices = PRICE_BOOK.productPrices[slug]!;
      const bill = PRICE_BOOK.productBills[slug];
      expect(bill).toBeDefined();
      const priced = priceBill(bill!, PRICE_BOOK.billRates, catalog);
      expect([slug, prices.kit, prices.welded]).toEqual([slug, priced.kitCents, prices.welded === null ? null : priced.weldedCents]);
    }
  });

  it('works out the welding cart line by line', () => {
    const priced = priceBill(PRICE_BOOK.productBills['welding-cart']!, PRICE_BOOK.billRates, catalog);
    // Two 24 x 16 in 14 ga shelves with two lips each, priced as one plate item of 2 pieces (programming,
    // two brake set-ups, the nest, cutting and bending): 88.00; the 10 x 8 in 11 ga cylinder rest, 1 bend: 38.56.
    expect(priced.plates).toEqual([
      { name: 'Shelf with lips', quantity: 2, amountCents: 8_800 },
      { name: 'Cylinder rest', quantity: 1, amountCents: 3_856 },
    ]);
    // 24 ft of tube at 3.50, 4 casters at 22.00, the chain and the bolts.
    expect(priced.bought.map((line) => line.amountCents)).toEqual([8_400, 8_800, 1_200, 800]);
    // 1 h of fabrication at 110.00.
    expect(priced.shopCents).toBe(11_000);
    // 8,800 + 3,856 + 19,200 + 11,000 = 42,856; x 1.20 = 51,427.2 -> 514.27 -> CAD 514.
    expect(priced).toMatchObject({ kitCostCents: 42_856, kitCents: 51_400 });
    // + 2.5 h welding at 120.00 (30,000) + powder coat 6,500 = 79,356; x 1.20 = 95,227.2 -> CAD 952.
    expect(priced).toMatchObject({ weldedCostCents: 79_356, weldedCents: 95_200 });
  });

  it('has no welded price for a product not sold welded', () => {
    const priced = priceBill(PRICE_BOOK.productBills['mezzanine-platform-10x12']!, PRICE_BOOK.billRates, catalog);
    expect(priced.weldedCents).toBeNull();
    expect(PRICE_BOOK.productPrices['mezzanine-platform-10x12']?.welded).toBeNull();
  });

  it('refuses a bill whose plate cannot be made, naming the part', () => {
    const bill = { plates: [{ name: 'Tab', quantity: 1, part: { material: 'aluminum_6061', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 4, height_in: 4 }, bends: [{ start_in: [2, 0], end_in: [2, 4] }] } }], bought: [], shopHours: 0, welded: null };
    expect(() => priceBill(bill, PRICE_BOOK.billRates, catalog)).toThrow(/"Tab" cannot be made: .*not bent/);
  });
});
