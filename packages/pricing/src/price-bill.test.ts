import { createCatalog, loadPriceBook, PRICE_BOOK } from '@shop/catalog';
import bundled from '../../catalog/src/price-book.json';
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
      const priced = priceBill(bill!, PRICE_BOOK, catalog);
      expect([slug, prices.kit, prices.welded]).toEqual([slug, priced.kitCents, prices.welded === null ? null : priced.weldedCents]);
    }
  });

  it('works out the welding cart line by line, its plates as one job', () => {
    const priced = priceBill(PRICE_BOOK.productBills['welding-cart']!, PRICE_BOOK, catalog);
    // Two 24 x 16 in 14 ga shelves with two lips each (their nest, cutting, contours, handling, deburring, batch and bending: 80.65)
    // and the 10 x 8 in 11 ga cylinder rest with one bend (16.91), without programming: the kit pays that once.
    expect(priced.plates).toEqual([
      { name: 'Shelf with lips', quantity: 2, amountCents: 8_065 },
      { name: 'Cylinder rest', quantity: 1, amountCents: 1_691 },
    ]);
    // One programming charge (8 min at CAD 120/h: 16.00) and the three bend lines' set-ups (3 x 20.00).
    expect(priced.plateJobCents).toBe(1_600 + 3 * 2_000);
    expect(priced.platesCents).toBe(7_600 + 8_065 + 1_691);
    // 24 ft of 16 ga tube at 1.27 lb/ft x 176.8125 c/lb (2.25/ft), 4 casters at 22.00, the chain and the bolts.
    expect(priced.bought.map((line) => line.amountCents)).toEqual([5_400, 8_800, 1_200, 800]);
    // 1 h of fabrication at 110.00.
    expect(priced.shopCents).toBe(11_000);
    // 17,356 + 16,200 + 11,000 = 44,556; x 1.20 = 53,467.2 -> CAD 535.
    expect(priced).toMatchObject({ kitCostCents: 44_556, kitCents: 53_500 });
    // + 2.5 h welding at 120.00 (30,000) + powder coat 6,500 = 81,056; x 1.20 = 97,267.2 -> CAD 973.
    expect(priced).toMatchObject({ weldedCostCents: 81_056, weldedCents: 97_300 });
  });

  it('charges a kit whose plates come to little the item minimum once, not a minimum per line', () => {
    // The 12 ft gate: two hinge straps (18.64) and a latch plate (6.53) with one programming (16.00) come to 41.17,
    // under the 50.00 item minimum: the lot pays 50.00, where three items would pay 50.00 and 26.00.
    const priced = priceBill(PRICE_BOOK.productBills['livestock-gate-12ft']!, PRICE_BOOK, catalog);
    expect(priced.plates.map((line) => line.amountCents)).toEqual([1_864, 653]);
    expect(priced.platesCents).toBe(5_000);
  });

  it('prices every bought line from the one table: the same angle costs the same in every kit', () => {
    const angle = PRICE_BOOK.boughtItems['angle-2x2x3-16']!;
    // 2.44 lb/ft x (0.5125 USD/lb x 1.38 x 2.5 = 176.8125 c/lb) = 431.4 -> 431 c a foot.
    expect(angle).toEqual({ name: '2 x 2 x 3/16 in angle', unit: 'ft', unitCents: 431, lbPerUnit: 2.44 });
    const perFoot = ['calf-creep-feeder', 'utility-trailer-5x10', 'trailer-ramp-gate'].map((slug) => {
      const priced = priceBill(PRICE_BOOK.productBills[slug]!, PRICE_BOOK, catalog);
      const line = priced.bought.find((l) => l.name === angle.name)!;
      return line.amountCents / line.quantity;
    });
    expect(perFoot).toEqual([431, 431, 431]);
  });

  it('has no welded price for a product not sold welded', () => {
    const priced = priceBill(PRICE_BOOK.productBills['mezzanine-platform-10x12']!, PRICE_BOOK, catalog);
    expect(priced.weldedCents).toBeNull();
    expect(PRICE_BOOK.productPrices['mezzanine-platform-10x12']?.welded).toBeNull();
  });

  it('refuses a bill whose plate cannot be made, naming the part', () => {
    const bill = { plates: [{ name: 'Tab', quantity: 1, part: { material: 'aluminum_6061', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 4, height_in: 4 }, bends: [{ start_in: [2, 0], end_in: [2, 4] }] } }], bought: [], shopHours: 0, welded: null };
    expect(() => priceBill(bill, PRICE_BOOK, catalog)).toThrow(/"Tab" cannot be made: .*not bent/);
  });

  it('moves a bought steel price with the index it follows', () => {
    const book = structuredClone(bundled) as Record<string, any>;
    book.products.boughtSteel.indexUsdPerLb = 0.6;
    const dearer = loadPriceBook(book);
    // 2.44 lb/ft x 0.6 x 1.38 x 2.5 = 505.08 -> 505 c.
    expect(dearer.boughtItems['angle-2x2x3-16']!.unitCents).toBe(505);
  });
});
