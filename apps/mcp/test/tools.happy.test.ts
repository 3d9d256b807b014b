import { Handoff, MaterialList, ProductList, Quote, RfqLink } from '@shop/contracts';
import { blockedPlate, kitProduct, typicalPlate } from './fixtures';
import { CLIENTS, useMcpWithRest } from './mcp-harness';
import type { TestClient } from './mcp-harness';

const TOOLS = ['list_materials', 'search_products', 'import_dxf', 'quote_plate', 'quote_product', 'get_quote', 'create_handoff_link', 'create_rfq_link'];

const apps = useMcpWithRest();

describe.each(CLIENTS)('%s', (_name, connect) => {
  let client: TestClient;

  beforeAll(async () => {
    client = await connect(apps.mcp.url);
  });
  afterAll(() => client?.close());

  it('negotiates its own protocol revision', () => {
    expect(client.protocolVersion).toBe(_name.includes('2026') ? '2026-07-28' : _name.includes('v1') ? '2025-11-25' : '2025-06-18');
  });

  it('lists the eight tools, each with a title, a description, an input and an output schema', async () => {
    const tools = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.title).toEqual(expect.any(String));
      expect(tool.description!.length).toBeGreaterThan(100);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema.type).toBe('object');
      expect(tool.annotations.openWorldHint).toBe(false);
      // A bare `false` schema (zod's closed tuple) trips clients that expect schema objects, and some
      // clients do not follow references: every schema is whole where it is used.
      for (const schema of [tool.inputSchema, tool.outputSchema]) {
        const text = JSON.stringify(schema);
        expect(text).not.toContain('"items":false');
        expect(text).not.toContain('"$ref"');
        expect(text).not.toContain('"$defs"');
      }
    }
  });

  it('prices a plate, reads it back byte for byte as GET /quotes/{id} gives it, and hands it off', async () => {
    const quoted = await client.callTool('quote_plate', typicalPlate());
    expect(quoted.isError).toBe(false);
    const quote = Quote.parse(quoted.json);
    expect(quote.status).toBe('ready');
    expect(quote.items).toHaveLength(1);
    expect(quote.items[0]!.kind).toBe('plate');
    expect(quote.items[0]!.plate!.preview_url).toBe(`http://quotes.test/api/v1/quotes/${quote.id}/items/0/preview.svg`);
    expect(quoted.structuredContent).toEqual(quoted.json);

    const read = await client.callTool('get_quote', { quote_id: quote.id });
    const viaRest = await apps.rest.request('GET', `/quotes/${quote.id}`);
    expect(viaRest.status).toBe(200);
    expect(read.text).toBe(viaRest.text);
    expect(read.text).toBe(quoted.text);
    expect(read.structuredContent).toEqual(JSON.parse(viaRest.text));

    const handoff = await client.callTool('create_handoff_link', { quote_ids: [quote.id] });
    expect(handoff.isError).toBe(false);
    const body = Handoff.parse(handoff.json);
    expect(body.url).toBe(`http://quotes.test/o/${body.id}`);
    expect(body.items).toEqual([{ quote_id: quote.id, index: 0, description: quote.items[0]!.description, action: 'open_plate_quoter', label: 'Base plate' }]);
    expect(handoff.structuredContent).toEqual(body);
  });
});

