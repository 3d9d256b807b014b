// Wires the use cases over one catalog, one storage and one set of rate limits. Both apps call
// these same functions, so a quote made through a tool is byte-identical to one made over REST.
// `Service` is everything an app may call: the catalog, the storage and the limits stay inside.
import type {
  Handoff,
  LeadTime,
  Material,
  MaterialList,
  PlateImport,
  Product,
  ProductList,
  ProfileList,
  RfqLink,
  TierKind,
} from '@shop/contracts';
import type { OrderRequestRepository, PurgeCounts, QuoteSource, Storage, StorageHealth } from '@shop/storage';
import { createCatalogCases } from './catalog-cases';
import type { ListProductsOptions } from './catalog-cases';
import { systemClock } from './context';
import type { Clock, RequestContext } from './context';
import { createHandoffCases } from './handoffs';
import { createIdempotency } from './idempotency';
import type { Answer, IdempotentCall } from './idempotency';
import { createOrderRequestCases } from './order-requests';
import type { OrderRequestDocument, OrderRequestDraft, OrderRequestResult } from './order-requests';
import { createPageCases } from './pages';
import { createImportQuoter } from './import-quoter';
import type { ImportQuoterPage } from './import-quoter';
import { createDrawingCache } from './drawing-cache';
import { createPlateImportCases } from './plate-imports';
import type { DrawingAdmission, DrawingInput } from './plate-imports';
import type { ProcessPoolStats } from './process-pool';
import type { OrderPage, PlateQuoterPage, PlateReprice, RfqFormPage, RfqSubmissionListing, RfqSubmissionResult } from './pages';
import { createQuotePricer } from './quote-pricer';
import { createQuoteCases } from './quotes';
import type { DrawingFile, QuoteDocument } from './quotes';
import type { LimitStore, RateLimits } from './rate-limits';
import { createRfqCases } from './rfq-links';
import { withStorage } from './storage-guard';
import type { PlateOrdersStatus } from './plate-orders';
import type { PriceBookDiff, PriceBookPublishedEvent, PriceBookVersionView, PublishOptions, UploadOptions } from './price-books';
import { createShopSettings } from './shop-settings';

/** The settings the use cases read. */
export interface ServiceConfig {
  /** Where this service answers: links, previews and docs are built on it. */
  publicUrl: string;
  /** The shop's own site: product pages live under it. */
  shopUrl: string;
  /** False switches online plate orders off. */
  plateOrdersEnabled: boolean;
}

export interface ServiceDeps {
  config: ServiceConfig;
  storage: Storage;
  /** Order requests and the jobs of rfq submissions (`createOrderRequestRepository(storage)`). */
  orderRequests: OrderRequestRepository;
  limits: RateLimits;
  /** The time of the shop's own actions (publish, switch) and of the timer; default the system clock. */
  clock?: Clock;
  /** How long the price book in force and the switch are reused before the database is read again (default 1000 ms). */
  shopStateCacheMs?: number;
  /** Told of each domain event once it is stored (the notifications' outbox takes it from here). */
  onEvent?: (event: ServiceEvent) => void | Promise<void>;
  /** Worker threads for large pricing and drawing jobs, and for reading drawings; default the cores of the machine. */
  pricingThreads?: number;
}

/** The events the service raises: `{type, timestamp, data}`, the body a webhook carries. */
export type ServiceEvent = PriceBookPublishedEvent;

/** The catalog facts an assistant's tool descriptions name, read once at start (no limit spent). */
export interface CatalogSummary {
  /**
   * Empty while PLATE_ORDERS_ENABLED is false. The shop's switch is not in it (it moves while the
   * process runs): list_materials and quote_plate answer it on each call.
   */
  materials: Material[];
  divisions: string[];
}

export interface ServiceHealth {
  /** `busy`: another process holds the SQLite write lock just now (writes wait for it). */
  storage: StorageHealth['state'];
  rateLimits: LimitStore;
  /** The version of the price book new quotes are priced from. */
  priceBook: string;
}

