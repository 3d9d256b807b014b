// Starts the real MCP app over real storage (a temp SQLite file) with a clock the test moves, and,
// when asked, the real REST app beside it on the same database and the same rate-limit store, as two
// deployed processes would run.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createRestApp } from '@shop/rest';
import { readConfig, startRuntime } from '@shop/runtime';
import { ManualClock } from '@shop/service';
import type { Runtime } from '@shop/runtime';
import type { Express } from 'express';
import pino from 'pino';
import { createMcpApp } from '../src/app';
import { INSTRUCTIONS } from '../src/tool-descriptions';
import { createShopTools } from '../src/tools';

export const START = '2026-11-02T15:00:00.000Z';
const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');

export interface Listening {
  baseUrl: string;
  close(): Promise<void>;
}

export async function listen(app: Express): Promise<Listening> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface McpTestApp {
  /** The /mcp endpoint. */
  url: string;
  runtime: Runtime;
  clock: ManualClock;
  databaseUrl: string;
  limitPrefix: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface McpTestOptions {
  env?: Record<string, string>;
}

export async function startMcpTestApp(options: McpTestOptions = {}): Promise<McpTestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-mcp-'));
  const databaseUrl = `file:${path.join(dir, 'shop.db')}`;
  const limitPrefix = `test:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}`;
  const env: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://quotes.test',
    RATE_LIMIT_SCALE: '100',
    PURGE_INTERVAL_MINUTES: '0',
    ...options.env,
  };
  const config = readConfig(env);
  const clock = new ManualClock(START);
  const runtime = await startRuntime(config, ROOT_DIR, { limitPrefix });
  const app = createMcpApp({
    registerTools: createShopTools({ service: runtime.service, clock, publicUrl: config.publicUrl }),
    admit: runtime.service.admitToolServerRequest,
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    instructions: INSTRUCTIONS,
  });
  const http = await listen(app);
  return {
    url: `${http.baseUrl}/mcp`,
    runtime,
    clock,
    databaseUrl,
    limitPrefix,
    env,
    async close() {
      await http.close();
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RestBeside {
  request(method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; text: string; json: any }>;
  /** The API's address (`.../api/v1`), for requests `request` does not make (a drawing's raw body). */
  apiUrl: string;
  clock: ManualClock;
  close(): Promise<void>;
}

/**
 * The MCP app and the REST app beside it on the same database, for the whole test file: started
 * before its tests, closed after them (read `apps.mcp` and `apps.rest` inside tests and hooks).
 */
export function useMcpWithRest(): { mcp: McpTestApp; rest: RestBeside } {
  const apps = {} as { mcp: McpTestApp; rest: RestBeside };
  beforeAll(async () => {
    apps.mcp = await startMcpTestApp();
    apps.rest = await startRestBeside(apps.mcp);
  });
  afterAll(async () => {
    await apps.rest?.close();
    await apps.mcp?.close();
  });
  return apps;
}

/** The REST app as a second process would run it: its own runtime on the MCP app's database and limit store. */
export async function startRestBeside(mcp: McpTestApp): Promise<RestBeside> {
  const config = readConfig(mcp.env);
  const clock = new ManualClock(mcp.clock.now());
  const runtime = await startRuntime(config, ROOT_DIR, { limitPrefix: mcp.limitPrefix });
  const { app } = createRestApp({ config, logger: pino({ level: 'silent' }), service: runtime.service, clock });
  const http = await listen(app);
  return {
    clock,
    apiUrl: `${http.baseUrl}/api/v1`,
    async request(method, requestPath, body) {
      const response = await fetch(`${http.baseUrl}/api/v1${requestPath}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const json: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : undefined;
      return { status: response.status, headers: response.headers, text, json };
    },
    async close() {
      await http.close();
      await runtime.close();
    },
  };
}

/** What each of the three clients answers to a tool call, in one shape. */
export interface ToolReply {
  isError: boolean;
  text: string;
  structuredContent: unknown;
  /** The parsed text: the REST body, or `{ error }`. */
  json: any;
}

export interface TestClient {
  name: string;
  protocolVersion: string | undefined;
  /** The server's instructions, as the client received them when it connected. */
  instructions: string | undefined;
  listTools(): Promise<Array<{ name: string; title?: string; description?: string; inputSchema: any; outputSchema?: any; annotations?: any }>>;
  callTool(name: string, args?: Record<string, unknown>): Promise<ToolReply>;
  close(): Promise<void>;
}

function toReply(result: { isError?: boolean; content?: unknown; structuredContent?: unknown }): ToolReply {
  const blocks = (result.content ?? []) as Array<{ type: string; text?: string }>;
  const text = blocks.find((block) => block.type === 'text')?.text ?? '';
  return { isError: result.isError === true, text, structuredContent: result.structuredContent, json: JSON.parse(text) };
}

/** The SDK v2 client pinned to 2026-07-28. */
export async function connectV2(url: string): Promise<TestClient> {
  const client = new ClientV2({ name: 'test-v2', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(new TransportV2(new URL(url)));
  // As hosts do: list the tools first, so every structured result is checked against its output schema.
  await client.listTools();
  return {
    name: 'v2 client 2026-07-28',
    protocolVersion: client.getNegotiatedProtocolVersion(),
    instructions: client.getInstructions(),
    listTools: async () => (await client.listTools()).tools as any,
    callTool: async (name, args = {}) => toReply((await client.callTool({ name, arguments: args })) as any),
    close: () => client.close(),
  };
}

/** The revisions the v1 SDK client speaks: it offers the first at initialize; older v1 releases offered the second. */
export const V1_REVISIONS = ['2025-11-25', '2025-06-18'] as const;

/**
 * The v1 transport as a v1 release whose newest revision was `offer` uses it: the initialize request
 * offers that revision (the server answers it, and the client sends it on every later request).
 */
class OfferingTransportV1 extends TransportV1 {
  constructor(
    url: URL,
    private readonly offer: string,
  ) {
    super(url);
  }

  override send(message: Parameters<TransportV1['send']>[0], options?: Parameters<TransportV1['send']>[1]): Promise<void> {
    const request = message as { method?: unknown; params?: Record<string, unknown> };
    if (request.method === 'initialize') return super.send({ ...message, params: { ...request.params, protocolVersion: this.offer } } as typeof message, options);
    return super.send(message, options);
  }
}

/**
 * The v1 SDK client (`@modelcontextprotocol/sdk`), as MCP hosts use it: connect, initialize, then
 * tools/list, which makes it check every structured result against the tool's output schema with
 * its draft-07 validator (a test that never lists tools validates nothing).
 */
export async function connectV1(url: string, revision: (typeof V1_REVISIONS)[number] = '2025-11-25'): Promise<TestClient> {
  const client = new ClientV1({ name: 'test-v1', version: '1' });
  const transport = revision === V1_REVISIONS[0] ? new TransportV1(new URL(url)) : new OfferingTransportV1(new URL(url), revision);
  await client.connect(transport);
  await client.listTools();
  return {
    name: `v1 client ${revision}`,
    protocolVersion: transport.protocolVersion,
    instructions: client.getInstructions(),
    listTools: async () => (await client.listTools()).tools as any,
    callTool: async (name, args = {}) => toReply((await client.callTool({ name, arguments: args })) as any),
    close: () => client.close(),
  };
}

export interface RpcReply {
  status: number;
  contentType: string | null;
  headers: Headers;
  body: any;
}

/** One raw JSON-RPC request over HTTP, as a client with no SDK sends it. */
export async function rpc(url: string, version: string, method: string, params: object = {}, id: number | string = 1): Promise<RpcReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A raw JSON-RPC client for 2025-06-18: initialize, then stateless requests with the revision header. */
export async function connectRaw(url: string, version = '2025-06-18'): Promise<TestClient> {
  const init = await rpc(url, version, 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } });
  let nextId = 2;
  const call = async (method: string, params: object) => {
    const reply = await rpc(url, version, method, params, nextId++);
    expect(reply.contentType).toContain('application/json');
    if (reply.body.error) throw new Error(`${method} failed: ${JSON.stringify(reply.body.error)}`);
    return reply.body.result;
  };
  return {
    name: `raw JSON-RPC ${version}`,
    protocolVersion: init.body.result.protocolVersion,
    instructions: init.body.result.instructions,
    listTools: async () => (await call('tools/list', {})).tools,
    callTool: async (name, args = {}) => toReply(await call('tools/call', { name, arguments: args })),
    close: async () => undefined,
  };
}

export const CLIENTS: Array<[string, (url: string) => Promise<TestClient>]> = [
  ['the v2 client pinned to 2026-07-28', connectV2],
  ['the v1 client (2025-11-25)', (url) => connectV1(url, '2025-11-25')],
  ['raw JSON-RPC 2025-06-18', (url) => connectRaw(url, '2025-06-18')],
];
