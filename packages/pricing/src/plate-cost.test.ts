import { createCatalog } from '@shop/catalog';
import type { PlateStock } from '@shop/catalog';
import type { PlateMeasures } from '@shop/geometry';
import { computePlateCost, materialCents, minimumCents, nestQuantity, priceQuantity, sheetLoadingCents } from './plate-cost';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
const stock = (material: Parameters<typeof catalog.findPlateStock>[0], t: number): PlateStock =>
  catalog.findPlateStock(material, t) as PlateStock;

function measures(partial: Partial<PlateMeasures>): PlateMeasures {
  return {
    widthIn: 0,
    heightIn: 0,
    outlineAreaIn2: 0,
    netAreaIn2: 0,
    cutoutsClear: true,
    cutLengthIn: 0,
    pierceCount: 1,
    holeCount: 0,
    slotCount: 0,
    cutoutCount: 0,
    bendCount: 0,
    bendLengthsIn: [],
    ...partial,
  };
}

describe('computePlateCost', () => {
  it('prices a 6 x 4 in 1/4 in mild steel plate with 4 holes and 1 bend', () => {
    // Mild steel 0.25 in: 0.2836 lb/in3, 135 c/lb, feed 180 in/min, pierce 0.4 s, bend 45 s.
    // cut 26.283185 in / 180 x 60 = 8.761062 s + 5 pierces x 0.4 = 10.761062 s x 5 c/s = 53.81 -> 54 c
    // net 23.214602 in2 x 0.0709 lb/in2 = 1.645915 lb: handling 75 + 13.17 -> 75 + 13 = 88 c
    // bending 1 x 45 s x 12,000 c/h / 3,600 = 150 c; piece = 54 + 88 + 150 = 292 c
    // job = 10 min at 18,000 c/h (3,000) + 1 bend line x 10 min at 12,000 c/h (2,000) = 5,000 c
    // Material is the nest's: 6 x 4 in pieces with 0.25 in between lie 9 across and 28 along a sheet.
    const cost = computePlateCost(
      measures({
        widthIn: 6,
        heightIn: 4,
        outlineAreaIn2: 24,
        netAreaIn2: 24 - Math.PI / 4,
        cutLengthIn: 20 + 2 * Math.PI,
        pierceCount: 5,
        holeCount: 4,
        bendCount: 1,
        bendLengthsIn: [4],
      }),
      stock('mild_steel', 0.25),
      catalog.priceTables,
    );
    expect(cost).toMatchObject({
      cuttingCents: 54,
      handlingCents: 88,
      bendingCents: 150,
      pieceCents: 292,
      programmingCents: 1_200,
      bendSetupCents: 2_000,
      jobCents: 3_200,
      sheetLoadingCentsPerSheet: 1_500,
      minimumItemCents: 3_500,
      minimumPieceCents: 1_700,
    });
    expect(cost.netLb).toBeCloseTo(1.645915, 6);
    // Each piece pays 1/252 of the sheet: 7,200 / 252 = 28.5714 in2. 10 pieces: 285.714 in2 x 0.0709
    // = 20.2571 lb x 135 = 2,734.7 -> 2,735 c.
    expect(nestQuantity(cost, 10)).toMatchObject({ perSheet: 252, sheets: 1, rotated: false });
    expect(materialCents(cost, nestQuantity(cost, 10))).toBe(2_735);
    // Loading the sheet, 1,500 c, shared the same way: 10 / 252 x 1,500 = 59.5 -> 60 c.
    expect(sheetLoadingCents(cost, nestQuantity(cost, 10))).toBe(60);
    // 3,200 + 2,735 + 60 + 10 x 292 = 8,915, 892 each (891.5 rounds up); 100: 3,200 + 27,347 + 595 +
    // 29,200 = 60,342, 603 each; 1: 3,200 + 273 + 6 + 292 = 3,771.
    expect(priceQuantity(cost, 10)).toEqual({ quantity: 10, unit_amount_cents: 892, amount_cents: 8_915 });
    expect(priceQuantity(cost, 100)).toEqual({ quantity: 100, unit_amount_cents: 603, amount_cents: 60_342 });
    expect(priceQuantity(cost, 1)).toEqual({ quantity: 1, unit_amount_cents: 3_771, amount_cents: 3_771 });
  });

  it('interpolates 5/16 in mild steel halfway between the 1/4 and 3/8 rows and applies the piece and item minimums', () => {
    // Feed (180 + 95) / 2 = 137.5 in/min, pierce (0.4 + 1.0) / 2 = 0.7 s. lb per in2 = 0.3125 x 0.2836 = 0.088625.
    // cut 10 / 137.5 x 60 = 4.363636 s + 0.7 = 5.063636 s x 5 = 25.32 -> 25 c
    // net 6 x 0.088625 = 0.53175 lb: 75 + 4.25 -> 79 c. Piece 25 + 79 = 104 c; job (programming) 1,200 c.
    // 954 pieces fit a sheet: each pays 7,200 / 954 = 7.547 in2 (0.669 lb, 90.3 c).
    const cost = computePlateCost(
      measures({ widthIn: 3, heightIn: 2, outlineAreaIn2: 6, netAreaIn2: 6, cutLengthIn: 10 }),
      stock('mild_steel', 0.3125),
      catalog.priceTables,
    );
    expect(cost).toMatchObject({ cuttingCents: 25, handlingCents: 79, bendingCents: 0, pieceCents: 104, jobCents: 1_200 });
    // 1 piece: 1,200 + 90 + 2 (loading) + 104 = 1,396 is under the piece minimum, 1,700.
    expect(minimumCents(cost, 1)).toBe(1_700);
    expect(priceQuantity(cost, 1)).toEqual({ quantity: 1, unit_amount_cents: 1_700, amount_cents: 1_700 });
    // 2 pieces: 1,200 + 181 + 3 + 208 = 1,592 is under 2 x 1,700: 1,700 each.
    expect(priceQuantity(cost, 2)).toEqual({ quantity: 2, unit_amount_cents: 1_700, amount_cents: 3_400 });
    // 3 pieces: 1,200 + 271 + 5 + 312 = 1,788; the minimum is now the item's, 3,500: 1,167 each.
    expect(minimumCents(cost, 3)).toBe(3_500);
    expect(priceQuantity(cost, 3)).toEqual({ quantity: 3, unit_amount_cents: 1_167, amount_cents: 3_500 });
    // 20 pieces: 1,200 + 1,806 (13.377 lb) + 31 + 2,080 = 5,117 is past the minimum, 256 each (255.85).
    expect(priceQuantity(cost, 20)).toEqual({ quantity: 20, unit_amount_cents: 256, amount_cents: 5_117 });
  });

  it('charges one set-up per bend line and a run per bend per piece', () => {
    // 16 ga mild steel: 10 s per bend -> 3 bends x 10 s x 12,000 / 3,600 = 100 c per piece; 3 x 2,000 set-up.
    const cost = computePlateCost(
      measures({ widthIn: 10, heightIn: 10, outlineAreaIn2: 100, netAreaIn2: 100, cutLengthIn: 40, bendCount: 3 }),
      stock('mild_steel', 0.0598),
      catalog.priceTables,
    );
    expect(cost.bendingCents).toBe(100);
    expect(cost.bendSetupCents).toBe(6_000);
    expect(cost.jobCents).toBe(7_200);
  });
});
