import { createCatalog } from '@shop/catalog';
import type { PlateStock } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import { measurePlate } from '@shop/geometry';
import { centsOf } from './money';
import { computePlateCost, liftSeconds } from './plate-cost';
import { pricePlateItem } from './price-plate';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
const tables = catalog.priceTables;
const shop = tables.shop;
const handling = tables.handling!;
const stock = catalog.findPlateStock('mild_steel', 0.25) as PlateStock;

/** 10 x 6 in, 1/4 in mild steel, 10 pieces: with the cut-outs given. */
function tenBySix(cutouts: Array<Array<[number, number]>> = []): PlateItem {
  const input: PlateItemInput = {
    kind: 'plate',
    material: 'mild_steel',
    thickness_in: 0.25,
    outline: { kind: 'rectangle', width_in: 10, height_in: 6 },
    cutouts: cutouts.map((points_in) => ({ kind: 'polygon', points_in })),
    quantity: 10,
  };
  return PlateItem.parse(input);
}

// A 2 x 1 in window: 6 in more to cut, one more pierce, 2 in2 less plate.
const WINDOW: Array<[number, number]> = [[2, 2.5], [4, 2.5], [4, 3.5], [2, 3.5]];

/** What one piece costs to cut, for its contours, to handle and to deburr by hand, worked out here from the catalog's figures. */
function pieceCents(cutLengthIn: number, pierces: number, netAreaIn2: number): { cutting: number; contours: number; handling: number; deburr: number } {
  const lb = netAreaIn2 * stock.thicknessIn * stock.densityLbPerIn3;
  const perContour = ((stock.pierceSeconds + shop.contourMachineSeconds) * shop.laserCentsPerHour + shop.contourHandlingSeconds * shop.labourCentsPerHour) / 3600;
  // 10 x 6 in is past the tumbler's 4 in: lifted three times and deburred by hand.
  const labourSeconds = handling.pieceSeconds + handling.lifting.liftsPerPiece * liftSeconds(lb, handling.lifting);
  const deburrSeconds = handling.edgeFinishSecondsPerIn * cutLengthIn + shop.edgeFinishSecondsPerIn2 * cutLengthIn * stock.thicknessIn;
  return {
    cutting: centsOf((cutLengthIn / stock.feedInPerMin) * 60 / 3600, shop.laserCentsPerHour),
    contours: centsOf(pierces, perContour),
    handling: centsOf(labourSeconds / 3600, shop.labourCentsPerHour),
    deburr: centsOf(deburrSeconds / 3600, shop.labourCentsPerHour),
  };
}

describe('a plate priced with a cut-out', () => {
  it('cuts on the laser at CAD 180 an hour', () => {
    expect(shop.laserCentsPerHour).toBe(18_000);
  });

  it('costs the cutting of its perimeter and one pierce more, and the handling of the plate it removes less', () => {
    const plain = computePlateCost(measurePlate(tenBySix()), stock, tables);
    const windowed = computePlateCost(measurePlate(tenBySix([WINDOW])), stock, tables);
    // 6 in at the feed of 1/4 in mild steel, and one more contour: its pierce and lead-in on the laser, its slug and edge by hand.
    expect(windowed.cutSeconds - plain.cutSeconds).toBeCloseTo((6 / stock.feedInPerMin) * 60, 9);
    expect(windowed.contourSeconds - plain.contourSeconds).toBeCloseTo(stock.pierceSeconds + shop.contourMachineSeconds, 9);
    expect(plain.netLb - windowed.netLb).toBeCloseTo(2 * stock.thicknessIn * stock.densityLbPerIn3, 9);
    const without = pieceCents(32, 1, 60);
    const withWindow = pieceCents(38, 2, 58);
    expect([plain.cuttingCents, plain.contourCents, plain.handlingCents, plain.handDeburrCents]).toEqual([without.cutting, without.contours, without.handling, without.deburr]);
    expect([windowed.cuttingCents, windowed.contourCents, windowed.handlingCents, windowed.handDeburrCents]).toEqual([
      withWindow.cutting,
      withWindow.contours,
      withWindow.handling,
      withWindow.deburr,
    ]);
    expect([plain.tumbler, windowed.tumbler]).toEqual([null, null]);
    // The rest of a piece (bending) and of the job (programming, the batch, the sheet) do not change.
    expect(windowed.bendingCents).toBe(plain.bendingCents);
    expect(windowed.jobCents).toBe(plain.jobCents);
    expect(windowed.batchCents).toBe(plain.batchCents);
  });

  it('adds exactly that difference to the unit price', () => {
    const plain = pricePlateItem(tenBySix(), { catalog });
    const windowed = pricePlateItem(tenBySix([WINDOW]), { catalog });
    expect([plain.status, windowed.status]).toEqual(['ready', 'ready']);
    // Both well above the item minimum, so each unit price is the model's sum.
    expect(plain.amount_cents!).toBeGreaterThan(shop.minimumItemCents);
    const without = pieceCents(32, 1, 60);
    const withWindow = pieceCents(38, 2, 58);
    const difference =
      withWindow.cutting - without.cutting + (withWindow.contours - without.contours) + (withWindow.handling - without.handling) + (withWindow.deburr - without.deburr);
    // More cutting, a contour and more edge to deburr than the lifting of 2 in2 saved: the window costs something.
    expect(difference).toBeGreaterThan(0);
    expect(windowed.unit_amount_cents! - plain.unit_amount_cents!).toBe(difference);
    expect(windowed.amount_cents! - plain.amount_cents!).toBe(10 * difference);
  });

  it('reports the cut length and weight of the piece with its cut-out', () => {
    const quoted = pricePlateItem(tenBySix([WINDOW]), { catalog });
    expect(quoted.plate?.cut_length_in).toBe(38);
    expect(quoted.plate?.weight_lb).toBe(Math.round(58 * stock.thicknessIn * stock.densityLbPerIn3 * 1000) / 1000);
  });

  it('is blocked, and not priced, when the cut-out crosses the edge', () => {
    const quoted = pricePlateItem(tenBySix([[[9, 2], [10.5, 2], [10.5, 3], [9, 3]]]), { catalog });
    expect(quoted.status).toBe('blocked');
    expect(quoted.unit_amount_cents).toBeNull();
    expect(quoted.issues.map((i) => [i.code, i.param])).toEqual([['hole_outside_part', 'items[0].cutouts[0]']]);
  });
});
