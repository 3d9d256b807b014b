// What the pages behind the links read and do: the order page, the plate quoter (priced again at
// today's prices by the same pricing code), and the quote-request form with its submissions.
import { BOUNDS, MaterialId, RfqLinkRequest, RfqSubmission, RfqSubmissionForm, ServiceError, parseRequest, z } from '@shop/contracts';
import type { Handoff, HandoffItem, KeptPlate, PlateImport, PlateItem, Quote, QuotedItem, RfqLink, StoredRfqLink } from '@shop/contracts';
import { cleanFields, rfqSubmissionCreated } from '@shop/notify';
import { hstCents } from '@shop/pricing';
import type { OrderRequestRepository, RfqLinkRecord, Storage } from '@shop/storage';
import type { RequestContext } from './context';
import type { DrawingCache } from './drawing-cache';
import type { KeptPlateDesign } from './handoffs';
import { newId } from './ids';
import { toOutboxEvent } from './outbox-events';
import { resolvePlate } from './import-parts';
import type { ImportedPart } from './import-parts';
import type { PlateImportCases } from './plate-imports';
import type { QuotePricer } from './quote-pricer';
import { readStored, versionOf } from './stored';
import type { RateLimits } from './rate-limits';
import type { PlateOrdersStatus } from './plate-orders';
import type { ShopState } from './shop-state';
import { findById, withStorage } from './storage-guard';

export interface OrderPageItem {
  item: HandoffItem;
  /** The item as quoted; null once its quote is gone. */
  quoted: QuotedItem | null;
  /** When its quote stops holding its price. */
  expiresAt: string | null;
  /** Its quote is past `expiresAt`: the price no longer holds and it cannot be ordered from here. */
  expired: boolean;
  /** The plate quoter's design for a plate item. */
  designId: string | null;
}

export interface OrderPageTotals {
  /** Sum of the quoted amounts of the items whose quotes still hold, before HST. */
  subtotalCents: number;
  /** Items left out of the sum because their quotes expired. */
  expiredItems: number;
  /** HST 13% on the subtotal, rounded as a quote rounds it. */
  taxCents: number;
  totalCents: number;
}

export interface OrderPage {
  handoff: Handoff;
  expired: boolean;
  items: OrderPageItem[];
  /** Null when an item has no quoted amount (its quote is gone) or every quote has expired. */
  totals: OrderPageTotals | null;
  /** The plate orders switch now: while closed the page says so (its notice). */
  plateOrders: PlateOrdersStatus;
}

/** A plate design as the quoter page shows it: the plate with every shape in place. */
export interface PlateDesign extends Omit<KeptPlateDesign, 'item'> {
  item: PlateItem;
}

export interface PlateQuoterPage {
  design: PlateDesign;
  /** The material's name as the catalog gives it (its id when the book in force does not sell it). */
  materialName: string;
  /** Past the quote's expiry the design can still be viewed and priced again. */
  expired: boolean;
  svg: string;
  /** Today's price at the quantity asked, or at the quoted one when the quantity asked could not be used. */
  reprice: PlateReprice;
  /** Why the quantity asked could not be used (422's message); null when it was used or none was asked. */
  quantityRefused: string | null;
  /** The plate orders switch now: while closed the page says so (its notice). */
  plateOrders: PlateOrdersStatus;
}

export interface PlateReprice {
  quantity: number;
  /** The item as quoted, to compare with. */
  quoted: QuotedItem;
  /** The plate priced today at `quantity`, exactly as a new quote would price it. */
  item: QuotedItem;
  /** HST 13% on `item.amount_cents`, rounded as a quote rounds it; null when the item is blocked. */
  taxCents: number | null;
  /** Today's amount at the quoted quantity minus the quoted amount (0 when prices have not moved). */
  changeSinceQuoteCents: number | null;
}

export interface RfqFormPage {
  stored: StoredRfqLink;
  expired: boolean;
}

/** A kept quote request with the job its link was made for (null on requests kept before it was recorded). */
export type RfqSubmissionListing = RfqSubmission & { link_job: RfqLinkRequest | null };

