// The OpenAPI 3.1.0 document of the REST interface, built from the same zod schemas that validate it.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import {
  API_PREFIX,
  ERROR_STATUS,
  ErrorEnvelope,
  Handoff,
  HandoffRequest,
  MaterialList,
  Product,
  ProductList,
  ProductQuery,
  ProfileList,
  ProfileQuery,
  PlateImport,
  PlateImportQuery,
  Quote,
  QuoteRequest,
  RfqLink,
  RfqLinkRequest,
  Status,
  z,
} from '@shop/contracts';
import type { ErrorCode } from '@shop/contracts';
import { exampleError, exampleSummary } from './error-examples';
import type { RouteErrorSamples } from './error-examples';
import { REQUEST_EXAMPLES } from './request-examples';
export type { HttpMethod } from '@shop/contracts';


const requestIdHeader = z.string().meta({ description: 'Identifies the request; equals `request_id` in an error.' });
const headers = z.object({ 'X-Request-Id': requestIdHeader });

/** What each error status means; the codes a route can answer with it are listed after. */
const STATUS_TEXT: Record<number, string> = {
  400: 'The request could not be read: not valid HTTP, or a body that is not valid JSON.',
  404: 'Not found.',
  405: 'The path exists but not with this method; `Allow` lists the methods it takes.',
  408: 'The request did not arrive in time (headers within 10 s, the whole request within 30 s); retryable.',
  409: 'Conflict with the state of a quote, or with an earlier request of the same Idempotency-Key.',
  413: 'The body is over the route\'s limit.',
  415: 'The body is not UTF-8 `application/json`.',
  422: 'A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters.',
  429: 'Rate limit exceeded; wait `Retry-After` seconds.',
  431: 'The request headers are over 16 KiB.',
  500: 'Unexpected failure; nothing was done.',
  503: 'Storage could not be reached or written, or too much large pricing is waiting; retryable.',
};

/** The reading limit's refusal, as the GET routes answer it. */
const READING_LIMITED = 'Too many requests: Reading (materials, products, profiles, quotes) allows 120 a minute from one address. Wait 12 s and try again.';
const INDEX_INVALID = 'index must be the whole-number place of an item in the quote, from 0.';

/** Codes every route can answer: Node's own refusals, the wrong method, a query parameter it does not take, a fault. */
const EVERY_ROUTE: readonly ErrorCode[] = ['request_malformed', 'method_not_allowed', 'request_timeout', 'headers_too_large', 'parameter_unknown', 'internal_error'];
/** Codes of a route that spends a rate limit and reads or writes the database. */
const LIMITED: readonly ErrorCode[] = ['rate_limited', 'storage_unavailable'];
/** Codes of a POST: its JSON body, its fields, and its Idempotency-Key. */
const POSTED: readonly ErrorCode[] = [
  ...LIMITED,
  'invalid_json',
  'body_too_large',
  'unsupported_media_type',
  'parameter_missing',
  'parameter_invalid',
  'idempotency_key_reused',
  'idempotency_key_in_use',
];

/** What a route's error responses show beside its codes: its own fields and messages, its body limit. */
interface RouteErrors extends RouteErrorSamples {
  /** The body limit named by a 413 (the JSON routes' 256 KiB unless given). */
  bodyLimit?: string;
}

/**
 * The error responses of a route that can answer `codes`, one per status, each naming its codes and
 * showing each of them as an example of its own (the route's field in `param`).
 */
