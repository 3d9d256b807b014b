import { typicalPlate, kitProduct, blockedPlate, INVALID_PARAMS } from './fixtures';
import { unlinkSync } from 'node:fs';
import { CLIENTS, connectRaw, rpc, startMcpTestApp, startRestBeside } from './mcp-harness';
import type { McpTestApp, RestBeside, TestClient, ToolReply } from './mcp-harness';

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

/** An isError result whose text is `{ error }` with REST's code, and no structuredContent to fail the output schema. */
function expectToolError(reply: ToolReply, code: string, param: string | null): ToolReply['json']['error'] {
  expect(reply.isError).toBe(true);
  expect(reply.structuredContent).toBeUndefined();
  expect(Object.keys(reply.json)).toEqual(['error']);
  expect(Object.keys(reply.json.error)).toEqual(['type', 'code', 'message', 'param', 'retryable', 'retry_after_seconds', 'details', 'doc_url']);
  expect(reply.json.error.doc_url).toBe(`http://quotes.test/docs#error-${code}`);
  expect({ code: reply.json.error.code, param: reply.json.error.param }).toEqual({ code, param });
  expect(reply.json.error.message).toEqual(expect.any(String));
  return reply.json.error;
}

/** The REST error for the request the tool mirrors: the tool must answer the same code and message. */
async function expectSameAsRest(reply: ToolReply, method: string, path: string, body?: unknown): Promise<void> {
  const viaRest = await rest.request(method, path, body);
  expect(viaRest.status).toBeGreaterThanOrEqual(400);
  expect({ code: reply.json.error.code, message: reply.json.error.message, type: reply.json.error.type }).toEqual({
    code: viaRest.json.error.code,
    message: viaRest.json.error.message,
    type: viaRest.json.error.type,
  });
}

describe('list_materials errors', () => {
  it('an argument it does not take is parameter_unknown', async () => {
    const reply = await client.callTool('list_materials', { material: 'mild_steel' });
    const error = expectToolError(reply, 'parameter_unknown', 'material');
    expect(error.type).toBe('invalid_request_error');
    expect(error.message).toBe('material is not a field of this request; remove it.');
  });
});

describe('search_products errors', () => {
  it("a query longer than 40 characters is parameter_invalid on query, with GET /products' message for search", async () => {
    const reply = await client.callTool('search_products', { query: 'x'.repeat(41) });
    expect(expectToolError(reply, 'parameter_invalid', 'query').message).toBe('search must be at most 40 characters long.');
    await expectSameAsRest(reply, 'GET', `/products?search=${'x'.repeat(41)}`);
  });

  it('a division that is not text is parameter_invalid on division', async () => {
    expectToolError(await client.callTool('search_products', { division: 3 }), 'parameter_invalid', 'division');
  });

  it("REST's name for the words, search, is not its argument (query is)", async () => {
    expectToolError(await client.callTool('search_products', { search: 'gate' }), 'parameter_unknown', 'search');
  });

  it('a limit of 0 or a cursor of 41 characters is parameter_invalid on that argument', async () => {
    expectToolError(await client.callTool('search_products', { limit: 0 }), 'parameter_invalid', 'limit');
    expectToolError(await client.callTool('search_products', { cursor: 'c'.repeat(41) }), 'parameter_invalid', 'cursor');
  });
});

