// The official SDK clients as MCP hosts use them (connect, initialize, tools/list, then calls checked
// against each tool's output schema): the v1 client on both revisions it speaks and the v2 client
// pinned to 2026-07-28 call every tool, each once to succeed and once to be refused.
import { Handoff, MaterialList, PlateImport, ProductList, Quote, RfqLink } from '@shop/contracts';
import { bracketDxf, openContourDxf } from '../../rest/test/fixtures';
import { kitProduct, typicalPlate } from './fixtures';
import { connectV1, connectV2, startMcpTestApp } from './mcp-harness';
import type { McpTestApp, TestClient, ToolReply } from './mcp-harness';

const TOOLS = ['list_materials', 'search_products', 'import_dxf', 'quote_plate', 'quote_product', 'get_quote', 'create_handoff_link', 'create_rfq_link'];

const CONNECTIONS: Array<[string, (url: string) => Promise<TestClient>, string]> = [
  ['the v1 client on 2025-11-25', (url) => connectV1(url, '2025-11-25'), '2025-11-25'],
  ['the v1 client on 2025-06-18', (url) => connectV1(url, '2025-06-18'), '2025-06-18'],
  ['the v2 client pinned to 2026-07-28', connectV2, '2026-07-28'],
];

/** A plate whose arguments carry every tuple of the input schema: polygon corners, cut-out corners, bend points. */
const polygonPlate = () =>
  typicalPlate({
    outline: { kind: 'polygon', points_in: [[0, 0], [8, 0], [8, 5], [0, 5]] },
    holes: [{ kind: 'single', x_in: 4, y_in: 2, diameter_in: 0.5 }],
    cutouts: [{ kind: 'polygon', points_in: [[1, 1], [2, 1], [2, 2]] }],
    bends: [{ start_in: [0, 4], end_in: [8, 4], angle_deg: 90, direction: 'up' }],
    quantity_options: [],
  });

function refused(reply: ToolReply, code: string, param: string | null): void {
  expect(reply.isError).toBe(true);
  expect(reply.structuredContent).toBeUndefined();
  expect({ code: reply.json.error.code, param: reply.json.error.param }).toEqual({ code, param });
}

let mcp: McpTestApp;

beforeAll(async () => {
  mcp = await startMcpTestApp();
});
afterAll(() => mcp?.close());

describe.each(CONNECTIONS)('%s', (_name, connect, revision) => {
  let client: TestClient;

  beforeAll(async () => {
    // The harness lists the tools at connect, as hosts do, before any call.
    client = await connect(mcp.url);
  });
  afterAll(() => client?.close());

  it(`speaks ${revision} and lists the eight tools`, async () => {
    expect(client.protocolVersion).toBe(revision);
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(TOOLS);
  });

  it('list_materials: the materials; an argument it does not take is parameter_unknown', async () => {
    const listed = await client.callTool('list_materials');
    expect(MaterialList.parse(listed.structuredContent).data.map((material) => material.id)).toContain('mild_steel');
    refused(await client.callTool('list_materials', { material: 'mild_steel' }), 'parameter_unknown', 'material');
  });

  it('search_products: a page of products; a 41-character query is parameter_invalid', async () => {
    const found = ProductList.parse((await client.callTool('search_products', { query: 'trailer', limit: 5 })).structuredContent);
    expect(found.data.length).toBeGreaterThan(0);
    refused(await client.callTool('search_products', { query: 'x'.repeat(41) }), 'parameter_invalid', 'query');
  });

  it('import_dxf: the part with its corner points, and an open contour with its marks; a file without units is dxf_units_unknown', async () => {
    const bracket = PlateImport.parse((await client.callTool('import_dxf', { dxf: bracketDxf(), filename: 'bracket-a.dxf' })).structuredContent);
    expect(bracket).toMatchObject({ units: 'mm', counts: { holes: 4, cutouts: 1, bends: 1 } });
    expect(bracket.plate.outline).toMatchObject({ kind: 'polygon', points_in: expect.arrayContaining([[expect.any(Number), expect.any(Number)]]) });
    const open = PlateImport.parse((await client.callTool('import_dxf', { dxf: openContourDxf() })).structuredContent);
    expect(open.marks.length).toBeGreaterThan(0);
    refused(await client.callTool('import_dxf', { dxf: bracketDxf({ insUnits: null }) }), 'dxf_units_unknown', 'units');
  }, 30_000);

  it('quote_plate: a polygon with a cut-out and a bend is priced; a thickness not sold is thickness_not_offered', async () => {
    const quote = Quote.parse((await client.callTool('quote_plate', polygonPlate())).structuredContent);
    expect(quote.status).toBe('ready');
    expect(quote.items[0]!.amount_cents).toBeGreaterThan(0);
    refused(await client.callTool('quote_plate', typicalPlate({ thickness_in: 0.3 })), 'thickness_not_offered', 'thickness_in');
  });

  it('quote_product: a kit is priced; 51 of it is quantity_out_of_range', async () => {
    const quote = Quote.parse((await client.callTool('quote_product', kitProduct())).structuredContent);
    expect(quote.items[0]!.kind).toBe('product');
    refused(await client.callTool('quote_product', kitProduct({ quantity: 51 })), 'quantity_out_of_range', 'quantity');
  });

  it('get_quote, create_handoff_link: a quote read back and handed off; an unknown id and an empty list are refused', async () => {
    const made = await client.callTool('quote_plate', polygonPlate());
    const read = await client.callTool('get_quote', { quote_id: made.json.id });
    expect(read.text).toBe(made.text);
    expect(Quote.parse(read.structuredContent).id).toBe(made.json.id);
    refused(await client.callTool('get_quote', { quote_id: 'q_0000000000000000000000' }), 'quote_not_found', null);
    const handoff = Handoff.parse((await client.callTool('create_handoff_link', { quote_ids: [made.json.id] })).structuredContent);
    expect(handoff.items).toHaveLength(1);
    refused(await client.callTool('create_handoff_link', { quote_ids: [] }), 'parameter_invalid', 'quote_ids');
  });

  it('create_rfq_link: a link for the job; an e-mail address in it is contact_details_not_allowed', async () => {
    const link = RfqLink.parse((await client.callTool('create_rfq_link', { description: 'Twelve gussets, 3/8 in plate', quantity: 12 })).structuredContent);
    expect(link.url).toMatch(/^http:\/\/quotes\.test\//);
    refused(await client.callTool('create_rfq_link', { description: 'Gussets, write to pat@example.com' }), 'contact_details_not_allowed', 'description');
  });
});
