// The tools of the server, each mirroring a REST route through the same service use case:
// validate the arguments, call one use case, answer its REST body (or its error) as the tool result.
import type { CallToolResult, McpServer, StandardSchemaWithJSON, ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from '@shop/contracts';
import { Handoff, MaterialList, ProductList, Quote, RfqLink } from '@shop/contracts';
import type { Clock, RequestContext, Service } from '@shop/service';
import { currentCaller } from './app';
import {
  CreateHandoffInput,
  CreateRfqLinkInput,
  GetQuoteInput,
  ListMaterialsInput,
  QuotePlateInput,
  QuoteProductInput,
  SearchProductsInput,
  advertiseInput,
  cacheJsonSchema,
  toPlateQuoteRequest,
  toProductQuery,
  toProductQuoteRequest,
  toQuoteId,
} from './tool-inputs';
import { toToolError, toToolResult } from './tool-results';

export interface ShopToolDeps {
  service: Service;
  clock: Clock;
  /** Told of anything thrown that is not a ServiceError (the caller gets internal_error). */
  reportError?: (error: unknown) => void;
  /** The REST app's address: `doc_url` of a tool error points at its docs page. */
  publicUrl?: string;
}

export const TOOL_NAMES = [
  'list_materials',
  'search_products',
  'quote_plate',
  'quote_product',
  'get_quote',
  'create_handoff_link',
  'create_rfq_link',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const ON_ERROR =
  'On failure the result has isError true and JSON text {"error": {"code", "message", "param", "retry_after_seconds", ...}}: fix the argument named by param as the message says. Past a rate limit, wait retry_after_seconds before calling again.';

const BLOCKED =
  'A quote with status "blocked" is a normal answer, not an error: its amounts are null and each blocking issue says what stops it. Act on the issue message (change the part and quote again), or if the work cannot be done as asked, make a quote-request link with create_rfq_link.';

const MONEY = 'Money is whole CAD cents before tax; HST (13%, Ontario) is its own figure (amount_tax_cents). The quote is kept and valid 7 days.';

const CHECKOUT =
  'Nothing is bought here: to let the person order, make an order link with create_handoff_link. The order page prices the order again, so a price can move at checkout if the shop changes it first.';

const DESCRIPTIONS: Record<ToolName, string> = {
  list_materials: [
    'Lists the plate materials quote_plate can price (mild_steel, stainless_304, stainless_316, aluminum_6061), each with every thickness sold.',
    'thickness_in is in inches: send exactly one of these values to quote_plate. carried = stocked; a size not carried is still sold and its lead time includes bringing the plate in.',
    'lead_time is in business days from the order. max_laser_thickness_in is the thickest plate cut in that material: a thicker plate comes back blocked.',
    'The list is empty while online plate orders are switched off. Takes no arguments.',
    ON_ERROR,
  ].join(' '),
  search_products: [
    'Searches the catalog of pre-designed steel products (farm, shop, trailer, structural) by words in the name, blurb or division; with no query it lists them all.',
    'Each product lists its tiers: kit (steel cut to the drawings) and welded (built in the shop), with unit_amount_cents (CAD cents before HST; null = price on request), lead_time_days, and orderable (only an orderable tier can be quoted).',
    'Freight on a kit or welded unit is quoted by the shop after the order. Quote a product with quote_product using its slug and tier.',
    ON_ERROR,
  ].join(' '),
  quote_plate: [
    'Prices one custom flat plate part, laser cut with holes, slots and bends, at a quantity, and keeps it as a quote.',
    'All lengths are inches in one frame, +x right and +y up; outlines, coordinates and diameters at most 120 in, and the part must fit a 60 x 120 in sheet.',
    'material and thickness_in must come from list_materials exactly. quantity 1 to 999: the plate is priced as one job, unit_amount_cents being the job divided by the quantity; quantity_options (up to 5) prices other quantities beside it.',
    'Limits: at most 200 hole entries and 500 cutouts in all, at most 10 bends, a ring wall at least 1/8 in.',
    MONEY,
    'The result has weight_lb, cut_length_in, lead_time in business days, and preview_url (an SVG drawing of the part as priced).',
    BLOCKED,
    CHECKOUT,
    ON_ERROR,
  ].join(' '),
  quote_product: [
    'Prices a catalog product by slug (from search_products) and tier, kit or welded (the tier must be marked orderable), and keeps it as a quote.',
    'quantity 1 to 50 units (default 1); quantity_options (up to 5, each 1 to 50) prices other quantities beside it.',
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
    'Makes an order link for the person: one page listing the items of 1 to 10 ready, unexpired quotes (at most 10 items across them), each with a button to check and order it.',
    'The url is a bearer link: anyone holding it can open the page. Give it only to the person it is for; do not post it anywhere public. It works until the last of its quotes expires.',
    'A blocked quote cannot be handed off (quote_not_ready): act on its issues and quote again, or make a quote-request link with create_rfq_link. An expired quote (quote_expired) must be quoted again.',
    'The order page prices the order again, so a price can move at checkout if the shop changes it first.',
    ON_ERROR,
  ].join(' '),
  create_rfq_link: [
    'Makes a quote-request link for work the quote tools do not price: a part from a drawing, a weldment, a repair, plate past the laser, or a blocked quote that cannot be fixed.',
    'The link opens a form with the job filled in; the person adds their own name and contact details there.',
    'description: 1 to 2000 characters of plain words about the work only (sizes, material, finish, how many, when needed). Never put a name, e-mail address, phone number or link in it (refused: contact_details_not_allowed).',
    'Optional: material (up to 60 characters), thickness_in (inches, > 0 to 12), quantity (1 to 100000).',
    'The url is a bearer link valid 30 days: anyone holding it can open the form. Give it only to the person it is for.',
    ON_ERROR,
  ].join(' '),
};

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
/** Creates a new record each call (a new id): neither read-only nor idempotent, and it destroys nothing. */
const CREATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

interface ToolSpec {
  title: string;
  input: z.ZodType;
  output: StandardSchemaWithJSON;
  annotations: ToolAnnotations;
  /** REST's path of the field a tool argument stands for, dropped from `param` in errors. */
  paramPrefix?: string;
  /** Validates the arguments, calls one use case, and returns its REST body as JSON text. */
  run(args: unknown, ctx: RequestContext): Promise<string>;
}

export function registerShopTools(server: McpServer, deps: ShopToolDeps): void {
  const { service } = deps;
  const specs: Record<ToolName, ToolSpec> = {
    list_materials: {
      title: 'List plate materials and thicknesses',
      input: ListMaterialsInput,
      output: MaterialList,
      annotations: READ_ONLY,
      run: async (args, ctx) => JSON.stringify(await service.listMaterials(args, ctx)),
    },
    search_products: {
      title: 'Search catalog products',
      input: SearchProductsInput,
      output: ProductList,
      annotations: READ_ONLY,
      run: async (args, ctx) => JSON.stringify(await service.listProducts(toProductQuery(args), ctx, { withoutDesignTier: true })),
    },
    quote_plate: {
      title: 'Quote a laser-cut plate part',
      input: QuotePlateInput,
      output: Quote,
      annotations: CREATES,
      paramPrefix: 'items[0]',
      run: async (args, ctx) => (await service.createQuote(toPlateQuoteRequest(args), ctx)).json,
    },
    quote_product: {
      title: 'Quote a catalog product',
      input: QuoteProductInput,
      output: Quote,
      annotations: CREATES,
      paramPrefix: 'items[0]',
      run: async (args, ctx) => (await service.createQuote(toProductQuoteRequest(args), ctx)).json,
    },
    get_quote: {
      title: 'Read a quote',
      input: GetQuoteInput,
      output: Quote,
      annotations: READ_ONLY,
      run: async (args, ctx) => (await service.getQuote(toQuoteId(args), ctx)).json,
    },
    create_handoff_link: {
      title: 'Make an order link',
      input: CreateHandoffInput,
      output: Handoff,
      annotations: CREATES,
      run: async (args, ctx) => JSON.stringify(await service.createHandoff(args, ctx)),
    },
    create_rfq_link: {
      title: 'Make a quote-request link',
      input: CreateRfqLinkInput,
      output: RfqLink,
      annotations: CREATES,
      run: async (args, ctx) => JSON.stringify(await service.createRfqLink(args, ctx)),
    },
  };

  for (const name of TOOL_NAMES) {
    const spec = specs[name];
    server.registerTool(
      name,
      {
        title: spec.title,
        description: DESCRIPTIONS[name],
        inputSchema: advertiseInput(spec.input),
        outputSchema: cacheJsonSchema(spec.output),
        annotations: spec.annotations,
      },
      async (args): Promise<CallToolResult> => {
        const caller = currentCaller();
        try {
          if (caller.limitError) throw caller.limitError;
          return toToolResult(await spec.run(args, { clientIp: caller.clientIp, now: deps.clock.now() }));
        } catch (error) {
          return toToolError(error, {
            onUnexpected: deps.reportError,
            ...(spec.paramPrefix === undefined ? {} : { paramPrefix: spec.paramPrefix }),
            ...(deps.publicUrl === undefined ? {} : { publicUrl: deps.publicUrl }),
          });
        }
      },
    );
  }
}
