import { kitProduct, typicalPlate } from './fixtures';
import { connectRaw, connectV2, rpc, startMcpTestApp, startRestBeside } from './mcp-harness';
import type { McpTestApp, RestBeside } from './mcp-harness';

// Limits at their real figures (RATE_LIMIT_SCALE 1), in the shared database as deployed by default.
const REAL = { RATE_LIMIT_SCALE: '1' };

describe('the tool server limit', () => {
  let mcp: McpTestApp;

  beforeAll(async () => {
    mcp = await startMcpTestApp({ env: REAL });
  });
  afterAll(() => mcp?.close());

  it('answers the 601st request of a minute 429 with Retry-After, and a tool call past it isError with retry_after_seconds', async () => {
    // Every request counts, of any kind: initialize, tools/list and tools/call.
    const client = await connectRaw(mcp.url, '2025-06-18');
    expect((await client.callTool('list_materials')).isError).toBe(false);
    for (let batch = 0; batch < 598; batch += 23) {
      const replies = await Promise.all(Array.from({ length: 23 }, (_, i) => rpc(mcp.url, '2025-06-18', 'tools/list', {}, batch + i)));
      expect(replies.map((reply) => reply.status)).toEqual(Array(23).fill(200));
    }

    const refused = await rpc(mcp.url, '2025-06-18', 'tools/list', {}, 'over');
    expect(refused.status).toBe(429);
    expect(refused.contentType).toContain('application/json');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toEqual({
      jsonrpc: '2.0',
      id: 'over',
      error: {
        code: -32000,
        message: expect.stringContaining('allows 600 a minute'),
        data: { code: 'rate_limited', retryable: true, retry_after_seconds: retryAfter, details: { scope: 'mcp', limit: 600, window: 'minute' } },
      },
    });

    const call = await rpc(mcp.url, '2025-06-18', 'tools/call', { name: 'quote_product', arguments: kitProduct() });
    expect(call.status).toBe(200);
    expect(call.body.result.isError).toBe(true);
    expect(call.body.result.structuredContent).toBeUndefined();
    const error = JSON.parse(call.body.result.content[0].text).error;
    expect(error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited', retryable: true, details: { scope: 'mcp', limit: 600, window: 'minute' } });
    expect(error.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(error.retry_after_seconds).toBeLessThanOrEqual(60);
  }, 60_000);
});

describe("a tool call spends the limit of the REST route it mirrors, in the store the REST app shares", () => {
  let mcp: McpTestApp;
  let rest: RestBeside;

  beforeAll(async () => {
    mcp = await startMcpTestApp({ env: REAL });
    rest = await startRestBeside(mcp);
  });
  afterAll(async () => {
    await rest?.close();
    await mcp?.close();
  });

  it('60 quote_plate calls use up the pricing minute: POST /quotes is then 429, and so is the next quote tool call', async () => {
    const client = await connectV2(mcp.url);
    try {
      for (let i = 0; i < 60; i += 1) {
        const reply = await client.callTool('quote_plate', typicalPlate());
        expect(reply.isError).toBe(false);
      }
      const viaRest = await rest.request('POST', '/quotes', { items: [{ kind: 'plate', ...typicalPlate() }] });
      expect(viaRest.status).toBe(429);
      expect(viaRest.json.error).toMatchObject({ code: 'rate_limited', details: { scope: 'pricing', limit: 60, window: 'minute' } });

      const reply = await client.callTool('quote_product', kitProduct());
      expect(reply.isError).toBe(true);
      expect(reply.json.error).toMatchObject({ code: 'rate_limited', retryable: true, details: { scope: 'pricing', limit: 60, window: 'minute' } });
      expect(reply.json.error.retry_after_seconds).toBe(Number(viaRest.headers.get('retry-after')));
    } finally {
      await client.close();
    }
  });

  it('120 list_materials calls use up the reading minute: GET /quotes/{id} is then 429', async () => {
    const client = await connectV2(mcp.url);
    try {
      for (let i = 0; i < 120; i += 1) expect((await client.callTool('list_materials')).isError).toBe(false);
      const viaRest = await rest.request('GET', '/materials');
      expect(viaRest.status).toBe(429);
      expect(viaRest.json.error.details).toEqual({ scope: 'reading', limit: 120, window: 'minute' });
      const reply = await client.callTool('get_quote', { quote_id: 'q_0000000000000000000000' });
      expect(reply.json.error).toMatchObject({ code: 'rate_limited', details: { scope: 'reading' } });
    } finally {
      await client.close();
    }
  });

  it('10 create_rfq_link calls use up the quote-request links minute for POST /rfq-links', async () => {
    const client = await connectV2(mcp.url);
    try {
      for (let i = 0; i < 10; i += 1) expect((await client.callTool('create_rfq_link', { description: `Repair job ${i}` })).isError).toBe(false);
      const viaRest = await rest.request('POST', '/rfq-links', { description: 'Repair job 11' });
      expect(viaRest.status).toBe(429);
      expect(viaRest.json.error.details).toEqual({ scope: 'rfq_links', limit: 10, window: 'minute' });
    } finally {
      await client.close();
    }
  });
});