/** The use cases of the quote service: the one interface both apps call. */
export interface Service {
  // Catalog
  listMaterials(query: unknown, ctx: RequestContext): Promise<MaterialList>;
  listProducts(query: unknown, ctx: RequestContext, options?: ListProductsOptions): Promise<ProductList>;
  getProduct(slug: string, ctx: RequestContext): Promise<Product>;
  listProfiles(query: unknown, ctx: RequestContext): Promise<ProfileList>;
  /** The lead time of a quantity of one tier, as a quote of it would state it; null when confirmed with the quote. */
  productLeadTime(product: Product, tier: TierKind, quantity: number): LeadTime | null;
  catalogSummary(): CatalogSummary;

  // Quotes and links
  /** `source`: the caller's kind (`rest`, `mcp`, `page`), kept beside the quote for the staff's list. */
  createQuote(body: unknown, ctx: RequestContext, source: QuoteSource): Promise<QuoteDocument>;
  getQuote(id: string, ctx: RequestContext): Promise<QuoteDocument>;
  getPreviewSvg(id: string, index: string, ctx: RequestContext): Promise<string>;
  /** The plate of a ready item as priced, as a cut-ready DXF (404 drawing_not_found otherwise). */
  getDrawingDxf(id: string, index: string, ctx: RequestContext): Promise<DrawingFile>;
  /**
   * Checks, before a drawing's body is read, that the client may send it: its pricing limit spent
   * now (429 past it), unless the Idempotency-Key names an answer already kept (a replay, which
   * spends nothing). Give the admission to importDrawing with the body.
   */
  admitDrawing(call: Omit<IdempotentCall, 'body'>): Promise<DrawingAdmission>;
  /** Reads a DXF drawing into a plate part, kept 30 days for quotes to name by import_id. */
  importDrawing(input: DrawingInput, ctx: RequestContext): Promise<PlateImport>;
  getImportPreviewSvg(id: string, ctx: RequestContext): Promise<string>;
  /** The upload page's quoter: an import priced at a material, thickness and quantity (none kept). */
  priceImport(importId: string, choice: unknown, ctx: RequestContext): Promise<ImportQuoterPage>;
  /** A quote of an import at a choice and an order link for it. */
  orderImport(importId: string, choice: unknown, ctx: RequestContext): Promise<Handoff>;
  createHandoff(body: unknown, ctx: RequestContext): Promise<Handoff>;
  createRfqLink(body: unknown, ctx: RequestContext): Promise<RfqLink>;
  /** Runs a POST at most once per Idempotency-Key (client, route, key) within 24 hours. */
  idempotent(call: IdempotentCall, produce: () => Promise<Answer>): Promise<Answer & { replayed: boolean }>;

  // Pages
  getOrderPage(handoffId: string, ctx: RequestContext): Promise<OrderPage>;
  /** The quoter page of a design, priced today at the quantity asked (at the quoted one, with the reason, when it is refused). */
  getPlateQuoter(designId: string, quantity: unknown, ctx: RequestContext): Promise<PlateQuoterPage>;
  repricePlate(designId: string, quantity: unknown, ctx: RequestContext): Promise<PlateReprice>;
  requestPlateQuote(designId: string, quantity: unknown, ctx: RequestContext): Promise<RfqLink>;
  /** A quote request pre-filled with a part read from a drawing, at a stock (optional) and quantity. */
  requestImportQuote(importId: string, choice: unknown, ctx: RequestContext): Promise<RfqLink>;
  requestProductQuote(slug: string, choice: unknown, ctx: RequestContext): Promise<RfqLink>;
  getRfqForm(rfqId: string, ctx: RequestContext): Promise<RfqFormPage>;
  submitRfq(rfqId: string, form: unknown, idempotencyKey: string, ctx: RequestContext): Promise<RfqSubmissionResult>;
  /** The order-request form of an order link: its items at today's firm prices (410 link_expired when none can be ordered). */
  getOrderRequestForm(handoffId: string, ctx: RequestContext): Promise<OrderRequestDraft>;
  /** Keeps an order request: the link's items at today's firm prices, fulfilment and contact from the form. */
  createOrderRequest(handoffId: string, form: unknown, formKey: string, ctx: RequestContext): Promise<OrderRequestResult>;
  getOrderRequest(id: string, ctx: RequestContext): Promise<OrderRequestDocument>;

