// The plate model: one job at its quantity. The quantity is nested on the stocked sheet that costs
// least per piece and the job pays for the share of the sheets it takes, at the material's selling
// price, and for loading them (nesting.ts); each piece adds laser time (its cut length at the chart's
// feed, and each contour's pierce and lead-in), labour (handling, edge finishing, each contour's slug
// and edge) and press-brake run time; the job adds its programming and one set-up per bend line; and
// an item has a minimum that few pieces pay only in part (a piece minimum).
import type { LiftingRules, PlateStock, PriceTables } from '@shop/catalog';
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
  /** Labour seconds each piece takes on its own: taking it off, its lifts, each contour's slug and edge (and, in a v3 book, all its handling and edge finishing). */
  handlingSeconds: number;
  /** Cutting the length: cut seconds at the laser rate. */
  cuttingCents: number;
  /** The contours: their laser seconds at the laser rate and their labour at the labour rate. */
  contourCents: number;
  /** Each piece's own handling at the labour rate: taking it off and lifting it (v3: also per lb and edge finishing). */
  handlingCents: number;
  bendingCents: number;
  /** Sum of the four above: what each piece adds besides its material and deburring. */
  pieceCents: number;
  /** Deburring one piece by hand: a pass along its edge and the dross off it (0 in a v3 book, where handling holds it). */
  handDeburrCents: number;
  /** Deburring in the tumbler, when the piece goes in it: the load's labour once per item, the cycle per piece; null otherwise. */
  tumbler: { loadCents: number; pieceCents: number } | null;
  /** Programming the part and its nest: once per item. */
  programmingCents: number;
  bendSetupCents: number;
  /** Programming plus bend set-ups: paid once per item whatever the quantity. */
  jobCents: number;
  /** What the batch shares once per item: its ticket, first-piece inspection, counting, labelling and packing (0 in a v3 book). */
  batchCents: number;
  /** Loading one sheet (laser time) and unloading its nest (labour), shared by the pieces on it. */
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

/** Labour seconds of one lift of a piece of `lb`: by hand, by two workers, or by the crane (the same minutes whatever it weighs). */
export function liftSeconds(lb: number, lifting: LiftingRules): number {
  if (lb <= lifting.oneWorkerLiftLb) return lifting.handLiftSeconds + lifting.handSecondsPerLb * lb;
  if (lb <= lifting.teamLiftMaxLb) return lifting.teamWorkers * (lifting.teamLiftSeconds + lifting.handSecondsPerLb * lb);
  return lifting.craneWorkers * lifting.craneMinutesPerLift * 60;
}

