import { Writable } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import pino from 'pino';
import { z } from 'zod';
import { createMcpApp } from '../src/app';
import { connectV1 } from './mcp-harness';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';

// A tool of the transport test only: the real tools are registered by the service wiring.
function registerPing(server: McpServer): void {
  server.registerTool(
    'ping',
    { title: 'Ping', description: 'Answers pong.', inputSchema: z.object({}), outputSchema: z.object({ pong: z.boolean() }) },
    async () => ({ content: [{ type: 'text', text: '{"pong":true}' }], structuredContent: { pong: true } }),
  );
}

describe('the /mcp endpoint', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const app = createMcpApp({ registerTools: registerPing, admit: null, allowedOrigins: ['https://quotes.example.com'] });
    server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const UNSUPPORTED_PROTOCOL_VERSION = -32022;

  async function rpc(version: string, method: string, params: object, id = 1) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as any };
  }

  it.each(['2025-06-18', '2025-11-25'])('initializes revision %s with a plain JSON answer', async (version) => {
    const reply = await rpc(version, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
    expect(reply.status).toBe(200);
    expect(reply.type).toContain('application/json');
    expect(reply.body.result.protocolVersion).toBe(version);
    expect(reply.body.result.serverInfo.name).toBe('shop-quote');
  });

  it('lists and calls tools for a 2025-06-18 client in plain JSON', async () => {
    const list = await rpc('2025-06-18', 'tools/list', {});
    expect(list.type).toContain('application/json');
    expect(list.body.result.tools.map((t: { name: string }) => t.name)).toEqual(['ping']);
    const call = await rpc('2025-06-18', 'tools/call', { name: 'ping', arguments: {} });
    expect(call.body.result.structuredContent).toEqual({ pong: true });
  });

  it.each(['2025-03-26', '2024-11-05', '2027-01-01'])('answers revision %s with the unsupported-version error naming the three', async (version) => {
    const reply = await rpc(version, 'tools/list', {}, 7);
    expect(reply.status).toBe(400);
    expect(reply.type).toContain('application/json');
    expect(reply.body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: UNSUPPORTED_PROTOCOL_VERSION,
        message: `Unsupported protocol version: ${version}`,
        data: { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: version },
      },
    });
  });

  it('answers an initialize asking for an older revision with 2025-11-25, as the handshake negotiates', async () => {
    const reply = await rpc('2025-06-18', 'initialize', { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '1' } });
    expect(reply.body.result.protocolVersion).toBe('2025-11-25');
    expect(reply.body.result.capabilities).toEqual({ tools: { listChanged: false } });
  });

  it.each(['GET', 'DELETE'])('refuses %s with 405 in JSON: there is no session and no stream to open', async (method) => {
    const response = await fetch(url, { method, headers: { accept: 'application/json, text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as any).error.code).toBe(-32600);
  });

  it('answers a body that is not JSON with a JSON-RPC parse error in JSON', async () => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: The body is not valid JSON: check quotes, commas and brackets.' } });
  });

  it('answers a body past 256 KiB with 413 and one compressed with 415, each a JSON-RPC error in JSON', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const big = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(300_000) } }) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'The body is larger than 256 KiB; send one smaller request.' },
    });
    const zipped = await fetch(url, { method: 'POST', headers: { ...headers, 'content-encoding': 'compress' }, body: '{}' });
    expect(zipped.status).toBe(415);
    expect(((await zipped.json()) as any).error).toEqual({ code: -32600, message: 'Send the body as UTF-8 without a content encoding.' });
  });

  it('reads past 256 KiB only a tools/call of import_dxf: another request naming it is still refused 413', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping', params: { note: 'import_dxf', pad: 'x'.repeat(300_000) } });
    const big = await fetch(url, { method: 'POST', headers, body });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'The body is larger than 256 KiB; send one smaller request.' } });
    const huge = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'import_dxf', arguments: { dxf: 'x'.repeat(7 * 1024 * 1024) } } }) });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as any).error.message).toBe('The body is larger than 6 MiB; only a call of import_dxf may pass 256 KiB, with up to 1 MiB of drawing text.');
  });

  it('refuses a body nested more than 32 levels deep before the server walks it', async () => {
    let deep: unknown = 1;
    for (let k = 0; k < 40; k++) deep = [deep];
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'ping', arguments: { deep } } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).error).toEqual({ code: -32600, message: 'Invalid Request: the body nests arrays or objects more than 32 levels deep, far more than any request needs.' });
  });

  it.each(['2026-07-28', '2025-11-25', '2025-06-18'])('refuses a JSON-RPC batch with 400 and a JSON-RPC error on %s, running none of it', async (version) => {
    const batch = Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'ping' }));
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version },
      body: JSON.stringify(batch),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid Request: JSON-RPC batches are not supported; send one request per HTTP request.' },
    });
  });

  it('answers any other path on the port with the JSON error envelope, not an HTML page', async () => {
    const response = await fetch(url.replace('/mcp', '/nothing/here'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as any;
    expect(body.error).toMatchObject({ type: 'not_found_error', code: 'route_not_found', message: 'No route GET /nothing/here on the tool server; it answers POST /mcp.' });
    expect(body.error.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('refuses a request from a foreign browser origin with 403, against DNS rebinding', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', origin: 'http://evil.example.com' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it.each(['http://localhost:6274', 'http://127.0.0.1:3000', 'https://quotes.example.com'])('accepts a request from the origin %s', async (origin) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', origin },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(200);
  });

  it.each(['2025-11-25', '2025-06-18'] as const)('serves the v1 client on %s as hosts use it: tools listed before the call', async (revision) => {
    const client = await connectV1(url, revision);
    try {
      expect(client.protocolVersion).toBe(revision);
      expect((await client.listTools()).map((t) => t.name)).toEqual(['ping']);
      expect((await client.callTool('ping')).structuredContent).toEqual({ pong: true });
    } finally {
      await client.close();
    }
  });

  it('serves a v2 client pinned to 2026-07-28', async () => {
    const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['ping']);
      const result = await client.callTool({ name: 'ping', arguments: {} });
      expect(result.structuredContent).toEqual({ pong: true });
    } finally {
      await client.close();
    }
  });
});

