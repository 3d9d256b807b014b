// What each error and issue code means and what to do about it: the docs page's reference, which
// every error's `doc_url` points into (`/docs#error-{code}`, `/docs#issue-{code}`).
import type { ErrorCode, IssueCode } from './codes';
import { BOUNDS } from './bounds';

export interface CodeDoc {
  /** When it happens. */
  meaning: string;
  /** What the caller does next. */
  action: string;
}

export const ERROR_DOCS: Record<ErrorCode, CodeDoc> = {
  invalid_json: { meaning: 'The body is not valid JSON, nests deeper than 32 levels, or could not be read (a bad Content-Encoding, a length that disagrees with Content-Length).', action: 'Send plain UTF-8 JSON; check quotes, commas and brackets.' },
  request_malformed: { meaning: 'The request is not valid HTTP/1.1, so no route could read it.', action: 'Check the request line and headers; use an HTTP library.' },
  cross_site_request: { meaning: 'A page\'s form or button was posted from another site, or without the cookie its page set (pages only; nothing was kept).', action: 'Open the page and send the form from there, in the same browser.' },
  route_not_found: { meaning: 'No route or page has this path.', action: 'Check the path against the reference; every API path starts with /api/v1.' },
  product_not_found: { meaning: 'No published product has this slug.', action: 'List the products (GET /products or search_products) and use a slug from the list.' },
  quote_not_found: { meaning: 'No quote has this id: it was never given out, or it was removed 30 days after it expired.', action: 'Check the id; ask for a new quote if it is gone.' },
  preview_not_found: { meaning: 'The item has no drawing: it is a catalog product, or a blocked plate.', action: 'Only a ready plate item has a drawing; act on its issues and quote again.' },
  handoff_not_found: { meaning: 'The order link does not exist or was removed (30 days after its quotes expired).', action: 'Ask for a new quote and a new order link.' },
  design_not_found: { meaning: 'The plate design behind this page does not exist or was removed.', action: 'Open the order page again from its link, or ask for a new quote.' },
  rfq_link_not_found: { meaning: 'The quote-request link does not exist or was removed.', action: 'Ask for a new quote-request link.' },
  order_request_not_found: { meaning: 'No order request has this reference: the confirmation page\'s address was not copied whole.', action: 'Open the confirmation page from the address shown when the order was sent, or ask the shop quoting the reference.' },
  plate_import_not_found: { meaning: 'No imported drawing has this id, or it has expired (imports are kept 30 days).', action: 'Import the drawing again (POST /plate-imports or import_dxf).' },
  drawing_not_found: { meaning: 'The item has no cut file: it is a catalog product, or a blocked plate.', action: 'Only a ready plate item has a DXF; act on its issues and quote again.' },
  method_not_allowed: { meaning: 'The path exists, but not with this method.', action: 'Use a method the Allow header lists.' },
  request_timeout: { meaning: 'The request did not arrive in time: headers within 10 s, the whole request within 30 s.', action: 'Send it again; it is safe to retry.' },
  quote_expired: { meaning: 'The quote is past its expires_at (quotes hold their prices 7 days).', action: 'Ask for a new quote and hand that one off.' },
  quote_not_ready: { meaning: 'The quote is blocked: an issue stops it, so it cannot be ordered.', action: 'Act on its blocking issues, ask for a new quote, and hand that one off; or make a quote-request link.' },
  idempotency_key_reused: { meaning: 'This Idempotency-Key came with another body to this route in the last 24 hours; a key stands for one request.', action: 'Send a new key (a new UUID) for a new request.' },
  idempotency_key_in_use: { meaning: 'The first request with this Idempotency-Key is still running (or its process stopped before keeping anything: the key is free again after 60 s).', action: 'Send the same request again after Retry-After seconds: it gets the first answer, or runs once if the first kept nothing.' },
  link_expired: { meaning: 'The link has expired: order links with their quotes (7 days), quote-request links after 30 days.', action: 'Ask for a new quote or a new link.' },
  body_too_large: { meaning: `The body is over the route's limit: ${BOUNDS.bodyBytes / 1024} KiB of JSON, ${BOUNDS.dxfBytes / 1024 / 1024} MiB for a drawing (POST /plate-imports), or a page form over its own limit.`, action: `Send fewer or smaller items; a quote takes at most ${BOUNDS.itemsPerQuote}.` },
  unsupported_media_type: { meaning: 'The body is not UTF-8 application/json.', action: 'Send Content-Type: application/json and a plain UTF-8 body.' },
  parameter_missing: { meaning: 'A required field is missing; param names it.', action: 'Add the field param names.' },
  parameter_invalid: { meaning: 'A field has a wrong type or is outside its bounds; param names it and the message says what it must be.', action: 'Fix the field as the message says; details.errors lists up to 10 problems at once.' },
  parameter_unknown: { meaning: 'A field or query parameter the request does not take (also a name, e-mail or phone key on a quote-request link).', action: 'Remove it; every request refuses keys it does not know.' },
  product_unknown: { meaning: 'A quote item names a slug that is not a product.', action: 'List the products (GET /products or search_products) and use a slug from the list.' },
  tier_not_orderable: { meaning: 'The tier cannot be ordered online: its price is on request.', action: 'Choose an orderable tier, or make a quote-request link for it.' },
  material_unavailable: { meaning: 'The material is not a plate material, or online plate orders are switched off.', action: 'Use a material id from GET /materials (list_materials); when the list is empty, make a quote-request link.' },
  thickness_not_offered: { meaning: 'The thickness is not one the material is sold in; the message names the listed value or the nearest ones.', action: 'Send a thickness_in exactly as GET /materials (list_materials) lists it.' },
  quantity_out_of_range: { meaning: `A quantity or quantity option is outside its range: plates 1 to ${BOUNDS.plateQuantity}, products 1 to ${BOUNDS.productQuantity}, at most ${BOUNDS.quantityOptions} options.`, action: 'Send a whole number in range.' },
  design_quantity_fixed: { meaning: 'A design package is bought once: quantity 1, no quantity options.', action: 'Send quantity 1 and leave quantity_options out.' },
  design_repeated: { meaning: 'The same design package is named twice in one quote.', action: 'Name each design package once.' },
  handoff_too_many_items: { meaning: 'The quotes of one order link hold more than 10 items together.', action: 'Split them over two order links.' },
  contact_details_not_allowed: { meaning: 'A quote-request description or material reads as carrying a link, web or e-mail address or phone number.', action: 'Describe only the work; the person adds their own details on the form.' },
  import_unknown: { meaning: 'A plate item names an import_id that was never given out or has expired (imports are kept 30 days).', action: 'Import the drawing again (POST /plate-imports or import_dxf) and quote with the new id.' },
  dxf_unreadable: { meaning: 'The file is not an ASCII DXF drawing: binary DXF, DWG, truncated, empty or another format.', action: 'Save the drawing as ASCII DXF (R12 or later) from the CAD program and send it again.' },
  dxf_units_unknown: { meaning: 'The drawing does not say its units ($INSUNITS missing or 0) and none were given.', action: 'Send the units the drawing was made in: units=in or units=mm.' },
  dxf_no_part: { meaning: 'The drawing has no closed contour to cut: only open lines, text or dimensions.', action: 'Close the part\'s outline (every path joined end to end) and send it again.' },
  dxf_several_parts: { meaning: 'The drawing holds several separate parts (outer contours apart from each other); the message gives the count.', action: 'Send one part per file; a title block or border drawn around the part counts as a part, so remove it.' },
  dxf_too_complex: { meaning: `The drawing is past the limits: over ${BOUNDS.dxfEntities.toLocaleString('en-US')} entities once blocks are expanded (or over 400,000 entities, vertices and control points), a block that inserts itself, curves that flatten to over 400,000 points, a spline of degree over 11, over ${BOUNDS.importVertices.toLocaleString('en-US')} vertices once curves are flattened, or a part past a plate's cut-out limits; each is found before the work is done.`, action: 'Simplify the drawing (fewer entities, curves as arcs rather than many short lines) or ask for a quote-request link.' },
  dxf_too_large: { meaning: `Something the drawing cuts is far larger than any plate: a curve or the part over ${BOUNDS.importExtentIn.toLocaleString('en-US')} in across, or a point over 1,000,000 in from the origin, at the units it was read in. The message names the entity and its layer.`, action: 'Check the drawing\'s units (units=in or units=mm) and scale, and take out construction geometry drawn far away.' },
  rate_limited: { meaning: 'Past a rate limit of this client address (details.scope and details.limit say which).', action: 'Wait Retry-After seconds (retry_after_seconds from a tool), then send again.' },
  headers_too_large: { meaning: 'The request headers are over 16 KiB.', action: 'Send fewer or shorter headers.' },
  internal_error: { meaning: 'Something failed on the service side; nothing was done.', action: 'Send again later; if it keeps failing, tell the shop the request_id.' },
  storage_unavailable: { meaning: 'The database could not be reached or written just now (another process holding it or a table locked past the 2 s wait, a full disk); nothing was lost.', action: 'Retry after Retry-After seconds; it is safe to retry.' },
  service_busy: {
    meaning: 'The service is at its capacity just now: too many large plates waiting to be priced or drawings being read (or one took too long).',
    action: 'Retry after the Retry-After seconds; it is safe to retry.',
  },
};