function errorResponses(publicUrl: string, codes: readonly ErrorCode[], route: RouteErrors = {}): Record<number, ResponseConfig> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...EVERY_ROUTE, ...codes])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, ResponseConfig> = {};
  for (const [status, list] of [...byStatus].sort((x, y) => x[0] - y[0])) {
    const text = status === 413 ? `The body is over ${route.bodyLimit ?? '256 KiB'}.` : (STATUS_TEXT[status] ?? 'Error.');
    out[status] = {
      description: `${text} Codes: ${list.map((code) => `\`${code}\``).join(', ')}.`,
      headers:
        status === 429
          ? headers.extend({ 'Retry-After': z.string().meta({ description: 'Seconds to wait before trying again.' }) })
          : headers,
      content: {
        'application/json': {
          schema: ErrorEnvelope,
          examples: Object.fromEntries(list.map((code) => [code, { summary: exampleSummary(code), value: exampleError(code, publicUrl, route) }])),
        },
      },
    };
  }
  return out;
}

const json = (schema: z.ZodType, description: string): ResponseConfig => ({
  description,
  headers,
  content: { 'application/json': { schema } },
});

const created = (schema: z.ZodType, description: string): ResponseConfig => ({
  description,
  headers: headers.extend({
    'Idempotent-Replayed': z
      .literal('true')
      .optional()
      .meta({ description: 'Set when this is the kept answer of an earlier request with the same Idempotency-Key and body.' }),
  }),
  content: { 'application/json': { schema } },
});

const idempotencyKey = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        'Optional. 1 to 255 visible ASCII characters, new for each new request (a UUID). Within 24 hours, the same key and body from the same client get the first successful answer again, byte for byte (with `Idempotent-Replayed: true`), without doing the work or spending a limit again; the same key with another body is 409 `idempotency_key_reused`; while the first request runs, 409 `idempotency_key_in_use` (retryable). A failed request keeps nothing: its key may be sent again.',
      example: '5f1c2a9e-8d3b-4b7e-9c61-2f0e4a7d13b8',
    }),
});

const OpenApiDocumentShape = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.record(z.string(), z.unknown()),
    servers: z.array(z.record(z.string(), z.unknown())),
    paths: z.record(z.string(), z.unknown()),
    components: z.record(z.string(), z.unknown()),
  })
  .loose()
  .meta({ id: 'OpenApiDocument' });

function routes(publicUrl: string): RouteConfig[] {
  const publicId = z.object({ public_id: z.string().meta({ example: 'q_4Vx9kQ2mT7pL1sN8rB3cZ0' }) });
  const post = (schema: z.ZodType, examples: Record<string, { summary: string; value: unknown }>) => ({
    headers: idempotencyKey,
    body: { required: true, content: { 'application/json': { schema, examples } } },
  });
  const errors = (codes: readonly ErrorCode[], route?: RouteErrors) => errorResponses(publicUrl, codes, route);
  /** A GET that takes no query: its unknown parameter is any it is sent. */
  const noQuery: RouteErrors = { params: { parameter_unknown: 'page' }, messages: { parameter_unknown: 'page is not a query parameter of this route; it takes none: remove it.' } };
  /** A GET with a query of its own (checked field by field, like a body). */
  const listQuery: RouteErrors = {
    params: { parameter_unknown: 'page', parameter_invalid: 'limit' },
    messages: { parameter_unknown: 'page is not a field of this request; remove it.', parameter_invalid: 'limit must be at most 50.' },
  };
  return [
    {
      method: 'get',
      path: '/status',
      operationId: 'getStatus',
      summary: 'Service status',
      description: 'Also says whether the database takes writes and where the rate limits are counted; 503 when the database cannot take a write.',
      responses: { 200: json(Status, 'The service is up.'), ...errors(['storage_unavailable'], noQuery) },
    },
    {
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      responses: { 200: json(OpenApiDocumentShape, 'The OpenAPI 3.1.0 document.'), ...errors([], noQuery) },
    },
    {
      method: 'get',
      path: '/materials',
      operationId: 'listMaterials',
      summary: 'Plate materials with every thickness sold',
      description: 'Empty while online plate orders are switched off. Takes no query parameters.',
      responses: { 200: json(MaterialList, 'Every plate material.'), ...errors(LIMITED, { params: listQuery.params, messages: { parameter_unknown: listQuery.messages!.parameter_unknown!, rate_limited: READING_LIMITED } }) },
    },
    {
      method: 'get',
      path: '/products',
      operationId: 'listProducts',
      summary: 'Catalog products with their tiers',
      request: { query: ProductQuery },
      responses: { 200: json(ProductList, 'A page of products.'), ...errors([...LIMITED, 'parameter_invalid'], { ...listQuery, messages: { ...listQuery.messages, rate_limited: READING_LIMITED } }) },
    },
    {
      method: 'get',
      path: '/products/{slug}',
      operationId: 'getProduct',
      summary: 'One product',
      request: { params: z.object({ slug: z.string().meta({ example: 'round-bale-feeder' }) }) },
      responses: { 200: json(Product, 'The product.'), ...errors([...LIMITED, 'product_not_found'], { ...noQuery, messages: { ...noQuery.messages, rate_limited: READING_LIMITED } }) },
    },
    {
      method: 'get',
      path: '/profiles',
      operationId: 'listProfiles',
      summary: 'Structural sections',
      description: 'Tube, angle and bar sections first, then W shapes and C shapes by designation.',
      request: { query: ProfileQuery },
      responses: { 200: json(ProfileList, 'A page of profiles.'), ...errors([...LIMITED, 'parameter_invalid'], { ...listQuery, messages: { ...listQuery.messages, rate_limited: READING_LIMITED } }) },
    },
    {
      method: 'post',
      path: '/quotes',
      operationId: 'createQuote',
      summary: 'Price 1 to 10 items',
      description:
        'Prices plates and catalog products and keeps the quote. A blocked quote is a normal 201 answer carrying blocking issues. Asking again makes a new quote (unless with the same Idempotency-Key).\n\n' +
        "Bounded output: an item carries at most 25 issues, blocking first, then warnings, then information, each group in the order of the request's fields; repeats of one code on one item beyond the first three are folded into the third, whose message gives the total. A quote's JSON stays under 256 KiB for any legal request. Large plates are priced on worker threads; when too many wait, the answer is 503 `service_busy` (retryable).",
      request: post(QuoteRequest, REQUEST_EXAMPLES.quotes),
      responses: {
        201: created(Quote, 'The quote, kept as created.'),
        ...errors([
          ...POSTED,
          'product_unknown',
          'tier_not_orderable',
          'material_unavailable',
          'thickness_not_offered',
          'quantity_out_of_range',
          'design_quantity_fixed',
          'design_repeated',
          'import_unknown',
          'service_busy',
        ], { params: { parameter_unknown: 'items[0].colour' }, messages: { parameter_unknown: 'colour is not a field of this request; remove it.' } }),
      },
    },
    {
      method: 'get',
      path: '/quotes/{public_id}',
      operationId: 'getQuote',
      summary: 'A quote exactly as created',
      description: 'Reads `expired` once past `expires_at`; removed 30 days after it expires.',
      request: { params: publicId },
      responses: { 200: json(Quote, 'The quote.'), ...errors([...LIMITED, 'quote_not_found'], { ...noQuery, messages: { ...noQuery.messages, rate_limited: READING_LIMITED } }) },
    },
    {
      method: 'get',
      path: '/quotes/{public_id}/items/{index}/preview.svg',
      operationId: 'getPlatePreview',
      summary: 'Drawing of one plate item',
      description: 'Outline, every hole and slot, each bend as a dashed line with its direction and angle.',
      request: { params: publicId.extend({ index: z.int().min(0).meta({ example: 0, description: 'Place of the item in the quote, from 0.' }) }) },
      responses: {
        200: { description: 'The drawing.', headers, content: { 'image/svg+xml': { schema: z.string() } } },
        ...errors([...LIMITED, 'quote_not_found', 'preview_not_found', 'parameter_invalid'], { params: { ...noQuery.params, parameter_invalid: 'index' }, messages: { ...noQuery.messages, parameter_invalid: INDEX_INVALID, rate_limited: READING_LIMITED } }),
      },
    },
    {
      method: 'get',
      path: '/quotes/{public_id}/items/{index}/drawing.dxf',
      operationId: 'getPlateDrawingDxf',
      summary: 'Cut file of one plate item',
      description:
        'The plate as priced, as an ASCII DXF (AutoCAD 2007 format) in inches (`$INSUNITS` 1): the outline and cut-outs as closed polylines and round holes as circles on layer `CUT`, bends as lines on `BEND`, the label on `NOTES`. Slots and round outlines are flattened within 0.002 in. Importing it again (POST /plate-imports) gives the same part.',
      request: { params: publicId.extend({ index: z.int().min(0).meta({ example: 0, description: 'Place of the item in the quote, from 0.' }) }) },
      responses: {
        200: { description: 'The cut file.', headers, content: { 'application/dxf': { schema: z.string() } } },
        ...errors([...LIMITED, 'quote_not_found', 'drawing_not_found', 'parameter_invalid'], { params: { ...noQuery.params, parameter_invalid: 'index' }, messages: { ...noQuery.messages, parameter_invalid: INDEX_INVALID, rate_limited: READING_LIMITED } }),
      },
    },
    {
      method: 'post',
      path: '/plate-imports',
      operationId: 'importPlateDrawing',
      summary: 'Read a DXF drawing into a plate part',
      description:
        `The body is the DXF file itself (ASCII DXF, R12 or later, up to 5 MiB), sent as \`application/dxf\`, \`image/vnd.dxf\` or \`application/octet-stream\`. The part found (outline, exact circles as round holes, other closed contours inside it as cut-outs, lines on a layer named with BEND as bends) is kept 30 days: quote it by naming its \`id\` as \`import_id\` in a plate item, with the material, thickness and quantity. What the drawing holds that is not cut is listed in \`ignored\` (at most 20 entries); what is wrong with it in \`issues\` (a blocking one keeps it from being quoted) and where in \`marks\`; \`preview_url\` draws the part as found, defects marked. Every number is checked before the drawing is flattened: a curve or part over 10,000 in across is \`dxf_too_large\`, one over 120 in is answered with the blocking issue \`dxf_part_too_large\`. Counts against the pricing limit.`,
      request: {
        query: PlateImportQuery,
        headers: idempotencyKey,
        body: { required: true, content: Object.fromEntries(['application/dxf', 'image/vnd.dxf', 'application/octet-stream'].map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])) },
      },
      responses: {
        201: created(PlateImport, 'The part found in the drawing, kept 30 days.'),
        // Its query has no required field: nothing can be missing.
        ...errors([...POSTED.filter((code) => code !== 'parameter_missing'), 'dxf_unreadable', 'dxf_units_unknown', 'dxf_no_part', 'dxf_several_parts', 'dxf_too_complex', 'dxf_too_large', 'service_busy'], {
          bodyLimit: '5 MiB',
          params: { parameter_invalid: 'units', parameter_unknown: 'unit' },
          messages: {
            body_too_large: 'The drawing is larger than 5 MiB; remove what is not the part (title block, other views) or send one part per file.',
            unsupported_media_type: "Send the DXF file itself as the body, with Content-Type: application/dxf, image/vnd.dxf, application/octet-stream (e.g. curl --data-binary @part.dxf -H 'Content-Type: application/dxf').",
            invalid_json: 'The body could not be read: send plain UTF-8 whose length matches Content-Length.',
            parameter_invalid: 'units must be one of "in", "mm".',
            parameter_unknown: 'unit is not a field of this request; remove it.',
            service_busy: 'The service has too much reading the drawing waiting just now; nothing was done. Try again in a few seconds.',
          },
        }),
      },
    },
    {
      method: 'get',
      path: '/plate-imports/{public_id}/preview.svg',
      operationId: 'getPlateImportPreview',
      summary: 'Drawing of an imported part',
      description: 'The part as found. With a blocking issue it is still drawn, the defects marked where they lie (an open contour in red with its gap circled at both ends, an island filled red, where contours cross circled) and named in a legend under the part.',
      request: { params: z.object({ public_id: z.string().meta({ example: 'pi_4Vx9kQ2mT7pL1sN8rB3cZ0' }) }) },
      responses: {
        200: { description: 'The drawing.', headers, content: { 'image/svg+xml': { schema: z.string() } } },
        ...errors([...LIMITED, 'plate_import_not_found'], { ...noQuery, messages: { ...noQuery.messages, rate_limited: READING_LIMITED } }),
      },
    },
    {
      method: 'post',
      path: '/handoffs',
      operationId: 'createHandoff',
      summary: 'Order link for items of ready quotes',
      description: 'The `url` is a bearer link: give it only to the person it is for.',
      request: post(HandoffRequest, REQUEST_EXAMPLES.handoffs),
      responses: {
        201: created(Handoff, 'The order link.'),
        ...errors([...POSTED, 'quote_not_found', 'quote_expired', 'quote_not_ready', 'handoff_too_many_items'], {
          params: { parameter_missing: 'quote_ids', parameter_invalid: 'quote_ids', parameter_unknown: 'quote_id', quote_not_found: 'quote_ids[0]' },
          messages: {
            parameter_missing: 'quote_ids is required.',
            parameter_invalid: 'quote_ids must have at most 10 entries.',
            parameter_unknown: 'quote_id is not a field of this request; remove it.',
            rate_limited: 'Too many requests: Order links allows 30 a minute from one address. Wait 12 s and try again.',
          },
        }),
      },
    },
    {
      method: 'post',
      path: '/rfq-links',
      operationId: 'createRfqLink',
      summary: 'Quote-request link from a job description',
      description: 'Carries nothing about the person: a name, e-mail or phone key, or contact details in the text, is refused.',
      request: post(RfqLinkRequest, REQUEST_EXAMPLES.rfqLinks),
      responses: {
        201: created(RfqLink, 'The quote-request link.'),
        ...errors([...POSTED, 'contact_details_not_allowed'], {
          params: { parameter_missing: 'description', parameter_invalid: 'description', parameter_unknown: 'email' },
          messages: {
            parameter_missing: 'description is required.',
            parameter_invalid: 'description must be at most 2000 characters long.',
            parameter_unknown: 'email is not a field of this request; remove it.',
            rate_limited: 'Too many requests: Quote-request links allows 10 a minute from one address. Wait 12 s and try again.',
          },
        }),
      },
    },
  ];
}

