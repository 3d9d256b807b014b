// The events the shop is told about, as the body every webhook carries: `{type, timestamp, data}`.
// The data never holds a person's e-mail address, phone, address or a bearer link: only what the
// shop needs to see that something happened and where to look, and the person's name. An order
// request's `or_` id is such a link (its confirmation page shows the person's e-mail and address):
// the event carries its public `reference` instead.
import { createHash } from 'node:crypto';
import { Timestamp, z } from '@shop/contracts';
import type { Handoff } from '@shop/contracts';
import { cleanSingleLine } from './text';

export const EVENT_TYPES = ['order_request.created', 'rfq_submission.created', 'handoff.created', 'price_book.published'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const Text = (max: number) => z.string().min(1).max(max);

export const RfqSubmissionCreatedData = z
  .object({
    id: Text(64),
    rfq_link_id: Text(64).nullable(),
    description: Text(2000),
    material: z.string().max(60).nullable(),
    thickness_in: z.number().gt(0).nullable(),
    quantity: z.int().min(1).nullable(),
    name: Text(100),
  })
  .strict();
export type RfqSubmissionCreatedData = z.infer<typeof RfqSubmissionCreatedData>;

export const OrderRequestItemData = z
  .object({
    quote_id: Text(64),
    index: z.int().min(0),
    description: Text(500),
    quantity: z.int().min(1),
    unit_amount_cents: z.int().min(0),
    amount_cents: z.int().min(0),
  })
  .strict();
export type OrderRequestItemData = z.infer<typeof OrderRequestItemData>;

/** `OR-` and 8 characters of Crockford base32: a public, one-way name for an order request. */
const ORDER_REFERENCE = /^OR-[0-9A-HJKMNP-TV-Z]{8}$/;

export const OrderRequestCreatedData = z
  .object({
    reference: z.string().regex(ORDER_REFERENCE),
    handoff_id: Text(64),
    items: z.array(OrderRequestItemData).min(1).max(10),
    amount_subtotal_cents: z.int().min(0),
    fulfilment: z.enum(['pickup', 'delivery']),
    name: Text(100),
  })
  .strict();
export type OrderRequestCreatedData = z.infer<typeof OrderRequestCreatedData>;

export const HandoffCreatedData = z
  .object({
    id: Text(64),
    expires_at: Timestamp,
    items: z.array(z.object({ quote_id: Text(64), index: z.int().min(0), description: Text(500) }).strict()).min(1).max(10),
  })
  .strict();
export type HandoffCreatedData = z.infer<typeof HandoffCreatedData>;

export const PriceBookPublishedData = z
  .object({
    version: Text(64),
    in_force_from: Timestamp,
  })
  .strict();
export type PriceBookPublishedData = z.infer<typeof PriceBookPublishedData>;

const eventOf = <T extends EventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: Timestamp, data }).strict();

export const NotificationEvent = z.discriminatedUnion('type', [
  eventOf('order_request.created', OrderRequestCreatedData),
  eventOf('rfq_submission.created', RfqSubmissionCreatedData),
  eventOf('handoff.created', HandoffCreatedData),
  eventOf('price_book.published', PriceBookPublishedData),
]);
export type NotificationEvent = z.infer<typeof NotificationEvent>;
export type EventOf<T extends EventType> = Extract<NotificationEvent, { type: T }>;

/** The events that open a request in the inbox: the ones the shop is mailed about. */
export type RequestEvent = EventOf<'order_request.created' | 'rfq_submission.created'>;
export const isRequestEvent = (event: NotificationEvent): event is RequestEvent =>
  event.type === 'order_request.created' || event.type === 'rfq_submission.created';

/** A quote-request form as stored: the job and the person's own details (only the name is kept). */
export interface RfqSubmissionSource {
  id: string;
  rfq_link_id: string | null;
  description: string;
  material: string | null;
  thickness_in: number | null;
  quantity: number | null;
  name: string;
  email?: string;
  phone?: string | null;
  company?: string | null;
}

export function rfqSubmissionCreated(submission: RfqSubmissionSource, at: Date): EventOf<'rfq_submission.created'> {
  const { id, rfq_link_id, description, material, thickness_in, quantity } = submission;
  const name = cleanSingleLine(submission.name);
  return { type: 'rfq_submission.created', timestamp: at.toISOString(), data: { id, rfq_link_id, description, material, thickness_in, quantity, name } };
}

/** An order request as the form stores it; its contact details and address stay out of the event. */
export interface OrderRequestSource {
  id: string;
  handoff_id: string;
  items: OrderRequestItemData[];
  amount_subtotal_cents: number;
  fulfilment: 'pickup' | 'delivery';
  name: string;
  email?: string;
  phone?: string | null;
  company?: string | null;
  address?: unknown;
  note?: string | null;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The order request's public reference, `OR-` + 8 characters: derived one way from its `or_` id (40
 * bits of a SHA-256), so it names the request in the shop's mail and webhooks, and to the person,
 * without opening its confirmation page, whose address is the `or_` id.
 */
export function orderRequestReference(id: string): string {
  const digest = createHash('sha256').update(`order-request-reference:${id}`).digest();
  let bits = 0n;
  for (const byte of digest.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 0; i < 8; i++) text = CROCKFORD[Number((bits >> BigInt(5 * i)) & 31n)] + text;
  return `OR-${text}`;
}

export function orderRequestCreated(request: OrderRequestSource, at: Date): EventOf<'order_request.created'> {
  const { id, handoff_id, amount_subtotal_cents, fulfilment } = request;
  const name = cleanSingleLine(request.name);
  const items = request.items.map(({ quote_id, index, description, quantity, unit_amount_cents, amount_cents }) => ({
    quote_id,
    index,
    description,
    quantity,
    unit_amount_cents,
    amount_cents,
  }));
  return { type: 'order_request.created', timestamp: at.toISOString(), data: { reference: orderRequestReference(id), handoff_id, items, amount_subtotal_cents, fulfilment, name } };
}

/** A handoff without its URL: the link is a bearer link for the person it was made for. */
export function handoffCreated(handoff: Handoff, at: Date): EventOf<'handoff.created'> {
  const items = handoff.items.map(({ quote_id, index, description }) => ({ quote_id, index, description }));
  return { type: 'handoff.created', timestamp: at.toISOString(), data: { id: handoff.id, expires_at: handoff.expires_at, items } };
}

export function priceBookPublished(version: string, inForceFrom: Date, at: Date): EventOf<'price_book.published'> {
  return { type: 'price_book.published', timestamp: at.toISOString(), data: { version, in_force_from: inForceFrom.toISOString() } };
}