describe('request logs of the tool server', () => {
  it('gives each request an id in X-Request-Id and writes one line for it once answered, without the body', async () => {
    const lines: Array<Record<string, any>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = createMcpApp({ registerTools: registerPing, admit: null, logger: pino({ level: 'info' }, stream) });
    const server: Server = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
      const call = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'ping', arguments: { secret: 'Customer Bob' } } }),
      });
      await call.text();
      const refused = await fetch(url, { method: 'GET', headers });
      await refused.text();
      const ids = [call.headers.get('x-request-id'), refused.headers.get('x-request-id')];
      expect(ids[0]).toMatch(/^req_[0-9A-Za-z]{20}$/);
      expect(ids[1]).not.toBe(ids[0]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(lines.map((line) => ({ id: line.req.id, method: line.req.method, status: line.res.status, level: line.level }))).toEqual([
        { id: ids[0], method: 'POST', status: 200, level: 30 },
        { id: ids[1], method: 'GET', status: 405, level: 30 },
      ]);
      expect(typeof lines[0]!.responseTime).toBe('number');
      expect(JSON.stringify(lines)).not.toContain('Customer Bob');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('the SDK\'s warning about plain JSON answers', () => {
  const logLines = (level: string) => {
    const lines: Array<Record<string, any>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: pino({ level }, stream) };
  };

  it('never reaches the console: it is one debug line of the JSON log, and nothing without a log', async () => {
    const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { lines, logger } = logLines('debug');
      createMcpApp({ registerTools: registerPing, admit: null, logger });
      createMcpApp({ registerTools: registerPing, admit: null });
      await new Promise((resolve) => setImmediate(resolve));
      expect(consoleWarn).not.toHaveBeenCalled();
      expect(lines).toEqual([expect.objectContaining({ level: 20, sdk: '@modelcontextprotocol/server', msg: expect.stringMatching(/^responseMode: 'json' drops mid-call notifications/) })]);
      // At the default level (info) the log stays quiet too.
      const quiet = logLines('info');
      createMcpApp({ registerTools: registerPing, admit: null, logger: quiet.logger });
      await new Promise((resolve) => setImmediate(resolve));
      expect(quiet.lines).toEqual([]);
      // The console is the console again afterwards.
      console.warn('after');
      expect(consoleWarn).toHaveBeenCalledWith('after');
    } finally {
      consoleWarn.mockRestore();
    }
  });
});
