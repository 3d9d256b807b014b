// The plate model: one job at its quantity. Per piece: the sheet it consumes, laser time, handling
// and press-brake run time; per job: set-up and one set-up per bend line; and a minimum per item.
import type { PlateStock, PriceTables } from '@shop/catalog';
import type { PlateMeasures } from '@shop/geometry';
import { centsOf, divideRoundHalfUp } from './money';

export interface PlateCost {
  /** Bounding rectangle grown by the sheet allowance each side x thickness x density. */
  sheetLb: number;
  /** The finished part: (outline area - cutouts) x thickness x density. */
  netLb: number;
  /** Cut length / feed + pierces x pierce time. */
  cutSeconds: number;
  materialCents: number;
  cuttingCents: number;
  handlingCents: number;
  bendingCents: number;
  /** Sum of the four above: what each piece adds. */
  pieceCents: number;
  setupCents: number;
  bendSetupCents: number;
  /** Set-up plus bend set-ups: paid once per item whatever the quantity. */
  jobCents: number;
  minimumCents: number;
}

export interface PricedQuantity {
  quantity: number;
  unit_amount_cents: number;
  amount_cents: number;
}

export function computePlateCost(measures: PlateMeasures, stock: PlateStock, tables: PriceTables): PlateCost {
  const shop = tables.shop;
  const grow = 2 * shop.sheetAllowanceIn;
  const lbPerIn2 = stock.thicknessIn * stock.densityLbPerIn3;
  const sheetLb = (measures.widthIn + grow) * (measures.heightIn + grow) * lbPerIn2;
  const netLb = measures.netAreaIn2 * lbPerIn2;
  const cutSeconds = (measures.cutLengthIn / stock.feedInPerMin) * 60 + measures.pierceCount * stock.pierceSeconds;

  const materialCents = centsOf(sheetLb, stock.priceCentsPerLb);
  const cuttingCents = centsOf(cutSeconds / 3600, shop.laserCentsPerHour);
  const handlingCents = shop.handlingCentsPerPiece + centsOf(netLb, shop.handlingCentsPerLb);
  const bendingCents = centsOf((measures.bendCount * stock.bendSecondsPerBend) / 3600, shop.pressBrakeCentsPerHour);
  const setupCents = centsOf(shop.jobSetupMinutes / 60, shop.laserCentsPerHour);
  const bendSetupCents = centsOf((measures.bendCount * shop.bendSetupMinutesPerLine) / 60, shop.pressBrakeCentsPerHour);

  return {
    sheetLb,
    netLb,
    cutSeconds,
    materialCents,
    cuttingCents,
    handlingCents,
    bendingCents,
    pieceCents: materialCents + cuttingCents + handlingCents + bendingCents,
    setupCents,
    bendSetupCents,
    jobCents: setupCents + bendSetupCents,
    minimumCents: shop.minimumItemCents,
  };
}

/** amount = max(minimum, job + quantity x piece); unit = amount / quantity to the nearest cent. */
export function priceQuantity(cost: PlateCost, quantity: number): PricedQuantity {
  const amount = Math.max(cost.minimumCents, cost.jobCents + quantity * cost.pieceCents);
  return { quantity, unit_amount_cents: divideRoundHalfUp(amount, quantity), amount_cents: amount };
}
