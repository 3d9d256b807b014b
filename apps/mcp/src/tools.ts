// The tools of the server, each mirroring a REST route through the same service use case:
// validate the arguments, call one use case, answer its REST body (or its error) as the tool result.
import type { CallToolResult, McpServer, StandardSchemaWithJSON, ToolAnnotations } from '@modelcontextprotocol/server';
import type { z } from '@shop/contracts';
import { Handoff, ImportDxfInput, MaterialList, PlateImport, ProductList, Quote, RfqLink } from '@shop/contracts';
import type { Clock, RequestContext, Service } from '@shop/service';
import { currentCaller } from './app';
import { TOOL_NAMES, describeTools } from './tool-descriptions';
import type { ToolName } from './tool-descriptions';
import {
  CreateHandoffInput,
  CreateRfqLinkInput,
  GetQuoteInput,
  ListMaterialsInput,
  QuoteProductInput,
  advertiseInput,
  describeInputs,
  cacheJsonSchema,
  toPlateQuoteRequest,
  toProductQuery,
  toProductQuoteRequest,
  toDrawingInput,
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

const READ_ONLY: ToolAnnotations = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
/** Creates a new record each call (a new id): neither read-only nor idempotent, and it destroys nothing. */
const CREATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

interface ToolSpec {
  title: string;
  /** The input schema tools/list shows; the arguments are checked by the use case's own contract. */
  advertised: z.ZodType;
  output: StandardSchemaWithJSON;
  annotations: ToolAnnotations;
  /** REST's path of the field a tool argument stands for, dropped from `param` in errors. */
  paramPrefix?: string;
  /** Validates the arguments, calls one use case, and returns its REST body as JSON text. */
  run(args: unknown, ctx: RequestContext): Promise<string>;
}

export { TOOL_NAMES };
export type { ToolName };

/**
 * Builds the tools once, their descriptions naming the catalog's materials, thicknesses and
 * divisions as they are at start, and returns what registers them on each request's server.
 */
export function createShopTools(deps: ShopToolDeps): (server: McpServer) => void {
  const { service } = deps;
  const facts = service.catalogSummary();
  const descriptions = describeTools(facts);
  const described = describeInputs(facts);
  const specs: Record<ToolName, ToolSpec> = {
    list_materials: {
      title: 'List plate materials and thicknesses',
      advertised: ListMaterialsInput,
      output: MaterialList,
      annotations: READ_ONLY,
      run: async (args, ctx) => JSON.stringify(await service.listMaterials(args, ctx)),
    },
    search_products: {
      title: 'Search catalog products',
      advertised: described.searchProducts,
      output: ProductList,
      annotations: READ_ONLY,
      run: async (args, ctx) => JSON.stringify(await service.listProducts(toProductQuery(args), ctx, { withoutDesignTier: true })),
    },
    import_dxf: {
      title: 'Read a DXF drawing into a plate part',
      advertised: ImportDxfInput,
      output: PlateImport,
      annotations: CREATES,
      run: async (args, ctx) => JSON.stringify(await service.importDrawing(toDrawingInput(args), ctx)),
    },
    quote_plate: {
      title: 'Quote a laser-cut plate part',
      advertised: described.quotePlate,
      output: Quote,
      annotations: CREATES,
      paramPrefix: 'items[0]',
      run: async (args, ctx) => (await service.createQuote(toPlateQuoteRequest(args), ctx, 'mcp')).json,
    },
    quote_product: {
      title: 'Quote a catalog product',
      advertised: QuoteProductInput,
      output: Quote,
      annotations: CREATES,
      paramPrefix: 'items[0]',
      run: async (args, ctx) => (await service.createQuote(toProductQuoteRequest(args), ctx, 'mcp')).json,
    },
    get_quote: {
      title: 'Read a quote',
      advertised: GetQuoteInput,
      output: Quote,
      annotations: READ_ONLY,
      run: async (args, ctx) => (await service.getQuote(toQuoteId(args), ctx)).json,
    },
    create_handoff_link: {
      title: 'Make an order link',
      advertised: CreateHandoffInput,
      output: Handoff,
      annotations: CREATES,
      run: async (args, ctx) => JSON.stringify(await service.createHandoff(args, ctx)),
    },
    create_rfq_link: {
      title: 'Make a quote-request link',
      advertised: CreateRfqLinkInput,
      output: RfqLink,
      annotations: CREATES,
      run: async (args, ctx) => JSON.stringify(await service.createRfqLink(args, ctx)),
    },
  };

  const tools = TOOL_NAMES.map((name) => {
    const spec = specs[name];
    const config = {
      title: spec.title,
      description: descriptions[name],
      inputSchema: advertiseInput(spec.advertised),
      outputSchema: cacheJsonSchema(spec.output),
      annotations: spec.annotations,
    };
    const call = async (args: unknown): Promise<CallToolResult> => {
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
    };
    return { name, config, call };
  });

  return (server) => {
    for (const tool of tools) server.registerTool(tool.name, tool.config, tool.call);
  };
}
