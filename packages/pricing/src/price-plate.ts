// A plate item priced as one job at its quantity, or blocked with the issues that stop it.
import type { Catalog, PlateStock } from '@shop/catalog';
import type { Issue, LeadTime, PlateItem, QuotedItem, QuotedPlate } from '@shop/contracts';
import { analyzePlate } from '@shop/geometry';
import type { PlateAnalysis } from '@shop/geometry';
import type { AnalysisMemo } from './analysis-memo';
import { describePlate, describePlateIncludes, formatInches } from './describe';
import { hasBlocking, makeIssue, sortIssues } from './issues';
import { describeLabelProblem, screenLabel } from './labels';
import { assertParsedPlate } from './parsed';
import { computePlateCost, nestQuantity, priceQuantity } from './plate-cost';
import type { PlateCost } from './plate-cost';
import { RFQ_LINK, validatePlateItem } from './validate';

export interface PricePlateOptions {
  catalog: Catalog;
  /** Place of the item in its quote; names the fields of its issues and errors. Default 0. */
  index?: number;
  /** Where the drawing of a ready plate is served; null (the default) leaves preview_url null. */
  previewUrl?: string | null;
  /** Issues found before pricing (an imported drawing's own): kept first; a blocking one blocks the item. */
  issues?: readonly Issue[];
  /** Measures and checks made once for plates sharing their shapes (createAnalysisMemo). */
  memo?: AnalysisMemo;
}

// Nothing prices freight before the order: the shop quotes it after, or the parts are picked up.
const DELIVERY_NOTE = 'Freight is quoted by the shop after the order and is not in this quote; pick-up at the shop is free.';

/**
 * Prices one plate item, e.g. again at another quantity on the plate quoter page. Throws the 422
 * ServiceError when its material, thickness or quantity is not offered.
 */
export function pricePlateItem(item: PlateItem, options: PricePlateOptions): QuotedItem {
  assertParsedPlate(item);
  const index = options.index ?? 0;
  const stock = validatePlateItem(item, options.catalog, index);
  return pricePlate(item, stock, options.catalog, index, options.previewUrl ?? null, options.issues ?? [], options.memo);
}

/** Prices a plate already checked against the catalog; `found`: issues found before pricing (a drawing's), kept first. */
export function pricePlate(
  item: PlateItem,
  stock: PlateStock,
  catalog: Catalog,
  index: number,
  previewUrl: string | null,
  found: readonly Issue[] = [],
  memo?: AnalysisMemo,
): QuotedItem {
  const at = `items[${index}]`;
  const tables = catalog.priceTables;
  const analysis = memo ? memo.analyze(item, stock.rules, at) : analyzePlate(item, stock.rules, at);
  const issues: Issue[] = [...found];

  if (!stock.laserCut) {
    const max = tables.laser.maxThicknessIn[stock.materialId];
    issues.push(
      makeIssue(
        'thickness_over_laser',
        `${stock.label} ${stock.materialName} is past the laser, which cuts ${stock.materialName} up to ${formatInches(max)} in. ` +
          `Choose a thickness of ${formatInches(max)} in or less, or for plate this thick ask for ${RFQ_LINK}.`,
        `${at}.thickness_in`,
      ),
    );
  }
  if (item.bends.length > 0 && !stock.bendable) issues.push(makeIssue('bend_not_offered', explainNoBend(stock, catalog), `${at}.bends`));
  for (const issue of analysis.issues) issues.push(makeIssue(issue.code, issue.message, issue.param));

  const screened = screenLabel(item.label);
  if (screened.problem !== null) issues.push(makeIssue('label_dropped', describeLabelProblem(screened.problem), `${at}.label`));

  const blocked = hasBlocking(issues);
  // Weight and cut length are those of a real piece only: not of an outline that crosses itself, nor
  // of cutouts that overlap or leave the part (such a plate is blocked and never priced).
  const measured = analysis.cutoutsClear;
  const plate: QuotedPlate = {
    material: item.material,
    thickness_in: item.thickness_in,
    width_in: round(analysis.widthIn, 4),
    height_in: round(analysis.heightIn, 4),
    hole_count: analysis.holeCount,
    slot_count: analysis.slotCount,
    bend_count: analysis.bendCount,
    weight_lb: null,
    cut_length_in: null,
    preview_url: blocked ? null : previewUrl,
  };
  const cost = measured ? computePlateCost(analysis, stock, tables) : null;
  if (cost !== null) {
    plate.weight_lb = round(cost.netLb, 3);
    plate.cut_length_in = round(analysis.cutLengthIn, 3);
  }

  let unit: number | null = null;
  let amount: number | null = null;
  let quantityOptions: QuotedItem['quantity_options'] = [];
  let leadTime: LeadTime | null = null;
  if (!blocked && cost !== null) {
    const priced = priceQuantity(cost, item.quantity);
    unit = priced.unit_amount_cents;
    amount = priced.amount_cents;
    quantityOptions = otherQuantities(item.quantity, item.quantity_options).map((q) => priceQuantity(cost, q));
    leadTime = planLeadTime(item, stock, catalog, analysis, cost, issues, at);
  }
  const nest = !blocked && cost !== null ? nestQuantity(cost, 1) : null;

  return {
    index,
    kind: 'plate',
    description: describePlate(item, stock, analysis) + (nest === null ? '' : `, ${groupThousands(nest.perSheet)} per ${formatInches(nest.sheetWidthIn)} x ${formatInches(nest.sheetHeightIn)} in sheet`),
    label: screened.label,
    status: blocked ? 'blocked' : 'ready',
    price_type: 'firm',
    quantity: item.quantity,
    quantity_options: quantityOptions,
    unit_amount_cents: unit,
    amount_cents: amount,
    includes: describePlateIncludes(stock, analysis),
    delivery: { status: 'quoted_after_order', note: DELIVERY_NOTE },
    lead_time: leadTime,
    issues: sortIssues(issues),
    plate,
    product: null,
  };
}

