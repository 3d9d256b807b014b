import { ProductList } from '@shop/contracts';
import { kitProduct } from './fixtures';
import { connectV2, startMcpTestApp, startRestBeside } from './mcp-harness';
import type { McpTestApp, RestBeside, TestClient } from './mcp-harness';

let mcp: McpTestApp;
let rest: RestBeside;
let client: TestClient;

beforeAll(async () => {
  mcp = await startMcpTestApp();
  rest = await startRestBeside(mcp);
  client = await connectV2(mcp.url);
});
afterAll(async () => {
  await client?.close();
  await rest?.close();
  await mcp?.close();
});

describe('the design tier is left out of the tools', () => {
  it('search_products shows every product REST lists, with every tier but design', async () => {
    const viaRest = ProductList.parse((await rest.request('GET', '/products?limit=50')).json);
    expect(viaRest.data.some((product) => product.tiers.some((tier) => tier.kind === 'design'))).toBe(true);
    const reply = await client.callTool('search_products');
    const viaTool = ProductList.parse(reply.structuredContent);
    expect(viaTool.data.flatMap((product) => product.tiers.map((tier) => tier.kind))).not.toContain('design');
    expect(viaTool).toEqual({
      ...viaRest,
      data: viaRest.data.map((product) => ({ ...product, tiers: product.tiers.filter((tier) => tier.kind !== 'design') })),
    });
  });

  it("quote_product's input schema offers only kit and welded", async () => {
    const tool = (await client.listTools()).find((t) => t.name === 'quote_product')!;
    expect(tool.inputSchema.properties.tier.enum).toEqual(['kit', 'welded']);
    expect(tool.inputSchema.required).toEqual(['slug', 'tier']);
  });

  it('quote_product refuses the design tier that POST /quotes sells', async () => {
    const reply = await client.callTool('quote_product', kitProduct({ tier: 'design', quantity: 1 }));
    expect(reply.isError).toBe(true);
    expect(reply.json.error).toMatchObject({ code: 'parameter_invalid', param: 'tier', message: 'tier must be one of "kit", "welded".' });
    const viaRest = await rest.request('POST', '/quotes', { items: [{ kind: 'product', ...kitProduct({ tier: 'design', quantity: 1 }) }] });
    expect(viaRest.status).toBe(201);
  });
});
