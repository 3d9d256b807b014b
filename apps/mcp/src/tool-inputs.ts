// The input schemas of the tools, built from the same zod contracts as the REST bodies (DESIGN.md
// section 4 fixes their names), and how each becomes the REST request its use case takes.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { HandoffRequest, PlateItem, ProductItem, ProductQuery, RfqLinkRequest, parseRequest, z } from '@shop/contracts';

// PlateItem carries a refinement, so zod refuses `.omit()`; its shape is taken whole and `kind` left
// out (the cutout count the refinement checks is checked again by the quote use case).
const { kind: _plateKind, ...plateShape } = PlateItem.shape;

export const QuotePlateInput = z
  .object({
    ...plateShape,
    material: plateShape.material.describe('Material id from list_materials: mild_steel, stainless_304, stainless_316 or aluminum_6061.'),
    thickness_in: plateShape.thickness_in.describe("Inches; exactly one of the material's thickness_in values from list_materials."),
    outline: plateShape.outline.describe(
      'Inches, +x right, +y up. rectangle {width_in, height_in}, circle {diameter_in}, ring {outer_diameter_in, inner_diameter_in} (lower-left of the bounding box on the origin), or polygon {points_in: [[x, y], ...]} with 3 to 200 corners.',
    ),
    holes: plateShape.holes.describe(
      'Hole patterns in the outline frame: single, linear, grid, bolt_circle, slot. At most 200 entries and 500 cutouts in all.',
    ),
    bends: plateShape.bends.describe('Straight folds across the whole part, by two points on the fold line; at most 10.'),
    quantity: plateShape.quantity.describe('Pieces, 1 to 999; the plate is priced as one job at this quantity.'),
    quantity_options: plateShape.quantity_options.describe('Up to 5 other quantities to price beside quantity.'),
    label: plateShape.label.describe('Optional short name for the part, up to 60 characters; no contact details.'),
  })
  .strict();

export const QuoteProductInput = z
  .object({
    slug: ProductItem.shape.slug.describe('Product slug from search_products.'),
    tier: z.enum(['kit', 'welded']).describe('kit = steel cut to the drawings; welded = built in the shop. The tier must be marked orderable.'),
    quantity: ProductItem.shape.quantity.describe('Units, 1 to 50.'),
    quantity_options: ProductItem.shape.quantity_options.describe('Up to 5 other quantities (1 to 50) to price beside quantity.'),
    label: ProductItem.shape.label.describe('Optional short name, up to 60 characters; no contact details.'),
  })
  .strict();

export const SearchProductsInput = z
  .object({
    query: ProductQuery.shape.search.describe('Words in the name, blurb or division, any order, ignoring case. Leave out to list all.'),
    division: ProductQuery.shape.division.describe('Only products of this division: farm, shop, trailer or structural.'),
  })
  .strict();

export const ListMaterialsInput = z.object({}).strict();

export const GetQuoteInput = z
  .object({ quote_id: z.string().min(1).max(64).describe('The quote id (q_...) from quote_plate or quote_product.') })
  .strict();

export const CreateHandoffInput = HandoffRequest;
export const CreateRfqLinkInput = RfqLinkRequest;

/** The tools list no more than fit one page: the largest page the product list allows. */
const PRODUCT_PAGE = 50;

// A quote tool's arguments are checked as item 0 of a quote request, so the codes that depend on the
// field's place (quantity_out_of_range, material_unavailable, thickness_not_offered) and the messages
// are REST's own.
const PlateQuoteArgs = z.object({ items: z.tuple([QuotePlateInput]) });
const ProductQuoteArgs = z.object({ items: z.tuple([QuoteProductInput]) });

export function toPlateQuoteRequest(args: unknown): { items: unknown[] } {
  parseRequest(PlateQuoteArgs, { items: [args] });
  return { items: [{ kind: 'plate', ...(args as object) }] };
}

export function toProductQuoteRequest(args: unknown): { items: unknown[] } {
  parseRequest(ProductQuoteArgs, { items: [args] });
  return { items: [{ kind: 'product', ...(args as object) }] };
}

export function toProductQuery(args: unknown): ProductQuery {
  const { query, division } = parseRequest(SearchProductsInput, args);
  return { limit: PRODUCT_PAGE, ...(query === undefined ? {} : { search: query }), ...(division === undefined ? {} : { division }) };
}

export function toQuoteId(args: unknown): string {
  return parseRequest(GetQuoteInput, args).quote_id;
}

/**
 * The schema the SDK advertises in tools/list, with the SDK's own check left open: the arguments are
 * validated by the contracts inside the tool, so a bad argument gets REST's error code, message and
 * param rather than the SDK's generic text.
 */
export function advertiseInput(schema: z.ZodType): StandardSchemaWithJSON<Record<string, unknown>> {
  const json = schema['~standard'].jsonSchema;
  return {
    '~standard': {
      version: 1,
      vendor: 'shop-contracts',
      validate: (value: unknown) => ({ value: value as Record<string, unknown> }),
      jsonSchema: {
        input: (options) => convertOnce(schema, `advertised:${options.target}`, () => portable(json.input(options))),
        output: (options) => convertOnce(schema, `advertised:${options.target}`, () => portable(json.input(options))),
      },
    },
  };
}

// JSON Schemas already converted, per zod schema and conversion. The SDK converts a tool's schemas
// on every tools/call (the server is built per request), which was a quarter of a call's CPU time.
const converted = new WeakMap<object, Map<string, Record<string, unknown>>>();

function convertOnce(schema: object, key: string, convert: () => Record<string, unknown>): Record<string, unknown> {
  let bySchema = converted.get(schema);
  if (!bySchema) {
    bySchema = new Map();
    converted.set(schema, bySchema);
  }
  let json = bySchema.get(key);
  if (!json) {
    json = convert();
    bySchema.set(key, json);
  }
  return json;
}

/** The same schema (same validation), with its JSON Schema conversions computed once per process. */
export function cacheJsonSchema<I, O>(schema: StandardSchemaWithJSON<I, O>): StandardSchemaWithJSON<I, O> {
  const standard = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value: unknown) => standard.validate(value),
      jsonSchema: {
        input: (options) => convertOnce(schema, `input:${options.target}`, () => standard.jsonSchema.input(options)),
        output: (options) => convertOnce(schema, `output:${options.target}`, () => standard.jsonSchema.output(options)),
      },
    },
  };
}

/**
 * zod writes a tuple's "no more items" as `items: false`; some clients map tool schemas onto dialects
 * that want a schema object there, so it becomes the equivalent `{ not: {} }`.
 */
function portable<T>(node: T): T {
  if (Array.isArray(node)) return node.map(portable) as T;
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === 'items' && value === false ? { not: {} } : portable(value)]),
  ) as T;
}
