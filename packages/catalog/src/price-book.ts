// The price book: every rate, table, minimum and catalog price in one versioned file
// (price-book.json), each group naming its dated sources. It is checked here when the catalog
// loads, so a book that breaks a rule (a feed that rises with thickness, negative money, a figure
// without a source) never prices anything. Changing a price is editing the file and its version.
import { MATERIAL_IDS, PlateItem, TIER_KINDS, z } from '@shop/contracts';
import type { MaterialId } from '@shop/contracts';
import bundled from './price-book.json';
import type { CutRow, PriceSource, PriceTables, SheetSize } from './price-tables';

const cents = z.int().min(0).describe('CAD cents');
const positive = z.number().positive();
const isoDate = z.iso.date();

const Source = z
  .object({ name: z.string().min(10), url: z.url().optional(), document: z.string().min(10).optional(), date: isoDate })
  .strict()
  .refine((source) => source.url !== undefined || source.document !== undefined, 'a source needs a url or a document');

const perMaterial = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(MATERIAL_IDS.map((id) => [id, value])) as Record<MaterialId, T>).strict();

/** Feed and pierce time by rising thickness: [thickness in, feed in/min, pierce s]. */
const CutRows = z
  .array(z.tuple([positive, positive, z.number().min(0)]))
  .min(1)
  .superRefine((rows, ctx) => {
    for (let i = 1; i < rows.length; i += 1) {
      const [thickness, feed, pierce] = rows[i]!;
      const [previousThickness, previousFeed, previousPierce] = rows[i - 1]!;
      if (thickness <= previousThickness) ctx.addIssue({ code: 'custom', message: `row ${i}: thicknesses must rise (${thickness} after ${previousThickness})`, path: [i] });
      if (feed >= previousFeed) ctx.addIssue({ code: 'custom', message: `row ${i}: the feed must fall as the plate gets thicker (${feed} in/min at ${thickness} in after ${previousFeed} at ${previousThickness} in)`, path: [i] });
      if (pierce < previousPierce) ctx.addIssue({ code: 'custom', message: `row ${i}: the pierce time must not fall as the plate gets thicker (${pierce} s at ${thickness} in after ${previousPierce} s at ${previousThickness} in)`, path: [i] });
    }
  });

function sourced<T extends z.ZodRawShape>(shape: T) {
  return z.object({ source: z.array(z.string()).min(1), ...shape }).strict();
}

const TierPrices = z.object(Object.fromEntries(TIER_KINDS.map((kind) => [kind, cents.nullable()])) as Record<(typeof TIER_KINDS)[number], z.ZodNullable<typeof cents>>).partial().strict();

/**
 * An item bought in, priced once for every bill that uses it: carbon-steel sections and tube by their
 * weight per unit at the bought-steel price, everything else (hardware, grating, finishes) at a unit price.
 */
const BoughtItem = z.union([
  z.object({ name: z.string().min(1), unit: z.string().min(1), lbPerUnit: positive }).strict(),
  z.object({ name: z.string().min(1), unit: z.string().min(1), unitCents: cents }).strict(),
]);

/** A line of a bill bought in: an item of the price table (`products.boughtItems`) and how many units of it. */
const BoughtLine = z.object({ item: z.string().min(1), quantity: positive }).strict();

/** Where a material's price starts, by thickness: the index it follows from a thickness up. */
const PriceBasis = z
  .array(z.object({ fromThicknessIn: z.number().min(0), indexUsdPerLb: positive, index: z.string().min(10) }).strict())
  .min(1)
  .superRefine((rows, ctx) => {
    if (rows[0]!.fromThicknessIn !== 0) ctx.addIssue({ code: 'custom', message: 'the first basis row starts at 0 in', path: [0, 'fromThicknessIn'] });
    for (let i = 1; i < rows.length; i += 1) {
      if (rows[i]!.fromThicknessIn <= rows[i - 1]!.fromThicknessIn) ctx.addIssue({ code: 'custom', message: `row ${i}: thicknesses must rise`, path: [i, 'fromThicknessIn'] });
    }
  });

