// One example error answer per code, as the service writes it, for the reference page: each error
// response of a route shows the codes that route answers with that status, each with its own message.
import { ERROR_DOCS, ERROR_STATUS, errorTypeForStatus, isRetryableCode } from '@shop/contracts';
import type { ErrorCode } from '@shop/contracts';

interface Sample {
  message: string;
  param?: string;
  details?: Record<string, unknown>;
}

/** A message of each code as one of its real answers reads (ids and figures are examples). */
const SAMPLES: Record<ErrorCode, Sample> = {
  invalid_json: { message: 'The body is not valid JSON: check quotes, commas and brackets.' },
  request_malformed: { message: 'The request is not valid HTTP/1.1: its request line or headers could not be read.' },
  cross_site_request: { message: 'This button works only from its own page; open the page and press it there.' },
  route_not_found: { message: 'No route GET /api/v1/quote; see https://quotes.example.ca/docs for the API.' },
  product_not_found: { message: 'No published product has the slug "bale-feeder"; list them with search_products or GET /products.' },
  quote_not_found: { message: 'No quote has the id "q_4Vx9kQ2mT7pL1sN8rB3cZ0": it was never given out or has been removed 30 days after it expired.' },
  preview_not_found: { message: 'Item 1 of quote q_4Vx9kQ2mT7pL1sN8rB3cZ0 has no drawing: only a ready plate item has one.' },
  handoff_not_found: { message: 'This order link does not exist or has been removed.' },
  design_not_found: { message: 'This plate design does not exist or has been removed.' },
  rfq_link_not_found: { message: 'This quote-request link does not exist or has been removed.' },
  order_request_not_found: { message: 'This order request does not exist.' },
  plate_import_not_found: { message: 'No imported drawing has the id "pi_4Vx9kQ2mT7pL1sN8rB3cZ0": it was never given out or has expired (imports are kept 30 days).' },
  drawing_not_found: { message: 'Item 1 of quote q_4Vx9kQ2mT7pL1sN8rB3cZ0 has no cut file: only a ready plate item has one.' },
  method_not_allowed: { message: 'DELETE is not allowed here; use GET or HEAD.' },
  request_timeout: { message: 'The request did not arrive in time: headers within 10 s and the whole request within 30 s. Send it again.' },
  quote_expired: { message: 'Quote q_4Vx9kQ2mT7pL1sN8rB3cZ0 expired at 2026-11-09T15:00:00.000Z; ask for a new quote and hand that one off.', param: 'quote_ids[0]' },
  quote_not_ready: { message: 'Quote q_4Vx9kQ2mT7pL1sN8rB3cZ0 is blocked: act on its issues, ask for a new quote, and hand that one off.', param: 'quote_ids[0]' },
  idempotency_key_reused: { message: 'This Idempotency-Key was sent with another body in the last 24 hours; send a new key for a new request.', param: 'Idempotency-Key' },
  idempotency_key_in_use: { message: 'The first request with this Idempotency-Key is still running; send it again in a moment to get its answer.', param: 'Idempotency-Key' },
  link_expired: { message: 'This quote-request link expired on December 2, 2026 (links work for 30 days), so the form can no longer be sent.' },
  body_too_large: { message: 'The body is larger than 256 KiB; a quote takes at most 10 items.' },
  unsupported_media_type: { message: 'Send the body as JSON with Content-Type: application/json.' },
  parameter_missing: { message: 'items is required.', param: 'items' },
  parameter_invalid: { message: 'outline.width_in must be at most 120.', param: 'items[0].outline.width_in' },
  parameter_unknown: { message: 'colour is not a field of this request; remove it.', param: 'colour' },
  product_unknown: { message: 'slug "bale-feeder" is not a product; list them with search_products or GET /products.', param: 'items[1].slug' },
  tier_not_orderable: { message: 'tier "welded" of mezzanine-platform-10x12 cannot be ordered online (its price is on request); choose kit, or ask for a quote-request link (create_rfq_link or POST /rfq-links).', param: 'items[1].tier' },
  material_unavailable: { message: 'material must be one of "mild_steel", "stainless_304", "stainless_316", "aluminum_6061".', param: 'items[0].material' },
  thickness_not_offered: { message: 'thickness_in 0.2 is not sold in mild_steel; the nearest sold are 0.1875 (3/16 in) and 0.25 (1/4 in): send one exactly as listed (every thickness: list_materials or GET /materials).', param: 'items[0].thickness_in' },
  quantity_out_of_range: { message: 'quantity must be at most 999.', param: 'items[0].quantity' },
  design_quantity_fixed: { message: 'quantity must be 1 for a design package: it is bought once.', param: 'items[1].quantity' },
  design_repeated: { message: 'items[2] asks again for the design package of round-bale-feeder, already named at items[1]; a design package is bought once, so name it once.', param: 'items[2].slug' },
  handoff_too_many_items: { message: 'These quotes hold 12 items; one order link takes at most 10. Split them over two links.', param: 'quote_ids' },
  contact_details_not_allowed: { message: 'description reads as containing a phone number. Describe only the work; the person adds their own contact details on the form.', param: 'description' },
  import_unknown: { message: 'import_id "pi_4Vx9kQ2mT7pL1sN8rB3cZ0" names no imported drawing: it was never given out or has expired (imports are kept 30 days). Import the drawing again with POST /plate-imports or import_dxf.', param: 'items[0].import_id' },
  dxf_unreadable: { message: 'The file is a binary DXF, which is not read here. Save the drawing as ASCII DXF (R12 or later) and send it again.' },
  dxf_units_unknown: { message: 'The drawing does not say which units it was made in ($INSUNITS is missing or 0). Send units=in or units=mm.', param: 'units' },
  dxf_no_part: { message: 'No closed contour was found, so there is no part to cut. One contour is open; the first: its ends (0, 0) and (0, 0.05) (drawing coordinates) are 0.05 in apart, more than the 0.005 in that is joined. Close it in the drawing.' },
  dxf_several_parts: { message: 'The drawing holds 3 separate parts (outer contours starting at (0, 0), (10, 0), (20, 0), drawing coordinates). Send one part per file.' },
  dxf_too_complex: { message: 'The part has 24,512 vertices once its curves are flattened, over the 20,000 that are read. Simplify the outline and cutouts.' },
  dxf_too_large: { message: 'Read in millimetres, the ARC on layer 0 (entity 12) is an arc 2e+20 in across; nothing larger than 10,000 in is read (no plate comes near that size). Check the drawing\'s units and scale, or take that entity out.' },
  rate_limited: {
    message: 'Too many requests: Pricing (new quotes) allows 60 a minute from one address. Wait 12 s and try again.',
    details: { scope: 'pricing', limit: 60, window: 'minute' },
  },
  headers_too_large: { message: 'The request headers are over 16 KiB.' },
  internal_error: { message: 'Something went wrong on our side; the request was not completed.' },
  storage_unavailable: { message: 'The quote store could not keep the quote just now; nothing was lost. Try again in a few seconds.' },
  service_busy: { message: 'The service has too much plate pricing waiting just now; nothing was done. Try again in a few seconds.' },
};

export interface RouteErrorSamples {
  /** The route's own field for a code whose param differs from one route to another. */
  params?: Partial<Record<ErrorCode, string>>;
  /** The route's own message for a code (a body limit of its own, a field of its own). */
  messages?: Partial<Record<ErrorCode, string>>;
}

/** The error envelope of `code` as `route` answers it, with its doc_url on `publicUrl`. */
export function exampleError(code: ErrorCode, publicUrl: string, route: RouteErrorSamples = {}): { error: Record<string, unknown> } {
  const sample = SAMPLES[code];
  const param = route.params?.[code] ?? sample.param ?? null;
  return {
    error: {
      type: errorTypeForStatus(ERROR_STATUS[code]),
      code,
      message: route.messages?.[code] ?? sample.message,
      request_id: 'req_8fK2mQ9xLp4Rt7Vb1Nc3',
      param,
      retryable: isRetryableCode(code),
      doc_url: `${publicUrl.replace(/\/+$/, '')}/docs#error-${code}`,
      details: sample.details ?? null,
    },
  };
}

/** The example's one-line title: the code and when it is answered. */
export function exampleSummary(code: ErrorCode): string {
  return `${code}: ${ERROR_DOCS[code].meaning}`;
}
