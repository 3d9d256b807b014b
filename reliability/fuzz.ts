// `pnpm fuzz`: starts the REST app, the MCP tool server and the staff console as their own
// processes on one new SQLite file (or --database-url), sends generated requests to every REST
// route (100,000 by default) and tool calls to every MCP tool (20,000 by default), judges every
// answer against the OpenAPI document, reads a sample of the created quotes back; sends generated
// forms and pages to every console route from signed-in sessions (3,000 by default, fuzz/console.ts);
// and checks every server is still alive and logged no unhandled error. Then searches for slow or
// large plates (5,000 costly plates by default, each timed; one over 20 ms or its output bounds is
// shrunk to the smallest such plate). Exits 1 on any failure. Options: --requests N
// --mcp-requests N --console-requests N --slow-runs N --seed N --concurrency N --max-seconds N
// --database-url URL (SQLite only with the console part), --console-only (the console part alone).
// The seed is fixed (20261123) unless given.
import http from 'node:http';
import { parseArgs } from 'node:util';
import { runConsoleFuzz } from './fuzz/console';
import type { ConsoleFuzzResult } from './fuzz/console';
import { runMcpFuzz } from './fuzz/mcp';
import { readCatalog, runFuzz, sendRaw } from './fuzz/run';
import { startServer, tempSqliteUrl } from './checks/processes';
import { searchSlowInputs } from './slow-inputs';

export const FIXED_SEED = 20261123;
import type { ServerProcess } from './checks/processes';

async function isAlive(server: ServerProcess, path: string, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<boolean> {
  const agent = new http.Agent();
  const answer = await sendRaw(agent, server.baseUrl, { path, headers: {}, ...init }).catch(() => null);
  agent.destroy();
  return server.child.exitCode === null && answer?.status === 200;
}

const errorLines = (server: ServerProcess) => server.logs.filter((line) => typeof line.level === 'number' && line.level >= 50).length;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '100000' },
      'mcp-requests': { type: 'string', default: '20000' },
      'console-requests': { type: 'string', default: '3000' },
      'slow-runs': { type: 'string', default: '5000' },
      seed: { type: 'string' },
      concurrency: { type: 'string', default: '8' },
      'max-seconds': { type: 'string', default: '1800' },
      'database-url': { type: 'string' },
      'console-only': { type: 'boolean', default: false },
    },
  });
  const databaseUrl = values['database-url'] ?? tempSqliteUrl();
  const consoleOnly = values['console-only'];
  // The console part checks refused forms against the SQLite file's rows.
  const withConsole = databaseUrl.startsWith('file:') && Number(values['console-requests']) > 0;
  // The fuzz measures answers, not the limits: lift them far out of reach.
  const env = { DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://quotes.test', RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: 'warn' };
  const rest = await startServer('rest', env);
  const mcp = consoleOnly ? null : await startServer('mcp', env);
  // TRUST_PROXY: the generated sign-ins come from many addresses, so the lock-out never stops the fuzz's own.
  const consoleApp = withConsole ? await startServer('console', { ...env, TRUST_PROXY: '1' }) : null;
  // A fixed seed by default, so a failure can be run again as it was; pass --seed to explore.
  const seed = values.seed ? Number(values.seed) : FIXED_SEED;
  process.stderr.write(`fuzzing REST pid ${rest.pid}${mcp ? `, MCP pid ${mcp.pid}` : ''}${consoleApp ? `, console pid ${consoleApp.pid}` : ''} (seed ${seed})\n`);
  let failed = true;
  try {
    const restResult = consoleOnly
      ? null
      : await runFuzz({
          baseUrl: rest.baseUrl,
          requests: Number(values.requests),
          concurrency: Number(values.concurrency),
          maxSeconds: Number(values['max-seconds']),
          seed,
          onProgress: (sent, failures) => {
            if (sent % 10_000 === 0) process.stderr.write(`  REST: ${sent} sent, ${failures} failures\n`);
          },
        });
    let mcpResult: Awaited<ReturnType<typeof runMcpFuzz>> | null = null;
    if (mcp) {
      const agent = new http.Agent();
      const catalog = await readCatalog(agent, rest.baseUrl);
      const openapi = JSON.parse((await sendRaw(agent, rest.baseUrl, { method: 'GET', path: '/api/v1/openapi.json', headers: {} })).text);
      agent.destroy();
      mcpResult = await runMcpFuzz({ mcpUrl: mcp.baseUrl, requests: Number(values['mcp-requests']), seed, maxSeconds: Number(values['max-seconds']) }, catalog, openapi);
    }
    let consoleResult: ConsoleFuzzResult | null = null;
    if (consoleApp) {
      consoleResult = await runConsoleFuzz(
        { consoleUrl: consoleApp.baseUrl, restUrl: rest.baseUrl, databaseUrl, requests: Number(values['console-requests']), seed, maxSeconds: Number(values['max-seconds']) },
        (sent, failures) => process.stderr.write(`  console: ${sent} sent, ${failures} failures\n`),
      );
    }
    const restAlive = await isAlive(rest, '/api/v1/status', { method: 'GET' });
    const mcpAlive = mcp
      ? await isAlive(mcp, '/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
        })
      : null;
    const consoleAlive = consoleApp ? await isAlive(consoleApp, '/sign-in', { method: 'GET' }) : null;
    const logged = { rest: errorLines(rest), mcp: mcp ? errorLines(mcp) : 0, console: consoleApp ? errorLines(consoleApp) : 0 };
    const exits = {
      rest: await rest.stop('SIGTERM'),
      ...(mcp ? { mcp: await mcp.stop('SIGTERM') } : {}),
      ...(consoleApp ? { console: await consoleApp.stop('SIGTERM') } : {}),
    };
    let slowInputs: ReturnType<typeof searchSlowInputs> | null = null;
    if (!consoleOnly) {
      process.stderr.write(`searching ${values['slow-runs']} costly plates for slow or large ones\n`);
      slowInputs = searchSlowInputs({ runs: Number(values['slow-runs']), seed });
    }
    failed =
      (restResult?.failureCount ?? 0) > 0 ||
      (mcpResult?.failureCount ?? 0) > 0 ||
      (consoleResult?.failureCount ?? 0) > 0 ||
      !restAlive ||
      mcpAlive === false ||
      consoleAlive === false ||
      logged.rest + logged.mcp + logged.console > 0 ||
      exits.rest.code !== 0 ||
      (exits.console !== undefined && exits.console.code !== 0) ||
      (slowInputs !== null && slowInputs.counterexample !== null);
    process.stdout.write(
      `${JSON.stringify(
        {
          database: databaseUrl.startsWith('file:') ? 'sqlite (temp file)' : 'postgresql',
          rest: restResult,
          mcp: mcpResult,
          console: consoleResult,
          slowInputs,
          alive: { rest: restAlive, mcp: mcpAlive, console: consoleAlive },
          errorLogLines: logged,
          exits,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    for (const server of [rest, mcp, consoleApp]) if (server && server.child.exitCode === null) await server.stop('SIGKILL').catch(() => undefined);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`fuzz failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
