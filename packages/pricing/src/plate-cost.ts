// The plate model: one job at its quantity. The quantity is nested on the stocked sheet that costs
// least per piece and the job pays for the share of the sheets it takes, at the material's selling
// price, and for loading them (nesting.ts); each piece adds laser time (its cut length at the chart's
// feed, and each contour's pierce and lead-in), labour (handling, edge finishing, each contour's slug
// and edge) and press-brake run time; the job adds its programming and one set-up per bend line; and
// an item has a minimum that few pieces pay only in part (a piece minimum).
import type { PlateStock, PriceTables } from '@shop/catalog';
import type { PlateMeasures } from '@shop/geometry';
import { centsOf, divideRoundHalfUp } from './money';
import { fitsSheet, nestRectangles } from './nesting';
import type { Nest, NestingRules } from './nesting';

export interface PlateCost {
  /** The finished part: (outline area - cutouts) x thickness x density. */
  netLb: number;
  /** Cut length / feed: laser seconds a piece spends cutting. */
  cutSeconds: number;
  /** Laser seconds a piece spends on its contours: pierces x (pierce time + lead-in and slow-down). */
  contourSeconds: number;
  /** Labour seconds a piece takes: handling, per lb, edge finishing and each contour's slug and edge. */
  handlingSeconds: number;
  /** Cutting the length: cut seconds at the laser rate. */
  cuttingCents: number;
  /** The contours: their laser seconds at the laser rate and their labour at the labour rate. */
  contourCents: number;
  /** Handling, per lb and edge finishing at the labour rate. */
  handlingCents: number;
  bendingCents: number;
  /** Sum of the four above: what each piece adds besides its material. */
  pieceCents: number;
  /** Programming the part and its nest: once per item. */
  programmingCents: number;
  bendSetupCents: number;
  /** Programming plus bend set-ups: paid once per item whatever the quantity. */
  jobCents: number;
  /** Loading one sheet, shared by the pieces on it. */
  sheetLoadingCentsPerSheet: number;
  minimumItemCents: number;
  minimumPieceCents: number;
  /** Press-brake hours of one piece's bends (run time, not set-up). */
  brakeHoursPerPiece: number;
  /** What the nest needs to know: the part's bounding box, the sheet chosen and its rules, the plate's weight and price by area. */
  widthIn: number;
  heightIn: number;
  nesting: NestingRules;
  lbPerIn2: number;
  /** The selling price of a pound of the sheet taken (cost, remnant allowance and margin), cents. */
  priceCentsPerLb: number;
}

export interface PricedQuantity {
  quantity: number;
  unit_amount_cents: number;
  amount_cents: number;
}

/**
 * The stocked sheet whose share per piece (material and loading) costs least: a property of the part
 * alone, so every quantity of it lies on the same sheet and the price per piece never rises with the
 * quantity. A part no stocked sheet holds is charged whole sheets of the largest.
 */
function chooseSheet(measures: PlateMeasures, stock: PlateStock, tables: PriceTables, lbPerIn2: number, loadingCents: number): NestingRules {
  let best: { rules: NestingRules; cost: number } | null = null;
  let largest: NestingRules | null = null;
  for (const sheet of stock.sheets) {
    const rules: NestingRules = {
      sheetWidthIn: sheet.widthIn,
      sheetHeightIn: sheet.heightIn,
      edgeMarginIn: tables.nesting.edgeMarginIn,
      partSpacingIn: tables.nesting.partSpacingIn,
    };
    if (largest === null || sheet.widthIn * sheet.heightIn > largest.sheetWidthIn * largest.sheetHeightIn) largest = rules;
    if (!fitsSheet(measures.widthIn, measures.heightIn, sheet.widthIn, sheet.heightIn)) continue;
    const perSheet = nestRectangles(measures.widthIn, measures.heightIn, 1, rules).perSheet;
    const cost = (sheet.widthIn * sheet.heightIn * lbPerIn2 * stock.priceCentsPerLb + loadingCents) / perSheet;
    // Strictly less: on a tie the sheet listed first (the smaller) is kept.
    if (best === null || cost < best.cost - 1e-9) best = { rules, cost };
  }
  if (best !== null) return best.rules;
  if (largest === null) throw new Error(`No sheet is stocked for ${stock.materialName}.`);
  return largest;
}