export function computePlateCost(measures: PlateMeasures, stock: PlateStock, tables: PriceTables): PlateCost {
  const shop = tables.shop;
  const lbPerIn2 = stock.thicknessIn * stock.densityLbPerIn3;
  const netLb = measures.netAreaIn2 * lbPerIn2;
  const cutSeconds = (measures.cutLengthIn / stock.feedInPerMin) * 60;
  const contourSeconds = measures.pierceCount * (stock.pierceSeconds + shop.contourMachineSeconds);
  const contourLabourSeconds = measures.pierceCount * shop.contourHandlingSeconds;
  const brakeHoursPerPiece = (measures.bendCount * stock.bendSecondsPerBend) / 3600;
  const edgeIn2 = measures.cutLengthIn * stock.thicknessIn;
  const labourCents = (seconds: number) => centsOf(seconds / 3600, shop.labourCentsPerHour);

  let pieceLabourSeconds: number;
  let handDeburrCents = 0;
  let tumbler: PlateCost['tumbler'] = null;
  let batchCents = 0;
  let unloadCentsPerSheet = 0;
  const legacy = shop.perPieceHandling;
  const handling = tables.handling;
  if (handling !== null) {
    // Pricing v4: each piece is taken off and lifted; its deburring is by hand, or in the tumbler
    // when it fits, whichever costs the batch less; the batch and the sheet carry the rest.
    // A piece small enough for the tumbler is handled in bulk (shaken out, counted by weight) and
    // never lifted on its own; a larger one is lifted off the table, to the bench and onto the skid.
    const rules = handling.tumbler;
    const bulk = Math.max(measures.widthIn, measures.heightIn) <= rules.maxPartIn + 1e-9 && stock.thicknessIn <= rules.maxThicknessIn + 1e-9;
    pieceLabourSeconds = handling.pieceSeconds + (bulk ? 0 : handling.lifting.liftsPerPiece * liftSeconds(netLb, handling.lifting));
    handDeburrCents = labourCents(handling.edgeFinishSecondsPerIn * measures.cutLengthIn + shop.edgeFinishSecondsPerIn2 * edgeIn2);
    if (bulk) tumbler = { loadCents: labourCents(rules.loadMinutes * 60), pieceCents: centsOf(netLb, rules.cycleCentsPerLb) };
    batchCents = labourCents(handling.itemMinutes * 60);
    unloadCentsPerSheet = labourCents(handling.unloadMinutesPerSheet * 60);
  } else if (legacy !== null) {
    // Pricing v3, as books before 2026-12-01 price it: all handling per piece, twice over the one-worker limit.
    const liftWorkers = netLb > legacy.oneWorkerLiftLb ? legacy.heavyPieceWorkers : 1;
    pieceLabourSeconds = liftWorkers * (legacy.pieceHandlingSeconds + legacy.handlingSecondsPerLb * netLb) + shop.edgeFinishSecondsPerIn2 * edgeIn2;
  } else {
    throw new Error('The price tables have neither handling nor per-piece handling.');
  }

  const cuttingCents = centsOf(cutSeconds / 3600, shop.laserCentsPerHour);
  const contourCents =
    measures.pierceCount === 0
      ? 0
      : centsOf(measures.pierceCount, ((stock.pierceSeconds + shop.contourMachineSeconds) * shop.laserCentsPerHour + shop.contourHandlingSeconds * shop.labourCentsPerHour) / 3600);
  const handlingCents = labourCents(pieceLabourSeconds);
  const bendingCents = centsOf(brakeHoursPerPiece, shop.pressBrakeCentsPerHour);
  const programmingCents = centsOf(shop.programmingMinutesPerItem / 60, shop.programmingCentsPerHour);
  const bendSetupCents = centsOf((measures.bendCount * shop.bendSetupMinutesPerLine) / 60, shop.pressBrakeCentsPerHour);
  const sheetLoadingCentsPerSheet = centsOf(shop.sheetLoadingMinutesPerSheet / 60, shop.laserCentsPerHour) + unloadCentsPerSheet;

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
    handDeburrCents,
    tumbler,
    programmingCents,
    bendSetupCents,
    jobCents: programmingCents + bendSetupCents,
    batchCents,
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

/**
 * Deburring `quantity` pieces the cheaper way: each by hand, or the batch in the tumbler (one load's
 * labour and each piece's share of the cycle). Both are linear in the quantity with no negative part,
 * so the lesser of them never makes a piece dearer, nor the batch cheaper, as the quantity grows.
 */
export function deburrCents(cost: PlateCost, quantity: number): number {
  const byHand = quantity * cost.handDeburrCents;
  return cost.tumbler === null ? byHand : Math.min(byHand, cost.tumbler.loadCents + quantity * cost.tumbler.pieceCents);
}

/** Loading the sheets the job consumes and unloading their nests, each piece paying its share of its sheet as for the material. */
export function sheetLoadingCents(cost: PlateCost, nest: Nest): number {
  const sheetsCharged = nest.chargedAreaIn2 / (nest.sheetWidthIn * nest.sheetHeightIn);
  return centsOf(sheetsCharged, cost.sheetLoadingCentsPerSheet);
}

/** The least an item of `quantity` pieces costs: the piece minimum for each piece, up to the item minimum. */
export function minimumCents(cost: PlateCost, quantity: number): number {
  return Math.min(cost.minimumItemCents, quantity * cost.minimumPieceCents);
}

/** What `quantity` pieces cost before the minimum: the job and its batch, the material and loading of the nest, each piece and the deburring. */
export function workCents(cost: PlateCost, quantity: number): number {
  const nest = nestQuantity(cost, quantity);
  return cost.jobCents + cost.batchCents + materialCents(cost, nest) + sheetLoadingCents(cost, nest) + quantity * cost.pieceCents + deburrCents(cost, quantity);
}

/**
 * amount = max(minimum, job + material and loading of the nest + quantity x piece); unit = amount /
 * quantity to the nearest cent.
 */
export function priceQuantity(cost: PlateCost, quantity: number): PricedQuantity {
  const amount = Math.max(minimumCents(cost, quantity), workCents(cost, quantity));
  return { quantity, unit_amount_cents: divideRoundHalfUp(amount, quantity), amount_cents: amount };
}
