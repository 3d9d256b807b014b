// The input schemas of the tools, built from the same zod contracts as the REST bodies (docs/decisions.md,
// the tool server), and how each becomes the REST request its use case takes.
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { BOUNDS, HandoffRequest, ImportDxfInput, PlateItemRequest, ProductItem, ProductQuery, RfqLinkRequest, ServiceError, parseRequest, z } from '@shop/contracts';
import type { DrawingInput } from '@shop/service';
import { describeDivisionField, describeMaterialField, describeThicknessField } from './tool-descriptions';
import type { CatalogFacts } from './tool-descriptions';
import { portableJsonSchema } from './portable-schema';

// PlateItemRequest carries a refinement, so zod refuses `.omit()`; its shape is taken whole and `kind` left
// out (the cutout count the refinement checks is checked again by the quote use case).
const { kind: _plateKind, ...plateShape } = PlateItemRequest.shape;

/** quote_plate's arguments: a plate item without `kind`, every field described by the contract. */
const QuotePlateInput = z.object(plateShape).strict();

export const QuoteProductInput = z
  .object({
    slug: ProductItem.shape.slug,
    tier: z.enum(['kit', 'welded']).describe('kit = steel cut to the drawings; welded = built in the shop. The tier must be marked orderable.'),
    quantity: ProductItem.shape.quantity,
    quantity_options: ProductItem.shape.quantity_options,
    label: ProductItem.shape.label,
  })
  .strict();

const SearchProductsInput = z
  .object({
    query: ProductQuery.shape.search,
    division: ProductQuery.shape.division,
    limit: z.int().min(1).max(BOUNDS.pageLimit).default(BOUNDS.pageLimitDefault).describe(ProductQuery.shape.limit.description ?? ''),
    cursor: ProductQuery.shape.cursor.describe(`The next_cursor of the previous page (up to ${BOUNDS.searchLength} characters), sent with the same query and division.`),
  })
  .strict();

export const ListMaterialsInput = z.object({}).strict();

// No length bound: GET /quotes/{id} answers any id that is not a quote's quote_not_found, and so does the tool.
export const GetQuoteInput = z
  .object({ quote_id: z.string().min(1).describe(`The quote id (q_..., ${BOUNDS.quoteIdLength} characters at most) from quote_plate or quote_product.`) })
  .strict();

export const CreateHandoffInput = HandoffRequest;
export const CreateRfqLinkInput = RfqLinkRequest;

/** The catalog's divisions as an enum (any other division finds nothing). */
function divisionField(divisions: readonly string[]) {
  const [first, ...rest] = divisions;
  return first === undefined ? ProductQuery.shape.division : z.enum([first, ...rest]).optional();
}

/** The schemas advertised in tools/list where a description names catalog values. */
export function describeInputs(facts: CatalogFacts): { quotePlate: z.ZodType; searchProducts: z.ZodType } {
  return {
    quotePlate: QuotePlateInput.extend({
      material: plateShape.material.describe(describeMaterialField(facts)),
      thickness_in: plateShape.thickness_in.describe(describeThicknessField(facts)),
    }),
    searchProducts: SearchProductsInput.extend({ division: divisionField(facts.divisions).describe(describeDivisionField(facts)) }),
  };
}

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

/** search_products' argument names, each with any value: its values are checked as GET /products checks them. */
const SearchProductsNames = z.object(Object.fromEntries(Object.keys(SearchProductsInput.shape).map((name) => [name, z.unknown().optional()]))).strict();

/**
 * search_products' arguments as the query of GET /products, checked by the same contract, so a bad
 * value gets REST's code and message ("search must be at most 40 characters long."); `param` names the
 * tool's argument (`query`). An argument the tool does not take is refused by its own name first
 * (REST's `search` included), as REST refuses an unknown query parameter before any value.
 */
export function toProductQuery(args: unknown): ProductQuery {
  parseRequest(SearchProductsNames, args);
  const { query, ...others } = args as Record<string, unknown>;
  const restQuery = Object.prototype.hasOwnProperty.call(args, 'query') ? { search: query, ...others } : others;
  try {
    return parseRequest(ProductQuery, restQuery);
  } catch (error) {
    throw renameParam(error, { search: 'query' });
  }
}

/** The same error with `param` naming the tool's argument where REST's field has another name. */
function renameParam(error: unknown, names: Record<string, string>): unknown {
  if (!(error instanceof ServiceError) || error.param === null || names[error.param] === undefined) return error;
  return new ServiceError(error.code, error.message, { param: names[error.param], details: error.details });
}

/** import_dxf's arguments as the import use case takes them: the text in place of the file's bytes. */
export function toDrawingInput(args: unknown): DrawingInput {
  const { dxf, ...options } = parseRequest(ImportDxfInput, args);
  return { file: dxf, options };
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
        input: (options) => convertOnce(schema, `advertised:${options.target}`, () => portableJsonSchema(json.input(options))),
        output: (options) => convertOnce(schema, `advertised:${options.target}`, () => portableJsonSchema(json.input(options))),
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

/** The same schema (same validation), with its portable JSON Schema conversions computed once per process. */
export function cacheJsonSchema<I, O>(schema: StandardSchemaWithJSON<I, O>): StandardSchemaWithJSON<I, O> {
  const standard = schema['~standard'];
  return {
    '~standard': {
      version: 1,
      vendor: standard.vendor,
      validate: (value: unknown) => standard.validate(value),
      jsonSchema: {
        input: (options) => convertOnce(schema, `input:${options.target}`, () => portableJsonSchema(standard.jsonSchema.input(options))),
        output: (options) => convertOnce(schema, `output:${options.target}`, () => portableJsonSchema(standard.jsonSchema.output(options))),
      },
    },
  };
}
