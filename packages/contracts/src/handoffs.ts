// Order links: one page showing items of ready quotes, each with a button.
import { Timestamp } from './common';
import { z } from './zod';
import { BOUNDS } from './bounds';

export const HandoffRequest = z
  .object({
    quote_ids: z
      .array(z.string().min(1).max(BOUNDS.quoteIdLength))
      .min(1)
      .max(BOUNDS.handoffQuoteIds)
      .describe(
        `Ids (q_...) of 1 to ${BOUNDS.handoffQuoteIds} ready, unexpired quotes, each once; at most ${BOUNDS.handoffItems} items across them.`,
      ),
  })
  .strict()
  .meta({ id: 'HandoffRequest', example: { quote_ids: ['q_4Vx9kQ2mT7pL1sN8rB3cZ0'] } });
export type HandoffRequest = z.infer<typeof HandoffRequest>;

export const HANDOFF_ACTIONS = ['open_plate_quoter', 'open_product_page'] as const;
export type HandoffAction = (typeof HANDOFF_ACTIONS)[number];

export const HandoffItem = z
  .object({
    quote_id: z.string(),
    index: z.int(),
    description: z.string(),
    action: z.enum(HANDOFF_ACTIONS).describe("What the item's button does."),
    label: z.string().nullable(),
  })
  .meta({ id: 'HandoffItem' });
export type HandoffItem = z.infer<typeof HandoffItem>;

export const Handoff = z
  .object({
    object: z.literal('handoff'),
    id: z.string(),
    url: z.string().describe('A bearer link: anyone holding it can open the page. Give it only to the person it is for.'),
    expires_at: Timestamp.describe('When the last of its quotes expires.'),
    items: z.array(HandoffItem).describe('In the order the quotes list them.'),
  })
  .meta({ id: 'Handoff' });
export type Handoff = z.infer<typeof Handoff>;