  // The tool server
  /** Counts one request to the tool server against its limit (429 rate_limited past it). */
  admitToolServerRequest(clientIp: string): Promise<void>;

  // The shop's side: the console's pages call these (staff checked by the console)
  /** Seeds the price book from the release's book when needed and starts the timer that keeps the version in force current. */
  start(): Promise<void>;
  /** Checks a price book (JSON text or object) and keeps it as a new, unpublished version (422 naming the bad figure's path). */
  uploadPriceBook(json: unknown, staffId: string, options?: UploadOptions): Promise<PriceBookVersionView>;
  /** Each figure a stored version changes against the version in force, and the reference parts and kits priced before and after. */
  diffPriceBook(candidate: string, options?: { against?: string }): Promise<PriceBookDiff>;
  /** Publishes a stored version now or at a set time; going back is publishing an earlier one. Raises price_book.published. */
  publishPriceBook(version: string, options?: PublishOptions): Promise<PriceBookVersionView>;
  /** Every version, newest upload first, with what it is now (in force, scheduled, earlier, unpublished). */
  listPriceBooks(): Promise<PriceBookVersionView[]>;
  /** One stored version and its book as JSON text. */
  getPriceBook(version: string): Promise<{ version: PriceBookVersionView; text: string }>;
  /** The online plate orders switch as set, and what it means now. */
  getPlateOrders(): Promise<PlateOrdersStatus>;
  /** A stored quote's item drawn as GET /quotes/{id}/items/{index}/preview.svg draws it, with no client limit spent (404 as there). */
  staffPreviewSvg(id: string, index: number, now: Date): Promise<string>;
  /** A stored quote's item as GET …/drawing.dxf writes it, with no client limit spent. */
  staffDrawingDxf(id: string, index: number, now: Date): Promise<DrawingFile>;
  /** Sets the switch: `{state: 'on'}`, `{state: 'off', message?}` or `{state: 'paused', from, until, message?}` (422 naming the field). */
  setPlateOrders(setting: unknown, staffId: string): Promise<PlateOrdersStatus>;

  // Operations
  /**
   * Whether the service can do its work: the database reached, intact and able to take a write
   * (503 storage_unavailable when not), and where the rate limits are counted.
   */
  health(): Promise<ServiceHealth>;
  /** Deletes quotes, designs, handoffs, rfq links and idempotency keys 30 days past their expiry. */
  purgeExpired(now: Date): Promise<PurgeCounts>;
  /** The newest quote requests people sent, for the shop. */
  listRfqSubmissions(limit?: number): Promise<RfqSubmissionListing[]>;
  /** Large pricing jobs waiting and worker threads running. */
  pricingStats(): { queued: number; threads: number };
  /** Drawings waiting to be read, how many may wait (`capacity`), the child processes reading them (`threads`) and those killed past their memory cap. */
  drawingStats(): ProcessPoolStats;
  /** Where the rate limits are counted just now. */
  limitStore(): LimitStore;
  /** Stops the pricing worker threads and the drawing processes (storage and limits are the runtime's to close). */
  close(): Promise<void>;
}

/** How long /status waits for the price book in force before it answers with the last one worked out. */
const HEALTH_BOOK_WAIT_MS = 250;

/** SVG previews and cut files kept made: some 50 cut files of the largest imported parts, thousands of typical previews. */
const DRAWING_CACHE_BYTES = 32 * 1024 * 1024;

