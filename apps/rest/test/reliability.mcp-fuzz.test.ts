// The short MCP fuzz: the tool server as its own process, on the same SQLite file as the REST app
// under test, fed generated tool calls for every tool and broken JSON-RPC.
import http from 'node:http';
import { runMcpFuzz } from '../../../reliability/fuzz/mcp';
import { readCatalog } from '../../../reliability/fuzz/run';
import { startServer } from '../../../reliability/checks/processes';
import type { ServerProcess } from '../../../reliability/checks/processes';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';

// A fixed seed: a failure in CI is the same failure on any machine. `pnpm fuzz --seed N` explores.
const SEED = 20261123;

describe('fuzzing every MCP tool', () => {
  let rest: TestApp;
  let mcp: ServerProcess;

  beforeAll(async () => {
    rest = await startTestApp({ env: { RATE_LIMIT_SCALE: '1000000' } });
    mcp = await startServer('mcp', { DATABASE_URL: rest.databaseUrl, PUBLIC_URL: 'http://quotes.test', RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: 'warn' });
  }, 60_000);
  afterAll(async () => {
    await mcp?.stop('SIGTERM');
    await rest.close();
  });

  it('1,500 generated calls: no 5xx, no internal_error, every error a known code, every result valid against its schema', async () => {
    const agent = new http.Agent();
    const catalog = await readCatalog(agent, rest.http.baseUrl);
    agent.destroy();
    const openapi = (await rest.http.request('GET', '/api/v1/openapi.json')).json;
    const result = await runMcpFuzz({ mcpUrl: mcp.baseUrl, requests: 1_500, seed: SEED }, catalog, openapi);
    expect({ seed: result.seed, failures: result.failures }).toEqual({ seed: SEED, failures: [] });
    for (const tool of ['list_materials', 'search_products', 'quote_plate', 'quote_product', 'get_quote', 'create_rfq_link']) {
      expect(result.byOutcome[`ok ${tool}`]).toBeGreaterThan(0);
    }
    expect(mcp.child.exitCode).toBeNull();
    expect(mcp.logs.filter((line) => typeof line.level === 'number' && line.level >= 50)).toEqual([]);
  }, 120_000);
});
