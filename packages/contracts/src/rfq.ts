// Quote-request links for work the quote endpoint does not price.
import { Timestamp } from './common';
import { z } from './zod';
import { BOUNDS } from './bounds';

export const RfqLinkRequest = z
  .object({
    description: z
      .string()
      .min(1)
      .max(BOUNDS.rfqDescription)
      .describe(
        `1 to ${BOUNDS.rfqDescription} characters of plain words about the work: sizes, material, finish, how many, when needed. No name, e-mail address, phone number or link.`,
      ),
    material: z
      .string()
      .max(BOUNDS.rfqMaterial)
      .nullable()
      .default(null)
      .describe(`The material in plain words, up to ${BOUNDS.rfqMaterial} characters; optional.`),
    thickness_in: z
      .number()
      .gt(0)
      .lte(BOUNDS.rfqThicknessIn)
      .nullable()
      .default(null)
      .describe(`Thickness in inches, > 0 and at most ${BOUNDS.rfqThicknessIn}; optional.`),
    quantity: z.int().min(1).max(BOUNDS.rfqQuantity).nullable().default(null).describe(`How many, 1 to ${BOUNDS.rfqQuantity}; optional.`),
  })
  .strict()
  .meta({ id: 'RfqLinkRequest',
    example: {
      description: 'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall, hot-dip galvanized. Needed in 3 weeks.',
      material: 'mild steel',
      thickness_in: 0.375,
      quantity: 12,
    },
  });
export type RfqLinkRequest = z.infer<typeof RfqLinkRequest>;

export const RfqLink = z
  .object({
    object: z.literal('rfq_link'),
    id: z.string(),
    url: z.string().describe('Opens the quote-request form with the job filled in; a bearer link.'),
    expires_at: Timestamp.describe('30 days after creation.'),
  })
  .meta({ id: 'RfqLink' });
export type RfqLink = z.infer<typeof RfqLink>;

/**
 * What a person sends from the quote-request form: the job (editable) and their own contact
 * details. Kept for the shop only; never returned by the API.
 */
export const RfqSubmissionForm = z
  .object({
    description: z.string().trim().min(1).max(BOUNDS.rfqDescription),
    material: z.string().trim().max(BOUNDS.rfqMaterial).nullable().default(null),
    thickness_in: z.number().gt(0).lte(BOUNDS.rfqThicknessIn).nullable().default(null),
    quantity: z.int().min(1).max(BOUNDS.rfqQuantity).nullable().default(null),
    name: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+()0-9 .\-x]*$/, 'may use only digits, spaces and + ( ) . - x')
      .nullable()
      .default(null),
    company: z.string().trim().max(100).nullable().default(null),
  })
  .strict();
export type RfqSubmissionForm = z.infer<typeof RfqSubmissionForm>;
