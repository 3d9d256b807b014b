// The OpenAPI 3.1.0 document of the REST interface, built from the same zod schemas that validate it.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { ErrorEnvelope } from './errors';
import { API_PREFIX } from './public-paths';
export type { HttpMethod } from './api-routes';
import { Handoff, HandoffRequest } from './handoffs';
import { MaterialList } from './materials';
import { Product, ProductList, ProductQuery } from './products';
import { ProfileList, ProfileQuery } from './profiles';
import { Quote, QuoteRequest } from './quotes';
import { RfqLink, RfqLinkRequest } from './rfq';
import { Status } from './status';
import { z } from './zod';


const requestIdHeader = z.string().openapi({ description: 'Identifies the request; equals `request_id` in an error.' });
const headers = z.object({ 'X-Request-Id': requestIdHeader });

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The body is not valid JSON (`invalid_json`).',
  404: 'Not found.',
  405: 'The path exists but not with this method (`method_not_allowed`).',
  409: 'Conflict with the state of a quote.',
  413: 'The body is over 256 KiB (`body_too_large`).',
  415: 'The body is not `application/json` (`unsupported_media_type`).',
  422: 'A parameter is missing, unknown or outside what the lists give; `param` names it. `details.errors` lists at most 10 of the problems found and `details.errors_total` counts them all; a message is at most 1,000 characters.',
  429: 'Rate limit exceeded (`rate_limited`); wait `Retry-After` seconds.',
  500: 'Unexpected failure (`internal_error`).',
  503: 'Storage could not be reached or written (`storage_unavailable`), or too much large pricing is waiting (`service_busy`); retryable.',
};

function errorResponses(statuses: number[]): Record<number, ResponseConfig> {
  const out: Record<number, ResponseConfig> = {};
  for (const status of statuses) {
    out[status] = {
      description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
      headers:
        status === 429
          ? headers.extend({ 'Retry-After': z.string().openapi({ description: 'Seconds to wait before trying again.' }) })
          : headers,
      content: { 'application/json': { schema: ErrorEnvelope } },
    };
  }
  return out;
}

const json = (schema: z.ZodType, description: string): ResponseConfig => ({
  description,
  headers,
  content: { 'application/json': { schema } },
});

const READ_ERRORS = [405, 429, 500, 503];
const WRITE_ERRORS = [400, 405, 413, 415, 422, 429, 500, 503];

const OpenApiDocumentShape = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.record(z.string(), z.unknown()),
    servers: z.array(z.record(z.string(), z.unknown())),
    paths: z.record(z.string(), z.unknown()),
    components: z.record(z.string(), z.unknown()),
  })
  .loose()
  .openapi('OpenApiDocument');

