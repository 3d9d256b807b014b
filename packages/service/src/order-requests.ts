// Order requests: one form per order link. The items and quantities are the link's quotes'; each is
// priced again at today's firm price (the price book in force, as a new quote would price it, the
// same figure the plate quoter shows) and the request keeps that price. The form carries only how
// the order is fulfilled and who sends it.
import { OrderRequestForm, ServiceError, parseRequest } from '@shop/contracts';
import type { Delivery, Handoff, LeadTime, Quote, QuotedItem } from '@shop/contracts';
import { cleanFields, orderRequestCreated } from '@shop/notify';
import { hstCents } from '@shop/pricing';
import type { Fulfilment, OrderRequestAddress, OrderRequestContact, OrderRequestRecord, OrderRequestRepository, Storage } from '@shop/storage';
import type { RequestContext } from './context';
import type { PlateImportCases } from './plate-imports';
import type { QuotePricer } from './quote-pricer';
import type { KeptQuoteRequest } from './quotes';
import type { ShopState } from './shop-state';
import { newId } from './ids';
import { toOutboxEvent } from './outbox-events';
import type { RateLimits } from './rate-limits';
import { readStored } from './stored';
import { findById, withStorage } from './storage-guard';

/** One item of the order at today's firm price. */
export interface OrderLine {
  quoteId: string;
  /** The item's place in its quote. */
  index: number;
  kind: 'plate' | 'product';
  description: string;
  label: string | null;
  quantity: number;
  unitAmountCents: number;
  amountCents: number;
}

/** An item of the form: today's price, and what its quote said (to show a change). */
type DraftLine = OrderLine & { leadTime: LeadTime | null; delivery: Delivery; quotedAmountCents: number };

/** An item of the link that cannot be ordered at its price any more. */
export interface LeftOutLine {
  quoteId: string;
  index: number;
  description: string;
  label: string | null;
  /** `not_priced`: today's prices cannot price it (its material is no longer sold, or plate orders are paused). */
  reason: 'expired' | 'removed' | 'not_priced';
}

/** What the order-request form of a link shows: every orderable item at today's price, and the totals. */
export interface OrderRequestDraft {
  handoffId: string;
  lines: DraftLine[];
  leftOut: LeftOutLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** When the first of the quotes stops holding its price. */
  pricesHoldUntil: string;
  /** The price book in force, which priced every line. */
  priceBook: string;
}

/** A kept order request, as its confirmation page shows it. */
export interface OrderRequestDocument {
  id: string;
  handoffId: string;
  createdAt: string;
  state: string;
  priceBook: string;
  lines: OrderLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  fulfilment: Fulfilment;
  address: OrderRequestAddress | null;
  contact: OrderRequestContact;
}

export interface OrderRequestResult {
  id: string;
  /** False when the same form had been sent already: the first request stands. */
  created: boolean;
}

export interface OrderRequestCaseDeps {
  storage: Storage;
  orderRequests: OrderRequestRepository;
  limits: RateLimits;
  /** The price book in force (and the plate orders switch). */
  state: Pick<ShopState, 'current'>;
  pricer: QuotePricer;
  imports: Pick<PlateImportCases, 'partsKept'>;
}

/** The form's fields of one line (the note alone may have several). */
const SINGLE_LINE_FIELDS = ['name', 'phone', 'company', 'address_line1', 'address_line2', 'city', 'province', 'postal_code'];

const handoffNotFound = () => new ServiceError('handoff_not_found', 'This order link does not exist or has been removed.');

