// Catalog products sold in tiers (design package, kit, welded unit).
import { listOf, pageCursor, pageLimit } from './common';
import { z } from './zod';
import { BOUNDS } from './bounds';

export const TIER_KINDS = ['design', 'kit', 'welded'] as const;
export const TierKind = z.enum(TIER_KINDS).meta({ id: 'TierKind' });
export type TierKind = z.infer<typeof TierKind>;

export const ProductTier = z
  .object({
    kind: TierKind.describe("design = the drawing package; kit = steel cut to the drawings; welded = built in the operator's shop."),
    label: z.string(),
    includes: z.array(z.string()),
    orderable: z.boolean().describe('Only an orderable tier can be quoted.'),
    unit_amount_cents: z.int().nullable().describe('Before HST; null when the price is on request.'),
    lead_time_days: z.int().nullable(),
  })
  .meta({ id: 'ProductTier' });
export type ProductTier = z.infer<typeof ProductTier>;

export const Product = z
  .object({
    object: z.literal('product'),
    slug: z.string(),
    name: z.string(),
    division: z.string(),
    blurb: z.string(),
    product_url: z.string().describe('Page that sells it.'),
    tiers: z.array(ProductTier),
    image_url: z.string().nullable(),
    certification_note: z.string().nullable(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

export const ProductList = listOf(Product, 'ProductList');
export type ProductList = z.infer<typeof ProductList>;

export const ProductQuery = z
  .object({
    search: z
      .string()
      .max(BOUNDS.searchLength)
      .optional()
      .describe(`Words in the name, blurb or division, in any order, ignoring case; up to ${BOUNDS.searchLength} characters.`),
    division: z.string().max(BOUNDS.searchLength).optional().describe('Only products of this division.'),
    limit: pageLimit,
    cursor: pageCursor,
  })
  .strict();
export type ProductQuery = z.infer<typeof ProductQuery>;

export const PRODUCT_SLUG_PATTERN = /^[A-Za-z0-9_-]{1,80}$/;