/** The quantities to price beside the one asked: each once, smallest first. */
export function otherQuantities(quantity: number, options: readonly number[]): number[] {
  if (options.length === 0) return [];
  return [...new Set(options)].filter((q) => q !== quantity).sort((a, b) => a - b);
}

function explainNoBend(stock: PlateStock, catalog: Catalog): string {
  const limit = catalog.priceTables.bending.maxThicknessIn[stock.materialId];
  if (limit === null) {
    return `${stock.materialName} is not bent here: it cracks along a tight fold. Remove the bends, or choose mild steel or stainless.`;
  }
  return `${stock.materialName} is bent up to ${formatInches(limit)} in thick and this plate is ${stock.label}. Remove the bends or choose ${formatInches(limit)} in or thinner.`;
}

/**
 * Lead time for the quantity asked, adding the info issues that explain it; null past the stated
 * limits: the nest needs more sheets, or the bends more press-brake hours, than the schedule states.
 */
function planLeadTime(
  item: PlateItem,
  stock: PlateStock,
  catalog: Catalog,
  analysis: PlateAnalysis,
  cost: PlateCost,
  issues: Issue[],
  at: string,
): LeadTime | null {
  const tables = catalog.priceTables;
  const rules = tables.leadTimes;
  const bent = analysis.bendCount > 0;
  const [baseMin, baseMax] = bent ? rules.bentDays : rules.carriedDays;
  const extra = stock.carried ? 0 : rules.notCarriedExtraDays;
  const min = baseMin + extra;
  const max = baseMax + extra;
  const sheets = nestQuantity(cost, item.quantity).sheets;
  const brakeHours = item.quantity * cost.brakeHoursPerPiece + (analysis.bendCount * tables.shop.bendSetupMinutesPerLine) / 60;
  const stated = sheets <= rules.maxSheetsStated && brakeHours <= rules.maxBrakeHoursStated;
  if (!stock.carried) {
    issues.push(
      makeIssue(
        'plate_not_carried',
        `${stock.label} ${stock.materialName} is not stocked: bringing the plate in adds ${extra} business days` +
          (stated ? ', included in the lead time.' : '.'),
        `${at}.thickness_in`,
      ),
    );
  }
  if (!stated) {
    const work = [`${groupThousands(sheets)} ${sheets === 1 ? 'sheet' : 'sheets'}`];
    if (bent) work.push(`${formatHours(brakeHours)} press-brake hours`);
    issues.push(
      makeIssue(
        'lead_time_after_order',
        `The lead time for ${groupThousands(item.quantity)} pieces (${work.join(', ')}) is confirmed after the order; ` +
          `up to ${rules.maxSheetsStated} sheets${bent ? ` and ${rules.maxBrakeHoursStated} press-brake hours` : ''} take ${min}-${max} business days.`,
        `${at}.quantity`,
      ),
    );
    return null;
  }
  const includes = [bent ? 'cutting and bending' : 'cutting'];
  if (!stock.carried) includes.push(`${extra} days to bring the plate in`);
  return {
    days_min: min,
    days_max: max,
    note: `Business days from the order, ready to ship or pick up; includes ${includes.join(' and ')}.`,
  };
}

function formatHours(hours: number): string {
  return hours >= 10 ? String(Math.round(hours)) : hours.toFixed(1);
}

function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
