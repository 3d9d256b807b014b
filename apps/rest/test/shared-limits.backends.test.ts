// The REST and MCP apps run as two real processes on one database: a tool call spends the same
// pricing budget as POST /quotes, with no Redis (limits in the shared SQLite file) and with Redis.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kitProduct } from './fixtures';
import { NEEDS_REDIS, itUnless } from '../../../scripts/test/skip-unless';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function startApp(app: 'rest' | 'mcp', env: Record<string, string>): ChildProcess {
  return spawn(TSX, ['--conditions=@shop/source', path.join(ROOT, 'apps', app, 'src', 'server.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', PURGE_INTERVAL_MINUTES: '0', ...env },
    stdio: 'ignore',
  });
}

async function waitFor(url: string, init?: RequestInit): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(url, init);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe.each([
  ['the shared SQLite file (no Redis)', false],
  ['Redis', true],
])('one pricing budget across the REST and MCP processes, kept in %s', (_name, useRedis) => {
  const run = itUnless(!useRedis || Boolean(process.env.TEST_REDIS_URL), NEEDS_REDIS);
  const children: ChildProcess[] = [];
  let dir: string;
  let restUrl: string;
  let mcpUrl: string;
  // A client address of its own (believed through TRUST_PROXY), so runs sharing a Redis never meet.
  const clientIp = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

  beforeAll(async () => {
    if (useRedis && !process.env.TEST_REDIS_URL) return;
    dir = mkdtempSync(path.join(tmpdir(), 'shop-shared-'));
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    restUrl = `http://127.0.0.1:${port}`;
    mcpUrl = `http://127.0.0.1:${port + 1}/mcp`;
    const env: Record<string, string> = {
      DATABASE_URL: `file:${path.join(dir, 'shop.db')}`,
      PORT: String(port),
      MCP_PORT: String(port + 1),
      RATE_LIMIT_SCALE: '1',
      TRUST_PROXY: '1',
      // A loaded machine can take past the default 50 ms for a Redis call: each process would then
      // count alone for a second, which is the outage fallback and not what this suite checks.
      ...(useRedis ? { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_TIMEOUT_MS: '1000' } : {}),
    };
    children.push(startApp('rest', env));
    await waitFor(`${restUrl}/api/v1/status`);
    children.push(startApp('mcp', env));
    await waitFor(mcpUrl, { method: 'GET' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(children.map(stop));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const restQuote = () =>
    fetch(`${restUrl}/api/v1/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
      body: JSON.stringify({ items: [kitProduct()] }),
    });

  const toolQuote = async (id: number) => {
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
        'x-forwarded-for': clientIp,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'quote_product', arguments: { slug: 'round-bale-feeder', tier: 'kit', quantity: 2 } },
      }),
    });
    return (await response.json()) as { result: { isError?: boolean; structuredContent?: any; content: Array<{ text: string }> } };
  };

  run('30 quotes over REST and 30 tool calls use up the 60 a minute; the next of either is refused', async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await restQuote()).status).toBe(201);
      const call = await toolQuote(i);
      expect(call.result.isError).toBeFalsy();
    }
    const rest = await restQuote();
    expect(rest.status).toBe(429);
    expect(((await rest.json()) as any).error.details.scope).toBe('pricing');
    const tool = await toolQuote(99);
    expect(tool.result.isError).toBe(true);
    expect(tool.result.content[0]!.text).toContain('rate_limited');
    expect(tool.result.content[0]!.text).toContain('retry_after_seconds');
  }, 60_000);
});