export function createService(deps: ServiceDeps): Service {
  const { config, storage, limits } = deps;
  const clock = deps.clock ?? systemClock;
  const settings = createShopSettings({
    storage,
    clock,
    plateOrdersEnabled: config.plateOrdersEnabled,
    catalogUrls: { shopUrl: config.shopUrl, imagesUrl: config.publicUrl },
    ...(deps.shopStateCacheMs === undefined ? {} : { cacheMs: deps.shopStateCacheMs }),
    ...(deps.onEvent ? { onPublished: deps.onEvent } : {}),
  });
  const { state } = settings;
  const pricer = createQuotePricer({
    publicUrl: config.publicUrl,
    ...(deps.pricingThreads === undefined ? {} : { threads: deps.pricingThreads }),
  });
  // SVG previews and cut files of stored plates and imports, made once and kept.
  const drawings = createDrawingCache(DRAWING_CACHE_BYTES);
  const imports = createPlateImportCases({
    storage,
    limits,
    publicUrl: config.publicUrl,
    pricer,
    drawings,
    ...(deps.pricingThreads === undefined ? {} : { threads: deps.pricingThreads }),
  });
  const quotes = createQuoteCases({ state, storage, limits, pricer, imports, drawings });
  const handoffs = createHandoffCases({ storage, limits, publicUrl: config.publicUrl, findQuote: quotes.findQuote });
  const importQuoter = createImportQuoter({ state, limits, pricer, imports, createQuote: quotes.createQuote, createHandoff: handoffs.createHandoff });
  const rfq = createRfqCases({ storage, limits, publicUrl: config.publicUrl });
  const pages = createPageCases({ state, storage, limits, pricer, imports, drawings, createRfqLink: rfq.createRfqLink, rfqJobs: deps.orderRequests });
  const orders = createOrderRequestCases({ storage, orderRequests: deps.orderRequests, limits, state, pricer, imports });
  const idempotency = createIdempotency(storage);
  // Reads the version in force and the switch again every cache period, so a scheduled version or a
  // pause takes force in a quiet process too (and /status and the tools' descriptions follow).
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    state.current(clock.now()).catch(() => undefined).finally(() => {
      if (timer !== null) timer = setTimeout(tick, deps.shopStateCacheMs ?? 1000).unref();
    });
  };
  return {
    ...createCatalogCases(state, limits),
    catalogSummary: () => {
      const { catalog } = state.latest({ forDisplay: true });
      return { materials: catalog.listMaterials(), divisions: catalog.listDivisions() };
    },
    async start() {
      await settings.seedPriceBooks();
      await state.current(clock.now());
      timer ??= setTimeout(tick, deps.shopStateCacheMs ?? 1000).unref();
    },
    uploadPriceBook: settings.uploadPriceBook,
    diffPriceBook: settings.diffPriceBook,
    publishPriceBook: settings.publishPriceBook,
    listPriceBooks: settings.listPriceBooks,
    getPriceBook: settings.getPriceBook,
    getPlateOrders: settings.getPlateOrders,
    setPlateOrders: settings.setPlateOrders,
    createQuote: quotes.createQuote,
    getQuote: quotes.getQuote,
    getPreviewSvg: quotes.getPreviewSvg,
    getDrawingDxf: quotes.getDrawingDxf,
    staffPreviewSvg: quotes.staffPreviewSvg,
    staffDrawingDxf: quotes.staffDrawingDxf,
    async admitDrawing(call) {
      if (await idempotency.hasKeptAnswer(call)) return { spent: false };
      await limits.consume('pricing', call.clientIp);
      return { spent: true };
    },
    importDrawing: imports.importDrawing,
    getImportPreviewSvg: imports.getImportPreviewSvg,
    ...handoffs,
    priceImport: importQuoter.priceImport,
    orderImport: importQuoter.orderImport,
    createRfqLink: rfq.createRfqLink,
    idempotent: idempotency.run,
    ...pages,
    ...orders,
    admitToolServerRequest: (clientIp) => limits.consume('mcp', clientIp),
    async health() {
      const health = await withStorage('take a write', () => storage.health(), { storage: 'unavailable', rate_limits: limits.store() });
      // The version in force, unless reading it waits behind requests for a pooled connection: then
      // the one worked out last (the timer refreshes it every second), so /status never queues.
      let bounded: NodeJS.Timeout | undefined;
      const { book } = await Promise.race([
        state.current(clock.now()),
        new Promise<ReturnType<typeof state.latest>>((resolve) => {
          bounded = setTimeout(() => resolve(state.latest()), HEALTH_BOOK_WAIT_MS);
        }),
      ]).finally(() => clearTimeout(bounded));
      return { storage: health.state, rateLimits: limits.store(), priceBook: book.version };
    },
    purgeExpired: (now) => withStorage('delete old rows', () => storage.purgeExpired(now)),
    pricingStats: () => pricer.stats(),
    drawingStats: () => imports.stats(),
    limitStore: () => limits.store(),
    close: async () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      await Promise.all([pricer.close(), imports.close()]);
    },
  };
}