describe('tool results equal the REST bodies', () => {
  let client: TestClient;

  beforeAll(async () => {
    client = await CLIENTS[0]![1](apps.mcp.url);
  });
  afterAll(() => client?.close());

  it('list_materials answers the body of GET /materials', async () => {
    const reply = await client.callTool('list_materials');
    const viaRest = await apps.rest.request('GET', '/materials');
    expect(reply.text).toBe(viaRest.text);
    expect(MaterialList.parse(reply.structuredContent).data.map((m) => m.id)).toEqual(['mild_steel', 'stainless_304', 'stainless_316', 'aluminum_6061']);
  });

  it('search_products with a query finds products by words in any order', async () => {
    const reply = await client.callTool('search_products', { query: 'feeder bale' });
    const body = ProductList.parse(reply.structuredContent);
    expect(body.data.map((p) => p.slug)).toEqual(['round-bale-feeder']);
    // The REST list, without the design tier (design packages are not sold through the tool server).
    const viaRest = ProductList.parse((await apps.rest.request('GET', '/products?search=feeder%20bale')).json);
    expect(viaRest.data[0]!.tiers.map((t) => t.kind)).toEqual(['design', 'kit', 'welded']);
    const withoutDesign = { ...viaRest, data: viaRest.data.map((p) => ({ ...p, tiers: p.tiers.filter((t) => t.kind !== 'design') })) };
    expect(reply.text).toBe(JSON.stringify(withoutDesign));
  });

  it('search_products by division lists only that division', async () => {
    const reply = await client.callTool('search_products', { division: 'trailer' });
    const body = ProductList.parse(reply.structuredContent);
    const all = ProductList.parse((await apps.rest.request('GET', '/products?limit=50')).json);
    expect(all.has_more).toBe(false);
    const trailer = all.data.filter((p) => p.division === 'trailer').map((p) => p.slug);
    expect(trailer.length).toBeGreaterThan(0);
    expect(trailer.length).toBeLessThan(all.data.length);
    expect(body.data.map((p) => p.slug)).toEqual(trailer);
  });

  it('quote_product prices a kit like POST /quotes prices the same item', async () => {
    const reply = await client.callTool('quote_product', kitProduct({ quantity_options: [4] }));
    const viaRest = await apps.rest.request('POST', '/quotes', { items: [{ kind: 'product', ...kitProduct({ quantity_options: [4] }) }] });
    const tool = Quote.parse(reply.json);
    const http = Quote.parse(viaRest.json);
    expect(tool.status).toBe('ready');
    // Only the id differs between two quotes of the same item at the same moment.
    expect({ ...tool, id: 'q' }).toEqual({ ...http, id: 'q' });
    expect(tool.items[0]!.quantity).toBe(2);
    expect(tool.items[0]!.amount_cents).toBe(tool.items[0]!.unit_amount_cents! * 2);
    expect(tool.items[0]!.quantity_options.map((o) => o.quantity)).toEqual([4]);
  });

  it('a quote made by quote_plate is byte-identical to one made by POST /quotes but for its id', async () => {
    const reply = await client.callTool('quote_plate', typicalPlate());
    const viaRest = await apps.rest.request('POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate() }] });
    expect(viaRest.status).toBe(201);
    const id = (reply.json as { id: string }).id;
    expect(reply.text.replaceAll(id, 'q_ID')).toBe(viaRest.text.replaceAll(viaRest.json.id, 'q_ID'));
  });

  it('a blocked plate is a normal result carrying its blocking issue, not an error', async () => {
    const reply = await client.callTool('quote_plate', blockedPlate());
    expect(reply.isError).toBe(false);
    const quote = Quote.parse(reply.structuredContent);
    expect(quote.status).toBe('blocked');
    expect(quote.amount_total_cents).toBeNull();
    expect(quote.items[0]!.issues.map((issue) => [issue.code, issue.severity])).toContainEqual(['thickness_over_laser', 'blocking']);
  });

  it('get_quote reads an expired quote with status expired', async () => {
    const made = await client.callTool('quote_product', kitProduct());
    apps.mcp.clock.advanceDays(8);
    try {
      const read = await client.callTool('get_quote', { quote_id: made.json.id });
      expect(read.isError).toBe(false);
      expect(read.json.status).toBe('expired');
      expect(read.text).toBe(made.text.replace('"status":"ready"', '"status":"expired"'));
    } finally {
      apps.mcp.clock.advanceDays(-8);
    }
  });

  it('create_rfq_link makes a 30-day quote-request link', async () => {
    const reply = await client.callTool('create_rfq_link', {
      description: 'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall, hot-dip galvanized.',
      material: 'mild steel',
      thickness_in: 0.375,
      quantity: 12,
    });
    expect(reply.isError).toBe(false);
    const link = RfqLink.parse(reply.structuredContent);
    expect(link.url).toBe(`http://quotes.test/r/${link.id}`);
    expect(link.expires_at).toBe('2026-12-02T15:00:00.000Z');
    expect(reply.text).toBe(JSON.stringify(link));
  });

  it('a handoff lists the items of several quotes in order, plate and product', async () => {
    const plate = await client.callTool('quote_plate', typicalPlate({ label: null }));
    const product = await client.callTool('quote_product', kitProduct({ label: 'North pasture' }));
    const reply = await client.callTool('create_handoff_link', { quote_ids: [plate.json.id, product.json.id] });
    const handoff = Handoff.parse(reply.structuredContent);
    expect(handoff.items.map((item) => [item.quote_id, item.action, item.label])).toEqual([
      [plate.json.id, 'open_plate_quoter', null],
      [product.json.id, 'open_product_page', 'North pasture'],
    ]);
    expect(handoff.expires_at).toBe(product.json.expires_at);
  });
});

describe('tool annotations', () => {
  it('mark the reading tools read-only and idempotent, and the others as creating without destroying', async () => {
    const client = await CLIENTS[0]![1](apps.mcp.url);
    try {
      const annotations = Object.fromEntries((await client.listTools()).map((tool) => [tool.name, tool.annotations]));
      for (const name of ['list_materials', 'search_products', 'get_quote']) {
        expect(annotations[name]).toEqual({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
      }
      for (const name of ['quote_plate', 'quote_product', 'create_handoff_link', 'create_rfq_link']) {
        expect(annotations[name]).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
      }
    } finally {
      await client.close();
    }
  });
});
