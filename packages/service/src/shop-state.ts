// What new prices are made from at a moment: the price book version in force and the plate orders
// switch, read from the database (so every process on it agrees) and kept for a second. Within that
// second the version in force is still worked out for the moment asked, so a version scheduled for
// a set time takes force at that time; a timer reads again so a quiet process keeps up as well.
import { PRICE_BOOK, PRICE_BOOK_JSON, createCatalog, loadPriceBook } from '@shop/catalog';
import type { Catalog, CatalogOptions, LoadedPriceBook } from '@shop/catalog';
import { ServiceError } from '@shop/contracts';
import type { PlateOrdersSwitchRecord, PlateOrdersSwitchRepository, PriceBookVersionRepository, PriceBookVersionSummary } from '@shop/storage';
import { nextSwitchChange, plateOrdersAt } from './plate-orders';
import type { PlateOrdersStatus } from './plate-orders';

/** A price book as the pricing workers are sent it: each worker loads a version once. */
export interface BookText {
  version: string;
  text: string;
}

/** Everything a price is made from at one moment. */
export interface PricingCatalog {
  catalog: Catalog;
  book: BookText;
  /** How the catalog was made (the book aside): a worker makes the same one. */
  catalogOptions: CatalogOptions;
  plateOrders: PlateOrdersStatus;
}

export interface ShopStateOptions {
  versions: PriceBookVersionRepository;
  plateOrders: PlateOrdersSwitchRepository;
  /** The catalog's settings besides the book and the switch. */
  catalogOptions: Pick<CatalogOptions, 'shopUrl' | 'imagesUrl'>;
  /** PLATE_ORDERS_ENABLED: false keeps plate orders closed whatever the switch says. */
  plateOrdersEnabled: boolean;
  /** The book bundled with this release: used only while the database holds no published version. */
  bundled: { loaded: LoadedPriceBook; text: string };
  /** How long a read of the database is reused (default 1000 ms). */
  cacheMs?: number;
}

export interface ShopState {
  /**
   * The catalog in force at `now` (re-read from the database past the cache's age). `forDisplay`:
   * its plates priced even while plate orders are closed (a page showing a stored design's price
   * today beside the notice); `plateOrders` still says how the switch stands.
   */
  current(now: Date, options?: { forDisplay?: boolean }): Promise<PricingCatalog>;
  /**
   * The last one worked out, without waiting; the bundled book before any. `forDisplay`: its plates
   * listed even while the shop's switch has them closed (descriptions written once at start name the
   * materials; each call answers the switch as it stands).
   */
  latest(options?: { forDisplay?: boolean }): PricingCatalog;
  /** A loaded price book by version, read once. */
  loadBook(version: string): Promise<{ loaded: LoadedPriceBook; text: string } | undefined>;
  /** The next read goes to the database (after this process published or switched). */
  invalidate(): void;
  /** When the state changes by itself next (a scheduled version, a pause starting or ending), or null. */
  nextChange(now: Date): Date | null;
}

/** The book bundled with this release and its JSON text (the file's own formatting). */
export function bundledBook(): { loaded: LoadedPriceBook; text: string } {
  return { loaded: PRICE_BOOK, text: `${JSON.stringify(PRICE_BOOK_JSON, null, 2)}\n` };
}

/** Any failure to read the shop's tables is 503 storage_unavailable (retryable). */
export async function withShopDb<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError('storage_unavailable', `The shop's settings could not ${action} just now; nothing was changed. Try again in a few seconds.`, { cause: error });
  }
}

/** The published version in force at `now`: the latest to take force not after it. */
export function versionInForce(published: readonly PriceBookVersionSummary[], now: Date): PriceBookVersionSummary | undefined {
  let found: PriceBookVersionSummary | undefined;
  for (const row of published) {
    if (row.effectiveFrom === null || row.effectiveFrom > now) continue;
    if (
      !found ||
      row.effectiveFrom > found.effectiveFrom! ||
      (row.effectiveFrom.getTime() === found.effectiveFrom!.getTime() && (row.publishedAt?.getTime() ?? 0) > (found.publishedAt?.getTime() ?? 0))
    ) {
      found = row;
    }
  }
  return found;
}

interface Snapshot {
  readAt: number;
  published: PriceBookVersionSummary[];
  plateSwitch: PlateOrdersSwitchRecord | undefined;
}

