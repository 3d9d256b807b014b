// The shape of the figures plate prices are built from, each table with the dated sources of its
// numbers. The figures themselves are in the price book (price-book.json, checked by price-book.ts).
// Money is integer CAD cents; lengths inches; times seconds or minutes as named.
import type { MaterialId } from '@shop/contracts';
import type { PlateRules } from '@shop/geometry';

/** Where a table's figures come from: a page or a document, and when it was read. */
export interface PriceSource {
  /** The source's key in the price book. */
  key: string;
  name: string;
  url?: string;
  document?: string;
  /** ISO date (YYYY-MM-DD) the figures were taken. */
  date: string;
}

export interface MaterialPrice {
  name: string;
  densityLbPerIn3: number;
  priceCentsPerLb: number;
}

export interface MaterialPriceTable {
  rows: Readonly<Record<MaterialId, MaterialPrice>>;
  source: readonly PriceSource[];
}

export interface CutRow {
  thicknessIn: number;
  feedInPerMin: number;
  pierceSeconds: number;
}

export interface CutTable {
  /** Rows by rising thickness; figures between rows are interpolated, outside them the end row holds. */
  rows: Readonly<Record<MaterialId, readonly CutRow[]>>;
  source: readonly PriceSource[];
}

export interface ShopRates {
  laserCentsPerHour: number;
  pressBrakeCentsPerHour: number;
  /** Programming the part and the nest, first-piece check: once per item. */
  programmingMinutesPerItem: number;
  /** Loading and squaring a sheet, taking the skeleton off: shared by the pieces on the sheet. */
  sheetLoadingMinutesPerSheet: number;
  /** Tooling and first-bend check on the press brake: once per bend line per item. */
  bendSetupMinutesPerLine: number;
  /** Unloading, edge clean-up, marking and packing of one piece. */
  handlingCentsPerPiece: number;
  handlingCentsPerLb: number;
  /** No plate item is priced below this, unless it has few pieces (minimumPieceCents). */
  minimumItemCents: number;
  /** The minimum of an item of q pieces is the lesser of q x this and minimumItemCents. */
  minimumPieceCents: number;
  source: readonly PriceSource[];
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
  source: readonly PriceSource[];
}

/** How the pieces of an item are laid on the sheets (see @shop/pricing's nesting). */
export interface NestingTable {
  /** Kept clear along every edge of the sheet. */
  edgeMarginIn: number;
  /** Between two pieces, kerf included. */
  partSpacingIn: number;
  source: readonly PriceSource[];
}

export interface SheetTable {
  widthIn: number;
  heightIn: number;
  source: readonly PriceSource[];
}

/** The thresholds @shop/geometry checks a part against (the sheet comes from SheetTable). */
export type DfmTable = Omit<PlateRules, 'sheetWidthIn' | 'sheetHeightIn'> & { source: readonly PriceSource[] };

export interface LeadTimeRules {
  /** Business days for cut plate from stock. */
  carriedDays: readonly [number, number];
  /** Business days when the part is also bent. */
  bentDays: readonly [number, number];
  /** Days added when the plate is not stocked and has to be brought in. */
  notCarriedExtraDays: number;
  /** Past either figure (sheets of the nest, press-brake hours of the bends) the lead time is confirmed after the order. */
  maxSheetsStated: number;
  maxBrakeHoursStated: number;
  source: readonly PriceSource[];
}

/** How a product's lead time grows past the first unit: a business day for every so many more units. */
export interface ProductLeadTimeRules {
  kitUnitsPerDay: number;
  weldedUnitsPerDay: number;
  source: readonly PriceSource[];
}

export interface LaserLimits {
  maxThicknessIn: Readonly<Record<MaterialId, number>>;
  source: readonly PriceSource[];
}

export interface PriceTables {
  materials: MaterialPriceTable;
  cutting: CutTable;
  laser: LaserLimits;
  shop: ShopRates;
  bending: BendingTable;
  sheet: SheetTable;
  nesting: NestingTable;
  dfm: DfmTable;
  leadTimes: LeadTimeRules;
  productLeadTimes: ProductLeadTimeRules;
}
