// Each tool with a REST twin, sent the same bad input both ways, answers the same error (SPEC: "the
// same code and message as the REST error"): type, code, message, and param naming the same field
// (the tool's argument for REST's: `quantity` for `items[0].quantity`, `query` for `search`).
import { HOSTILE_DRAWINGS } from '../../../packages/drawings/src/test-hostile-drawings';
import { bracketDxf } from '../../rest/test/fixtures';
import { blockedPlate, kitProduct, typicalPlate } from './fixtures';
import { connectRaw, useMcpWithRest } from './mcp-harness';
import type { TestClient } from './mcp-harness';

const apps = useMcpWithRest();

interface RestAnswer {
  status: number;
  json: any;
}

/** What REST is sent for the same input: a route, its query, and a JSON or drawing body. */
type RestTwin = { get: string; query?: Record<string, string | string[]> } | { post: string; body: unknown } | { drawing: string; query?: Record<string, string> };

interface Case {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  rest: RestTwin;
}

const item = (kind: 'plate' | 'product', args: Record<string, unknown>) => ({ items: [{ kind, ...args }] });
const plateCase = (name: string, args: Record<string, unknown>): Case => ({ name, tool: 'quote_plate', args, rest: { post: '/quotes', body: item('plate', args) } });
const productCase = (name: string, args: Record<string, unknown>): Case => ({ name, tool: 'quote_product', args, rest: { post: '/quotes', body: item('product', args) } });
const without = (args: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(args).filter(([name]) => name !== key));

/** The tool's name for a field REST names in `param`. */
const TOOL_PARAM: Record<string, (param: string) => string | null> = {
  quote_plate: (param) => (param.startsWith('items[0].') ? param.slice('items[0].'.length) : param),
  quote_product: (param) => (param.startsWith('items[0].') ? param.slice('items[0].'.length) : param),
  search_products: (param) => (param === 'search' ? 'query' : param),
};

/**
 * The one difference SPEC makes itself ("The tools leave out the design tier; REST lists and quotes
 * it"): a tier no one sells is told the tiers of its own surface, so the tool's list has no design.
 */
const TOOL_OWN_MESSAGE: Record<string, (restMessage: string) => string> = {
  'quote_product: a tier not known': (message) => message.replace('"design", ', ''),
};

const READY = 'ready quote';
const BLOCKED = 'blocked quote';

