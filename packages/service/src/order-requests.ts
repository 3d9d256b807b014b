// Order requests: one form per order link. The items, quantities and prices are the link's quotes'
// as stored (firm), read here; the form carries only how the order is fulfilled and who sends it.
import { OrderRequestForm, ServiceError, parseRequest } from '@shop/contracts';
import type { Delivery, Handoff, LeadTime, Quote } from '@shop/contracts';
import { orderRequestCreated } from '@shop/notify';
import { hstCents } from '@shop/pricing';
import type { Fulfilment, OrderRequestAddress, OrderRequestContact, OrderRequestRecord, OrderRequestRepository, Storage } from '@shop/storage';
import type { RequestContext } from './context';
import { newId } from './ids';
import { toOutboxEvent } from './outbox-events';
import type { RateLimits } from './rate-limits';
import { readStored } from './stored';
import { findById, withStorage } from './storage-guard';

/** One item of the order at its quote's firm price. */
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

/** An item of the link that cannot be ordered at its price any more. */
export interface LeftOutLine {
  quoteId: string;
  index: number;
  description: string;
  label: string | null;
  reason: 'expired' | 'removed';
}

/** What the order-request form of a link shows: every orderable item as quoted, and the totals. */
export interface OrderRequestDraft {
  handoffId: string;
  lines: Array<OrderLine & { leadTime: LeadTime | null; delivery: Delivery }>;
  leftOut: LeftOutLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** When the first of the quotes stops holding its price. */
  pricesHoldUntil: string;
  /** The price book of the quotes (the latest when they differ). */
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
}

const handoffNotFound = () => new ServiceError('handoff_not_found', 'This order link does not exist or has been removed.');

export function createOrderRequestCases(deps: OrderRequestCaseDeps) {
  const { storage, orderRequests, limits } = deps;

  /** The link's items at their quotes' prices; 404 for an unknown link, 410 when no price holds any more. */
  async function draftOrder(handoffId: string, ctx: RequestContext): Promise<OrderRequestDraft> {
    const record = await findById(handoffId, 'h', 'read the order link', (id) => storage.handoffs.get(id, ctx.now), handoffNotFound);
    const handoff = readStored<Handoff>('handoff', record, record.body);
    const quotes = new Map<string, Quote | null>();
    for (const quoteId of new Set(handoff.items.map((item) => item.quote_id))) {
      const row = await withStorage('read the quote', () => storage.quotes.get(quoteId, ctx.now));
      quotes.set(quoteId, row ? readStored<Quote>('quote', row, row.body) : null);
    }
    const lines: OrderRequestDraft['lines'] = [];
    const leftOut: LeftOutLine[] = [];
    const holding: Quote[] = [];
    for (const item of handoff.items) {
      const quote = quotes.get(item.quote_id) ?? null;
      const quoted = quote?.items[item.index];
      const base = { quoteId: item.quote_id, index: item.index, description: item.description, label: item.label };
      if (!quote || !quoted || quoted.unit_amount_cents === null || quoted.amount_cents === null) {
        leftOut.push({ ...base, reason: 'removed' });
        continue;
      }
      if (ctx.now.getTime() > Date.parse(quote.expires_at)) {
        leftOut.push({ ...base, reason: 'expired' });
        continue;
      }
      if (!holding.includes(quote)) holding.push(quote);
      lines.push({
        ...base,
        description: quoted.description,
        label: quoted.label,
        kind: quoted.kind,
        quantity: quoted.quantity,
        unitAmountCents: quoted.unit_amount_cents,
        amountCents: quoted.amount_cents,
        leadTime: quoted.lead_time,
        delivery: quoted.delivery,
      });
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
      priceBook: holding.map((quote) => quote.price_book).sort().at(-1) ?? '',
    };
  }

  return {
    async getOrderRequestForm(handoffId: string, ctx: RequestContext): Promise<OrderRequestDraft> {
      await limits.consume('reading', ctx.clientIp);
      return draftOrder(handoffId, ctx);
    },

    /**
     * Keeps a person's order request: the link's items at their quotes' prices (whatever else the
     * form carried is not read), with the fulfilment and contact from the form. `formKey` comes from
     * the rendered form: the same form sent twice is one request.
     */
    async createOrderRequest(handoffId: string, form: unknown, formKey: string, ctx: RequestContext): Promise<OrderRequestResult> {
      await limits.consume('rfq_links', ctx.clientIp);
      const draft = await draftOrder(handoffId, ctx);
      const sent = parseRequest(OrderRequestForm, form);
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
