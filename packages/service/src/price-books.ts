// The price book managed in the database: the book bundled with a release seeds it, an owner uploads
// a new version (checked by the catalog's schema), sees what it changes (every figure, the reference
// parts and the kits priced before and after), and publishes it now or at a set time. Going back is
// publishing an earlier version. Quotes keep the version they were priced with.
import { PRODUCT_ENTRIES, PriceBookSchema, createCatalog, loadPriceBook } from '@shop/catalog';
import type { Catalog, LoadedPriceBook } from '@shop/catalog';
import { PlateItem, ServiceError, formatParam } from '@shop/contracts';
import { REFERENCE_PARTS, computePlateCost, createAnalysisMemo, materialCents, nestQuantity, priceBill, pricePlateItem } from '@shop/pricing';
import { priceBookPublished } from '@shop/notify';
import type { PriceBookVersionRepository, PriceBookVersionSummary } from '@shop/storage';
import { toOutboxEvent } from './outbox-events';
import { bundledBook, versionInForce, withShopDb } from './shop-state';
import type { ShopState } from './shop-state';

/** A version as the history lists it. */
export interface PriceBookVersionView extends PriceBookVersionSummary {
  /**
   * `in_force`: new prices are made from it now; `scheduled`: published to take force later;
   * `earlier`: was in force, or was due to be; `unpublished`: uploaded and never published.
   */
  status: 'in_force' | 'scheduled' | 'earlier' | 'unpublished';
}

/** One figure of the book that differs: its path in the book (`shop.laserCentsPerHour`), before and after (null: absent). */
export interface FigureChange {
  path: string;
  before: unknown;
  after: unknown;
}

/** A price before and after, in cents, and after / before (null when either is missing). */
export interface PriceChange {
  beforeCents: number | null;
  afterCents: number | null;
  ratio: number | null;
}

export interface ReferencePartChange {
  name: string;
  /** Unit prices at 1, 10 and 100 pieces. */
  quantities: Array<PriceChange & { quantity: number }>;
}

export interface KitChange {
  slug: string;
  name: string;
  /** The kit's catalog price (what a quote charges). */
  kit: PriceChange;
  /** The welded unit's, when it is sold welded. */
  welded: PriceChange | null;
  /** The kit's bill priced by the candidate's own rates: a catalog price far from it wants `price-kits` run on the book. */
  billKitCents: number;
}

export interface PriceBookDiff {
  /** The version compared against (in force now, unless another was asked). */
  from: string;
  to: string;
  figures: FigureChange[];
  referenceParts: ReferencePartChange[];
  kits: KitChange[];
}

export interface UploadOptions {
  /** What changed, in the owner's words. */
  note?: string;
}

export interface PublishOptions {
  /** When the version takes force; default now. */
  at?: Date | string;
  /** Who publishes (staff id); null for the release's own seeding. */
  staffId?: string | null;
}

/** The one event the price book raises: the notifications turn it into webhooks. */
export interface PriceBookPublishedEvent {
  type: 'price_book.published';
  timestamp: string;
  data: { version: string; in_force_from: string };
}

export interface PriceBookCaseDeps {
  versions: PriceBookVersionRepository;
  state: ShopState;
  now: () => Date;
  /** The book bundled with this release (default packages/catalog's). */
  bundled?: { loaded: LoadedPriceBook; text: string };
  onPublished?: (event: PriceBookPublishedEvent) => void | Promise<void>;
}

/** A price book's JSON text is at most this long (the bundled one is some 45 KB). */
const MAX_BOOK_BYTES = 1024 * 1024;
const REFERENCE_QUANTITIES = [1, 10, 100] as const;
const DIFF_SHOP_URL = 'https://shop.invalid';

/** `2026-11-27.2` before `2026-11-27.10` before `2026-11-28.1`; negative when a is older. */
export function compareVersions(a: string, b: string): number {
  const [dateA = '', serialA = '0'] = a.split('.');
  const [dateB = '', serialB = '0'] = b.split('.');
  return dateA === dateB ? Number(serialA) - Number(serialB) : dateA < dateB ? -1 : 1;
}

function statusOf(row: PriceBookVersionSummary, inForce: string | undefined, now: Date): PriceBookVersionView['status'] {
  if (row.version === inForce) return 'in_force';
  if (row.effectiveFrom === null) return 'unpublished';
  return row.effectiveFrom > now ? 'scheduled' : 'earlier';
}

