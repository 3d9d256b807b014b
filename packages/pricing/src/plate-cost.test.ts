import type { PlateStock } from '@shop/catalog';
import type { PlateMeasures } from '@shop/geometry';
import { computePlateCost, deburrCents, liftSeconds, materialCents, minimumCents, nestQuantity, priceQuantity, sheetLoadingCents, workCents } from './plate-cost';
import { catalog as catalogV4, catalogV3 } from './test-fixtures';

// The worked examples of pricing v3 run on its last book, as stored: a stored book prices as it did.
const catalog = catalogV3;
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

describe('computePlateCost with the last v3 book (2026-11-27.2)', () => {
  it('prices a 6 x 4 in 1/4 in mild steel plate with 4 holes and 1 bend', () => {
    // Mild steel 0.25 in: 0.2836 lb/in3; feed 105.97 in/min and pierce 1.112 s (between the chart's 6 and 8 mm rows).
    // Sold at 0.5125 USD/lb (plate index) x 1.38 x 2.5 = 176.8125 c/lb cost, x 1.20 remnant x 1.30 margin = 275.8275 c/lb.
    // cutting: 26.283185 in / 105.97 in/min = 14.881 s x 5 c/s = 74.4 -> 74 c
    // contours: 5 x (1.112 + 1.5 s) = 13.06 s of laser (65.3 c) + 5 x 12 s of labour at CAD 85/h (141.7 c) = 207 c
    // handling: 100 s + 10 s x 1.645915 lb + 15 s x 26.283185 in x 0.25 in of edge = 215.02 s at CAD 85/h = 507.7 -> 508 c
    // bending 1 x 45 s x 12,000 c/h / 3,600 = 150 c; piece = 74 + 207 + 508 + 150 = 939 c
    // job = 8 min at CAD 120/h (1,600) + 1 bend line x 10 min at 12,000 c/h (2,000) = 3,600 c
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
      cuttingCents: 74,
      contourCents: 207,
      handlingCents: 508,
      bendingCents: 150,
      pieceCents: 939,
      programmingCents: 1_600,
      bendSetupCents: 2_000,
      jobCents: 3_600,
      sheetLoadingCentsPerSheet: 3_000,
      minimumItemCents: 5_000,
      minimumPieceCents: 2_600,
    });
    expect(cost.netLb).toBeCloseTo(1.645915, 6);
    expect(cost.priceCentsPerLb).toBeCloseTo(275.8275, 9);
    // The 48 x 96 in sheet costs least per piece: 165 fit it (27.93 in2 each), 252 fit 60 x 120 (28.57 in2 each).
    expect(cost.nesting).toMatchObject({ sheetWidthIn: 48, sheetHeightIn: 96 });
    expect(nestQuantity(cost, 10)).toMatchObject({ perSheet: 165, sheets: 1, rotated: true });
    // 10 pieces: 10 x 4,608 / 165 = 279.27 in2 x 0.0709 = 19.80 lb x 275.8275 = 5,461.6 -> 5,462 c.
    expect(materialCents(cost, nestQuantity(cost, 10))).toBe(5_462);
    // Loading the sheet, 10 min of laser (3,000 c), shared the same way: 10 / 165 x 3,000 = 181.8 -> 182 c.
    expect(sheetLoadingCents(cost, nestQuantity(cost, 10))).toBe(182);
    // 3,600 + 5,462 + 182 + 10 x 939 = 18,634, 1,863 each; 100: 3,600 + 54,615 + 1,818 + 93,900 = 153,933,
    // 1,539 each; 1: 3,600 + 546 + 18 + 939 = 5,103.
    expect(priceQuantity(cost, 10)).toEqual({ quantity: 10, unit_amount_cents: 1_863, amount_cents: 18_634 });
    expect(priceQuantity(cost, 100)).toEqual({ quantity: 100, unit_amount_cents: 1_539, amount_cents: 153_933 });
    expect(priceQuantity(cost, 1)).toEqual({ quantity: 1, unit_amount_cents: 5_103, amount_cents: 5_103 });
  });

  it('interpolates 5/16 in mild steel between the chart rows around it and applies the piece and item minimums', () => {
    // 5/16 in = 7.94 mm, between the 6 mm (110 in/min, 1.03 s) and 8 mm (87 in/min, 1.5 s) rows: 87.73 in/min, 1.485 s.
    // cutting 10 / 87.73 x 60 = 6.84 s x 5 = 34 c; contour (1.485 + 1.5) s x 5 + 12 s x 2.361 = 43 c;
    // handling 100 + 10 x 0.53175 lb + 15 x 10 in x 0.3125 in = 152.19 s x 2.361 = 359 c. Piece 436 c; job 1,600 c.
    const cost = computePlateCost(
      measures({ widthIn: 3, heightIn: 2, outlineAreaIn2: 6, netAreaIn2: 6, cutLengthIn: 10 }),
      stock('mild_steel', 0.3125),
      catalog.priceTables,
    );
    expect(cost).toMatchObject({ cuttingCents: 34, contourCents: 43, handlingCents: 359, bendingCents: 0, pieceCents: 436, jobCents: 1_600 });
    // 1,144 fit a 60 x 144 in sheet, the cheapest share: 7.55 in2, 0.669 lb, 185 c of material.
    expect(nestQuantity(cost, 1)).toMatchObject({ sheetWidthIn: 60, sheetHeightIn: 144, perSheet: 1_144 });
    // 1 piece: 1,600 + 185 + 3 (loading) + 436 = 2,224 is under the piece minimum, 2,600.
    expect(minimumCents(cost, 1)).toBe(2_600);
    expect(priceQuantity(cost, 1)).toEqual({ quantity: 1, unit_amount_cents: 2_600, amount_cents: 2_600 });
    // 2 pieces: 2,846 is under the item minimum, 5,000 (less than 2 x 2,600): 2,500 each.
    expect(minimumCents(cost, 2)).toBe(5_000);
    expect(priceQuantity(cost, 2)).toEqual({ quantity: 2, unit_amount_cents: 2_500, amount_cents: 5_000 });
    // 3 pieces share the same 5,000: 1,667 each.
    expect(priceQuantity(cost, 3)).toEqual({ quantity: 3, unit_amount_cents: 1_667, amount_cents: 5_000 });
    // 20 pieces: 1,600 + 3,692 + 52 + 8,720 = 14,064 is past the minimum, 703 each (703.2).
    expect(priceQuantity(cost, 20)).toEqual({ quantity: 20, unit_amount_cents: 703, amount_cents: 14_064 });
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
    expect(cost.jobCents).toBe(7_600);
  });

  it('prices each contour from machine time and handling: 160 more holes cost 160 times one contour', () => {
    const plain = computePlateCost(measures({ widthIn: 16, heightIn: 4, outlineAreaIn2: 64, netAreaIn2: 64, cutLengthIn: 40 }), stock('mild_steel', 0.0598), catalog.priceTables);
    const holed = computePlateCost(measures({ widthIn: 16, heightIn: 4, outlineAreaIn2: 64, netAreaIn2: 64, cutLengthIn: 40, pierceCount: 161 }), stock('mild_steel', 0.0598), catalog.priceTables);
    // One contour in 16 ga: (0.2519 s pierce + 1.5 s) x 5 c/s + 12 s x 2.3611 c/s = 37.093 c; 161 of them 5,971.96 c.
    expect(plain.contourCents).toBe(37);
    expect(holed.contourCents).toBe(5_972);
  });

  it('has a piece heavier than 51 lb (NIOSH load constant) lifted by two workers, its edges finished by one', () => {
    // 1/2 in mild steel weighs 0.1418 lb/in2: 18 x 19.9 in is 50.79 lb, 18 x 20 in is 51.05 lb.
    const plate = (heightIn: number) =>
      computePlateCost(
        measures({ widthIn: 18, heightIn, outlineAreaIn2: 18 * heightIn, netAreaIn2: 18 * heightIn, cutLengthIn: 2 * (18 + heightIn) }),
        stock('mild_steel', 0.5),
        catalog.priceTables,
      );
    const light = plate(19.9);
    const heavy = plate(20);
    expect(light.netLb).toBeCloseTo(50.79, 2);
    expect(heavy.netLb).toBeCloseTo(51.05, 2);
    // One worker: 100 s + 10 s x 50.79276 lb, and 15 s x 75.8 in x 0.5 in of edge = 1,176.43 s at CAD 85/h = 2,778 c
    // (handlingSeconds adds the contour's 12 s, priced with the contours).
    expect(light.handlingSeconds).toBeCloseTo(100 + 507.9276 + 568.5 + 12, 3);
    expect(light.handlingCents).toBe(2_778);
    // Two workers lift it: 2 x (100 s + 510.48 s), edges 15 s x 76 in x 0.5 in = 570 s: 1,790.96 s = 4,229 c.
    expect(heavy.handlingSeconds).toBeCloseTo(2 * (100 + 510.48) + 570 + 12, 3);
    expect(heavy.handlingCents).toBe(4_229);
    // The book says so: NIOSH's load constant and two workers past it.
    expect(catalog.priceTables.shop.perPieceHandling).toMatchObject({ oneWorkerLiftLb: 51, heavyPieceWorkers: 2 });
    expect(catalog.priceTables.handling).toBeNull();
  });

  it('takes the feed and pierce time from the chart rows, slower and longer as the plate gets thicker', () => {
    const rows = [0.0598, 0.1345, 0.25, 0.5, 0.75, 1].map((t) => stock('mild_steel', t));
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]!.feedInPerMin).toBeLessThan(rows[i - 1]!.feedInPerMin);
      expect(rows[i]!.pierceSeconds).toBeGreaterThan(rows[i - 1]!.pierceSeconds);
    }
    // 3/4 in near the chart's 20 mm low end (0.6 m/min = 24 in/min), 1 in past its 25 mm row (0.3 m/min = 12 in/min).
    expect(stock('mild_steel', 0.75).feedInPerMin).toBeCloseTo(24.95, 1);
    expect(stock('mild_steel', 1).feedInPerMin).toBe(12);
  });
});