const CATALOGS_KEPT = 8;

export function createShopState(options: ShopStateOptions): ShopState {
  const cacheMs = options.cacheMs ?? 1000;
  const books = new Map<string, { loaded: LoadedPriceBook; text: string }>([[options.bundled.loaded.version, options.bundled]]);
  const catalogs = new Map<string, PricingCatalog>();
  let snapshot: Snapshot | null = null;
  let reading: Promise<Snapshot> | null = null;
  let last: PricingCatalog | null = null;
  let lastBook: { loaded: LoadedPriceBook; text: string } = options.bundled;

  async function read(now: Date): Promise<Snapshot> {
    const [published, plateSwitch] = await withShopDb('be read', () => Promise.all([options.versions.listPublished(), options.plateOrders.get()]));
    return { readAt: now.getTime(), published, plateSwitch };
  }

  async function fresh(now: Date): Promise<Snapshot> {
    const age = snapshot === null ? Number.POSITIVE_INFINITY : now.getTime() - snapshot.readAt;
    if (snapshot !== null && age >= 0 && age < cacheMs) return snapshot;
    // One read at a time; callers arriving meanwhile share it. While the database cannot be read,
    // the last state read goes on answering (a listing, a price shown); what needs the database
    // (storing a quote) fails on its own, and the next call reads again.
    const stale = snapshot;
    reading ??= read(now)
      .catch((error: unknown) => {
        if (stale === null) throw error;
        return stale;
      })
      .finally(() => {
        reading = null;
      });
    snapshot = await reading;
    return snapshot;
  }

  async function loadBook(version: string) {
    const kept = books.get(version);
    if (kept) return kept;
    const row = await withShopDb('read the price book', () => options.versions.get(version));
    if (!row) return undefined;
    const book = { loaded: loadPriceBook(JSON.parse(row.book)), text: row.book };
    books.set(version, book);
    return book;
  }

  function catalogFor(book: { loaded: LoadedPriceBook; text: string }, plateOrders: PlateOrdersStatus): PricingCatalog {
    const key = `${book.loaded.version}\n${plateOrders.notice ?? ''}`;
    const kept = catalogs.get(key);
    if (kept) return { ...kept, plateOrders };
    const catalogOptions: CatalogOptions = {
      ...options.catalogOptions,
      plateOrdersEnabled: plateOrders.open,
      ...(plateOrders.notice === null ? {} : { plateOrdersNotice: plateOrders.notice }),
    };
    const made: PricingCatalog = {
      catalog: createCatalog({ ...catalogOptions, priceBook: book.loaded }),
      book: { version: book.loaded.version, text: book.text },
      catalogOptions,
      plateOrders,
    };
    if (catalogs.size >= CATALOGS_KEPT) catalogs.delete(catalogs.keys().next().value!);
    catalogs.set(key, made);
    return made;
  }

  return {
    async current(now, { forDisplay = false } = {}) {
      const { published, plateSwitch } = await fresh(now);
      const inForce = versionInForce(published, now);
      const book = (inForce && (await loadBook(inForce.version))) ?? options.bundled;
      const plateOrders = plateOrdersAt(plateSwitch, options.plateOrdersEnabled, now);
      last = catalogFor(book, plateOrders);
      lastBook = book;
      if (forDisplay && !plateOrders.open) return { ...catalogFor(book, plateOrdersAt(undefined, true, now)), plateOrders };
      return last;
    },
    latest({ forDisplay = false } = {}) {
      last ??= catalogFor(options.bundled, plateOrdersAt(undefined, options.plateOrdersEnabled, new Date()));
      if (forDisplay && !last.plateOrders.open && !last.plateOrders.closedBySetting) {
        return { ...catalogFor(lastBook, plateOrdersAt(undefined, true, new Date())), plateOrders: last.plateOrders };
      }
      return last;
    },
    loadBook,
    invalidate() {
      snapshot = null;
    },
    nextChange(now) {
      if (!snapshot) return null;
      const times = snapshot.published.map((row) => row.effectiveFrom).filter((at): at is Date => at !== null && at > now);
      const switchChange = nextSwitchChange(snapshot.plateSwitch, now);
      if (switchChange) times.push(switchChange);
      return times.length === 0 ? null : new Date(Math.min(...times.map((at) => at.getTime())));
    },
  };
}
