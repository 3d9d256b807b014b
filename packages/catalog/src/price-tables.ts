// The figures plate prices are built from, each table with a note of where its numbers come from.
// Money is integer CAD cents; lengths inches; times seconds or minutes as named.
import type { MaterialId } from '@shop/contracts';
import type { PlateRules } from '@shop/geometry';

export interface MaterialPrice {
  name: string;
  densityLbPerIn3: number;
  priceCentsPerLb: number;
}

export interface MaterialPriceTable {
  rows: Readonly<Record<MaterialId, MaterialPrice>>;
  source: string;
}

export interface CutRow {
  thicknessIn: number;
  feedInPerMin: number;
  pierceSeconds: number;
}

export interface CutTable {
  /** Rows by rising thickness; figures between rows are interpolated, outside them the end row holds. */
  rows: Readonly<Record<MaterialId, readonly CutRow[]>>;
  source: string;
}

export interface ShopRates {
  laserCentsPerHour: number;
  pressBrakeCentsPerHour: number;
  /** Programming, loading and squaring the sheet, first-piece check: once per item. */
  jobSetupMinutes: number;
  /** Tooling and first-bend check on the press brake: once per bend line per item. */
  bendSetupMinutesPerLine: number;
  /** Unloading, edge clean-up, marking and packing of one piece. */
  handlingCentsPerPiece: number;
  handlingCentsPerLb: number;
  /** No plate item is priced below this. */
  minimumItemCents: number;
  /** Each side of the part's bounding rectangle grows by this much to get the sheet it consumes. */
  sheetAllowanceIn: number;
  source: string;
}

export interface BendRunRow {
  /** Applies to thicknesses up to and including this. */
  upToThicknessIn: number;
  secondsPerBend: number;
}

export interface BendingTable {
  /** Press-brake run time per bend per piece, by thickness; thicker than the last row uses the last row. */
  run: readonly BendRunRow[];
  /** Thickest plate bent, per material; null when the material is not bent at all. */
  maxThicknessIn: Readonly<Record<MaterialId, number | null>>;
  source: string;
}

export interface SheetTable {
  widthIn: number;
  heightIn: number;
  source: string;
}

/** The thresholds @shop/geometry checks a part against (the sheet comes from SheetTable). */
export type DfmTable = Omit<PlateRules, 'sheetWidthIn' | 'sheetHeightIn'> & { source: string };

export interface LeadTimeRules {
  /** Business days for cut plate from stock. */
  carriedDays: readonly [number, number];
  /** Business days when the part is also bent. */
  bentDays: readonly [number, number];
  /** Days added when the plate is not stocked and has to be brought in. */
  notCarriedExtraDays: number;
  /** Above either figure the lead time is confirmed after the order. */
  maxPiecesStated: number;
  maxWeightLbStated: number;
  source: string;
}

/** How a product's lead time grows past the first unit: a business day for every so many more units. */
export interface ProductLeadTimeRules {
  kitUnitsPerDay: number;
  weldedUnitsPerDay: number;
  source: string;
}

export interface LaserLimits {
  maxThicknessIn: Readonly<Record<MaterialId, number>>;
  source: string;
}

export interface PriceTables {
  materials: MaterialPriceTable;
  cutting: CutTable;
  laser: LaserLimits;
  shop: ShopRates;
  bending: BendingTable;
  sheet: SheetTable;
  dfm: DfmTable;
  leadTimes: LeadTimeRules;
  productLeadTimes: ProductLeadTimeRules;
}

const row = (thicknessIn: number, feedInPerMin: number, pierceSeconds: number): CutRow => ({
  thicknessIn,
  feedInPerMin,
  pierceSeconds,
});