/** Every leaf of two JSON values that differs, by path. */
function changedFigures(before: unknown, after: unknown, path: Array<string | number> = [], out: FigureChange[] = []): FigureChange[] {
  const container = (value: unknown) => typeof value === 'object' && value !== null;
  if (container(before) && container(after) && Array.isArray(before) === Array.isArray(after)) {
    const keys = Array.isArray(before)
      ? Array.from({ length: Math.max(before.length, (after as unknown[]).length) }, (_, i) => i)
      : [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])];
    for (const key of keys) {
      changedFigures((before as Record<string | number, unknown>)[key], (after as Record<string | number, unknown>)[key], [...path, key], out);
    }
    return out;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push({ path: formatParam(path), before: before ?? null, after: after ?? null });
  return out;
}

function change(beforeCents: number | null, afterCents: number | null): PriceChange {
  const ratio = beforeCents === null || afterCents === null || beforeCents === 0 ? null : Math.round((afterCents / beforeCents) * 10_000) / 10_000;
  return { beforeCents, afterCents, ratio };
}

/** Unit prices of a reference part at 1, 10 and 100 pieces in a catalog; nulls when blocked. */
function referencePrices(part: (typeof REFERENCE_PARTS)[number]['part'], catalog: Catalog): Array<number | null> {
  const [quantity, ...options] = REFERENCE_QUANTITIES;
  const item = PlateItem.parse({ ...part, kind: 'plate', quantity, quantity_options: options });
  try {
    const quoted = pricePlateItem(item, { catalog });
    if (quoted.status !== 'ready') return REFERENCE_QUANTITIES.map(() => null);
    const byQuantity = new Map(quoted.quantity_options.map((option) => [option.quantity, option.unit_amount_cents]));
    byQuantity.set(quantity, quoted.unit_amount_cents as number);
    return REFERENCE_QUANTITIES.map((q) => byQuantity.get(q) ?? null);
  } catch (error) {
    // A book that no longer sells the part's thickness refuses it: no price.
    if (error instanceof ServiceError) return REFERENCE_QUANTITIES.map(() => null);
    throw error;
  }
}

/**
 * A reference part's share of the sheets at `quantity` pieces, per piece, at the book's price per lb
 * (what its material costs the customer); null when the book does not sell its stock.
 */
function materialPerPieceCents(part: (typeof REFERENCE_PARTS)[number]['part'], catalog: Catalog, quantity: number): number | null {
  const item = PlateItem.parse({ ...part, kind: 'plate', quantity, quantity_options: [] });
  const stock = catalog.findPlateStock(item.material, item.thickness_in);
  if (!stock) return null;
  const cost = computePlateCost(createAnalysisMemo().analyze(item, stock.rules, 'items[0]'), stock, catalog.priceTables);
  return materialCents(cost, nestQuantity(cost, quantity)) / quantity;
}

/** Whole cents as dollars for a message, e.g. 546 -> 5.46. */
function dollarsOf(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(Math.round(cents) % 100).padStart(2, '0')}`;
}

/**
 * The book's floor: every reference part, at 1, 10 and 100 pieces, must cost more than its material.
 * A book whose rates or minimums were zeroed (or mistyped) would sell the cutting for nothing; its
 * schema cannot see that, its prices can.
 */
function belowMaterial(catalog: Catalog): BookProblem[] {
  const problems: BookProblem[] = [];
  for (const reference of REFERENCE_PARTS) {
    const prices = referencePrices(reference.part, catalog);
    REFERENCE_QUANTITIES.forEach((quantity, i) => {
      const unit = prices[i];
      const material = unit === null || unit === undefined ? null : materialPerPieceCents(reference.part, catalog, quantity);
      if (unit === null || unit === undefined || material === null || unit > Math.ceil(material)) return;
      problems.push({
        param: 'shop',
        message: `${reference.name}: ${quantity === 1 ? 'one piece' : `${quantity} pieces`} would cost CAD ${dollarsOf(unit)} each, no more than its material (CAD ${dollarsOf(Math.ceil(material))}): the cutting, handling and minimums would be free. Check the shop's rates and minimums.`,
      });
    });
  }
  return problems;
}

function tierPrice(catalog: Catalog, slug: string, kind: 'kit' | 'welded'): number | null {
  return catalog.getProduct(slug)?.tiers.find((tier) => tier.kind === kind)?.unit_amount_cents ?? null;
}

/** The 422 for a book the schema refuses: the first problem's path as `param`, every problem listed. */
function invalidBook(problems: Array<{ param: string; message: string }>): ServiceError {
  const [first] = problems;
  return new ServiceError('parameter_invalid', `The price book is not valid: ${first!.param === '' ? '' : `${first!.param}: `}${first!.message}`, {
    param: first!.param === '' ? null : first!.param,
    details: { errors: problems.slice(0, 10), errors_total: problems.length },
  });
}

/** One thing wrong with an uploaded book: where (its JSON path, '' for the whole file) and what. */
export interface BookProblem {
  param: string;
  message: string;
}

