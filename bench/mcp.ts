// The MCP tool server's quote_plate beside a bare SDK v2 server's echo tool (bench/echo-mcp.ts), in one
// run, alternating (A/B/A/B). Both are driven the same way: autocannon POSTing one JSON-RPC tools/call
// per request to /mcp, stateless, plain JSON answers. Two wire revisions are measured:
// - 2026-07-28: no initialize; each request carries the `_meta` envelope the v2 client sends
//   (protocolVersion, clientInfo, clientCapabilities) and the mcp-protocol-version header;
// - 2025-06-18: the legacy path, a stateless POST of tools/call (a fresh transport per request).
import { typicalInput } from '../packages/pricing/bench/pricing.bench';
import { findFreePort, makeTempDir, nodeArgsFor, runLoad, sampleRss, startServer } from './harness';
import type { BenchOptions, ChildServer, LoadSpec } from './harness';
import { appEnv, runPair } from './rest';
import type { PairResult } from './rest';

export interface McpResult {
  pairs: PairResult[];
  rss: { peakMb: number; lastMb: number; samples: number };
  mode: string;
}

const CLIENT_INFO = { name: 'shop-bench', version: '1.0.0' };
// quote_plate takes the plate's fields without `kind`.
const { kind: _kind, ...plateArguments } = typicalInput.items[0] as (typeof typicalInput.items)[number];

/** One tools/call as JSON text, for the given wire revision. */
export function buildToolCall(revision: '2026-07-28' | '2025-06-18', name: string, args: Record<string, unknown>): string {
  const params: Record<string, unknown> = { name, arguments: args };
  if (revision === '2026-07-28') {
    params._meta = {
      'io.modelcontextprotocol/protocolVersion': revision,
      'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
      'io.modelcontextprotocol/clientCapabilities': {},
    };
  }
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params });
}

/** Request headers; 2026-07-28 also wants the method and tool name mirrored in Mcp-Method and Mcp-Name. */
export function mcpHeaders(revision: string, tool?: string): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': revision };
  if (revision === '2026-07-28' && tool) Object.assign(headers, { 'mcp-method': 'tools/call', 'mcp-name': tool });
  return headers;
}

interface RpcAnswer {
  result?: { isError?: boolean; structuredContent?: Record<string, unknown>; content?: Array<{ text?: string }> };
  error?: { message: string };
}

/** One call outside the load, to be sure the measured answers are real results, not errors. */
async function checkCall(spec: LoadSpec, label: string): Promise<void> {
  const response = await fetch(spec.url, { method: 'POST', headers: spec.headers ?? {}, body: spec.body ?? '' });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.includes('application/json')) throw new Error(`${label}: HTTP ${response.status} ${type}: ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as RpcAnswer;
  if (answer.error || !answer.result || answer.result.isError || !answer.result.structuredContent) {
    throw new Error(`${label}: not a successful tool result: ${text.slice(0, 400)}`);
  }
}

async function probeMcp(baseUrl: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: mcpHeaders('2025-06-18'),
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/list', params: {} }),
    signal: AbortSignal.timeout(1000),
  });
  await response.arrayBuffer();
  return response.status === 200;
}

export async function startMcpApp(options: BenchOptions, dir: string): Promise<ChildServer> {
  const port = await findFreePort();
  return startServer({
    name: 'mcp',
    args: nodeArgsFor({ dist: 'apps/mcp/dist/server.js', source: 'apps/mcp/src/server.ts' }, options.mode),
    env: appEnv(dir, { MCP_PORT: String(port), PORT: String(await findFreePort()), PUBLIC_URL: 'http://127.0.0.1:3000' }),
    port,
    readyPath: '/mcp',
    probe: probeMcp,
  });
}

export async function startEchoMcp(): Promise<ChildServer> {
  const port = await findFreePort();
  return startServer({ name: 'echo-mcp', args: nodeArgsFor({ source: 'bench/echo-mcp.ts' }, 'source'), env: { MCP_PORT: String(port) }, port, readyPath: '/ready' });
}

export async function runMcpBench(options: BenchOptions): Promise<McpResult> {
  const temp = makeTempDir('shop-bench-mcp-');
  const servers: ChildServer[] = [];
  let rss: ReturnType<typeof sampleRss> | null = null;
  try {
    const mcp = await startMcpApp(options, temp.dir);
    servers.push(mcp);
    const echo = await startEchoMcp();
    servers.push(echo);
    rss = sampleRss(mcp.pid);
    const base = { seconds: options.seconds, connections: options.connections, method: 'POST' as const };
    const rounds = options.quick ? 1 : 2;
    const pairs: PairResult[] = [];
    for (const revision of ['2026-07-28', '2025-06-18'] as const) {
      const target: LoadSpec = { ...base, url: `${mcp.baseUrl}/mcp`, headers: mcpHeaders(revision, 'quote_plate'), body: buildToolCall(revision, 'quote_plate', plateArguments) };
      const baseline: LoadSpec = { ...base, url: `${echo.baseUrl}/mcp`, headers: mcpHeaders(revision, 'echo'), body: buildToolCall(revision, 'echo', plateArguments) };
      await checkCall(target, `quote_plate (${revision})`);
      await checkCall(baseline, `echo (${revision})`);
      await runLoad({ ...baseline, seconds: options.warmupSeconds });
      await runLoad({ ...target, seconds: options.warmupSeconds });
      const pair = await runPair(`quote_plate, ${revision}`, `echo tool, ${revision}`, baseline, target, rounds);
      for (const r of [...pair.baseline, ...pair.target]) {
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${pair.name}: ${r.non2xx} non-2xx answers and ${r.errors} errors`);
      }
      pairs.push(pair);
    }
    return { pairs, rss: rss.stop(), mode: options.mode };
  } finally {
    rss?.stop();
    for (const server of servers.reverse()) await server.stop();
    temp.remove();
  }
}