function cases(): Case[] {
  const long = (n: number) => 'x'.repeat(n);
  const listed: Case[] = [
    { name: 'an argument list_materials does not take', tool: 'list_materials', args: { material: 'mild_steel' }, rest: { get: '/materials', query: { material: 'mild_steel' } } },
    { name: 'a 41-character search', tool: 'search_products', args: { query: long(41) }, rest: { get: '/products', query: { search: long(41) } } },
    { name: 'a search given twice', tool: 'search_products', args: { query: ['gate', 'trailer'] }, rest: { get: '/products', query: { search: ['gate', 'trailer'] } } },
    { name: 'a 41-character division', tool: 'search_products', args: { division: long(41) }, rest: { get: '/products', query: { division: long(41) } } },
    { name: 'a limit of 0', tool: 'search_products', args: { limit: 0 }, rest: { get: '/products', query: { limit: '0' } } },
    { name: 'a limit of 51', tool: 'search_products', args: { limit: 51 }, rest: { get: '/products', query: { limit: '51' } } },
    { name: 'a limit of 2.5', tool: 'search_products', args: { limit: 2.5 }, rest: { get: '/products', query: { limit: '2.5' } } },
    { name: 'a limit that is not a number', tool: 'search_products', args: { limit: 'ten' }, rest: { get: '/products', query: { limit: 'ten' } } },
    { name: 'a 41-character cursor', tool: 'search_products', args: { cursor: long(41) }, rest: { get: '/products', query: { cursor: long(41) } } },
    { name: 'a cursor never given out', tool: 'search_products', args: { cursor: 'nonsense' }, rest: { get: '/products', query: { cursor: 'nonsense' } } },
    { name: 'an argument search_products does not take', tool: 'search_products', args: { sort: 'price' }, rest: { get: '/products', query: { sort: 'price' } } },

    { name: 'units of cm', tool: 'import_dxf', args: { dxf: bracketDxf(), units: 'cm' }, rest: { drawing: bracketDxf(), query: { units: 'cm' } } },
    { name: 'a filename with a control character', tool: 'import_dxf', args: { dxf: bracketDxf(), filename: 'a\u0001.dxf' }, rest: { drawing: bracketDxf(), query: { filename: 'a\u0001.dxf' } } },
    { name: 'a filename of 300 characters', tool: 'import_dxf', args: { dxf: bracketDxf(), filename: `${long(296)}.dxf` }, rest: { drawing: bracketDxf(), query: { filename: `${long(296)}.dxf` } } },
    { name: 'an option import_dxf does not take', tool: 'import_dxf', args: { dxf: bracketDxf(), scale: '2' }, rest: { drawing: bracketDxf(), query: { scale: '2' } } },
    { name: 'a file that is not a DXF', tool: 'import_dxf', args: { dxf: 'PK\u0003\u0004 not a drawing' }, rest: { drawing: 'PK\u0003\u0004 not a drawing' } },
    { name: 'a file that does not say its units', tool: 'import_dxf', args: { dxf: bracketDxf({ insUnits: null }) }, rest: { drawing: bracketDxf({ insUnits: null }) } },
    ...HOSTILE_DRAWINGS.filter((hostile) => hostile.expected !== 'ok').map(
      (hostile): Case => ({ name: `the hostile drawing "${hostile.name}"`, tool: 'import_dxf', args: { dxf: hostile.text }, rest: { drawing: hostile.text } }),
    ),

    plateCase('a plate without material', without(typicalPlate(), 'material')),
    plateCase('a plate without outline', without(typicalPlate(), 'outline')),
    plateCase('a material not sold', typicalPlate({ material: 'titanium' })),
    plateCase('a thickness not sold', typicalPlate({ thickness_in: 0.3 })),
    plateCase('a thickness of 5 in', typicalPlate({ thickness_in: 5 })),
    plateCase('a thickness as text', typicalPlate({ thickness_in: '0.25' })),
    plateCase('a quantity of 1000', typicalPlate({ quantity: 1000 })),
    plateCase('six quantity options', typicalPlate({ quantity_options: [2, 3, 4, 5, 6, 7] })),
    plateCase('an outline 121 in wide', typicalPlate({ outline: { kind: 'rectangle', width_in: 121, height_in: 4 } })),
    plateCase('a ring with a thin wall', typicalPlate({ outline: { kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 3.9 }, holes: [] })),
    plateCase('an outline kind not known', typicalPlate({ outline: { kind: 'star', width_in: 4 } })),
    plateCase('a corner of three coordinates', typicalPlate({ outline: { kind: 'polygon', points_in: [[0, 0, 1], [4, 0], [0, 3]] }, holes: [] })),
    plateCase('a polygon of two corners', typicalPlate({ outline: { kind: 'polygon', points_in: [[0, 0], [4, 0]] }, holes: [] })),
    plateCase('holes that are not a list', typicalPlate({ holes: 'none' })),
    plateCase('a hole kind not known', typicalPlate({ holes: [{ kind: 'star', x_in: 1, y_in: 1 }] })),
    plateCase('more than 500 cut-outs', typicalPlate({ holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 30, rows: 20, x_spacing_in: 0.1, y_spacing_in: 0.1, diameter_in: 0.05 }] })),
    plateCase('a bend whose ends are one point', typicalPlate({ bends: [{ start_in: [1, 1], end_in: [1, 1] }] })),
    plateCase('an import never made', { material: 'mild_steel', thickness_in: 0.25, import_id: 'pi_0000000000000000000000' }),
    plateCase('an import id with shapes beside it', { material: 'mild_steel', thickness_in: 0.25, import_id: 'pi_0000000000000000000000', outline: { kind: 'rectangle', width_in: 4, height_in: 4 } }),
    plateCase('a 61-character label', typicalPlate({ label: long(61) })),
    plateCase('an e-mail field on a plate', typicalPlate({ email: 'a@b.c' })),

    productCase('a slug no product has', kitProduct({ slug: 'no-such-thing' })),
    productCase('a slug outside the pattern', kitProduct({ slug: 'bale feeder!' })),
    productCase('a tier not orderable', kitProduct({ slug: 'gooseneck-hitch-plate', tier: 'welded', quantity: 1 })),
    productCase('a tier not known', kitProduct({ tier: 'gold' })),
    productCase('a product quantity of 51', kitProduct({ quantity: 51 })),
    productCase('a product quantity of 0', kitProduct({ quantity: 0 })),
    productCase('a product quantity option of 51', kitProduct({ quantity_options: [51] })),
    productCase('a 61-character product label', kitProduct({ label: long(61) })),
    productCase('a product without slug', without(kitProduct(), 'slug')),
    productCase('a product without tier', without(kitProduct(), 'tier')),
    productCase('a colour field on a product', kitProduct({ colour: 'red' })),

    ...['q_0000000000000000000000', 'nope', long(65), `q_${long(198)}`, 'q_ü x/..', ' '].map(
      (id): Case => ({ name: `the quote id "${id.slice(0, 12)}" (${id.length} characters)`, tool: 'get_quote', args: { quote_id: id }, rest: { get: `/quotes/${encodeURIComponent(id)}` } }),
    ),

    ...(
      [
        ['a quote id never given out', { quote_ids: [READY, 'q_0000000000000000000000'] }],
        ['a blocked quote', { quote_ids: [BLOCKED] }],
        ['no quote ids', { quote_ids: [] }],
        ['eleven quote ids', { quote_ids: Array.from({ length: 11 }, () => READY) }],
        ['the same quote twice', { quote_ids: [READY, READY] }],
        ['quote ids as text', { quote_ids: READY }],
        ['a 65-character quote id', { quote_ids: [long(65)] }],
        ['a 200-character quote id', { quote_ids: [`q_${long(198)}`] }],
        ['no quote_ids', {}],
        ['a field handoffs do not take', { quote_ids: [READY], note: 'rush' }],
      ] as Array<[string, Record<string, unknown>]>
    ).map(([name, args]): Case => ({ name: `handoff: ${name}`, tool: 'create_handoff_link', args, rest: { post: '/handoffs', body: args } })),

    ...(
      [
        ['an e-mail address in the description', { description: 'Cut 12 brackets, write to pat@example.com' }],
        ['a phone number in the material', { description: 'Gate hinge repair', material: '416-555-0199' }],
        ['a name field', { description: 'Gate hinge repair', name: 'Pat' }],
        ['no description', {}],
        ['an empty description', { description: '' }],
        ['a 2001-character description', { description: long(2001) }],
        ['a description that is a number', { description: 12 }],
        ['a thickness of 13 in', { description: 'Base plates', thickness_in: 13 }],
        ['a quantity of 100001', { description: 'Base plates', quantity: 100001 }],
      ] as Array<[string, Record<string, unknown>]>
    ).map(([name, args]): Case => ({ name: `rfq link: ${name}`, tool: 'create_rfq_link', args, rest: { post: '/rfq-links', body: args } })),
  ];
  return listed;
}

