// What the plate quoter's script reads from GET /plate/{design_id}/price: today's price of a plate
// design at a quantity, in figures and as the page writes them.
import { Issue } from './common';
import { LeadTime } from './materials';
import { z } from './zod';

export const PriceDisplay = z
  .object({
    quantity: z.int(),
    unit: z.string(),
    /** Why unit x quantity misses the amount by a few cents (the unit price is rounded); empty when it does not. */
    unitNote: z.string(),
    amount: z.string(),
    tax: z.string(),
    total: z.string(),
    leadTime: z.string(),
    leadTimeNote: z.string(),
    change: z.string(),
    /** What stops or qualifies today's price at this quantity (a blocking issue, a lead time to confirm). */
    notes: z.array(z.string()),
    checkoutHref: z.string().nullable(),
  })
  .strict();
export type PriceDisplay = z.infer<typeof PriceDisplay>;

export const PlatePrice = z
  .object({
    object: z.literal('plate_price'),
    design_id: z.string(),
    quantity: z.int().min(1),
    status: z.enum(['ready', 'blocked']),
    unit_amount_cents: z.int().nullable(),
    amount_cents: z.int().nullable(),
    tax_cents: z.int().nullable(),
    total_cents: z.int().nullable(),
    lead_time: LeadTime.nullable(),
    /** The amount's change since the quote at the quoted quantity; null when either is not priced. */
    change_since_quote_cents: z.int().nullable(),
    issues: z.array(Issue),
    display: PriceDisplay,
  })
  .strict();
export type PlatePrice = z.infer<typeof PlatePrice>;
