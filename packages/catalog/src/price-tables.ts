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

/** Where a material's price starts from a thickness up: a published index, in USD a pound. */
export interface PriceBasisRow {
  fromThicknessIn: number;
  indexUsdPerLb: number;
  /** The index and its date, in words. */
  index: string;
}

export interface MaterialPrice {
  name: string;
  densityLbPerIn3: number;
  /** What a small lot costs at the service centre (cut to size, delivered, with its certificate) over the index. */
  serviceCentreMultiplier: number;
  basis: readonly PriceBasisRow[];
}

/**
 * Material is sold, not passed through: a pound of plate costs the shop the index x USD to CAD x the
 * service-centre multiplier, and is sold at that cost with the remnant allowance and the margin on top.
 */
export interface MaterialPriceTable {
  usdToCad: number;
  /** Part-used sheets whose remnant is never cut again, as a share of the sheet area a job takes. */
  remnantAllowancePercent: number;
  marginPercent: number;
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
  /** The laser's machine rate: cutting, piercing, the lead-in to each contour, loading a sheet. */
  laserCentsPerHour: number;
  /** The shop floor's burdened labour rate: handling, edge finishing, sorting parts, packing. */
  labourCentsPerHour: number;
  /** Programming the part and its nest (CAM), first-piece check. */
  programmingCentsPerHour: number;
  pressBrakeCentsPerHour: number;
  /** Programming the part and the nest, first-piece check: once per item. */
  programmingMinutesPerItem: number;
  /** Loading and squaring a sheet, taking the skeleton off: laser time shared by the pieces on the sheet. */
  sheetLoadingMinutesPerSheet: number;
  /** Tooling and first-bend check on the press brake: once per bend line per item. */
  bendSetupMinutesPerLine: number;
  /** Laser time per contour besides its pierce: the lead-in, the slow-down on a small feature, the move to it. */
  contourMachineSeconds: number;
  /** Labour per contour: clearing its slug or sorting it off the skeleton, breaking its edge, checking it. */
  contourHandlingSeconds: number;
  /** Labour per square inch of cut edge (cut length x thickness): dross and burr off the edges. */
  edgeFinishSecondsPerIn2: number;
  /**
   * Handling as books before pricing v4 (2026-12-01) priced it, all of it per piece; null in a v4 book,
   * whose handling is `PriceTables.handling`. Kept so that a stored book of that time still prices as it did.
   */
  perPieceHandling: PerPieceHandling | null;
  /** No plate item is priced below this, unless it has few pieces (minimumPieceCents). */
  minimumItemCents: number;
  /** The minimum of an item of q pieces is the lesser of q x this and minimumItemCents. */
  minimumPieceCents: number;
  source: readonly PriceSource[];
}

/** Pricing v3's handling: every second of it charged to each piece. */
export interface PerPieceHandling {
  /** Labour per piece: taking it off the skeleton, inspecting, marking and packing it. */
  pieceHandlingSeconds: number;
  /** Labour per lb of finished part. */
  handlingSecondsPerLb: number;
  /** The heaviest piece one worker lifts (NIOSH's load constant, 51 lb). */
  oneWorkerLiftLb: number;
  /** Workers who lift a piece heavier than oneWorkerLiftLb: its piece and per-lb handling counts this many times. */
  heavyPieceWorkers: number;
}

/**
 * Where a piece's handling is lifted by, from the stated basis: each piece is lifted so many times
 * (off the table, to the bench, onto the skid), by one worker up to the NIOSH load constant, by two up
 * to the team limit, and past it by the crane with its slinger and operator. A crane lift takes the
 * same minutes whatever the weight: that is the ceiling of handling.
 */
export interface LiftingRules {
  liftsPerPiece: number;
  /** The heaviest piece one worker lifts: the Revised NIOSH Lifting Equation's load constant (51 lb). */
  oneWorkerLiftLb: number;
  /** A hand lift: seconds, plus seconds per lb of the piece. */
  handLiftSeconds: number;
  handSecondsPerLb: number;
  /** The heaviest piece two workers lift together; past it the crane. */
  teamLiftMaxLb: number;
  teamWorkers: number;
  /** A team lift: seconds of each worker, plus the per-lb seconds of a hand lift. */
  teamLiftSeconds: number;
  craneWorkers: number;
  /** Rigging, lifting, travelling and landing one piece with the crane, whatever it weighs. */
  craneMinutesPerLift: number;
}

/** What a tumbler deburrs: a batch of small, thin pieces in one load, its loading shared by the batch. */
export interface TumblerRules {
  /** The longest side of a piece that goes in the tumbler. */
  maxPartIn: number;
  maxThicknessIn: number;
  /** Labour to load, separate from the media, rinse and dry one batch. */
  loadMinutes: number;
  /** Tumbler time and media, per lb of pieces. */
  cycleCentsPerLb: number;
}

/**
 * Pricing v4's handling: what a batch shares is costed per item or per sheet and spread over its
 * pieces; only what each piece needs is charged per piece.
 */
export interface HandlingTable {
  /** Labour per item: the job's ticket, first-piece inspection, counting, labelling and packing the lot. */
  itemMinutes: number;
  /** Labour per sheet: unloading the nest, sorting its pieces off the skeleton; each piece pays its share of its sheet. */
  unloadMinutesPerSheet: number;
  /** Labour per piece: taking it off the skeleton (or out of the sorting bin) and counting it in. */
  pieceSeconds: number;
  /** Hand deburring, per inch of cut length (the pass along the edge); dross by the in2 is shop.edgeFinishSecondsPerIn2. */
  edgeFinishSecondsPerIn: number;
  tumbler: TumblerRules;
  lifting: LiftingRules;
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

export interface SheetSize {
  widthIn: number;
  heightIn: number;
}

/** The sheets each material is stocked in; the nest of an item picks the one that costs least per piece. */
export interface SheetsTable {
  /** The largest part the checks let through (either way round); every material stocks a sheet that holds it. */
  largestPart: SheetSize;
  stocked: Readonly<Record<MaterialId, readonly SheetSize[]>>;
  source: readonly PriceSource[];
}

/** The thresholds @shop/geometry checks a part against (the largest part comes from SheetsTable). */
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
  /** Pricing v4's batch and lifting handling; null in a book before it (shop.perPieceHandling instead). */
  handling: HandlingTable | null;
  bending: BendingTable;
  sheets: SheetsTable;
  nesting: NestingTable;
  dfm: DfmTable;
  leadTimes: LeadTimeRules;
  productLeadTimes: ProductLeadTimeRules;
}
