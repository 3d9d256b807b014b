// What the tools tell an assistant that has never seen the shop: the server's instructions, each
// tool's description and the catalog-dependent field descriptions. The materials, thicknesses and
// divisions are read from the catalog when the server starts, so a description never names a value
// the catalog does not hold.
import { BOUNDS } from '@shop/contracts';
import type { CatalogSummary } from '@shop/service';

export const TOOL_NAMES = [
  'list_materials',
  'search_products',
  'import_dxf',
  'quote_plate',
  'quote_product',
  'get_quote',
  'create_handoff_link',
  'create_rfq_link',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** What the descriptions read from the catalog. */
export type CatalogFacts = CatalogSummary;

/** Sent at initialize and on server/discover: the order of calls for a typical job. */
export const INSTRUCTIONS = [
  'Instant, firm quotes from a steel shop in Ontario, in CAD cents before tax with HST (13%) as its own figure. Nothing is bought through these tools.',
  'A custom plate part: list_materials (materials and their exact thickness_in values), then quote_plate.',
  'A part in a DXF drawing file: import_dxf with the file\'s text, then quote_plate with its import_id, the material, thickness and quantity.',
  'A catalog product: search_products, then quote_product with its slug and an orderable tier.',
  'A quote whose status is "blocked" is a normal answer: change the part as each blocking issue\'s message says and quote again.',
  'To let the person order, create_handoff_link with the quote ids and give them the url (a bearer link: only to them).',
  'Work the quote tools do not price (weldments, repairs, a drawing that is not a DXF, a blocked part that cannot be fixed): create_rfq_link.',
].join('\n');

const ON_ERROR =
  'On failure the result has isError true and JSON text {"error": {"code", "message", "param", "retry_after_seconds", "doc_url", ...}}: fix the argument named by param as the message says. Past a rate limit, wait retry_after_seconds before calling again.';

const BLOCKED =
  'A quote with status "blocked" is a normal answer, not an error: its amounts are null and each blocking issue says what stops it. Act on the issue message (change the part and quote again), or if the work cannot be done as asked, make a quote-request link with create_rfq_link.';

const MONEY = 'Money is whole CAD cents before tax; HST (13%, Ontario) is its own figure (amount_tax_cents). The quote is kept and valid 7 days.';

const CHECKOUT =
  'Nothing is bought here: to let the person order, make an order link with create_handoff_link. The order page prices the order again, so a price can move at checkout if the shop changes it first.';

const PLATES_OFF =
  'Online plate orders are switched off just now: quote_plate answers material_unavailable for every material. Make a quote-request link with create_rfq_link instead.';

/** "a, b, c or d". */
function either(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** Each material id with its name. */
export function describeMaterialField(facts: CatalogFacts): string {
  if (facts.materials.length === 0) return PLATES_OFF;
  const named = facts.materials.map((material) => `${material.id} (${material.name})`);
  return `Material id, one of: ${named.join('; ')}. list_materials gives the same with stock and lead times.`;
}

/** Every thickness each material is sold in, and what the laser cuts. */
export function describeThicknessField(facts: CatalogFacts): string {
  if (facts.materials.length === 0) return PLATES_OFF;
  const sold = facts.materials.map(
    (material) =>
      `${material.id}: ${material.thicknesses.map((offer) => offer.thickness_in).join(', ')} (cut up to ${material.max_laser_thickness_in})`,
  );
  return `Inches: exactly one of the thicknesses the material is sold in. ${sold.join('; ')}. A thickness past the laser comes back blocked.`;
}

export function describeDivisionField(facts: CatalogFacts): string {
  return `Only products of this division: ${either(facts.divisions)}.`;
}

export function describeTools(facts: CatalogFacts): Record<ToolName, string> {
  const materialIds = facts.materials.map((material) => material.id);
  return {
    list_materials: [
      facts.materials.length === 0
        ? 'Lists the plate materials quote_plate can price, each with every thickness sold; empty just now, as online plate orders are switched off.'
        : `Lists the plate materials quote_plate can price (${either(materialIds)}), each with every thickness sold.`,
      'thickness_in is in inches: send exactly one of these values to quote_plate. carried = stocked; a size not carried is still sold and its lead time includes bringing the plate in.',
      'lead_time is in business days from the order. max_laser_thickness_in is the thickest plate cut in that material: a thicker plate comes back blocked.',
      'The list is empty while online plate orders are switched off. Takes no arguments.',
      ON_ERROR,
    ].join(' '),
    search_products: [
      `Searches the catalog of pre-designed steel products (${either(facts.divisions)}) by words in the name, blurb or division; with no query it lists them all.`,
      `Pages like GET /products: limit 1 to ${BOUNDS.pageLimit} (default ${BOUNDS.pageLimitDefault}); when has_more is true, call again with cursor set to next_cursor and the same query and division.`,
      'Each product lists its tiers: kit (steel cut to the drawings) and welded (built in the shop), with unit_amount_cents (CAD cents before HST; null = price on request), lead_time_days, and orderable (only an orderable tier can be quoted).',
      'Freight on a kit or welded unit is quoted by the shop after the order. Quote a product with quote_product using its slug and tier.',
      ON_ERROR,
    ].join(' '),
    import_dxf: [
      'Reads a DXF drawing of one flat part into a plate part, kept 30 days: use it whenever the person has a DXF file (from CAD) instead of typing the shapes. Then quote it with quote_plate, naming the answer\'s id as import_id with the material, thickness_in and quantity.',
      `dxf: the whole text of an ASCII DXF file (R12 or later; up to ${BOUNDS.dxfToolCharacters.toLocaleString('en-US')} characters; a binary DXF or a DWG is refused with dxf_unreadable: ask for an ASCII DXF). units: in or mm, required when the file does not say (dxf_units_unknown); check width_in and height_in in the answer against what the person expects, and import again with the other units if they are 25.4 times off.`,
      'The answer gives the part found (outline, round holes, cut-outs, bends from lines on a BEND layer), counts, what was not cut (ignored: text, dimensions...), issues (a blocking one, like dxf_open_contour, must be fixed in the drawing and imported again) and preview_url (an SVG of the part). One part per file (dxf_several_parts otherwise).',
      ON_ERROR,
    ].join(' '),
    quote_plate: [
      'Prices one custom flat plate part, laser cut with holes, slots, cut-outs and bends, at a quantity, and keeps it as a quote.',
      'From a DXF drawing: send import_id (from import_dxf) in place of outline, holes and cutouts.',
      `All lengths are inches in one frame, +x right and +y up; outlines, coordinates and diameters at most ${BOUNDS.lengthIn} in, and the part must fit a 60 x 120 in sheet.`,
      `material and thickness_in must come from list_materials exactly. quantity 1 to ${BOUNDS.plateQuantity}: the plate is priced as one job, unit_amount_cents being the job divided by the quantity; quantity_options (up to ${BOUNDS.quantityOptions}) prices other quantities beside it.`,
      `Limits: at most ${BOUNDS.holeEntries} hole entries and ${BOUNDS.cutouts} cutouts in all (each hole of a pattern and each of up to ${BOUNDS.cutoutShapes} cut-out polygons), at most ${BOUNDS.bends} bends, a ring wall at least 1/8 in.`,
      MONEY,
      'The result has weight_lb, cut_length_in, lead_time in business days, and preview_url (an SVG drawing of the part as priced); the cut file (DXF) of a ready plate is at the same address with drawing.dxf in place of preview.svg.',
      BLOCKED,
      CHECKOUT,
      ON_ERROR,
    ].join(' '),
    quote_product: [
      'Prices a catalog product by slug (from search_products) and tier, kit or welded (the tier must be marked orderable), and keeps it as a quote.',
      `quantity 1 to ${BOUNDS.productQuantity} units (default 1); quantity_options (up to ${BOUNDS.quantityOptions}, each 1 to ${BOUNDS.productQuantity}) prices other quantities beside it.`,
      MONEY,
      'Freight on a kit or welded unit is not in the quote: the shop quotes it after the order.',
      BLOCKED,
      CHECKOUT,
      ON_ERROR,
    ].join(' '),
    get_quote: [
      'Returns a quote by its id (q_...) exactly as it was priced, byte for byte.',
      'status reads "expired" once past expires_at (7 days after it was made); an expired quote cannot be ordered: quote again. A quote is removed 30 days after it expires.',
      ON_ERROR,
    ].join(' '),
    create_handoff_link: [
      `Makes an order link for the person: one page listing the items of 1 to ${BOUNDS.handoffQuoteIds} ready, unexpired quotes (at most ${BOUNDS.handoffItems} items across them), each with a button to check and order it.`,
      'The url is a bearer link: anyone holding it can open the page. Give it only to the person it is for; do not post it anywhere public. It works until the last of its quotes expires.',
      'A blocked quote cannot be handed off (quote_not_ready): act on its issues and quote again, or make a quote-request link with create_rfq_link. An expired quote (quote_expired) must be quoted again.',
      'The order page prices the order again, so a price can move at checkout if the shop changes it first.',
      ON_ERROR,
    ].join(' '),
    create_rfq_link: [
      'Makes a quote-request link for work the quote tools do not price: a weldment, a repair, plate past the laser, a drawing that is not a DXF file (a PDF, a photo, a sketch), or a blocked quote that cannot be fixed. A part in a DXF file is quoted instead: import_dxf, then quote_plate with its import_id.',
      'The link opens a form with the job filled in; the person adds their own name and contact details there.',
      `description: 1 to ${BOUNDS.rfqDescription} characters of plain words about the work only (sizes, material, finish, how many, when needed). Never put a name, e-mail address, phone number or link in it (refused: contact_details_not_allowed).`,
      `Optional: material (up to ${BOUNDS.rfqMaterial} characters), thickness_in (inches, > 0 to ${BOUNDS.rfqThicknessIn}), quantity (1 to ${BOUNDS.rfqQuantity}).`,
      'The url is a bearer link valid 30 days: anyone holding it can open the form. Give it only to the person it is for.',
      ON_ERROR,
    ].join(' '),
  };
}
