// The plate model: one job at its quantity. The quantity is nested on the shop's sheets and the job
// pays for the sheet it consumes and for loading it (nesting.ts), each piece its share; each piece
// adds laser time, handling and press-brake run time; the job adds its programming and one set-up per
// bend line; and an item has a minimum that few pieces pay only in part (a piece minimum).
import type { PlateStock, PriceTables } from '@shop/catalog';
import type { PlateMeasures } from '@shop/geometry';
import { centsOf, divideRoundHalfUp } from './money';
import { nestRectangles } from './nesting';
import type { Nest, NestingRules } from './nesting';

export interface PlateCost {
  /** The finished part: (outline area - cutouts) x thickness x density. */
  netLb: number;
  /** Cut length / feed + pierces x pierce time. */
  cutSeconds: number;
  cuttingCents: number;
  handlingCents: number;
  bendingCents: number;
  /** Sum of the three above: what each piece adds besides its material. */
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
  /** What the nest needs to know: the part's bounding box, the sheet and its rules, the plate's weight and price by area. */
  widthIn: number;
  heightIn: number;
  nesting: NestingRules;
  lbPerIn2: number;
  priceCentsPerLb: number;
}

export interface PricedQuantity {
  quantity: number;
  unit_amount_cents: number;
  amount_cents: number;
}

export function computePlateCost(measures: PlateMeasures, stock: PlateStock, tables: PriceTables): PlateCost {
  const shop = tables.shop;
  const lbPerIn2 = stock.thicknessIn * stock.densityLbPerIn3;
  const netLb = measures.netAreaIn2 * lbPerIn2;
  const cutSeconds = (measures.cutLengthIn / stock.feedInPerMin) * 60 + measures.pierceCount * stock.pierceSeconds;
  const brakeHoursPerPiece = (measures.bendCount * stock.bendSecondsPerBend) / 3600;

  const cuttingCents = centsOf(cutSeconds / 3600, shop.laserCentsPerHour);
  const handlingCents = shop.handlingCentsPerPiece + centsOf(netLb, shop.handlingCentsPerLb);
  const bendingCents = centsOf(brakeHoursPerPiece, shop.pressBrakeCentsPerHour);
  const programmingCents = centsOf(shop.programmingMinutesPerItem / 60, shop.laserCentsPerHour);
  const bendSetupCents = centsOf((measures.bendCount * shop.bendSetupMinutesPerLine) / 60, shop.pressBrakeCentsPerHour);

  return {
    netLb,
    cutSeconds,
    cuttingCents,
    handlingCents,
    bendingCents,
    pieceCents: cuttingCents + handlingCents + bendingCents,
    programmingCents,
    bendSetupCents,
    jobCents: programmingCents + bendSetupCents,
    sheetLoadingCentsPerSheet: centsOf(shop.sheetLoadingMinutesPerSheet / 60, shop.laserCentsPerHour),
    minimumItemCents: shop.minimumItemCents,
    minimumPieceCents: shop.minimumPieceCents,
    brakeHoursPerPiece,
    widthIn: measures.widthIn,
    heightIn: measures.heightIn,
    nesting: {
      sheetWidthIn: tables.sheet.widthIn,
      sheetHeightIn: tables.sheet.heightIn,
      edgeMarginIn: tables.nesting.edgeMarginIn,
      partSpacingIn: tables.nesting.partSpacingIn,
    },
    lbPerIn2,
    priceCentsPerLb: stock.priceCentsPerLb,
  };
}

/** How `quantity` pieces lie on the sheets. */
export function nestQuantity(cost: PlateCost, quantity: number): Nest {
  return nestRectangles(cost.widthIn, cost.heightIn, quantity, cost.nesting);
}

/** The sheet the job consumes, at the plate's price per lb. */
export function materialCents(cost: PlateCost, nest: Nest): number {
  return centsOf(nest.chargedAreaIn2 * cost.lbPerIn2, cost.priceCentsPerLb);
}

/** Loading the sheets the job consumes, each piece paying its share of its sheet as for the material. */
export function sheetLoadingCents(cost: PlateCost, nest: Nest): number {
  const sheetsCharged = nest.chargedAreaIn2 / (cost.nesting.sheetWidthIn * cost.nesting.sheetHeightIn);
  return centsOf(sheetsCharged, cost.sheetLoadingCentsPerSheet);
}

/** The least an item of `quantity` pieces costs: the piece minimum for each piece, up to the item minimum. */
export function minimumCents(cost: PlateCost, quantity: number): number {
  return Math.min(cost.minimumItemCents, quantity * cost.minimumPieceCents);
}

/**
 * amount = max(minimum, job + material and loading of the nest + quantity x piece); unit = amount /
 * quantity to the nearest cent.
 */
export function priceQuantity(cost: PlateCost, quantity: number): PricedQuantity {
  const nest = nestQuantity(cost, quantity);
  const work = cost.jobCents + materialCents(cost, nest) + sheetLoadingCents(cost, nest) + quantity * cost.pieceCents;
  const amount = Math.max(minimumCents(cost, quantity), work);
  return { quantity, unit_amount_cents: divideRoundHalfUp(amount, quantity), amount_cents: amount };
}