export interface OpenApiOptions {
  /** The public address of the service, without the `/api/v1` prefix. */
  publicUrl: string;
}

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null;

/**
 * Completes every discriminator's mapping from the schemas its oneOf names. The generator leaves out
 * an option whose zod schema transforms its value (the polygon outline drops a closing point), so a
 * typed client generated from the mapping would not know `polygon`.
 */
function completeDiscriminatorMappings(document: OpenApiDocument): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonObject>;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node)) return;
    const { discriminator, oneOf } = node;
    if (isObject(discriminator) && typeof discriminator.propertyName === 'string' && Array.isArray(oneOf)) {
      const mapping = (isObject(discriminator.mapping) ? discriminator.mapping : {}) as Record<string, string>;
      for (const option of oneOf) {
        const ref = isObject(option) && typeof option.$ref === 'string' ? option.$ref : null;
        const target = ref === null ? undefined : schemas[ref.replace('#/components/schemas/', '')];
        const tag = isObject(target) && isObject(target.properties) ? target.properties[discriminator.propertyName] : undefined;
        const values = isObject(tag) && Array.isArray(tag.enum) ? tag.enum : [];
        for (const value of values) if (typeof value === 'string' && mapping[value] === undefined) mapping[value] = ref!;
      }
      discriminator.mapping = mapping;
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
}

/** Builds the OpenAPI 3.1.0 document; the result is plain JSON and may be cached by the caller. */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  // Keyless by design: every operation says it needs no security.
  for (const route of routes(options.publicUrl.replace(/\/+$/, ''))) registry.registerPath({ ...route, security: [] });
  const generator = new OpenApiGeneratorV31(registry.definitions);
  const document = generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Plate and catalog quoting API',
      version: 'v1',
      description:
        'Instant, firm quotes in CAD cents with HST (13%, Ontario) as its own figure for laser-cut plate and catalog products. No key or account. Nothing is bought or paid through this API.\n\n' +
        'Every error is one envelope, `{"error": {type, code, message, request_id, param, retryable, doc_url, details}}`; `doc_url` opens the section of the docs page on its code. Any other path under the prefix answers 404 `route_not_found`.',
      license: { name: 'Proprietary: the shop operating this service', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'The shop operating this service', url: `${options.publicUrl.replace(/\/+$/, '')}/docs` },
    },
    servers: [{ url: `${options.publicUrl.replace(/\/+$/, '')}${API_PREFIX}` }],
    security: [],
  });
  completeDiscriminatorMappings(document);
  return document;
}
