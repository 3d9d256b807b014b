import fc from 'fast-check';
import { PlateItem, ProductItem } from '@shop/contracts';
import type { MaterialId, PlateItemInput, QuoteRequestItem } from '@shop/contracts';
import { hstCents } from './money';
import { pricePlateItem } from './price-plate';
import { priceQuote } from './price-quote';
import { catalog, quoteOptions } from './test-fixtures';

const offers = catalog.listMaterials().flatMap((m) => m.thicknesses.map((t) => ({ material: m.id as MaterialId, thickness: t.thickness_in })));
const cutOffers = offers.filter((o) => catalog.findPlateStock(o.material, o.thickness)?.laserCut);
const orderable = catalog
  .listProducts({ limit: 50 })
  .data.flatMap((p) => p.tiers.filter((t) => t.orderable && t.kind !== 'design').map((t) => ({ slug: p.slug, tier: t.kind })));

const quarter = (min: number, max: number) => fc.integer({ min: min * 4, max: max * 4 }).map((n) => n / 4);

/** A rectangle that the shop can make: corner holes well inside, an optional fold across the middle. */
const makeablePlate = fc
  .record({
    offer: fc.constantFrom(...cutOffers.filter((o) => o.thickness <= 0.5)),
    width: quarter(4, 48),
    height: quarter(4, 48),
    holes: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 999 }),
    options: fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { maxLength: 5 }),
  })
  .map(({ offer, width, height, holes, quantity, options }): PlateItemInput => ({
    kind: 'plate',
    material: offer.material,
    thickness_in: offer.thickness,
    outline: { kind: 'rectangle', width_in: width, height_in: height },
    holes: holes ? [{ kind: 'grid', center_x_in: width / 2, center_y_in: height / 2, columns: 2, rows: 2, x_spacing_in: width - 2, y_spacing_in: height - 2, diameter_in: 1 }] : [],
    quantity,
    quantity_options: options,
  }));

/** Anything a request may hold, makeable or not: holes anywhere, any thickness sold, folds anywhere. */
const anyPlate = fc
  .record({
    offer: fc.constantFrom(...offers),
    width: quarter(0.25, 60),
    height: quarter(0.25, 60),
    hole: fc.option(fc.record({ x: quarter(0, 60), y: quarter(0, 60), d: quarter(0.25, 4) }), { nil: undefined }),
    fold: fc.option(quarter(0, 60), { nil: undefined }),
    quantity: fc.integer({ min: 1, max: 999 }),
  })
  .map(({ offer, width, height, hole, fold, quantity }): PlateItemInput => ({
    kind: 'plate',
    material: offer.material,
    thickness_in: offer.thickness,
    outline: { kind: 'rectangle', width_in: width, height_in: height },
    holes: hole ? [{ kind: 'single', x_in: hole.x, y_in: hole.y, diameter_in: hole.d }] : [],
    bends: fold === undefined ? [] : [{ start_in: [fold, 0], end_in: [fold, 1] }],
    quantity,
  }));

/** A plate in any material and any thickness the laser cuts, from a 1/2 in tag to a 48 in panel, with or without a hole. */
const everyPlate = fc
  .record({
    offer: fc.constantFrom(...cutOffers),
    width: quarter(0.5, 48),
    height: quarter(0.5, 48),
    hole: fc.boolean(),
  })
  .map(({ offer, width, height, hole }) => ({
    material: offer.material,
    thickness_in: offer.thickness,
    outline: { kind: 'rectangle' as const, width_in: width, height_in: height },
    holes: hole && Math.min(width, height) >= 3 * Math.max(offer.thickness, 0.25) ? [{ kind: 'single' as const, x_in: width / 2, y_in: height / 2, diameter_in: Math.max(offer.thickness, 0.25) }] : [],
  }));

/** A small part: within 4 x 4 in and 1/4 in thick, in any material. */
const smallPlate = fc
  .record({
    offer: fc.constantFrom(...cutOffers.filter((o) => o.thickness <= 0.25)),
    width: quarter(0.5, 4),
    height: quarter(0.5, 4),
  })
  .map(({ offer, width, height }) => ({
    material: offer.material,
    thickness_in: offer.thickness,
    outline: { kind: 'rectangle' as const, width_in: width, height_in: height },
  }));

const productItem = fc
  .record({ pick: fc.constantFrom(...orderable), quantity: fc.integer({ min: 1, max: 50 }) })
  .map(({ pick, quantity }) => ProductItem.parse({ kind: 'product', slug: pick.slug, tier: pick.tier, quantity }));

const anyItem: fc.Arbitrary<QuoteRequestItem> = fc.oneof(
  productItem,
  makeablePlate.map((p) => PlateItem.parse(p)),
  anyPlate.map((p) => PlateItem.parse(p)),
);