export interface RfqSubmissionResult {
  id: string;
  /** False when the same form was sent twice: the first submission stands. */
  created: boolean;
}

export interface PageCaseDeps {
  /** The price book in force and the plate orders switch. */
  state: Pick<ShopState, 'current'>;
  storage: Storage;
  limits: RateLimits;
  pricer: QuotePricer;
  imports: Pick<PlateImportCases, 'partsKept' | 'getImport'>;
  drawings: DrawingCache;
  /** Makes the pre-filled quote request of a plate (the rfq-link use case). */
  createRfqLink: (body: unknown, ctx: RequestContext) => Promise<RfqLink>;
  /** Where a submission's job, as its link was made, is kept beside it. */
  rfqJobs: Pick<OrderRequestRepository, 'keepRfqJob' | 'rfqJob'>;
}

const Quantity = z.coerce.number().int().min(1).max(BOUNDS.plateQuantity);
/** An imported part's quote request: the stock (`material|thickness`, or blank when the person is unsure) and a quantity. */
const ImportRequestChoice = z.object({ stock: z.string().max(80).optional(), quantity: Quantity });
const ProductChoice = z.object({ tier: z.enum(['design', 'kit', 'welded']), quantity: z.coerce.number().int().min(1).max(50) });

export function createPageCases(deps: PageCaseDeps) {
  const { state, storage, limits } = deps;

  /** A kept design read once: its plate as kept (an import's id, or the shapes), the imports it names, and the plate resolved. */
  async function findDesign(designId: string, ctx: RequestContext): Promise<{ kept: KeptPlate; parts: Map<string, ImportedPart>; design: PlateDesign; expiresAt: Date }> {
    const record = await findById(designId, 'pd', 'read the plate design', (id) => storage.designs.get(id, ctx.now), () =>
      new ServiceError('design_not_found', 'This plate design does not exist or has been removed.'),
    );
    // Written by this service as priced: read as it was written, not checked again field by field.
    const stored = readStored<KeptPlateDesign>('plateDesign', record, record.design);
    const parts = await deps.imports.partsKept([stored.item], ctx.now);
    const item = resolvePlate(stored.item, (id) => parts.get(id));
    return { kept: stored.item, parts, design: { ...stored, item: { ...item, cutouts: item.cutouts ?? [] } }, expiresAt: record.expiresAt };
  }

  async function findRfqLink(rfqId: string, ctx: RequestContext): Promise<RfqLinkRecord> {
    return findById(rfqId, 'rfq', 'read the quote-request link', (id) => storage.rfqLinks.get(id, ctx.now), () =>
      new ServiceError('rfq_link_not_found', 'This quote-request link does not exist or has been removed.'),
    );
  }

  /**
   * Today's price of a design at `asked` and, in the same pricing, at the quoted quantity (for the
   * change since the quote): through the one pricer, on a worker thread for a large plate.
   */
  async function reprice(found: Awaited<ReturnType<typeof findDesign>>, asked: number, now: Date): Promise<PlateReprice> {
    const { design, kept, parts } = found;
    const quotedQuantity = design.quoted.quantity;
    // Shown beside the switch's notice while plate orders are closed: the page keeps working.
    const pricing = await state.current(now, { forDisplay: true });
    const priced = await deps.pricer.priceItem({ ...kept, quantity: asked, quantity_options: asked === quotedQuantity ? [] : [quotedQuantity] }, parts, design.index, pricing);
    const item: QuotedItem = { ...priced, quantity_options: [] };
    const todayAtQuoted = asked === quotedQuantity ? priced.amount_cents : (priced.quantity_options.find((option) => option.quantity === quotedQuantity)?.amount_cents ?? null);
    const changeSinceQuoteCents = todayAtQuoted === null || design.quoted.amount_cents === null ? null : todayAtQuoted - design.quoted.amount_cents;
    const taxCents = item.amount_cents === null ? null : hstCents(item.amount_cents);
    return { quantity: asked, quoted: design.quoted, item, taxCents, changeSinceQuoteCents };
  }

  /** The quantity asked (422 past the bounds); the quoted one when none was asked. */
  const askedQuantity = (design: PlateDesign, quantity: unknown): number =>
    quantity === undefined || quantity === '' ? design.quoted.quantity : parseRequest(Quantity, quantity, ['quantity']);

  return {
    async getOrderPage(handoffId: string, ctx: RequestContext): Promise<OrderPage> {
      await limits.consume('reading', ctx.clientIp);
      const record = await findById(handoffId, 'h', 'read the order link', (id) => storage.handoffs.get(id, ctx.now), () =>
        new ServiceError('handoff_not_found', 'This order link does not exist or has been removed.'),
      );
      const handoff = readStored<Handoff>('handoff', record, record.body);
      // One UPDATE per serving, beside the reads (bots and link previews count too).
      const counted = withStorage('count the order page view', () => storage.handoffs.recordOpen(record.id));
      const designs = await withStorage('read the plate designs', () => storage.designs.listForHandoff(handoffId, ctx.now));
      const quotes = new Map<string, Quote | null>();
      for (const quoteId of new Set(handoff.items.map((item) => item.quote_id))) {
        const quote = await withStorage('read the quote', () => storage.quotes.get(quoteId, ctx.now));
        quotes.set(quoteId, quote ? readStored<Quote>('quote', quote, quote.body) : null);
      }
      const items = handoff.items.map((item): OrderPageItem => {
        const quote = quotes.get(item.quote_id) ?? null;
        return {
          item,
          quoted: quote?.items[item.index] ?? null,
          expiresAt: quote?.expires_at ?? null,
          expired: quote === null || ctx.now.getTime() > Date.parse(quote.expires_at),
          designId: designs.find((d) => d.quoteId === item.quote_id && d.itemIndex === item.index)?.id ?? null,
        };
      });
      const { plateOrders } = await state.current(ctx.now);
      await counted;
      return { handoff, expired: ctx.now.getTime() > record.expiresAt.getTime(), items, totals: sumItems(items), plateOrders };
    },

    /**
     * The quoter page of a design: the design read once, drawn (made once and kept), and priced today
     * at the quantity asked, or at the quoted one with the reason when the quantity asked is refused.
     */
    async getPlateQuoter(designId: string, quantity: unknown, ctx: RequestContext): Promise<PlateQuoterPage> {
      await limits.consume('reading', ctx.clientIp);
      const found = await findDesign(designId, ctx);
      const { design, kept, parts } = found;
      let asked = design.quoted.quantity;
      let quantityRefused: string | null = null;
      try {
        asked = askedQuantity(design, quantity);
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status !== 422) throw error;
        quantityRefused = error.message;
      }
      const [svg, priced, pricing] = await Promise.all([
        // Titled and labelled in the pages' words and rounding (inches to the thousandth) by the drawing itself.
        deps.drawings.get(`design:${design.id}`, () => deps.pricer.drawSvg(kept, parts)),
        reprice(found, asked, ctx.now),
        state.current(ctx.now, { forDisplay: true }),
      ]);
      return {
        design,
        materialName: pricing.catalog.getMaterial(design.item.material)?.name ?? design.item.material,
        plateOrders: pricing.plateOrders,
        expired: ctx.now.getTime() > found.expiresAt.getTime(),
        svg,
        reprice: priced,
        quantityRefused,
      };
    },

    /** Prices the stored design again at today's prices and the quantity asked (422 for a quantity out of bounds). */
    async repricePlate(designId: string, quantity: unknown, ctx: RequestContext): Promise<PlateReprice> {
      await limits.consume('reading', ctx.clientIp);
      const found = await findDesign(designId, ctx);
      return reprice(found, askedQuantity(found.design, quantity), ctx.now);
    },

    /**
     * Makes a quote request pre-filled with the plate as designed, for a shop whose checkout is
     * this service: the person adds their details on the form behind the returned link.
     */
    async requestPlateQuote(designId: string, quantity: unknown, ctx: RequestContext): Promise<RfqLink> {
      const { design } = await findDesign(designId, ctx);
      const asked = askedQuantity(design, quantity);
      const material = (await state.current(ctx.now)).catalog.getMaterial(design.item.material)?.name ?? design.item.material;
      return deps.createRfqLink(
        {
          description: describePlateRequest(design, asked),
          material,
          thickness_in: design.item.thickness_in,
          quantity: asked,
        },
        ctx,
      );
    },

    /**
     * Makes a quote request pre-filled with a part read from a drawing (the way to order it while
     * plate orders are paused): its size, holes, cut-outs and bends, the material and thickness
     * chosen (a stock the catalog does not list is refused, 422) and the quantity.
     */
    async requestImportQuote(importId: string, choice: unknown, ctx: RequestContext): Promise<RfqLink> {
      const part = await deps.imports.getImport(importId, ctx);
      const { stock, quantity } = parseRequest(ImportRequestChoice, choice);
      let material: string | null = null;
      let thickness: number | null = null;
      if (stock !== undefined && stock !== '') {
        const [materialId, thicknessText] = stock.split('|');
        // The catalog as shown while orders are paused: the stock listed on the page.
        const { catalog } = await state.current(ctx.now, { forDisplay: true });
        const parsed = MaterialId.safeParse(materialId);
        const listed = parsed.success ? catalog.getMaterial(parsed.data) : undefined;
        const offer = listed?.thicknesses.find((t) => String(t.thickness_in) === thicknessText);
        if (!listed || !offer) throw new ServiceError('parameter_invalid', 'Choose a material and thickness from the list, or leave it to the shop.', { param: 'stock' });
        material = listed.name;
        thickness = offer.thickness_in;
      }
      return deps.createRfqLink({ description: describeImportRequest(part.plateImport, quantity), material, thickness_in: thickness, quantity }, ctx);
    },

    /**
     * Makes a quote request pre-filled with a catalog product at a tier and quantity (also a tier
     * whose price is on request), for a shop whose product pages are this service.
     */
    async requestProductQuote(slug: string, choice: unknown, ctx: RequestContext): Promise<RfqLink> {
      const product = (await state.current(ctx.now)).catalog.getProduct(slug);
      if (!product) throw new ServiceError('product_not_found', `No product has the slug ${JSON.stringify(slug)}.`, { param: 'slug' });
      const { tier, quantity } = parseRequest(ProductChoice, choice);
      const offered = product.tiers.find((t) => t.kind === tier);
      if (!offered) throw new ServiceError('parameter_invalid', `${product.name} has no ${tier} tier.`, { param: 'tier' });
      return deps.createRfqLink(
        { description: `${product.name} (${product.slug}): ${offered.label}, quantity ${quantity}.`, material: null, thickness_in: null, quantity },
        ctx,
      );
    },

    async getRfqForm(rfqId: string, ctx: RequestContext): Promise<RfqFormPage> {
      await limits.consume('reading', ctx.clientIp);
      const record = await findRfqLink(rfqId, ctx);
      return { stored: readStored<StoredRfqLink>('rfqLink', record, record.body), expired: ctx.now.getTime() > record.expiresAt.getTime() };
    },

    /**
     * Keeps a person's quote request for the shop. `idempotencyKey` comes from the form (one per
     * rendering), so the same form sent twice is stored once.
     */
    async submitRfq(rfqId: string, form: unknown, idempotencyKey: string, ctx: RequestContext): Promise<RfqSubmissionResult> {
      await limits.consume('rfq_links', ctx.clientIp);
      const record = await findRfqLink(rfqId, ctx);
      if (ctx.now.getTime() > record.expiresAt.getTime()) {
        throw new ServiceError('link_expired', 'This quote-request link has expired (links work for 30 days). Ask for a new one.');
      }
      // Control and bidi characters out of the one-line fields (a CR/LF in a name writes lines into the shop's e-mail).
      const submission = parseRequest(RfqSubmissionForm, cleanFields(form, ['name', 'phone', 'company']));
      // A few requests a day per link, whoever sends them (after the form's check: a typo costs nothing).
      await limits.consume('link_requests', rfqId);
      const link = readStored<StoredRfqLink>('rfqLink', record, record.body);
      const id = newId('sub');
      const kept: RfqSubmission = { object: 'rfq_submission', id, rfq_link_id: rfqId, submitted_at: ctx.now.toISOString(), ...submission };
      const body = JSON.stringify(kept);
      const result = await withStorage('keep the quote request', () =>
        storage.rfqSubmissions.insert({
          id,
          rfqLinkId: rfqId,
          createdAt: ctx.now,
          idempotencyKey: `${rfqId}:${idempotencyKey}`,
          body,
          schemaVersion: versionOf('rfqSubmission'),
          event: toOutboxEvent(rfqSubmissionCreated({ ...submission, id, rfq_link_id: rfqId }, ctx.now), `quote/${id}`),
        }),
      );
      // The job as the link asked it, whatever the form's description became; written again when
      // the same form is sent twice, so a first try that stopped between the two writes is completed.
      await withStorage('keep the quote request', () => deps.rfqJobs.keepRfqJob(result.id, JSON.stringify(link.request)));
      return result;
    },

    /** The shop's received quote requests, newest first (for `pnpm rfq:list`; never exposed by the API). */
    async listRfqSubmissions(limit = 100): Promise<RfqSubmissionListing[]> {
      const rows = await withStorage('read the quote requests', () => storage.rfqSubmissions.list({ limit }));
      const listed: RfqSubmissionListing[] = [];
      for (const row of rows) {
        const job = await withStorage('read the quote requests', () => deps.rfqJobs.rfqJob(row.id));
        listed.push({ ...RfqSubmission.parse(readStored('rfqSubmission', row, row.body)), link_job: job === null ? null : RfqLinkRequest.parse(JSON.parse(job)) });
      }
      return listed;
    },
  };
}