const Sheet = z.object({ widthIn: positive, heightIn: positive }).strict();

/** A plate part of a kit: the plate item's fields (checked against the contract's PlateItem), so many a kit. */
const BillPlate = z
  .object({ name: z.string().min(1), quantity: z.int().min(1).max(999), part: z.record(z.string(), z.unknown()) })
  .strict();

/** What one kit is made of; `welded` adds what the welded unit takes (null when it is not sold welded). */
const Bill = z
  .object({
    plates: z.array(BillPlate),
    bought: z.array(BoughtLine),
    /** Cutting members to length, notching, coping, drilling and rolling: hours at the fabrication rate. */
    shopHours: z.number().min(0),
    welded: z.object({ weldingHours: positive, bought: z.array(BoughtLine) }).strict().nullable(),
  })
  .strict();

const BillRates = z
  .object({ fabricationCentsPerHour: cents, weldingCentsPerHour: cents, kitMarginPercent: z.number().min(0).max(100), weldedMarginPercent: z.number().min(0).max(100) })
  .strict();

export const PriceBookSchema = z
  .object({
    $comment: z.string().optional(),
    version: z.string().regex(/^\d{4}-\d{2}-\d{2}\.\d+$/, 'a version is the date the book was changed and a serial, e.g. 2026-11-24.1'),
    currency: z.literal('cad'),
    sources: z.record(z.string().regex(/^[a-z0-9-]+$/), Source),
    materials: sourced({
      usdToCad: positive,
      remnantAllowancePercent: z.number().min(0).max(100),
      marginPercent: z.number().min(0).max(100),
      rows: perMaterial(
        z.object({ name: z.string().min(1), densityLbPerIn3: positive, serviceCentreMultiplier: z.number().min(1).max(5), basis: PriceBasis }).strict(),
      ),
    }),
    cutting: sourced({ rows: perMaterial(CutRows) }),
    laser: sourced({ maxThicknessIn: perMaterial(positive) }),
    shop: sourced({
      laserCentsPerHour: cents,
      labourCentsPerHour: cents,
      programmingCentsPerHour: cents,
      pressBrakeCentsPerHour: cents,
      programmingMinutesPerItem: z.number().min(0),
      sheetLoadingMinutesPerSheet: z.number().min(0),
      bendSetupMinutesPerLine: z.number().min(0),
      contourMachineSeconds: z.number().min(0),
      contourHandlingSeconds: z.number().min(0),
      edgeFinishSecondsPerIn2: z.number().min(0),
      // Pricing v3's per-piece handling: a book of that time has all four and no `handling` group.
      pieceHandlingSeconds: z.number().min(0).optional(),
      handlingSecondsPerLb: z.number().min(0).optional(),
      oneWorkerLiftLb: positive.optional(),
      heavyPieceWorkers: z.int().min(1).max(4).optional(),
      minimumItemCents: cents,
      minimumPieceCents: cents,
    }),
    handling: sourced({
      itemMinutes: z.number().min(0),
      unloadMinutesPerSheet: z.number().min(0),
      pieceSeconds: z.number().min(0),
      edgeFinishSecondsPerIn: z.number().min(0),
      tumbler: z.object({ maxPartIn: positive, maxThicknessIn: positive, loadMinutes: z.number().min(0), cycleCentsPerLb: z.number().min(0) }).strict(),
      lifting: z
        .object({
          liftsPerPiece: z.int().min(1).max(10),
          oneWorkerLiftLb: positive,
          handLiftSeconds: z.number().min(0),
          handSecondsPerLb: z.number().min(0),
          teamLiftMaxLb: positive,
          teamWorkers: z.int().min(2).max(4),
          teamLiftSeconds: z.number().min(0),
          craneWorkers: z.int().min(1).max(4),
          craneMinutesPerLift: positive,
        })
        .strict()
        .refine((lifting) => lifting.teamLiftMaxLb >= lifting.oneWorkerLiftLb, { message: 'the team lift limit is at least the one-worker limit', path: ['teamLiftMaxLb'] }),
    }).optional(),
    bending: sourced({
      run: z
        .array(z.object({ upToThicknessIn: positive.nullable(), secondsPerBend: positive }).strict())
        .min(1)
        .refine((rows) => rows.every((row, i) => (row.upToThicknessIn === null) === (i === rows.length - 1)), 'only the last bending row is open-ended (null)'),
      maxThicknessIn: perMaterial(positive.nullable()),
    }),
    sheets: sourced({ largestPart: Sheet, stocked: perMaterial(z.array(z.tuple([positive, positive])).min(1)) }),
    nesting: sourced({ edgeMarginIn: z.number().min(0), partSpacingIn: z.number().min(0) }),
    dfm: sourced({
      minPartSizeIn: positive,
      webThicknessRatio: positive,
      minWebIn: positive,
      holeBlockRatio: positive,
      holeWarnRatio: positive,
      flangeThicknessRatio: positive,
      minFlangeIn: positive,
      holeBendClearanceRatio: positive,
    }),
    leadTimes: sourced({
      carriedDays: z.tuple([z.int().min(0), z.int().min(0)]),
      bentDays: z.tuple([z.int().min(0), z.int().min(0)]),
      notCarriedExtraDays: z.int().min(0),
      maxSheetsStated: z.int().positive(),
      maxBrakeHoursStated: positive,
    }),
    productLeadTimes: sourced({ kitUnitsPerDay: positive, weldedUnitsPerDay: positive }),
    products: sourced({
      prices: z.record(z.string(), TierPrices),
      boughtSteel: z.object({ indexUsdPerLb: positive, index: z.string().min(10), serviceCentreMultiplier: z.number().min(1).max(5) }).strict(),
      boughtItems: z.record(z.string().regex(/^[a-z0-9.-]+$/), BoughtItem),
      bills: z.record(z.string(), Bill),
      billRates: BillRates,
    }),
  })
  .strict()
  .superRefine((book, ctx) => {
    // Every group names sources the book defines.
    for (const [group, value] of Object.entries(book)) {
      const source = (value as { source?: unknown }).source;
      if (!Array.isArray(source)) continue;
      for (const key of source as string[]) {
        if (!(key in book.sources)) ctx.addIssue({ code: 'custom', message: `${group} names the source "${key}", which the book does not define`, path: [group, 'source'] });
      }
    }
    // A book is of one pricing model: v3 (handling per piece, in shop) or v4 (the handling group).
    const legacy = (['pieceHandlingSeconds', 'handlingSecondsPerLb', 'oneWorkerLiftLb', 'heavyPieceWorkers'] as const).filter((key) => book.shop[key] !== undefined);
    if (book.handling === undefined && legacy.length < 4) {
      ctx.addIssue({ code: 'custom', message: 'a book needs the handling group (or, as books before 2026-12-01, shop.pieceHandlingSeconds, handlingSecondsPerLb, oneWorkerLiftLb and heavyPieceWorkers)', path: ['handling'] });
    }
    if (book.handling !== undefined && legacy.length > 0) {
      ctx.addIssue({ code: 'custom', message: `shop.${legacy[0]} belongs to the per-piece handling of books before 2026-12-01; a book with the handling group leaves it out`, path: ['shop', legacy[0]!] });
    }
    // A kit or welded unit has a price only with the bill it is priced from; a plate part is a plate the contract accepts.
    for (const [slug, prices] of Object.entries(book.products.prices)) {
      const bill = book.products.bills[slug];
      if (typeof prices.kit === 'number' && !bill) ctx.addIssue({ code: 'custom', message: `${slug} has a kit price but no bill`, path: ['products', 'bills', slug] });
      if (bill && typeof prices.welded === 'number' && !bill.welded) ctx.addIssue({ code: 'custom', message: `${slug} has a welded price but its bill has no welded part`, path: ['products', 'bills', slug, 'welded'] });
    }
    // Every material stocks a sheet that holds the largest part the checks let through.
    const largest = book.sheets.largestPart;
    for (const id of MATERIAL_IDS) {
      const holds = book.sheets.stocked[id].some(([w, h]) => Math.min(w, h) >= Math.min(largest.widthIn, largest.heightIn) && Math.max(w, h) >= Math.max(largest.widthIn, largest.heightIn));
      if (!holds) ctx.addIssue({ code: 'custom', message: `no ${id} sheet holds the largest part, ${largest.widthIn} x ${largest.heightIn} in`, path: ['sheets', 'stocked', id] });
    }
    for (const [slug, bill] of Object.entries(book.products.bills)) {
      if (!(slug in book.products.prices)) ctx.addIssue({ code: 'custom', message: `the bill of ${slug} names no product`, path: ['products', 'bills', slug] });
      const lines = [...bill.bought.map((line, index) => ({ line, path: ['products', 'bills', slug, 'bought', index, 'item'] })), ...(bill.welded?.bought ?? []).map((line, index) => ({ line, path: ['products', 'bills', slug, 'welded', 'bought', index, 'item'] }))];
      for (const { line, path } of lines) {
        if (!(line.item in book.products.boughtItems)) ctx.addIssue({ code: 'custom', message: `names the bought item "${line.item}", which products.boughtItems does not price`, path });
      }
      bill.plates.forEach((plate, index) => {
        const parsed = PlateItem.safeParse({ ...plate.part, kind: 'plate', quantity: plate.quantity });
        if (!parsed.success) {
          ctx.addIssue({ code: 'custom', message: `is not a plate: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`, path: ['products', 'bills', slug, 'plates', index, 'part'] });
        }
      });
    }
  });

