// Quote requests and the immutable quote the service returns.
import { Issue, Label, Timestamp } from './common';
import { LeadTime, MaterialId } from './materials';
import { PlateItemRequest, typedPlate } from './plates';
import type { PlateItem } from './plates';
import { PRODUCT_SLUG_PATTERN, TierKind } from './products';
import { z } from './zod';
import { BOUNDS } from './bounds';

export const ProductItem = z
  .object({
    kind: z.literal('product'),
    slug: z
      .string()
      .min(1)
      .max(BOUNDS.slugLength)
      .regex(PRODUCT_SLUG_PATTERN, 'may use only letters, digits, underscore and hyphen')
      .describe(`The product slug (up to ${BOUNDS.slugLength} characters), as listed by search_products or GET /products.`),
    tier: TierKind.describe('Must be a tier marked orderable. A design package is bought once.'),
    quantity: z.int().min(1).max(BOUNDS.productQuantity).default(1).describe(`Units: 1 to ${BOUNDS.productQuantity}, default 1.`),
    quantity_options: z
      .array(z.int().min(1).max(BOUNDS.productQuantity))
      .max(BOUNDS.quantityOptions)
      .default([])
      .describe(`Up to ${BOUNDS.quantityOptions} other quantities (each 1 to ${BOUNDS.productQuantity}) to price beside \`quantity\`; none for a design package.`),
    label: Label,
  })
  .strict()
  .meta({ id: 'ProductItem',
    example: { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2, quantity_options: [4], label: 'North pasture' },
  });
export type ProductItem = z.infer<typeof ProductItem>;

export const QuoteRequestItem = z.discriminatedUnion('kind', [ProductItem, PlateItemRequest]).meta({ id: 'QuoteRequestItem' });
export type QuoteRequestItem = z.infer<typeof QuoteRequestItem>;

export const QuoteRequest = z
  .object({ items: z.array(QuoteRequestItem).min(1).max(BOUNDS.itemsPerQuote) })
  .strict()
  .meta({ id: 'QuoteRequest' });
export type QuoteRequest = z.infer<typeof QuoteRequest>;
export type QuoteRequestInput = z.input<typeof QuoteRequest>;

/** A quote request with every plate's shapes in place (imports resolved): what is priced and kept. */
export interface ResolvedQuoteRequest {
  items: Array<ProductItem | PlateItem>;
}

/** A request whose plates are all typed (none names an import), as a resolved request. */
export function typedRequest(request: QuoteRequest): ResolvedQuoteRequest {
  return { items: request.items.map((item) => (item.kind === 'plate' ? typedPlate(item) : item)) };
}

export const QuantityOption = z
  .object({ quantity: z.int(), unit_amount_cents: z.int(), amount_cents: z.int() })
  .meta({ id: 'QuantityOption', description: 'The same item priced at another quantity (CAD cents before HST).' });
export type QuantityOption = z.infer<typeof QuantityOption>;

export const DELIVERY_STATUSES = ['quoted_after_order', 'priced_at_checkout', 'not_applicable'] as const;
export const Delivery = z
  .object({
    status: z.enum(DELIVERY_STATUSES).describe('quoted_after_order = freight quoted by the operator after the order and not in this quote; priced_at_checkout = the order page prices delivery from the address, or the person picks up; not_applicable = nothing ships.'),
    note: z.string().nullable(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

export const QuotedPlate = z
  .object({
    material: MaterialId,
    thickness_in: z.number(),
    width_in: z.number().describe("Extent of the outline in the item's frame."),
    height_in: z.number(),
    hole_count: z.int(),
    slot_count: z.int(),
    bend_count: z.int(),
    weight_lb: z.number().nullable().describe('One piece; null when blocked before pricing.'),
    cut_length_in: z.number().nullable().describe('One piece; null when blocked before pricing.'),
    preview_url: z
      .string()
      .nullable()
      .describe('SVG drawing of the part as priced; null when the plate is blocked.'),
  })
  .meta({ id: 'QuotedPlate' });
export type QuotedPlate = z.infer<typeof QuotedPlate>;

export const QuotedProduct = z
  .object({ slug: z.string(), tier: TierKind, product_url: z.string() })
  .meta({ id: 'QuotedProduct' });
export type QuotedProduct = z.infer<typeof QuotedProduct>;

export const ITEM_STATUSES = ['ready', 'blocked'] as const;
export const PRICE_TYPES = ['firm', 'estimate'] as const;
const PriceType = z.enum(PRICE_TYPES);

export const QuotedItem = z
  .object({
    index: z.int().min(0).describe('Place in the quote, from 0.'),
    kind: z.enum(['product', 'plate']),
    description: z.string().describe('Written by the service.'),
    label: z.string().nullable().describe("The requester's label as sent (null if dropped)."),
    status: z.enum(ITEM_STATUSES),
    price_type: PriceType,
    quantity: z.int(),
    quantity_options: z.array(QuantityOption),
    unit_amount_cents: z.int().nullable().describe('Before HST.'),
    amount_cents: z.int().nullable().describe('Before HST.'),
    includes: z.array(z.string()),
    delivery: Delivery,
    lead_time: LeadTime.nullable().describe('For the quantity asked; null when confirmed after the order (an info issue then gives the figure for one) or none to state.'),
    issues: z.array(Issue),
    plate: QuotedPlate.nullable(),
    product: QuotedProduct.nullable(),
  })
  .meta({ id: 'QuotedItem' });
export type QuotedItem = z.infer<typeof QuotedItem>;

export const QUOTE_STATUSES = ['ready', 'blocked', 'expired'] as const;
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

export const Quote = z
  .object({
    object: z.literal('quote'),
    id: z.string().meta({ example: 'q_4Vx9kQ2mT7pL1sN8rB3cZ0' }),
    status: QuoteStatus,
    price_type: PriceType,
    beta: z.boolean().describe('True when any part is an estimate.'),
    notice: z.string().nullable().describe('What an estimate means; pass it on as written.'),
    currency: z.literal('cad'),
    items: z.array(QuotedItem).describe('In request order.'),
    amount_subtotal_cents: z.int().nullable().describe('Before HST.'),
    amount_tax_cents: z.int().nullable().describe('HST (13%, Ontario) as its own figure.'),
    amount_total_cents: z.int().nullable(),
    tax_note: z.string(),
    issues: z.array(Issue).describe('Quote-level issues.'),
    price_book: z
      .string()
      .meta({ example: '2026-11-24.1' })
      .describe('Version of the price book the quote was priced from (the date it changed and a serial); GET /status names the current one.'),
    created_at: Timestamp,
    expires_at: Timestamp.describe('created_at + 7 days.'),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof Quote>;
