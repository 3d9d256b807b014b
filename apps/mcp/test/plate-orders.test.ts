// The online plate orders switch through the tools, with the REST app beside it as a second process
// on the same database: both agree once the second one's short cache has aged.
import { kitProduct, typicalPlate } from './fixtures';
import { CLIENTS, startMcpTestApp, startRestBeside } from './mcp-harness';
import type { McpTestApp, RestBeside, TestClient } from './mcp-harness';

let mcp: McpTestApp;
let rest: RestBeside;
let client: TestClient;

beforeAll(async () => {
  mcp = await startMcpTestApp();
  rest = await startRestBeside(mcp);
  client = await CLIENTS[0]![1](mcp.url);
});
afterAll(async () => {
  await client?.close();
  await rest?.close();
  await mcp?.close();
});

const NOTICE = 'Online plate orders are switched off until further notice. Back after the inventory count.';

describe('plate orders switched off by the shop', () => {
  it('list_materials answers an empty list and quote_plate is refused with the REST code and message; quote_product still quotes', async () => {
    expect((await client.callTool('list_materials', {})).json.data).toHaveLength(4);
    await mcp.runtime.service.setPlateOrders({ state: 'off', message: 'Back after the inventory count.' }, 'st_owner');

    const materials = await client.callTool('list_materials', {});
    expect(materials.isError).toBe(false);
    expect(materials.json).toEqual({ object: 'list', data: [], has_more: false, next_cursor: null });

    const refused = await client.callTool('quote_plate', typicalPlate());
    expect(refused.isError).toBe(true);
    expect(refused.json.error).toMatchObject({
      code: 'material_unavailable',
      param: 'material',
      message: `material "mild_steel" is not available. ${NOTICE} Ask for a quote-request link (create_rfq_link or POST /rfq-links) instead.`,
    });

    const product = await client.callTool('quote_product', { slug: kitProduct().slug, tier: 'kit' });
    expect(product.isError).toBe(false);
    expect(product.json.status).toBe('ready');

    // The REST process reads the switch again once its cache (a second) has aged.
    rest.clock.set(new Date(rest.clock.now().getTime() + 1000));
    expect((await rest.request('GET', '/materials')).json.data).toEqual([]);
    const restRefused = await rest.request('POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate() }] });
    expect(restRefused.status).toBe(422);
    expect(restRefused.json.error).toMatchObject({ code: 'material_unavailable', param: 'items[0].material', message: refused.json.error.message });

    await mcp.runtime.service.setPlateOrders({ state: 'on' }, 'st_owner');
    expect((await client.callTool('list_materials', {})).json.data).toHaveLength(4);
  });
});