export type PriceBook = z.output<typeof PriceBookSchema>;

/** A bought-in item as every bill prices it: a unit price in cents, worked out once. */
export interface BoughtItemPrice {
  name: string;
  unit: string;
  unitCents: number;
  /** Weight per unit of a carbon-steel section or tube, priced at the bought-steel price; null for hardware and finishes. */
  lbPerUnit: number | null;
}

/** A checked price book and the tables pricing reads from it. */
export interface LoadedPriceBook {
  version: string;
  tables: PriceTables;
  /** Catalog prices by product slug and tier; null: price on request. */
  productPrices: Readonly<Record<string, Partial<Record<(typeof TIER_KINDS)[number], number | null>>>>;
  /** What each kit (and welded unit) is made of, by product slug: its kit and welded prices are this bill priced. */
  productBills: Readonly<Record<string, ProductBill>>;
  billRates: BillRates;
  /** The one price table of bought-in items the bills point into, by key. */
  boughtItems: Readonly<Record<string, BoughtItemPrice>>;
  /** What bought-in carbon steel costs the shop a pound: the index x USD to CAD x the service-centre multiplier. */
  boughtSteelCentsPerLb: number;
}

export type ProductBill = z.output<typeof Bill>;
export type BillRates = z.output<typeof BillRates>;