describe('choosing the sheet (v3 book)', () => {
  const cut = (widthIn: number, heightIn: number, t = 0.5) =>
    computePlateCost(measures({ widthIn, heightIn, outlineAreaIn2: widthIn * heightIn, netAreaIn2: widthIn * heightIn, cutLengthIn: 2 * (widthIn + heightIn) }), stock('mild_steel', t), catalog.priceTables);

  it('puts a 96 x 48 in top on a 48 x 96 in sheet and charges that sheet, not a 60 x 120', () => {
    const top = cut(96, 48);
    expect(nestQuantity(top, 1)).toMatchObject({ sheetWidthIn: 48, sheetHeightIn: 96, perSheet: 1, chargedAreaIn2: 4_608 });
    // 4,608 in2 x 0.1418 lb/in2 = 653.4 lb at 275.8275 c/lb.
    expect(materialCents(top, nestQuantity(top, 1))).toBe(Math.floor(4_608 * 0.1418 * 275.8275 + 0.5));
  });

  it('puts a 100 x 10 in strip on a 60 x 120 in sheet (5 to a sheet) and a 10 x 71 in one on a 60 x 144 (two to its length)', () => {
    expect(nestQuantity(cut(100, 10), 1)).toMatchObject({ sheetWidthIn: 60, sheetHeightIn: 120, perSheet: 5 });
    // 60 x 120: 5 (1,440 in2 each); 48 x 96: 4 (1,152 in2 each); 60 x 144: 5 across and 2 along, 10 (864 in2 each).
    expect(nestQuantity(cut(10, 71), 1)).toMatchObject({ sheetWidthIn: 60, sheetHeightIn: 144, perSheet: 10, chargedAreaIn2: 864 });
  });

  it('keeps the same sheet for every quantity, so the price per piece never rises', () => {
    const strip = cut(100, 10);
    const sheets = [1, 4, 5, 6, 50].map((q) => nestQuantity(strip, q));
    expect(new Set(sheets.map((n) => `${n.sheetWidthIn} x ${n.sheetHeightIn}`))).toEqual(new Set(['60 x 120']));
    expect(sheets.map((n) => n.sheets)).toEqual([1, 1, 1, 2, 10]);
  });

  it('charges 316, stocked only to 60 x 120 in, whole sheets of its largest for a part no sheet holds', () => {
    const cost = computePlateCost(measures({ widthIn: 50, heightIn: 130, outlineAreaIn2: 6_500, netAreaIn2: 6_500, cutLengthIn: 360 }), stock('stainless_316', 0.25), catalog.priceTables);
    expect(nestQuantity(cost, 2)).toMatchObject({ sheetWidthIn: 60, sheetHeightIn: 120, perSheet: 1, sheets: 2, chargedAreaIn2: 14_400 });
  });
});