describe('pricing properties', () => {
  it('totals a ready quote as subtotal = sum of items, HST = half-up 13%, total = subtotal + HST', () => {
    fc.assert(
      fc.property(fc.array(anyItem, { minLength: 1, maxLength: 10 }), (items) => {
        const quote = priceQuote({ items }, quoteOptions());
        if (quote.status === 'blocked') {
          expect([quote.amount_subtotal_cents, quote.amount_tax_cents, quote.amount_total_cents]).toEqual([null, null, null]);
          expect(quote.items.some((i) => i.status === 'blocked')).toBe(true);
          return;
        }
        const subtotal = quote.items.reduce((sum, i) => sum + (i.amount_cents as number), 0);
        expect(quote.amount_subtotal_cents).toBe(subtotal);
        expect(quote.amount_tax_cents).toBe(Number((BigInt(subtotal) * 13n + 50n) / 100n));
        expect(quote.amount_tax_cents).toBe(hstCents(subtotal));
        expect(quote.amount_total_cents).toBe(subtotal + (quote.amount_tax_cents as number));
      }),
      { numRuns: 150 },
    );
  });

  it('makes every unit price the amount over the quantity to the nearest cent, halves up', () => {
    fc.assert(
      fc.property(fc.oneof(makeablePlate.map((p) => PlateItem.parse(p)), productItem), (item) => {
        const quoted = priceQuote({ items: [item] }, quoteOptions()).items[0];
        if (quoted === undefined || quoted.status !== 'ready') return;
        const rows = [{ quantity: quoted.quantity, unit_amount_cents: quoted.unit_amount_cents as number, amount_cents: quoted.amount_cents as number }, ...quoted.quantity_options];
        for (const row of rows) {
          const diff = row.amount_cents - row.unit_amount_cents * row.quantity;
          // |amount - unit x q| <= q / 2, and an exact half rounds the unit up.
          expect(2 * Math.abs(diff)).toBeLessThanOrEqual(row.quantity);
          expect(2 * diff).not.toBe(row.quantity);
          if (item.kind === 'product') expect(diff).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('never costs less in total for more pieces, and never more per piece', () => {
    fc.assert(
      fc.property(makeablePlate, fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { minLength: 2, maxLength: 5 }), (plate, quantities) => {
        const item = PlateItem.parse({ ...plate, quantity: quantities[0], quantity_options: quantities.slice(1) });
        const quoted = pricePlateItem(item, { catalog });
        if (quoted.status !== 'ready') return;
        const rows = [{ quantity: quoted.quantity, unit: quoted.unit_amount_cents as number, amount: quoted.amount_cents as number }]
          .concat(quoted.quantity_options.map((o) => ({ quantity: o.quantity, unit: o.unit_amount_cents, amount: o.amount_cents })))
          .sort((x, y) => x.quantity - y.quantity);
        for (let i = 1; i < rows.length; i += 1) {
          const [lower, higher] = [rows[i - 1], rows[i]] as [(typeof rows)[0], (typeof rows)[0]];
          expect(higher.amount).toBeGreaterThanOrEqual(lower.amount);
          expect(higher.unit).toBeLessThanOrEqual(lower.unit);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('prices every material and thickness so that more pieces never cost less in all, nor more each (1 to 999 pieces)', () => {
    const materials = new Set<string>();
    fc.assert(
      fc.property(everyPlate, fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { minLength: 2, maxLength: 6 }), (part, quantities) => {
        const sorted = [...quantities].sort((x, y) => x - y);
        const quoted = pricePlateItem(PlateItem.parse({ ...part, kind: 'plate', quantity: sorted[0], quantity_options: sorted.slice(1) }), { catalog });
        if (quoted.status !== 'ready') return;
        materials.add(part.material);
        const rows = [{ quantity: quoted.quantity, unit: quoted.unit_amount_cents as number, amount: quoted.amount_cents as number }, ...quoted.quantity_options.map((o) => ({ quantity: o.quantity, unit: o.unit_amount_cents, amount: o.amount_cents }))];
        for (let i = 1; i < rows.length; i += 1) {
          expect(rows[i]!.amount).toBeGreaterThanOrEqual(rows[i - 1]!.amount);
          expect(rows[i]!.unit).toBeLessThanOrEqual(rows[i - 1]!.unit);
        }
      }),
      { numRuns: 300 },
    );
    // The generator reaches every material.
    expect([...materials].sort()).toEqual(['aluminum_6061', 'mild_steel', 'stainless_304', 'stainless_316']);
  });

  it('asks at most half the one-piece price for a small part (4 x 4 in, 1/4 in at most) at 100 pieces or more', () => {
    fc.assert(
      fc.property(smallPlate, fc.integer({ min: 100, max: 999 }), (part, quantity) => {
        const quoted = pricePlateItem(PlateItem.parse({ ...part, kind: 'plate', quantity: 1, quantity_options: [quantity] }), { catalog });
        expect(quoted.status).toBe('ready');
        const one = quoted.unit_amount_cents as number;
        const many = quoted.quantity_options[0]!.unit_amount_cents;
        expect(2 * many).toBeLessThanOrEqual(one);
      }),
      { numRuns: 300 },
    );
  });

  it('never gives a blocked item an amount, a price break, a lead time or a drawing', () => {
    let blocked = 0;
    fc.assert(
      fc.property(anyPlate, (plate) => {
        const quoted = pricePlateItem(PlateItem.parse(plate), { catalog, previewUrl: 'https://quote.example.ca/preview.svg' });
        const blocking = quoted.issues.some((i) => i.severity === 'blocking');
        expect(quoted.status).toBe(blocking ? 'blocked' : 'ready');
        if (quoted.status === 'blocked') {
          blocked += 1;
          expect([quoted.unit_amount_cents, quoted.amount_cents, quoted.lead_time, quoted.plate?.preview_url]).toEqual([null, null, null, null]);
          expect(quoted.quantity_options).toEqual([]);
        } else {
          expect(Number.isInteger(quoted.amount_cents)).toBe(true);
          expect(quoted.plate?.preview_url).toBe('https://quote.example.ca/preview.svg');
        }
      }),
      { numRuns: 300 },
    );
    // The generator reaches blocked plates, so the property is not empty.
    expect(blocked).toBeGreaterThan(20);
  });
});