describe('quote_plate errors', () => {
  it('a missing material is parameter_missing, as POST /quotes answers it', async () => {
    const { material: _material, ...rest } = typicalPlate();
    const reply = await client.callTool('quote_plate', rest);
    expectToolError(reply, 'parameter_missing', 'material');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'plate', ...rest }] });
  });

  it('a material not in the list is material_unavailable', async () => {
    const reply = await client.callTool('quote_plate', typicalPlate({ material: 'titanium' }));
    expectToolError(reply, 'material_unavailable', 'material');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate({ material: 'titanium' }) }] });
  });

  it('a thickness the material is not sold in is thickness_not_offered', async () => {
    const reply = await client.callTool('quote_plate', typicalPlate({ thickness_in: 0.3 }));
    expectToolError(reply, 'thickness_not_offered', 'thickness_in');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate({ thickness_in: 0.3 }) }] });
  });

  it('a thickness over 4 in is thickness_not_offered', async () => {
    const reply = await client.callTool('quote_plate', typicalPlate({ thickness_in: 5 }));
    expectToolError(reply, 'thickness_not_offered', 'thickness_in');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate({ thickness_in: 5 }) }] });
  });

  it('a quantity of 1000 is quantity_out_of_range', async () => {
    const reply = await client.callTool('quote_plate', typicalPlate({ quantity: 1000 }));
    expectToolError(reply, 'quantity_out_of_range', 'quantity');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate({ quantity: 1000 }) }] });
  });

  it('a sixth quantity option is quantity_out_of_range', async () => {
    expectToolError(await client.callTool('quote_plate', typicalPlate({ quantity_options: [2, 3, 4, 5, 6, 7] })), 'quantity_out_of_range', 'quantity_options');
  });

  it('an outline past 120 in is parameter_invalid on the outline field', async () => {
    const reply = await client.callTool('quote_plate', typicalPlate({ outline: { kind: 'rectangle', width_in: 121, height_in: 4 } }));
    expectToolError(reply, 'parameter_invalid', 'outline.width_in');
  });

  it('a ring with a wall under 1/8 in is parameter_invalid on inner_diameter_in', async () => {
    const reply = await client.callTool('quote_plate', typicalPlate({ outline: { kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 3.9 }, holes: [] }));
    expectToolError(reply, 'parameter_invalid', 'outline.inner_diameter_in');
  });

  it('more than 500 cutouts is parameter_invalid on holes', async () => {
    const grid = { kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 30, rows: 20, x_spacing_in: 0.1, y_spacing_in: 0.1, diameter_in: 0.05 };
    const reply = await client.callTool('quote_plate', typicalPlate({ holes: [grid] }));
    expectToolError(reply, 'parameter_invalid', 'holes');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate({ holes: [grid] }) }] });
  });

  it('kind is not an argument: the tool prices plates only', async () => {
    expectToolError(await client.callTool('quote_plate', { kind: 'plate', ...typicalPlate() }), 'parameter_unknown', 'kind');
  });

  it('an unknown argument is parameter_unknown', async () => {
    expectToolError(await client.callTool('quote_plate', typicalPlate({ email: 'a@b.c' })), 'parameter_unknown', 'email');
  });

  it('a blocked plate is not an error', async () => {
    expect((await client.callTool('quote_plate', blockedPlate())).isError).toBe(false);
  });
});

describe('quote_product errors', () => {
  it('a slug no product has is product_unknown, as POST /quotes answers it', async () => {
    const reply = await client.callTool('quote_product', kitProduct({ slug: 'no-such-thing' }));
    expectToolError(reply, 'product_unknown', 'slug');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'product', ...kitProduct({ slug: 'no-such-thing' }) }] });
  });

  it('a slug with characters outside the pattern is parameter_invalid', async () => {
    expectToolError(await client.callTool('quote_product', kitProduct({ slug: 'bale feeder!' })), 'parameter_invalid', 'slug');
  });

  it('a tier not marked orderable is tier_not_orderable', async () => {
    const reply = await client.callTool('quote_product', kitProduct({ slug: 'gooseneck-hitch-plate', tier: 'welded', quantity: 1 }));
    expectToolError(reply, 'tier_not_orderable', 'tier');
    await expectSameAsRest(reply, 'POST', '/quotes', {
      items: [{ kind: 'product', ...kitProduct({ slug: 'gooseneck-hitch-plate', tier: 'welded', quantity: 1 }) }],
    });
  });

  it('a quantity of 51 is quantity_out_of_range', async () => {
    const reply = await client.callTool('quote_product', kitProduct({ quantity: 51 }));
    expectToolError(reply, 'quantity_out_of_range', 'quantity');
    await expectSameAsRest(reply, 'POST', '/quotes', { items: [{ kind: 'product', ...kitProduct({ quantity: 51 }) }] });
  });

  it('a quantity of 0 or a quantity option of 51 is quantity_out_of_range', async () => {
    expectToolError(await client.callTool('quote_product', kitProduct({ quantity: 0 })), 'quantity_out_of_range', 'quantity');
    expectToolError(await client.callTool('quote_product', kitProduct({ quantity_options: [51] })), 'quantity_out_of_range', 'quantity_options[0]');
  });

  it('a missing slug or tier is parameter_missing', async () => {
    expectToolError(await client.callTool('quote_product', { tier: 'kit' }), 'parameter_missing', 'slug');
    expectToolError(await client.callTool('quote_product', { slug: 'round-bale-feeder' }), 'parameter_missing', 'tier');
  });

  it('a label over 60 characters is parameter_invalid', async () => {
    expectToolError(await client.callTool('quote_product', kitProduct({ label: 'x'.repeat(61) })), 'parameter_invalid', 'label');
  });
});