function sumItems(items: OrderPageItem[]): OrderPageTotals | null {
  let subtotalCents = 0;
  let expiredItems = 0;
  for (const { quoted, expired } of items) {
    if (quoted?.amount_cents === null || quoted?.amount_cents === undefined) return null;
    if (expired) expiredItems++;
    else subtotalCents += quoted.amount_cents;
  }
  if (expiredItems === items.length) return null;
  const taxCents = hstCents(subtotalCents);
  return { subtotalCents, expiredItems, taxCents, totalCents: subtotalCents + taxCents };
}

/** The job in plain words for the shop; the design id lets the shop open the same drawing. */
function describePlateRequest(design: PlateDesign, quantity: number): string {
  const label = design.quoted.label === null ? '' : ` labelled "${design.quoted.label}"`;
  return [
    `${customerWords(design.quoted.description)}${label}, quantity ${quantity}.`,
    `Cut to the stored design ${design.id} (quote ${design.quote_id}, item ${design.index + 1}).`,
  ].join(' ');
}

/** A drawing's part in plain words for the shop, with the import's id so the shop can open the same drawing. */
function describeImportRequest(plateImport: PlateImport, quantity: number): string {
  const { holes, cutouts, bends } = plateImport.counts;
  const size = `${round3(plateImport.width_in)} x ${round3(plateImport.height_in)} in`;
  const shapes = [`${holes} round hole${holes === 1 ? '' : 's'}`, `${cutouts} cut-out${cutouts === 1 ? '' : 's'}`, `${bends} bend${bends === 1 ? '' : 's'}`].join(', ');
  // The file's name stays out: a name like "acme.com.dxf" would read as a web address and refuse the request.
  return `A part from an uploaded drawing, ${size}, ${shapes}, quantity ${quantity}. Cut to the uploaded drawing ${plateImport.id}.`;
}

/** Inches to the thousandth, as every page shows them. */
const round3 = (value: number): string => String(Math.round(value * 1000) / 1000);

/**
 * A quoted description in a customer's words: the API's "96-corner outline" is a shaped outline
 * (the corner count is how the drawing was traced, not something a customer orders), and
 * "32 per 60 x 120 in sheet" says how many pieces one sheet gives.
 */
export function customerWords(description: string): string {
  return description
    .replace(/\b\d[\d,]*-corner outline\b/g, 'shaped outline')
    .replace(/, (\d[\d,]*) per (\d+(?:\.\d+)?) x (\d+(?:\.\d+)?) in sheet\b/g, (_all, count: string, width: string, height: string) =>
      `, ${count} ${count === '1' ? 'fits' : 'fit'} on one ${width} x ${height} in sheet`,
    );
}