describe('computePlateCost with the bundled book (pricing v4: batch, sheet and piece)', () => {
  const v4 = (material: Parameters<typeof catalogV4.findPlateStock>[0], t: number): PlateStock => catalogV4.findPlateStock(material, t) as PlateStock;
  const rectangle = (widthIn: number, heightIn: number, material: Parameters<typeof catalogV4.findPlateStock>[0], t: number) =>
    computePlateCost(
      measures({ widthIn, heightIn, outlineAreaIn2: widthIn * heightIn, netAreaIn2: widthIn * heightIn, cutLengthIn: 2 * (widthIn + heightIn) }),
      v4(material, t),
      catalogV4.priceTables,
    );

  it('prices 500 tags of 1 x 1 in 0.063 in 6061 from their cutting, sheet and batch work: CAD 0.51 each', () => {
    const tag = rectangle(1, 1, 'aluminum_6061', 0.063);
    // A piece: 4 in at 1,180.5 in/min (0.20 s of laser, 1 c), one contour (0.26 s pierce + 1.5 s at CAD 180/h and 8 s of
    // labour: 28 c), 3 s to count it out of the bin (7 c): 36 c. It goes in the tumbler (1 in, 0.063 in thick): no lifts.
    expect(tag).toMatchObject({ cuttingCents: 1, contourCents: 28, handlingCents: 7, pieceCents: 36, handDeburrCents: 18, tumbler: { loadCents: 850, pieceCents: 0 } });
    // Shared: programming 1,600 and the batch's minute (142) once; a sheet's loading (3,000) and unloading (1,417) by its share.
    expect(tag).toMatchObject({ jobCents: 1_600, batchCents: 142, sheetLoadingCentsPerSheet: 4_417 });
    const nest = nestQuantity(tag, 500);
    expect(nest).toMatchObject({ sheetWidthIn: 60, sheetHeightIn: 144, perSheet: 5_358 });
    // 500 x 8,640 / 5,358 = 806.3 in2 x 0.0061425 lb/in2 x 869.02 c/lb = 4,304 c; loading 500 / 5,358 x 4,417 = 412 c.
    expect(materialCents(tag, nest)).toBe(4_304);
    expect(sheetLoadingCents(tag, nest)).toBe(412);
    // Deburring: 500 by hand would be 9,000 c; one tumbler load is 850 c.
    expect(deburrCents(tag, 500)).toBe(850);
    // 1,600 + 142 + 4,304 + 412 + 500 x 36 + 850 = 25,308: 0.51 each.
    expect(workCents(tag, 500)).toBe(25_308);
    expect(priceQuantity(tag, 500)).toEqual({ quantity: 500, unit_amount_cents: 51, amount_cents: 25_308 });
    // One tag is the 26.00 piece minimum; 100 cost 0.71 each, under half of it.
    expect(priceQuantity(tag, 1).unit_amount_cents).toBe(2_600);
    expect(priceQuantity(tag, 100).unit_amount_cents).toBe(71);
  });

  it('prices a full 48 x 96 x 1 in A36 plate from its steel, cutting and capped handling: CAD 4,161.48', () => {
    const plate = rectangle(96, 48, 'mild_steel', 1);
    // 1,306.83 lb: past two workers' 100 lb, so its three lifts are by the crane, 3 min each for two workers whatever it
    // weighs: 3 s + 3 x 360 s = 1,083 s at CAD 85/h = 2,557 c.
    expect(plate.netLb).toBeCloseTo(1_306.83, 2);
    expect(plate.handlingCents).toBe(2_557);
    // 288 in at 12 in/min: 24 min of laser, 7,200 c; one contour 56 c; deburring by hand 288 s + 15 s x 288 in2 = 10,880 c.
    expect(plate).toMatchObject({ cuttingCents: 7_200, contourCents: 56, handDeburrCents: 10_880, tumbler: null });
    // The whole 48 x 96 in sheet: 1,306.83 lb x 297.89 c/lb (0.5125 x 1.38 x 2.7 x 1.20 x 1.30) = 389,296 c.
    const nest = nestQuantity(plate, 1);
    expect(nest).toMatchObject({ sheetWidthIn: 48, sheetHeightIn: 96, perSheet: 1, chargedAreaIn2: 4_608 });
    expect(materialCents(plate, nest)).toBe(389_296);
    // 1,600 + 142 + 389,296 + 4,417 + 9,813 + 10,880 = 416,148.
    expect(priceQuantity(plate, 1)).toEqual({ quantity: 1, unit_amount_cents: 416_148, amount_cents: 416_148 });
  });

  it('lifts a piece by hand to 51 lb, by two workers to 100 lb, and by the crane past it, in the same minutes whatever it weighs', () => {
    const lifting = catalogV4.priceTables.handling!.lifting;
    expect(lifting).toMatchObject({ liftsPerPiece: 3, oneWorkerLiftLb: 51, teamLiftMaxLb: 100, teamWorkers: 2, craneWorkers: 2, craneMinutesPerLift: 3 });
    expect(liftSeconds(10, lifting)).toBe(30 + 0.5 * 10);
    expect(liftSeconds(51, lifting)).toBe(30 + 0.5 * 51);
    expect(liftSeconds(60, lifting)).toBe(2 * (15 + 0.5 * 60));
    expect(liftSeconds(100, lifting)).toBe(2 * (15 + 0.5 * 100));
    expect(liftSeconds(101, lifting)).toBe(360);
    expect(liftSeconds(5_000, lifting)).toBe(360);
    // Heavier never lifts in less time, and the crane is the ceiling.
    const weights = [0, 1, 10, 50, 51, 51.01, 75, 100, 100.01, 1_000, 10_000];
    const seconds = weights.map((lb) => liftSeconds(lb, lifting));
    for (let i = 1; i < seconds.length; i += 1) expect(seconds[i]).toBeGreaterThanOrEqual(seconds[i - 1]!);
    expect(Math.max(...seconds)).toBe(360);
  });

  it('charges a heavy plate the same handling whatever it weighs past the crane limit', () => {
    const quarter = rectangle(96, 48, 'mild_steel', 0.25);
    const inch = rectangle(96, 48, 'mild_steel', 1);
    expect(quarter.netLb).toBeGreaterThan(100);
    expect(quarter.handlingCents).toBe(inch.handlingCents);
  });

  it('deburrs by hand or in the tumbler, whichever costs the batch less; a piece over 4 in or 1/4 in is done by hand', () => {
    const small = rectangle(3, 2, 'mild_steel', 0.1345);
    // By hand 10 in x 1 s + 15 s x 1.345 in2 = 30.2 s: 71 c a piece; the tumbler 850 c a load + 0.40 c/lb x 0.23 lb.
    expect(small.handDeburrCents).toBe(71);
    expect(small.tumbler).toEqual({ loadCents: 850, pieceCents: 9 });
    // By hand up to 13 pieces (923 c < 967 c); from 14 the tumbler (850 + 14 x 9 = 976 c < 994 c).
    expect([1, 10, 13, 14, 100].map((q) => deburrCents(small, q))).toEqual([71, 710, 13 * 71, 850 + 14 * 9, 850 + 100 * 9]);
    expect(rectangle(5, 2, 'mild_steel', 0.1345).tumbler).toBeNull();
    expect(rectangle(3, 2, 'mild_steel', 0.375).tumbler).toBeNull();
  });

  it('shares the batch and the sheet: the item pays its minute and each sheet its loading and unloading, by the share the pieces take', () => {
    const part = rectangle(6, 4, 'mild_steel', 0.25);
    expect(part.batchCents).toBe(142);
    // 10 min of laser (3,000 c) and 10 min of labour (1,417 c) a sheet.
    expect(part.sheetLoadingCentsPerSheet).toBe(4_417);
    const one = workCents(part, 1);
    const many = workCents(part, 100);
    // A hundred pieces cost less than a hundred times one: the job, the batch and the sheet share are paid once.
    expect(many).toBeLessThan(100 * one);
  });
});