/** Checks an uploaded book: JSON, the schema, and a catalog made from it (every product priced). */
function inspectPriceBook(input: unknown): { problems: BookProblem[] } | { problems: []; loaded: LoadedPriceBook; text: string } {
  // A byte order mark (Windows Notepad writes one) is not part of the JSON.
  const json = typeof input === 'string' && input.startsWith('\uFEFF') ? input.slice(1) : input;
  let value = json;
  let text: string;
  if (typeof json === 'string') {
    if (Buffer.byteLength(json) > MAX_BOOK_BYTES) return { problems: [{ param: '', message: `the file is over ${MAX_BOOK_BYTES / 1024} KiB.` }] };
    try {
      value = JSON.parse(json);
    } catch (error) {
      return { problems: [{ param: '', message: `the file is not JSON (${(error as Error).message}).` }] };
    }
    text = json;
  } else {
    text = `${JSON.stringify(json, null, 2)}\n`;
    if (Buffer.byteLength(text) > MAX_BOOK_BYTES) return { problems: [{ param: '', message: `the book is over ${MAX_BOOK_BYTES / 1024} KiB.` }] };
  }
  const parsed = PriceBookSchema.safeParse(value);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => ({ param: formatParam(issue.path as Array<string | number>), message: issue.message })) };
  }
  const loaded = loadPriceBook(value);
  let catalog: Catalog;
  try {
    catalog = createCatalog({ shopUrl: DIFF_SHOP_URL, priceBook: loaded });
  } catch (error) {
    // A rule the schema cannot see: every tier of the catalog has its price.
    const missing = /no (\w+) price for ([\w-]+)/.exec((error as Error).message);
    return { problems: [{ param: missing ? `products.prices.${missing[2]}.${missing[1]}` : 'products.prices', message: (error as Error).message }] };
  }
  // Another: each bill's plates can still be made under the book's own cutting rules (edge distances,
  // hole sizes); a book that breaks one would fail every price of that product, and its diff page.
  const problems: BookProblem[] = [];
  for (const [slug, bill] of Object.entries(loaded.productBills)) {
    try {
      priceBill(bill, loaded, catalog);
    } catch (error) {
      problems.push({ param: `products.bills.${slug}`, message: (error as Error).message });
    }
  }
  if (problems.length) return { problems };
  const free = belowMaterial(catalog);
  if (free.length) return { problems: free };
  return { problems: [], loaded, text };
}

/**
 * Every problem of a book (JSON text or a parsed object), each with its path; [] when the book would
 * be taken. The upload's 422 lists the first few; a page can show them all.
 */
export function findPriceBookProblems(json: unknown): BookProblem[] {
  return inspectPriceBook(json).problems;
}

function checkPriceBook(json: unknown): { loaded: LoadedPriceBook; text: string } {
  const inspected = inspectPriceBook(json);
  if (!('loaded' in inspected)) throw invalidBook(inspected.problems);
  return inspected;
}