describe('get_quote errors', () => {
  it('an id never given out is quote_not_found, as GET /quotes/{id} answers it', async () => {
    const reply = await client.callTool('get_quote', { quote_id: 'q_0000000000000000000000' });
    expect(expectToolError(reply, 'quote_not_found', null).type).toBe('not_found_error');
    await expectSameAsRest(reply, 'GET', '/quotes/q_0000000000000000000000');
  });

  it('a malformed id is quote_not_found', async () => {
    expectToolError(await client.callTool('get_quote', { quote_id: 'nope' }), 'quote_not_found', null);
  });

  it('an id of 200 characters is quote_not_found, as GET /quotes/{id} answers it', async () => {
    const id = `q_${'x'.repeat(198)}`;
    const reply = await client.callTool('get_quote', { quote_id: id });
    expectToolError(reply, 'quote_not_found', null);
    await expectSameAsRest(reply, 'GET', `/quotes/${id}`);
  });

  it('a quote 30 days past its expiry is gone: quote_not_found', async () => {
    const made = await client.callTool('quote_product', kitProduct());
    mcp.clock.advanceDays(38);
    try {
      expectToolError(await client.callTool('get_quote', { quote_id: made.json.id }), 'quote_not_found', null);
    } finally {
      mcp.clock.advanceDays(-38);
    }
  });

  it('a missing quote_id is parameter_missing and an empty one parameter_invalid', async () => {
    expectToolError(await client.callTool('get_quote', {}), 'parameter_missing', 'quote_id');
    expectToolError(await client.callTool('get_quote', { quote_id: '' }), 'parameter_invalid', 'quote_id');
  });
});

describe('create_handoff_link errors', () => {
  let ready: string;
  let blocked: string;

  beforeAll(async () => {
    ready = (await client.callTool('quote_plate', typicalPlate())).json.id;
    blocked = (await client.callTool('quote_plate', blockedPlate())).json.id;
  });

  it('an id never given out is quote_not_found on that id', async () => {
    const reply = await client.callTool('create_handoff_link', { quote_ids: [ready, 'q_0000000000000000000000'] });
    expectToolError(reply, 'quote_not_found', 'quote_ids[1]');
    await expectSameAsRest(reply, 'POST', '/handoffs', { quote_ids: [ready, 'q_0000000000000000000000'] });
  });

  it('a blocked quote is quote_not_ready', async () => {
    const reply = await client.callTool('create_handoff_link', { quote_ids: [blocked] });
    expect(expectToolError(reply, 'quote_not_ready', 'quote_ids[0]').type).toBe('conflict_error');
    await expectSameAsRest(reply, 'POST', '/handoffs', { quote_ids: [blocked] });
  });

  it('an expired quote is quote_expired', async () => {
    mcp.clock.advanceDays(8);
    try {
      expectToolError(await client.callTool('create_handoff_link', { quote_ids: [ready] }), 'quote_expired', 'quote_ids[0]');
    } finally {
      mcp.clock.advanceDays(-8);
    }
  });

  it('no quote ids, eleven, or the same one twice is parameter_invalid', async () => {
    expectToolError(await client.callTool('create_handoff_link', { quote_ids: [] }), 'parameter_invalid', 'quote_ids');
    expectToolError(await client.callTool('create_handoff_link', { quote_ids: Array.from({ length: 11 }, () => ready) }), 'parameter_invalid', 'quote_ids');
    expectToolError(await client.callTool('create_handoff_link', { quote_ids: [ready, ready] }), 'parameter_invalid', 'quote_ids[1]');
  });

  it('a missing quote_ids is parameter_missing', async () => {
    expectToolError(await client.callTool('create_handoff_link', {}), 'parameter_missing', 'quote_ids');
  });

  it('more than 10 items across the quotes is handoff_too_many_items', async () => {
    const ten = await rest.request('POST', '/quotes', { items: Array.from({ length: 10 }, () => ({ kind: 'product', slug: 'welding-cart', tier: 'kit' })) });
    expect(ten.status).toBe(201);
    const reply = await client.callTool('create_handoff_link', { quote_ids: [ten.json.id, ready] });
    expectToolError(reply, 'handoff_too_many_items', 'quote_ids');
    await expectSameAsRest(reply, 'POST', '/handoffs', { quote_ids: [ten.json.id, ready] });
  });
});