describe('every tool with a REST twin answers the same bad input with the same error', () => {
  let client: TestClient;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    client = await connectRaw(apps.mcp.url, '2025-11-25');
    ids.set(READY, (await client.callTool('quote_plate', typicalPlate())).json.id);
    ids.set(BLOCKED, (await client.callTool('quote_plate', blockedPlate())).json.id);
  });

  /** The quote ids of the twins filled in. */
  const fill = (value: unknown): unknown => JSON.parse(JSON.stringify(value), (_key, v: unknown) => (typeof v === 'string' && ids.has(v) ? ids.get(v) : v));

  async function viaRest(twin: RestTwin): Promise<RestAnswer> {
    if ('post' in twin) return apps.rest.request('POST', twin.post, fill(twin.body));
    const path = 'get' in twin ? twin.get : '/plate-imports';
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(twin.query ?? {})) for (const one of [value].flat()) query.append(key, one);
    const url = `${apps.rest.apiUrl}${path}${query.size > 0 ? `?${query}` : ''}`;
    const response = 'drawing' in twin ? await fetch(url, { method: 'POST', headers: { 'content-type': 'application/dxf' }, body: twin.drawing }) : await fetch(url);
    return { status: response.status, json: await response.json() };
  }

  it('for every case of every tool: type, code, message and param', async () => {
    const differences: unknown[] = [];
    const all = cases();
    expect(new Set(all.map((c) => c.tool))).toEqual(new Set(['list_materials', 'search_products', 'import_dxf', 'quote_plate', 'quote_product', 'get_quote', 'create_handoff_link', 'create_rfq_link']));
    for (const twin of all) {
      const rest = await viaRest(twin.rest);
      const tool = await client.callTool(twin.tool, fill(twin.args) as Record<string, unknown>);
      if (rest.status < 400 || !tool.isError) {
        differences.push({ case: `${twin.tool}: ${twin.name}`, restStatus: rest.status, toolIsError: tool.isError });
        continue;
      }
      const fromRest = rest.json.error;
      const expected = {
        type: fromRest.type,
        code: fromRest.code,
        message: (TOOL_OWN_MESSAGE[`${twin.tool}: ${twin.name}`] ?? ((message: string) => message))(fromRest.message),
        param: fromRest.param === null ? null : (TOOL_PARAM[twin.tool] ?? ((param: string) => param))(fromRest.param),
      };
      const got = { type: tool.json.error.type, code: tool.json.error.code, message: tool.json.error.message, param: tool.json.error.param };
      if (JSON.stringify(got) !== JSON.stringify(expected)) differences.push({ case: `${twin.tool}: ${twin.name}`, rest: expected, tool: got });
    }
    expect(differences).toEqual([]);
  }, 120_000);
});
