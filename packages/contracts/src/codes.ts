// The closed lists of error codes (with their HTTP status) and issue codes (with their severity).
// Each table is the only place its mapping lives; the error type follows from the status.

export const ERROR_STATUS = {
  invalid_json: 400,
  request_malformed: 400,
  cross_site_request: 403,
  route_not_found: 404,
  product_not_found: 404,
  quote_not_found: 404,
  preview_not_found: 404,
  handoff_not_found: 404,
  design_not_found: 404,
  rfq_link_not_found: 404,
  order_request_not_found: 404,
  plate_import_not_found: 404,
  drawing_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  quote_expired: 409,
  quote_not_ready: 409,
  idempotency_key_reused: 409,
  idempotency_key_in_use: 409,
  link_expired: 410,
  body_too_large: 413,
  unsupported_media_type: 415,
  parameter_missing: 422,
  parameter_invalid: 422,
  parameter_unknown: 422,
  product_unknown: 422,
  tier_not_orderable: 422,
  material_unavailable: 422,
  thickness_not_offered: 422,
  quantity_out_of_range: 422,
  design_quantity_fixed: 422,
  design_repeated: 422,
  handoff_too_many_items: 422,
  contact_details_not_allowed: 422,
  import_unknown: 422,
  dxf_unreadable: 422,
  dxf_units_unknown: 422,
  dxf_no_part: 422,
  dxf_several_parts: 422,
  dxf_too_complex: 422,
  dxf_too_large: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  storage_unavailable: 503,
  service_busy: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

export const ERROR_TYPES = [
  'invalid_request_error',
  'not_found_error',
  'conflict_error',
  'rate_limit_error',
  'api_error',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** The error type of an HTTP status: 404/410 not found, 409 conflict, 429 rate limit, 5xx api, other 4xx invalid request. */
export function errorTypeForStatus(status: number): ErrorType {
  if (status === 404 || status === 410) return 'not_found_error';
  if (status === 409) return 'conflict_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** Whether a caller may send the same request again and expect it to succeed later. */
export function isRetryableCode(code: ErrorCode): boolean {
  return code === 'rate_limited' || code === 'storage_unavailable' || code === 'service_busy' || code === 'request_timeout' || code === 'idempotency_key_in_use';
}

export const ISSUE_SEVERITY = {
  label_dropped: 'warning',
  thickness_over_laser: 'blocking',
  outline_invalid: 'blocking',
  part_too_small: 'blocking',
  part_exceeds_sheet: 'blocking',
  hole_outside_part: 'blocking',
  hole_too_close_to_edge: 'blocking',
  holes_overlap: 'blocking',
  hole_too_small: 'blocking',
  bend_misses_part: 'blocking',
  bends_cross: 'blocking',
  bend_flange_too_short: 'blocking',
  bend_not_offered: 'blocking',
  web_too_narrow: 'blocking',
  dxf_open_contour: 'blocking',
  dxf_island: 'blocking',
  dxf_contours_cross: 'blocking',
  dxf_spline_unreadable: 'blocking',
  dxf_unsupported_entity: 'blocking',
  dxf_part_too_large: 'blocking',
  dxf_gap_joined: 'warning',
  dxf_units_suspect: 'warning',
  hole_smaller_than_thickness: 'warning',
  hole_near_bend: 'warning',
  plate_not_carried: 'info',
  certification_note: 'info',
  lead_time_after_order: 'info',
} as const;

export type IssueCode = keyof typeof ISSUE_SEVERITY;
export const ISSUE_CODES = Object.keys(ISSUE_SEVERITY) as [IssueCode, ...IssueCode[]];
export const SEVERITIES = ['blocking', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