function routes(): RouteConfig[] {
  const publicId = z.object({ public_id: z.string().openapi({ example: 'q_4Vx9kQ2mT7pL1sN8rB3cZ0' }) });
  return [
    {
      method: 'get',
      path: '/status',
      operationId: 'getStatus',
      summary: 'Service status',
      responses: { 200: json(Status, 'The service is up.'), ...errorResponses([405, 500, 503]) },
    },
    {
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This document',
      responses: { 200: json(OpenApiDocumentShape, 'The OpenAPI 3.1.0 document.'), ...errorResponses([405, 500]) },
    },
    {
      method: 'get',
      path: '/materials',
      operationId: 'listMaterials',
      summary: 'Plate materials with every thickness sold',
      description: 'Empty while online plate orders are switched off. Takes no query parameters.',
      responses: { 200: json(MaterialList, 'Every plate material.'), ...errorResponses([422, ...READ_ERRORS]) },
    },
    {
      method: 'get',
      path: '/products',
      operationId: 'listProducts',
      summary: 'Catalog products with their tiers',
      request: { query: ProductQuery },
      responses: { 200: json(ProductList, 'A page of products.'), ...errorResponses([422, ...READ_ERRORS]) },
    },
    {
      method: 'get',
      path: '/products/{slug}',
      operationId: 'getProduct',
      summary: 'One product',
      request: { params: z.object({ slug: z.string().openapi({ example: 'round-bale-feeder' }) }) },
      responses: {
        200: json(Product, 'The product.'),
        ...errorResponses([404, ...READ_ERRORS]),
        404: { description: 'No published product has the slug (`product_not_found`).', headers, content: { 'application/json': { schema: ErrorEnvelope } } },
      },
    },
    {
      method: 'get',
      path: '/profiles',
      operationId: 'listProfiles',
      summary: 'Structural sections',
      description: 'Tube, angle and bar sections first, then W shapes and C shapes by designation.',
      request: { query: ProfileQuery },
      responses: { 200: json(ProfileList, 'A page of profiles.'), ...errorResponses([422, ...READ_ERRORS]) },
    },
    {
      method: 'post',
      path: '/quotes',
      operationId: 'createQuote',
      summary: 'Price 1 to 10 items',
      description:
        'Prices plates and catalog products and keeps the quote. A blocked quote is a normal 201 answer carrying blocking issues. Asking again makes a new quote.\n\n' +
        'Bounded output: an item carries at most 25 issues, blocking first, then warnings, then information, each group in the order of the request\'s fields; repeats of one code on one item beyond the first three are folded into the third, whose message gives the total. A quote\'s JSON stays under 256 KiB for any legal request. Large plates are priced on worker threads; when too many wait, the answer is 503 `service_busy` (retryable).',
      request: { body: { required: true, content: { 'application/json': { schema: QuoteRequest } } } },
      responses: { 201: json(Quote, 'The quote, kept as created.'), ...errorResponses(WRITE_ERRORS) },
    },
    {
      method: 'get',
      path: '/quotes/{public_id}',
      operationId: 'getQuote',
      summary: 'A quote exactly as created',
      description: 'Reads `expired` once past `expires_at`; removed 30 days after it expires.',
      request: { params: publicId },
      responses: {
        200: json(Quote, 'The quote.'),
        ...errorResponses([404, ...READ_ERRORS]),
        404: { description: 'Never given out or already removed (`quote_not_found`).', headers, content: { 'application/json': { schema: ErrorEnvelope } } },
      },
    },
    {
      method: 'get',
      path: '/quotes/{public_id}/items/{index}/preview.svg',
      operationId: 'getPlatePreview',
      summary: 'Drawing of one plate item',
      description: 'Outline, every hole and slot, each bend as a dashed line with its direction and angle.',
      request: { params: publicId.extend({ index: z.int().min(0).openapi({ example: 0, description: 'Place of the item in the quote, from 0.' }) }) },
      responses: {
        200: { description: 'The drawing.', headers, content: { 'image/svg+xml': { schema: z.string() } } },
        ...errorResponses([404, 422, ...READ_ERRORS]),
        404: {
          description: 'No such quote (`quote_not_found`) or the item has no drawing (`preview_not_found`).',
          headers,
          content: { 'application/json': { schema: ErrorEnvelope } },
        },
      },
    },
    {
      method: 'post',
      path: '/handoffs',
      operationId: 'createHandoff',
      summary: 'Order link for items of ready quotes',
      description: 'The `url` is a bearer link: give it only to the person it is for.',
      request: { body: { required: true, content: { 'application/json': { schema: HandoffRequest } } } },
      responses: { 201: json(Handoff, 'The order link.'), ...errorResponses([404, 409, ...WRITE_ERRORS]) },
    },
    {
      method: 'post',
      path: '/rfq-links',
      operationId: 'createRfqLink',
      summary: 'Quote-request link from a job description',
      description: 'Carries nothing about the person: a name, e-mail or phone key, or contact details in the text, is refused.',
      request: { body: { required: true, content: { 'application/json': { schema: RfqLinkRequest } } } },
      responses: { 201: json(RfqLink, 'The quote-request link.'), ...errorResponses(WRITE_ERRORS) },
    },
  ];
}

export interface OpenApiOptions {
  /** The public address of the service, without the `/api/v1` prefix. */
  publicUrl: string;
}

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** Builds the OpenAPI 3.1.0 document; the result is plain JSON and may be cached by the caller. */
export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  for (const route of routes()) registry.registerPath(route);
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Plate and catalog quoting API',
      version: 'v1',
      description:
        'Instant, firm quotes in CAD cents with HST (13%, Ontario) as its own figure for laser-cut plate and catalog products. No key or account. Nothing is bought or paid through this API.',
    },
    servers: [{ url: `${options.publicUrl.replace(/\/+$/, '')}${API_PREFIX}` }],
  });
}