export function createPriceBookCases(deps: PriceBookCaseDeps) {
  const { versions, state } = deps;
  const bundled = deps.bundled ?? bundledBook();

  async function views(now: Date): Promise<PriceBookVersionView[]> {
    const rows = await withShopDb('read the price book history', () => versions.list());
    const inForce = versionInForce(rows, now)?.version;
    return rows.map((row) => ({ ...row, status: statusOf(row, inForce, now) }));
  }

  async function find(version: string, param = 'version'): Promise<{ loaded: LoadedPriceBook; text: string }> {
    const book = await state.loadBook(version);
    if (!book) throw new ServiceError('parameter_invalid', `No price book version "${version.slice(0, 64)}" is stored; the history lists them.`, { param });
    return book;
  }

  async function publish(version: string, options: PublishOptions = {}): Promise<PriceBookVersionView> {
    const now = deps.now();
    const at = options.at === undefined ? now : new Date(options.at);
    if (Number.isNaN(at.getTime())) throw new ServiceError('parameter_invalid', 'at must be a date and time, e.g. 2026-12-01T05:00:00Z.', { param: 'at' });
    if (at < now && options.at !== undefined && now.getTime() - at.getTime() > 60_000) {
      throw new ServiceError('parameter_invalid', `at (${at.toISOString()}) has passed: publish now, or at a later time.`, { param: 'at' });
    }
    const effectiveFrom = at < now ? now : at;
    await find(version);
    // The event is raised at publication, a set time's too: `in_force_from` says when it takes force.
    const event = priceBookPublished(version, effectiveFrom, now);
    const published = await withShopDb('publish the price book', () =>
      versions.publish(version, { publishedAt: now, publishedBy: options.staffId ?? null, effectiveFrom, event: toOutboxEvent(event, `price_book/${version}`) }),
    );
    if (!published) throw new ServiceError('parameter_invalid', `No price book version "${version.slice(0, 64)}" is stored.`, { param: 'version' });
    state.invalidate();
    await deps.onPublished?.(event);
    return (await views(now)).find((row) => row.version === version)!;
  }

  return {
    /**
     * At start: an empty history gets the bundled book, published. A bundled book newer than every
     * book seeded by an earlier release is added, and published unless staff published a newer one.
     */
    async seedPriceBooks(): Promise<{ added: boolean; published: boolean }> {
      const now = deps.now();
      const version = bundled.loaded.version;
      const rows = await withShopDb('read the price book history', () => versions.list());
      const seeded = rows.filter((row) => row.uploadedBy === null);
      if (rows.some((row) => row.version === version) || seeded.some((row) => compareVersions(row.version, version) >= 0)) {
        return { added: false, published: false };
      }
      const added = await withShopDb('keep the bundled price book', () =>
        versions.insert({ version, book: bundled.text, uploadedAt: now, uploadedBy: null, note: 'The book bundled with this release.' }),
      );
      // Another process starting at the same time added it: it publishes it.
      if (!added) return { added: false, published: false };
      const ownerNewer = rows.some((row) => row.publishedBy !== null && compareVersions(row.version, version) > 0);
      if (ownerNewer) return { added: true, published: false };
      await publish(version, { staffId: null });
      return { added: true, published: true };
    },

    /** Checks a book (JSON text or a parsed object) and keeps it as a new, unpublished version. */
    async uploadPriceBook(json: unknown, staffId: string, options: UploadOptions = {}): Promise<PriceBookVersionView> {
      const { loaded, text } = checkPriceBook(json);
      const now = deps.now();
      const inserted = await withShopDb('keep the price book', () =>
        versions.insert({ version: loaded.version, book: text, uploadedAt: now, uploadedBy: staffId, note: (options.note ?? '').trim().slice(0, 500) }),
      );
      if (!inserted) {
        throw new ServiceError('parameter_invalid', `version ${loaded.version} is already stored; a changed book takes a new version (raise its serial, e.g. ${nextSerial(loaded.version)}).`, {
          param: 'version',
        });
      }
      return (await views(now)).find((row) => row.version === loaded.version)!;
    },

    /** What publishing `candidate` would change against the version in force now (or `against`). */
    async diffPriceBook(candidate: string, options: { against?: string } = {}): Promise<PriceBookDiff> {
      const after = await find(candidate, 'candidate');
      const before = options.against === undefined ? (await state.current(deps.now())).book : { version: options.against };
      const beforeBook = await find(before.version, 'against');
      const catalogs = [beforeBook, after].map((book) => createCatalog({ shopUrl: DIFF_SHOP_URL, priceBook: book.loaded })) as [Catalog, Catalog];
      const figures = changedFigures(JSON.parse(beforeBook.text), JSON.parse(after.text)).filter((figure) => figure.path !== 'version');
      const referenceParts = REFERENCE_PARTS.map((reference): ReferencePartChange => {
        const [was, now] = catalogs.map((catalog) => referencePrices(reference.part, catalog)) as [Array<number | null>, Array<number | null>];
        return { name: reference.name, quantities: REFERENCE_QUANTITIES.map((quantity, i) => ({ quantity, ...change(was[i] ?? null, now[i] ?? null) })) };
      });
      const kits = PRODUCT_ENTRIES.filter((entry) => entry.tiers.some((tier) => tier.kind === 'kit')).flatMap((entry): KitChange[] => {
        const bill = after.loaded.productBills[entry.slug];
        if (!bill) return [];
        const welded = entry.tiers.some((tier) => tier.kind === 'welded');
        return [
          {
            slug: entry.slug,
            name: entry.name,
            kit: change(tierPrice(catalogs[0], entry.slug, 'kit'), tierPrice(catalogs[1], entry.slug, 'kit')),
            welded: welded ? change(tierPrice(catalogs[0], entry.slug, 'welded'), tierPrice(catalogs[1], entry.slug, 'welded')) : null,
            billKitCents: priceBill(bill, after.loaded, catalogs[1]).kitCents,
          },
        ];
      });
      return { from: beforeBook.loaded.version, to: after.loaded.version, figures, referenceParts, kits };
    },

    /** Publishes a stored version now or at a set time (going back is publishing an earlier one). */
    publishPriceBook: publish,

    /** Every version, newest upload first, with what it is now. */
    listPriceBooks: (): Promise<PriceBookVersionView[]> => views(deps.now()),

    /** One version and its book as JSON text (to read or download). */
    async getPriceBook(version: string): Promise<{ version: PriceBookVersionView; text: string }> {
      const { text } = await find(version);
      const view = (await views(deps.now())).find((row) => row.version === version)!;
      return { version: view, text };
    },
  };
}

function nextSerial(version: string): string {
  const [date, serial = '0'] = version.split('.');
  return `${date}.${Number(serial) + 1}`;
}