export const ISSUE_DOCS: Record<IssueCode, CodeDoc> = {
  label_dropped: { meaning: 'The item label was left off: it used characters other than letters, digits, spaces and - _ # . , ( ) / \' ", or read as a link, address or phone number.', action: 'Nothing stops the item; send a plain label if one is wanted.' },
  thickness_over_laser: { meaning: 'The plate is thicker than the laser cuts in this material; it is sold, but not cut.', action: 'Choose a thickness within the material\'s max_laser_thickness_in, or make a quote-request link.' },
  outline_invalid: { meaning: 'The polygon outline crosses or touches itself, doubles back, or has no area.', action: 'List the corners in order around the part, each edge meeting only its neighbours.' },
  part_too_small: { meaning: 'The part is under the smallest size that can be cut (it would fall through the bed).', action: 'Make it at least the size the message gives each way.' },
  part_exceeds_sheet: { meaning: 'The part fits the 60 x 120 in sheet neither way round.', action: 'Keep it within the sheet, or split it into pieces.' },
  hole_outside_part: { meaning: 'A hole or slot lies outside the part or runs past its edge.', action: 'Move it inside the outline with material all round it, or change the outline.' },
  hole_too_close_to_edge: { meaning: 'A hole leaves less material to an edge than the plate is thick (at least 1/16 in).', action: 'Move it in by the amount the message gives, or make the plate larger.' },
  holes_overlap: { meaning: 'Two cutouts overlap or leave less material between them than the plate is thick; the message counts every such pair.', action: 'Space them out, make them smaller, or use fewer.' },
  hole_too_small: { meaning: 'A hole or slot is narrower than half the plate thickness: the laser cannot cut it.', action: 'Make it at least the size the message gives, or choose thinner plate.' },
  bend_misses_part: { meaning: 'A fold line does not cross the part (at most it touches an edge or corner).', action: 'Move its points so the line runs across the material.' },
  bends_cross: { meaning: 'Two fold lines meet or lie on each other inside the part.', action: 'Move one so they meet outside the part, or split the part.' },
  bend_flange_too_short: { meaning: 'The material on one side of a fold is under 4 x the thickness (at least 1/4 in), or two folds are closer than two such flanges.', action: 'Move the fold, or the edge or fold beyond it, apart by the amount the message gives.' },
  bend_not_offered: { meaning: 'The press brake does not bend this material at this thickness (6061-T6 is not bent at all).', action: 'Remove the bends, or choose a material and thickness that is bent.' },
  web_too_narrow: { meaning: 'The outline itself is narrower than the plate is thick somewhere: a ring wall, a strip, a neck or leg, or a point sharper than about 28 degrees.', action: 'Widen it there by the amount the message gives, open or cut off the point, or choose thinner plate.' },
  dxf_open_contour: { meaning: 'A path of the drawing does not close: the message gives the gap and both ends, in inches.', action: 'Join the two ends in the CAD program (gaps over 0.005 in are not joined here) and import again.' },
  dxf_island: { meaning: 'A contour lies inside a cut-out, so that piece would fall out of the part.', action: 'Remove it, or bridge it to the part (letters like O, A and B need bridges).' },
  dxf_contours_cross: { meaning: 'A cut-out crosses the outline or another cut-out.', action: 'Move or resize it so each cut-out lies inside the part, apart from the others.' },
  dxf_spline_unreadable: { meaning: 'A spline is given only by fit points, which cannot be read exactly; it would be left uncut.', action: 'Convert the spline to a polyline or arcs in the CAD program, or save it with control points.' },
  dxf_part_too_large: { meaning: `The part as read is over ${BOUNDS.lengthIn} in either way, larger than any plate may be, so it cannot be quoted; it is still drawn on the preview. Usually a drawing in millimetres read as inches.`, action: 'Check the units: import again with units=mm or units=in, or fix the drawing\'s scale.' },
  dxf_unsupported_entity: { meaning: 'The drawing holds 3D geometry (solids, meshes, regions, 3D faces) that a flat part cannot be cut from.', action: 'Export a flat 2D drawing of the part (its flat pattern) as DXF.' },
  dxf_gap_joined: { meaning: 'Two ends more than 0.001 in and up to 0.005 in apart were joined; the message says where.', action: 'Check the part there; fix the drawing if the gap was not meant to be closed.' },
  dxf_units_suspect: { meaning: 'At the units used the part is larger than the sheet or smaller than the smallest part, and would fit at 25.4 times another scale.', action: 'Check the units: import again with units=in or units=mm.' },
  hole_smaller_than_thickness: { meaning: 'A hole is smaller than the plate thickness: it can be cut but may come out tapered and rough.', action: 'Nothing stops the item; make it at least the thickness for a clean hole.' },
  hole_near_bend: { meaning: 'A hole is closer to a fold than 2.5 x the thickness and may stretch out of shape when bent.', action: 'Nothing stops the item; move it further from the fold, or accept some distortion.' },
  plate_not_carried: { meaning: 'The plate is not stocked; bringing it in adds days, included in the lead time when one is stated.', action: 'Nothing to do; a carried thickness is quicker.' },
  certification_note: { meaning: 'What the product needs before it may be used, or how it is certified: a permit, an engineer\'s stamp, a VIN and compliance label, welding to CSA W47.1.', action: 'Nothing stops the item; read it before ordering and plan for what it names.' },
  lead_time_after_order: { meaning: 'The job needs more than 10 sheets or 8 press-brake hours, too much to state a lead time now; it is confirmed after the order. The message gives the sheets and hours, and the days a job within those figures takes.', action: 'Nothing stops the item; ask the shop for a date after ordering, or order fewer pieces.' },
};