describe('create_rfq_link errors', () => {
  it('an e-mail address in the description is contact_details_not_allowed', async () => {
    const body = { description: 'Cut 12 brackets, write to pat@example.com' };
    const reply = await client.callTool('create_rfq_link', body);
    expectToolError(reply, 'contact_details_not_allowed', 'description');
    await expectSameAsRest(reply, 'POST', '/rfq-links', body);
  });

  it('a phone number in the material is contact_details_not_allowed', async () => {
    expectToolError(await client.callTool('create_rfq_link', { description: 'Gate hinge repair', material: '416-555-0199' }), 'contact_details_not_allowed', 'material');
  });

  it('a name key is parameter_unknown', async () => {
    const body = { description: 'Gate hinge repair', name: 'Pat' };
    const reply = await client.callTool('create_rfq_link', body);
    expectToolError(reply, 'parameter_unknown', 'name');
    await expectSameAsRest(reply, 'POST', '/rfq-links', body);
  });

  it('a missing, empty or 2001-character description is refused', async () => {
    expectToolError(await client.callTool('create_rfq_link', {}), 'parameter_missing', 'description');
    expectToolError(await client.callTool('create_rfq_link', { description: '' }), 'parameter_invalid', 'description');
    expectToolError(await client.callTool('create_rfq_link', { description: 'x'.repeat(2001) }), 'parameter_invalid', 'description');
  });

  it('a thickness over 12 in or a quantity over 100000 is parameter_invalid', async () => {
    expectToolError(await client.callTool('create_rfq_link', { description: 'Base plates', thickness_in: 13 }), 'parameter_invalid', 'thickness_in');
    expectToolError(await client.callTool('create_rfq_link', { description: 'Base plates', quantity: 100001 }), 'parameter_invalid', 'quantity');
  });
});

describe('errors reach every client intact', () => {
  it.each(CLIENTS)('%s gets the isError result without an output-schema failure', async (_name, connect) => {
    const other = await connect(mcp.url);
    try {
      await other.listTools();
      const reply = await other.callTool('quote_product', kitProduct({ quantity: 51 }));
      expectToolError(reply, 'quantity_out_of_range', 'quantity');
    } finally {
      await other.close();
    }
  });

  it('a tool name the server does not have is a JSON-RPC invalid-params error', async () => {
    const reply = await rpc(mcp.url, '2025-06-18', 'tools/call', { name: 'buy_now', arguments: {} });
    expect(reply.contentType).toContain('application/json');
    expect(reply.body.error.code).toBe(INVALID_PARAMS);
    expect(reply.body.error.message).toContain('buy_now');
  });
});

describe('storage that cannot be reached', () => {
  let broken: McpTestApp;
  let brokenClient: TestClient;

  beforeAll(async () => {
    broken = await startMcpTestApp();
    brokenClient = await CLIENTS[0]![1](broken.url);
  });
  afterAll(async () => {
    await brokenClient?.close();
    await broken?.close();
  });

  it('answers a tool call with the retryable storage_unavailable error REST answers 503, never an internal error', async () => {
    unlinkSync(broken.databaseUrl.slice('file:'.length));
    for (const client of [brokenClient, await connectRaw(broken.url)]) {
      const reply = await client.callTool('quote_product', kitProduct());
      const error = expectToolError(reply, 'storage_unavailable', null);
      // The Retry-After REST's 503 carries, as retry_after_seconds.
      expect(error).toMatchObject({ type: 'api_error', retryable: true, retry_after_seconds: expect.any(Number) });
      expect(error.retry_after_seconds).toBeGreaterThan(0);
      expect(reply.text).not.toMatch(/shop\.db|SQLITE|removed/i);
    }
    // Tools that need no storage go on working.
    const materials = await brokenClient.callTool('list_materials', {});
    expect(materials.isError).toBe(false);
  });
});
