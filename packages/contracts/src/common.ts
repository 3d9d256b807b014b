// Schemas shared by several resources: lengths, ids, timestamps, the list envelope, issues.
import { ISSUE_CODES, SEVERITIES } from './codes';
import { z } from './zod';
import { BOUNDS } from './bounds';

/** A length in inches, > 0 and at most `max`. */
export const positiveInches = (max: number) => z.number().gt(0).lte(max);
/** A coordinate in inches, 0 to 120. */
export const coordinate = z.number().gte(0).lte(BOUNDS.lengthIn);
/** An angle in degrees, -360 to 360, default 0. */
export const angleDeg = z.number().gte(-BOUNDS.angleDeg).lte(BOUNDS.angleDeg).default(0);

export const Timestamp = z.iso.datetime({ offset: false }).meta({ example: '2026-11-21T15:04:05.123Z' });

const Severity = z.enum(SEVERITIES);

export const Issue = z
  .object({
    code: z.enum(ISSUE_CODES).describe('Issue code; new codes may be added.'),
    severity: Severity.describe('A blocking issue stops the quote: act on its message and ask for a new quote.'),
    message: z.string(),
    param: z.string().nullable().describe('The request field it is about.'),
  })
  .meta({ id: 'Issue',
    example: {
      code: 'label_dropped',
      severity: 'warning',
      message: 'The label was left off: it may only use letters, digits, spaces and - _ # . , ( ) / \' ".',
      param: 'items[0].label',
    },
  });
export type Issue = z.infer<typeof Issue>;

/** `{object: 'list', data, has_more, next_cursor}` around a listed resource. */
export function listOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean().default(false),
      next_cursor: z
        .string()
        .nullable()
        .default(null)
        .describe('Send back as `cursor` with the same filters.'),
    })
    .meta({ id: name });
}

export interface ListEnvelope<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export const Label = z
  .string()
  .max(BOUNDS.labelLength)
  .nullable()
  .default(null)
  .meta({ example: 'Bracket A' })
  .describe(
    "The requester's label. Letters, digits, spaces and - _ # . , ( ) / ' \" only; anything else, or a label reading as a link, address or phone number, is left off with a `label_dropped` warning.",
  );

/** Paging of a list: `limit` 1 to 50 (default 20) and the opaque `cursor` of the previous page. */
export const pageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(BOUNDS.pageLimit)
  .default(BOUNDS.pageLimitDefault)
  .meta({ type: 'integer', minimum: 1, maximum: BOUNDS.pageLimit, default: BOUNDS.pageLimitDefault })
  .describe(`1 to ${BOUNDS.pageLimit}; default ${BOUNDS.pageLimitDefault}.`);
export const pageCursor = z
  .string()
  .max(BOUNDS.searchLength)
  .optional()
  .describe('The `next_cursor` of the previous page.');