export const PRICE_TABLES: PriceTables = {
  materials: {
    rows: {
      mild_steel: { name: 'mild steel', densityLbPerIn3: 0.2836, priceCentsPerLb: 135 },
      stainless_304: { name: '304 stainless', densityLbPerIn3: 0.289, priceCentsPerLb: 450 },
      stainless_316: { name: '316 stainless', densityLbPerIn3: 0.289, priceCentsPerLb: 600 },
      aluminum_6061: { name: '6061-T6 aluminum', densityLbPerIn3: 0.0975, priceCentsPerLb: 550 },
    },
    source:
      'Densities from the ASM/MatWeb data sheets (carbon steel 0.2836 lb/in3, 304/316 0.289, 6061 0.0975). ' +
      'Prices are Ontario service-centre list prices for cut-to-size plate (CAD/lb, 2025), rounded: mild steel A36/44W 1.35, 304 4.50, 316 6.00, 6061-T6 5.50.',
  },
  cutting: {
    rows: {
      mild_steel: [
        row(0.06, 1800, 0.01),
        row(0.135, 670, 0.1),
        row(0.1875, 320, 0.4),
        row(0.25, 180, 0.4),
        row(0.375, 95, 1.0),
        row(0.5, 60, 3),
        row(0.75, 55, 8),
        row(1.0, 35, 10),
      ],
      stainless_304: [
        row(0.06, 1600, 0.1),
        row(0.135, 545, 0.15),
        row(0.1875, 480, 0.1),
        row(0.25, 320, 0.25),
        row(0.375, 138, 0.5),
        row(0.5, 135, 1.2),
        row(0.75, 56, 3),
      ],
      stainless_316: [
        row(0.06, 1600, 0.1),
        row(0.135, 545, 0.15),
        row(0.1875, 480, 0.1),
        row(0.25, 320, 0.25),
        row(0.375, 138, 0.5),
        row(0.5, 135, 1.2),
        row(0.75, 56, 3),
      ],
      aluminum_6061: [
        row(0.06, 2700, 0.01),
        row(0.135, 1400, 0.06),
        row(0.1875, 430, 0.07),
        row(0.25, 280, 0.1),
        row(0.375, 120, 0.6),
        row(0.5, 70, 1.1),
      ],
    },
    source:
      'Published cutting charts of 6-12 kW fiber lasers (oxygen-assisted mild steel, nitrogen-assisted stainless and aluminum), ' +
      'production feed rather than the chart maximum; 316 cut at the 304 figures. Linear interpolation between rows.',
  },
  laser: {
    maxThicknessIn: { mild_steel: 1.0, stainless_304: 0.75, stainless_316: 0.75, aluminum_6061: 0.5 },
    source: 'Thickest plate the shop laser cuts with a clean, square edge in each material.',
  },
  shop: {
    laserCentsPerHour: 18_000,
    pressBrakeCentsPerHour: 12_000,
    jobSetupMinutes: 10,
    bendSetupMinutesPerLine: 10,
    handlingCentsPerPiece: 75,
    handlingCentsPerLb: 8,
    minimumItemCents: 3_500,
    sheetAllowanceIn: 0.25,
    source:
      'Machine rates are Ontario job-shop shop rates (fiber laser CAD 150-220/h, press brake CAD 100-140/h, 2025). ' +
      'Set-up, handling and the item minimum are the shop’s own; the minimum keeps a one-off small part near what ' +
      'leading instant-quote shops charge (a 58 mm disc at about USD 12-18 each for two).',
  },
  bending: {
    run: [
      { upToThicknessIn: 0.075, secondsPerBend: 10 },
      { upToThicknessIn: 0.135, secondsPerBend: 30 },
      { upToThicknessIn: 0.25, secondsPerBend: 45 },
      { upToThicknessIn: Number.POSITIVE_INFINITY, secondsPerBend: 60 },
    ],
    maxThicknessIn: { mild_steel: 0.5, stainless_304: 0.375, stainless_316: 0.375, aluminum_6061: null },
    source:
      'Run times are handling-inclusive press-brake times per hit from job-shop time studies. Limits follow the shop’s ' +
      'brake tonnage and tooling; 6061-T6 cracks on a tight bend, so it is not bent.',
  },
  sheet: {
    widthIn: 60,
    heightIn: 120,
    source: 'The laser’s 5 x 10 ft bed and the shop’s standard 60 x 120 in sheet.',
  },
  dfm: {
    minPartSizeIn: 0.5,
    webThicknessRatio: 1,
    minWebIn: 0.0625,
    holeBlockRatio: 0.5,
    holeWarnRatio: 1,
    flangeThicknessRatio: 4,
    minFlangeIn: 0.25,
    holeBendClearanceRatio: 2.5,
    source:
      'Common laser and press-brake design rules: holes at least half the thickness (under the thickness they taper), ' +
      'webs at least the thickness, flanges at least 4 x thickness, holes 2.5 x thickness clear of a fold. ' +
      'Parts under 1/2 in fall through the bed slats.',
  },
  leadTimes: {
    carriedDays: [3, 5],
    bentDays: [5, 7],
    notCarriedExtraDays: 5,
    maxPiecesStated: 250,
    maxWeightLbStated: 2_000,
    source: 'The shop’s schedule: laser work booked two to three days out, bending adds two days, plate not stocked arrives in five.',
  },
  productLeadTimes: {
    kitUnitsPerDay: 4,
    weldedUnitsPerDay: 1,
    source:
      'A tier’s lead time is for one unit. Past it, the saw and laser cut about four kits a day and a welder builds about ' +
      'one unit a day, on top of the first.',
  },
};
