// The REST and MCP apps of the shop beside the console, over the console's database and on its clock:
// what a customer sees after an owner acts in the console.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createMcpApp, createShopTools, INSTRUCTIONS } from '@shop/mcp';
import { createRestApp } from '@shop/rest';
import { readConfig, startRuntime, type Runtime } from '@shop/runtime';
import { ROOT_DIR, type ConsoleTestApp } from './console-harness';

export interface ShopBeside {
  runtime: Runtime;
  /** Where the REST app listens (its pages, for a real browser). */
  restUrl: string;
  rest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: any }>;
  /** Calls an MCP tool over JSON-RPC (2025-06-18) and gives its JSON result. */
  tool(name: string, args?: object): Promise<{ isError: boolean; json: any }>;
  close(): Promise<void>;
}

type Handler = NonNullable<Parameters<typeof createServer>[1]>;

/** A server listening before its handler exists, so the handler's configuration can name its address. */
async function listen(): Promise<{ server: Server; url: string; serve(handler: Handler): void }> {
  let handle: Handler = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve(handler) {
      handle = handler;
    },
  };
}

/** `ownUrl`: PUBLIC_URL is the REST app's own address, so links and forms work in a real browser. */
export async function startShopBeside(app: ConsoleTestApp, options: { ownUrl?: boolean; env?: Record<string, string> } = {}): Promise<ShopBeside> {
  const rest = await listen();
  const mcp = await listen();
  const config = readConfig({ DATABASE_URL: app.databaseUrl, PUBLIC_URL: options.ownUrl ? rest.url : 'http://quotes.test', PURGE_INTERVAL_MINUTES: '0', ...options.env });
  const clock = { now: () => app.now() };
  const runtime = await startRuntime(config, ROOT_DIR, { limitPrefix: `test:console-shop:${process.pid}:${Date.now().toString(36)}`, clock });
  const { app: restApp } = createRestApp({ config, logger: pino({ level: 'silent' }), service: runtime.service, clock });
  const mcpApp = createMcpApp({
    registerTools: createShopTools({ service: runtime.service, clock, publicUrl: config.publicUrl }),
    admit: runtime.service.admitToolServerRequest,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    instructions: INSTRUCTIONS,
  });
  rest.serve(restApp);
  mcp.serve(mcpApp);
  let id = 0;
  const rpc = async (method: string, params: object) => {
    const response = await fetch(`${mcp.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    return (await response.json()) as { result?: any; error?: unknown };
  };
  await rpc('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'console-test', version: '1' } });
  return {
    runtime,
    restUrl: rest.url,
    async rest(method, pathname, body) {
      const response = await fetch(rest.url + pathname, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      return { status: response.status, json: await response.json() };
    },
    async tool(name, args = {}) {
      const reply = await rpc('tools/call', { name, arguments: args });
      if (!reply.result) throw new Error(`${name} failed: ${JSON.stringify(reply.error)}`);
      return { isError: reply.result.isError === true, json: reply.result.structuredContent ?? JSON.parse(reply.result.content[0].text) };
    },
    async close() {
      for (const { server } of [rest, mcp]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await runtime.close();
    },
  };
}
