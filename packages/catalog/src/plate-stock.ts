// Everything pricing needs about one material at one thickness, worked out once when the catalog is made.
import type { LeadTime, MaterialId, ThicknessOffer } from '@shop/contracts';
import type { PlateRules } from '@shop/geometry';
import type { CutRow, PriceTables, SheetSize } from './price-tables';
import type { MaterialStock, ThicknessStock } from './materials';

export interface PlateStock {
  materialId: MaterialId;
  /** Lower-case name for descriptions, e.g. `mild steel`. */
  materialName: string;
  thicknessIn: number;
  label: string;
  carried: boolean;
  /** False past the laser's limit in this material: sold, but not cut. */
  laserCut: boolean;
  /** False past the press brake's limit, or for a material that is not bent. */
  bendable: boolean;
  densityLbPerIn3: number;
  /** The index this thickness follows, USD a pound, and what it is. */
  indexUsdPerLb: number;
  index: string;
  /** What a pound costs the shop: index x USD to CAD x the service-centre multiplier, in cents (not rounded). */
  costCentsPerLb: number;
  /** What a pound of the sheet a job takes is sold at: the cost with the remnant allowance and the margin (not rounded). */
  priceCentsPerLb: number;
  /** The sheets this material is stocked in. */
  sheets: readonly SheetSize[];
  feedInPerMin: number;
  pierceSeconds: number;
  bendSecondsPerBend: number;
  /** The mill certificate that comes with the plate, or null. */
  millCertificate: string | null;
  /** Lead time of cut plate from the order, with no bends, as the materials list shows it. */
  leadTime: LeadTime | null;
  rules: PlateRules;
}

export function buildPlateRules(tables: PriceTables): PlateRules {
  const { dfm, sheets } = tables;
  return {
    sheetWidthIn: sheets.largestPart.widthIn,
    sheetHeightIn: sheets.largestPart.heightIn,
    minPartSizeIn: dfm.minPartSizeIn,
    webThicknessRatio: dfm.webThicknessRatio,
    minWebIn: dfm.minWebIn,
    holeBlockRatio: dfm.holeBlockRatio,
    holeWarnRatio: dfm.holeWarnRatio,
    flangeThicknessRatio: dfm.flangeThicknessRatio,
    minFlangeIn: dfm.minFlangeIn,
    holeBendClearanceRatio: dfm.holeBendClearanceRatio,
  };
}

/** Feed and pierce time at a thickness: linear between the two rows around it, the end row outside them. */
export function interpolateCut(rows: readonly CutRow[], thicknessIn: number): { feedInPerMin: number; pierceSeconds: number } {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) throw new Error('A cut table needs at least one row.');
  if (thicknessIn <= first.thicknessIn) return { feedInPerMin: first.feedInPerMin, pierceSeconds: first.pierceSeconds };
  if (thicknessIn >= last.thicknessIn) return { feedInPerMin: last.feedInPerMin, pierceSeconds: last.pierceSeconds };
  for (let i = 1; i < rows.length; i += 1) {
    const upper = rows[i] as CutRow;
    const lower = rows[i - 1] as CutRow;
    if (thicknessIn <= upper.thicknessIn) {
      const f = (thicknessIn - lower.thicknessIn) / (upper.thicknessIn - lower.thicknessIn);
      return {
        feedInPerMin: lower.feedInPerMin + f * (upper.feedInPerMin - lower.feedInPerMin),
        pierceSeconds: lower.pierceSeconds + f * (upper.pierceSeconds - lower.pierceSeconds),
      };
    }
  }
  return { feedInPerMin: last.feedInPerMin, pierceSeconds: last.pierceSeconds };
}

/** The price of a pound of a material at a thickness: its index row, the shop's cost and the price it is sold at. */
function priceMaterial(tables: PriceTables, material: MaterialId, thicknessIn: number): { indexUsdPerLb: number; index: string; costCentsPerLb: number; priceCentsPerLb: number } {
  const table = tables.materials;
  const row = table.rows[material];
  let basis = row.basis[0];
  for (const step of row.basis) if (thicknessIn >= step.fromThicknessIn) basis = step;
  if (!basis) throw new Error(`The price book has no price basis for ${material}.`);
  const costCentsPerLb = basis.indexUsdPerLb * table.usdToCad * row.serviceCentreMultiplier * 100;
  const priceCentsPerLb = costCentsPerLb * (1 + table.remnantAllowancePercent / 100) * (1 + table.marginPercent / 100);
  return { indexUsdPerLb: basis.indexUsdPerLb, index: basis.index, costCentsPerLb, priceCentsPerLb };
}

function findBendSeconds(tables: PriceTables, thicknessIn: number): number {
  for (const step of tables.bending.run) if (thicknessIn <= step.upToThicknessIn) return step.secondsPerBend;
  const last = tables.bending.run[tables.bending.run.length - 1];
  return last ? last.secondsPerBend : 0;
}

/**
 * The lead time a thickness shows in the materials list: null past the laser, where it cannot be
 * stated. The days bending adds are named only where the plate can be bent.
 */
function describeStockLeadTime(tables: PriceTables, stock: { carried: boolean; laserCut: boolean; bendable: boolean }): LeadTime | null {
  if (!stock.laserCut) return null;
  const rules = tables.leadTimes;
  const [min, max] = rules.carriedDays;
  const bendDays = rules.bentDays[0] - rules.carriedDays[0];
  const bending = stock.bendable ? `; bending adds ${bendDays} ${bendDays === 1 ? 'day' : 'days'}` : '';
  if (stock.carried) {
    return { days_min: min, days_max: max, note: `Business days from the order for cut plate from stock, ready to ship or pick up${bending}.` };
  }
  const extra = rules.notCarriedExtraDays;
  return {
    days_min: min + extra,
    days_max: max + extra,
    note: `Business days from the order for cut plate, including ${extra} days to bring the plate in${bending}.`,
  };
}

export function buildPlateStock(tables: PriceTables, material: MaterialStock, thickness: ThicknessStock, rules: PlateRules): PlateStock {
  const price = tables.materials.rows[material.id];
  const sold = priceMaterial(tables, material.id, thickness.thicknessIn);
  const laserCut = thickness.thicknessIn <= tables.laser.maxThicknessIn[material.id];
  const bendLimit = tables.bending.maxThicknessIn[material.id];
  const cut = interpolateCut(tables.cutting.rows[material.id], thickness.thicknessIn);
  const bendable = bendLimit !== null && thickness.thicknessIn <= bendLimit;
  return {
    materialId: material.id,
    materialName: price.name,
    thicknessIn: thickness.thicknessIn,
    label: thickness.label,
    carried: thickness.carried,
    laserCut,
    bendable,
    millCertificate: material.millCertificate,
    densityLbPerIn3: price.densityLbPerIn3,
    ...sold,
    sheets: tables.sheets.stocked[material.id],
    feedInPerMin: cut.feedInPerMin,
    pierceSeconds: cut.pierceSeconds,
    bendSecondsPerBend: findBendSeconds(tables, thickness.thicknessIn),
    leadTime: describeStockLeadTime(tables, { carried: thickness.carried, laserCut, bendable }),
    rules,
  };
}

export function toThicknessOffer(stock: PlateStock): ThicknessOffer {
  return {
    thickness_in: stock.thicknessIn,
    label: stock.label,
    carried: stock.carried,
    lead_time: stock.leadTime === null ? null : { ...stock.leadTime },
  };
}