/** Half up to a whole cent (the book's only rounding: a bought item's unit price from its weight). */
function roundCents(value: number): number {
  return Math.floor(value + 0.5 + 1e-7);
}

/** Checks a price book (parsed JSON) and turns it into the tables; throws naming every broken rule. */
export function loadPriceBook(json: unknown): LoadedPriceBook {
  const parsed = PriceBookSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(book)'}: ${issue.message}`);
    throw new Error(`The price book is not valid:\n${problems.join('\n')}`);
  }
  const book = parsed.data;
  const sources = (keys: readonly string[]): PriceSource[] => keys.map((key) => ({ key, ...book.sources[key]! }));
  const cutRows = (rows: ReadonlyArray<readonly [number, number, number]>): CutRow[] =>
    rows.map(([thicknessIn, feedInPerMin, pierceSeconds]) => ({ thicknessIn, feedInPerMin, pierceSeconds }));
  const { rows: materialRows, source: materialSource, ...materialTerms } = book.materials;
  const tables: PriceTables = {
    materials: { ...materialTerms, rows: materialRows, source: sources(materialSource) },
    cutting: {
      rows: Object.fromEntries(MATERIAL_IDS.map((id) => [id, cutRows(book.cutting.rows[id])])) as Record<MaterialId, CutRow[]>,
      source: sources(book.cutting.source),
    },
    laser: { maxThicknessIn: book.laser.maxThicknessIn, source: sources(book.laser.source) },
    shop: {
      laserCentsPerHour: book.shop.laserCentsPerHour,
      labourCentsPerHour: book.shop.labourCentsPerHour,
      programmingCentsPerHour: book.shop.programmingCentsPerHour,
      pressBrakeCentsPerHour: book.shop.pressBrakeCentsPerHour,
      programmingMinutesPerItem: book.shop.programmingMinutesPerItem,
      sheetLoadingMinutesPerSheet: book.shop.sheetLoadingMinutesPerSheet,
      bendSetupMinutesPerLine: book.shop.bendSetupMinutesPerLine,
      contourMachineSeconds: book.shop.contourMachineSeconds,
      contourHandlingSeconds: book.shop.contourHandlingSeconds,
      edgeFinishSecondsPerIn2: book.shop.edgeFinishSecondsPerIn2,
      perPieceHandling:
        book.handling === undefined
          ? {
              pieceHandlingSeconds: book.shop.pieceHandlingSeconds!,
              handlingSecondsPerLb: book.shop.handlingSecondsPerLb!,
              oneWorkerLiftLb: book.shop.oneWorkerLiftLb!,
              heavyPieceWorkers: book.shop.heavyPieceWorkers!,
            }
          : null,
      minimumItemCents: book.shop.minimumItemCents,
      minimumPieceCents: book.shop.minimumPieceCents,
      source: sources(book.shop.source),
    },
    handling: book.handling === undefined ? null : { ...book.handling, source: sources(book.handling.source) },
    bending: {
      run: book.bending.run.map((row) => ({ upToThicknessIn: row.upToThicknessIn ?? Number.POSITIVE_INFINITY, secondsPerBend: row.secondsPerBend })),
      maxThicknessIn: book.bending.maxThicknessIn,
      source: sources(book.bending.source),
    },
    sheets: {
      largestPart: book.sheets.largestPart,
      stocked: Object.fromEntries(MATERIAL_IDS.map((id) => [id, book.sheets.stocked[id].map(([widthIn, heightIn]) => ({ widthIn, heightIn }))])) as Record<MaterialId, SheetSize[]>,
      source: sources(book.sheets.source),
    },
    nesting: { ...book.nesting, source: sources(book.nesting.source) },
    dfm: { ...book.dfm, source: sources(book.dfm.source) },
    leadTimes: { ...book.leadTimes, source: sources(book.leadTimes.source) },
    productLeadTimes: { ...book.productLeadTimes, source: sources(book.productLeadTimes.source) },
  };
  const steel = book.products.boughtSteel;
  const boughtSteelCentsPerLb = steel.indexUsdPerLb * book.materials.usdToCad * steel.serviceCentreMultiplier * 100;
  const boughtItems = Object.fromEntries(
    Object.entries(book.products.boughtItems).map(([key, item]) => [
      key,
      'lbPerUnit' in item
        ? { name: item.name, unit: item.unit, unitCents: roundCents(item.lbPerUnit * boughtSteelCentsPerLb), lbPerUnit: item.lbPerUnit }
        : { name: item.name, unit: item.unit, unitCents: item.unitCents, lbPerUnit: null },
    ]),
  );
  return {
    version: book.version,
    tables,
    productPrices: book.products.prices,
    productBills: book.products.bills,
    billRates: book.products.billRates,
    boughtItems,
    boughtSteelCentsPerLb,
  };
}

/** The bundled book as its JSON file holds it (before checking), e.g. to store it as a version. */
export const PRICE_BOOK_JSON: unknown = bundled;

/** The book bundled with this release (packages/catalog/src/price-book.json). */
export const PRICE_BOOK: LoadedPriceBook = loadPriceBook(bundled);

/** The bundled book's tables. */
export const PRICE_TABLES: PriceTables = PRICE_BOOK.tables;