export function computePlateCost(measures: PlateMeasures, stock: PlateStock, tables: PriceTables): PlateCost {
  const shop = tables.shop;
  const lbPerIn2 = stock.thicknessIn * stock.densityLbPerIn3;
  const netLb = measures.netAreaIn2 * lbPerIn2;
  const cutSeconds = (measures.cutLengthIn / stock.feedInPerMin) * 60;
  const contourSeconds = measures.pierceCount * (stock.pierceSeconds + shop.contourMachineSeconds);
  const contourLabourSeconds = measures.pierceCount * shop.contourHandlingSeconds;
  // A piece past what one worker may lift (NIOSH's load constant) is lifted by two: taking it off the
  // skeleton, turning, marking and packing it take their time for each of them. Edge finishing is bench work.
  const liftWorkers = netLb > shop.oneWorkerLiftLb ? shop.heavyPieceWorkers : 1;
  const pieceLabourSeconds =
    liftWorkers * (shop.pieceHandlingSeconds + shop.handlingSecondsPerLb * netLb) + shop.edgeFinishSecondsPerIn2 * measures.cutLengthIn * stock.thicknessIn;
  const brakeHoursPerPiece = (measures.bendCount * stock.bendSecondsPerBend) / 3600;

  const cuttingCents = centsOf(cutSeconds / 3600, shop.laserCentsPerHour);
  const contourCents =
    measures.pierceCount === 0
      ? 0
      : centsOf(measures.pierceCount, ((stock.pierceSeconds + shop.contourMachineSeconds) * shop.laserCentsPerHour + shop.contourHandlingSeconds * shop.labourCentsPerHour) / 3600);
  const handlingCents = centsOf(pieceLabourSeconds / 3600, shop.labourCentsPerHour);
  const bendingCents = centsOf(brakeHoursPerPiece, shop.pressBrakeCentsPerHour);
  const programmingCents = centsOf(shop.programmingMinutesPerItem / 60, shop.programmingCentsPerHour);
  const bendSetupCents = centsOf((measures.bendCount * shop.bendSetupMinutesPerLine) / 60, shop.pressBrakeCentsPerHour);
  const sheetLoadingCentsPerSheet = centsOf(shop.sheetLoadingMinutesPerSheet / 60, shop.laserCentsPerHour);

  return {
    netLb,
    cutSeconds,
    contourSeconds,
    handlingSeconds: pieceLabourSeconds + contourLabourSeconds,
    cuttingCents,
    contourCents,
    handlingCents,
    bendingCents,
    pieceCents: cuttingCents + contourCents + handlingCents + bendingCents,
    programmingCents,
    bendSetupCents,
    jobCents: programmingCents + bendSetupCents,
    sheetLoadingCentsPerSheet,
    minimumItemCents: shop.minimumItemCents,
    minimumPieceCents: shop.minimumPieceCents,
    brakeHoursPerPiece,
    widthIn: measures.widthIn,
    heightIn: measures.heightIn,
    nesting: chooseSheet(measures, stock, tables, lbPerIn2, sheetLoadingCentsPerSheet),
    lbPerIn2,
    priceCentsPerLb: stock.priceCentsPerLb,
  };
}

/** How `quantity` pieces lie on the sheets chosen for the part. */
export function nestQuantity(cost: PlateCost, quantity: number): Nest {
  return nestRectangles(cost.widthIn, cost.heightIn, quantity, cost.nesting);
}

/** The share of the sheets the job takes, at the material's selling price per lb. */
export function materialCents(cost: PlateCost, nest: Nest): number {
  return centsOf(nest.chargedAreaIn2 * cost.lbPerIn2, cost.priceCentsPerLb);
}

/** Loading the sheets the job consumes, each piece paying its share of its sheet as for the material. */
export function sheetLoadingCents(cost: PlateCost, nest: Nest): number {
  const sheetsCharged = nest.chargedAreaIn2 / (nest.sheetWidthIn * nest.sheetHeightIn);
  return centsOf(sheetsCharged, cost.sheetLoadingCentsPerSheet);
}

/** The least an item of `quantity` pieces costs: the piece minimum for each piece, up to the item minimum. */
export function minimumCents(cost: PlateCost, quantity: number): number {
  return Math.min(cost.minimumItemCents, quantity * cost.minimumPieceCents);
}

/** What `quantity` pieces cost before the minimum: the job, the material and loading of the nest, and each piece. */
export function workCents(cost: PlateCost, quantity: number): number {
  const nest = nestQuantity(cost, quantity);
  return cost.jobCents + materialCents(cost, nest) + sheetLoadingCents(cost, nest) + quantity * cost.pieceCents;
}

/**
 * amount = max(minimum, job + material and loading of the nest + quantity x piece); unit = amount /
 * quantity to the nearest cent.
 */
export function priceQuantity(cost: PlateCost, quantity: number): PricedQuantity {
  const amount = Math.max(minimumCents(cost, quantity), workCents(cost, quantity));
  return { quantity, unit_amount_cents: divideRoundHalfUp(amount, quantity), amount_cents: amount };
}