export function createOrderRequestCases(deps: OrderRequestCaseDeps) {
  const { storage, orderRequests, limits } = deps;

  /** Every item of a kept quote priced again at `pricing` (the book in force), as a new quote of the same request would be. */
  async function priceToday(quoteId: string, request: string, pricing: Awaited<ReturnType<ShopState['current']>>, now: Date): Promise<{ priceBook: string; items: Array<QuotedItem | null> }> {
    const kept = JSON.parse(request) as KeptQuoteRequest;
    const parts = await deps.imports.partsKept(kept.items.filter((item) => item.kind === 'plate'), now);
    const priceAll = async (items: KeptQuoteRequest['items']) => JSON.parse((await deps.pricer.price({ items, parts }, { now, quoteId, pricing })).json) as Quote;
    try {
      const quote = await priceAll(kept.items);
      return { priceBook: quote.price_book, items: quote.items };
    } catch (error) {
      // Today's book refuses an item (a material no longer sold, plate orders paused): each item
      // alone, so the others can still be ordered. Items are priced independently of each other.
      if (!(error instanceof ServiceError) || error.status !== 422) throw error;
      let priceBook = '';
      const items: Array<QuotedItem | null> = [];
      for (const item of kept.items) {
        try {
          const alone = await priceAll([item]);
          priceBook = alone.price_book;
          items.push(alone.items[0] ?? null);
        } catch (inner) {
          if (!(inner instanceof ServiceError) || inner.status !== 422) throw inner;
          items.push(null);
        }
      }
      return { priceBook, items };
    }
  }

  /**
   * The link's items at today's firm price; 404 for an unknown link, 410 when none can be ordered
   * (their quotes expired). An item today's book cannot price is left out and said so.
   */
  async function draftOrder(handoffId: string, ctx: RequestContext): Promise<OrderRequestDraft> {
    const record = await findById(handoffId, 'h', 'read the order link', (id) => storage.handoffs.get(id, ctx.now), handoffNotFound);
    const handoff = readStored<Handoff>('handoff', record, record.body);
    const pricing = await deps.state.current(ctx.now);
    const quotes = new Map<string, { quote: Quote; today: { priceBook: string; items: Array<QuotedItem | null> } | null } | null>();
    for (const quoteId of new Set(handoff.items.map((item) => item.quote_id))) {
      const row = await withStorage('read the quote', () => storage.quotes.get(quoteId, ctx.now));
      if (!row) {
        quotes.set(quoteId, null);
        continue;
      }
      const quote = readStored<Quote>('quote', row, row.body);
      const holds = ctx.now.getTime() <= Date.parse(quote.expires_at);
      quotes.set(quoteId, { quote, today: holds ? await priceToday(quoteId, row.request, pricing, ctx.now) : null });
    }
    const lines: OrderRequestDraft['lines'] = [];
    const leftOut: LeftOutLine[] = [];
    const holding: Quote[] = [];
    let priceBook = '';
    for (const item of handoff.items) {
      const found = quotes.get(item.quote_id) ?? null;
      const quoted = found?.quote.items[item.index];
      const base = { quoteId: item.quote_id, index: item.index, description: item.description, label: item.label };
      if (!found || !quoted || quoted.unit_amount_cents === null || quoted.amount_cents === null) {
        leftOut.push({ ...base, reason: 'removed' });
        continue;
      }
      if (found.today === null) {
        leftOut.push({ ...base, reason: 'expired' });
        continue;
      }
      const today = found.today.items[item.index];
      if (!today || today.unit_amount_cents === null || today.amount_cents === null) {
        leftOut.push({ ...base, reason: 'not_priced' });
        continue;
      }
      if (!holding.includes(found.quote)) holding.push(found.quote);
      priceBook = found.today.priceBook;
      lines.push({
        ...base,
        description: quoted.description,
        label: quoted.label,
        kind: quoted.kind,
        quantity: today.quantity,
        unitAmountCents: today.unit_amount_cents,
        amountCents: today.amount_cents,
        quotedAmountCents: quoted.amount_cents,
        leadTime: today.lead_time,
        delivery: today.delivery,
      });
    }
    if (lines.length === 0 && leftOut.every((line) => line.reason === 'not_priced')) {
      throw new ServiceError(
        'link_expired',
        'Nothing on this order link can be ordered online at today\'s prices: ask the shop for a quote.',
        { details: { link: 'order' } },
      );
    }
    if (lines.length === 0) {
      throw new ServiceError(
        'link_expired',
        `The quotes on this order link expired on ${new Date(handoff.expires_at).toISOString().slice(0, 10)}: quotes hold their prices for 7 days, so nothing here can be ordered at its price. Ask for a new quote.`,
        { details: { link: 'order' } },
      );
    }
    const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
    const taxCents = hstCents(subtotalCents);
    return {
      handoffId,
      lines,
      leftOut,
      subtotalCents,
      taxCents,
      totalCents: subtotalCents + taxCents,
      pricesHoldUntil: holding.map((quote) => quote.expires_at).sort()[0] ?? handoff.expires_at,
      priceBook,
    };
  }

  return {
    async getOrderRequestForm(handoffId: string, ctx: RequestContext): Promise<OrderRequestDraft> {
      await limits.consume('reading', ctx.clientIp);
      return draftOrder(handoffId, ctx);
    },

    /**
     * Keeps a person's order request: the link's items at today's firm prices (whatever else the
     * form carried is not read), with the fulfilment and contact from the form. `formKey` comes from
     * the rendered form: the same form sent twice is one request.
     */
    async createOrderRequest(handoffId: string, form: unknown, formKey: string, ctx: RequestContext): Promise<OrderRequestResult> {
      await limits.consume('rfq_links', ctx.clientIp);
      const draft = await draftOrder(handoffId, ctx);
      // Control and bidi characters out before the form's check: a CR/LF in a name would write lines of
      // its own into the shop's e-mail, a bidi override make it read backwards.
      const sent = parseRequest(OrderRequestForm, cleanFields(form, SINGLE_LINE_FIELDS, ['note']));
      // A few requests a day per link, whoever sends them: a link cannot fill the shop's inbox
      // (counted after the form's check, so fixing a typo costs nothing).
      await limits.consume('link_requests', handoffId);
      const id = newId('or');
      const address =
        sent.fulfilment === 'delivery' && sent.address_line1 !== null && sent.city !== null && sent.province !== null && sent.postal_code !== null
          ? { line1: sent.address_line1, line2: sent.address_line2, city: sent.city, province: sent.province, postalCode: sent.postal_code }
          : null;
      const event = orderRequestCreated(
        {
          id,
          handoff_id: handoffId,
          items: draft.lines.map((line) => ({ quote_id: line.quoteId, index: line.index, description: line.description, quantity: line.quantity, unit_amount_cents: line.unitAmountCents, amount_cents: line.amountCents })),
          amount_subtotal_cents: draft.subtotalCents,
          fulfilment: sent.fulfilment,
          name: sent.name,
        },
        ctx.now,
      );
      return withStorage('keep the order request', () =>
        orderRequests.insert({
          event: toOutboxEvent(event, `order/${id}`),
          id,
          handoffId,
          createdAt: ctx.now,
          idempotencyKey: `${handoffId}:${formKey}`,
          priceBook: draft.priceBook,
          subtotalCents: draft.subtotalCents,
          taxCents: draft.taxCents,
          totalCents: draft.totalCents,
          fulfilment: sent.fulfilment,
          address,
          contact: { name: sent.name, email: sent.email, phone: sent.phone, company: sent.company, note: sent.note },
          items: draft.lines.map((line) => ({
            quoteId: line.quoteId,
            itemIndex: line.index,
            kind: line.kind,
            description: line.description,
            label: line.label,
            quantity: line.quantity,
            unitAmountCents: line.unitAmountCents,
            amountCents: line.amountCents,
          })),
        }),
      );
    },

    /** A kept order request by its id (the id is the bearer secret of its confirmation page). */
    async getOrderRequest(id: string, ctx: RequestContext): Promise<OrderRequestDocument> {
      await limits.consume('reading', ctx.clientIp);
      const record = await findById(id, 'or', 'read the order request', (found) => orderRequests.get(found), () =>
        new ServiceError('order_request_not_found', 'This order request does not exist.'),
      );
      return toDocument(record);
    },
  };
}

function toDocument(record: OrderRequestRecord): OrderRequestDocument {
  return {
    id: record.id,
    handoffId: record.handoffId,
    createdAt: record.createdAt.toISOString(),
    state: record.state,
    priceBook: record.priceBook,
    lines: record.items.map((item) => ({
      quoteId: item.quoteId,
      index: item.itemIndex,
      kind: item.kind === 'product' ? 'product' : 'plate',
      description: item.description,
      label: item.label,
      quantity: item.quantity,
      unitAmountCents: item.unitAmountCents,
      amountCents: item.amountCents,
    })),
    subtotalCents: record.subtotalCents,
    taxCents: record.taxCents,
    totalCents: record.totalCents,
    fulfilment: record.fulfilment,
    address: record.address,
    contact: record.contact,
  };
}
