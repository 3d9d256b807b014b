// The REST app under autocannon beside a bare express echo (bench/echo-express.ts), in one run:
// each endpoint alternates baseline and target (A/B/A/B) so both see the same machine. Then POST
// /quotes at half the echo's rate for its latency, while the app's RSS is sampled throughout.
import { typicalInput } from '../packages/pricing/bench/pricing.bench';
import { findFreePort, makeTempDir, nodeArgsFor, runLoad, sampleRss, startServer } from './harness';
import type { BenchOptions, ChildServer, LoadResult, LoadSpec } from './harness';

export interface PairResult {
  name: string;
  baselineName: string;
  baseline: LoadResult[];
  target: LoadResult[];
  /** Mean req/s over the rounds. */
  baselineRps: number;
  targetRps: number;
  ratio: number;
}

export interface RestResult {
  pairs: PairResult[];
  halfLoad: { rate: number; result: LoadResult };
  /** For comparison: POST /quotes held at half of its own measured req/s. */
  halfOwnLoad: { rate: number; result: LoadResult };
  rss: { peakMb: number; lastMb: number; samples: number };
  bodyBytes: number;
  quoteBytes: number;
  mode: string;
}

export const QUOTE_BODY = JSON.stringify(typicalInput);
const JSON_HEADERS = { 'content-type': 'application/json' };

/** Env of an app child: limits raised by configuration (never off), quiet logs, a temp SQLite file. */
export function appEnv(dir: string, extra: Record<string, string>): Record<string, string> {
  return {
    DATABASE_URL: `file:${dir}/shop.db`,
    RATE_LIMIT_SCALE: '100000',
    LOG_LEVEL: 'warn',
    PURGE_INTERVAL_MINUTES: '0',
    REDIS_URL: '',
    ...extra,
  };
}

export async function startRestApp(options: BenchOptions, dir: string): Promise<ChildServer> {
  const port = await findFreePort();
  return startServer({
    name: 'rest',
    args: nodeArgsFor({ dist: 'apps/rest/dist/server.js', source: 'apps/rest/src/server.ts' }, options.mode),
    env: appEnv(dir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    port,
    readyPath: '/api/v1/status',
  });
}

export async function startEchoExpress(): Promise<ChildServer> {
  const port = await findFreePort();
  return startServer({ name: 'echo-express', args: nodeArgsFor({ source: 'bench/echo-express.ts' }, 'source'), env: { PORT: String(port) }, port, readyPath: '/echo' });
}

/** Runs baseline and target alternately, `rounds` times each. */
export async function runPair(name: string, baselineName: string, baseline: LoadSpec, target: LoadSpec, rounds: number): Promise<PairResult> {
  const a: LoadResult[] = [];
  const b: LoadResult[] = [];
  for (let round = 0; round < rounds; round++) {
    a.push(await runLoad(baseline));
    b.push(await runLoad(target));
  }
  const mean = (results: LoadResult[]) => results.reduce((sum, r) => sum + r.rps, 0) / results.length;
  const baselineRps = mean(a);
  const targetRps = mean(b);
  return { name, baselineName, baseline: a, target: b, baselineRps, targetRps, ratio: targetRps / baselineRps };
}

function assertClean(label: string, results: LoadResult[]): void {
  for (const r of results) {
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers and ${r.errors} errors; the figures would not be of successful requests`);
  }
}

export async function runRestBench(options: BenchOptions): Promise<RestResult> {
  const temp = makeTempDir('shop-bench-rest-');
  const servers: ChildServer[] = [];
  let rss: ReturnType<typeof sampleRss> | null = null;
  try {
    const rest = await startRestApp(options, temp.dir);
    servers.push(rest);
    const echo = await startEchoExpress();
    servers.push(echo);
    rss = sampleRss(rest.pid);
    const api = `${rest.baseUrl}/api/v1`;

    const created = await fetch(`${api}/quotes`, { method: 'POST', headers: JSON_HEADERS, body: QUOTE_BODY });
    const quoteText = await created.text();
    if (created.status !== 201) throw new Error(`POST /quotes answered ${created.status}: ${quoteText.slice(0, 300)}`);
    const quoteId = (JSON.parse(quoteText) as { id: string }).id;

    const base = { seconds: options.seconds, connections: options.connections };
    const echoPost: LoadSpec = { ...base, url: `${echo.baseUrl}/echo`, method: 'POST', headers: JSON_HEADERS, body: QUOTE_BODY };
    const echoGet: LoadSpec = { ...base, url: `${echo.baseUrl}/echo` };
    const quotesPost: LoadSpec = { ...base, url: `${api}/quotes`, method: 'POST', headers: JSON_HEADERS, body: QUOTE_BODY };
    const gets: Array<[string, string]> = [
      ['GET /quotes/{id}', `${api}/quotes/${quoteId}`],
      ['GET /materials', `${api}/materials`],
      ['GET /profiles?search=hss', `${api}/profiles?search=hss`],
    ];

    // Warm-up: JIT, SQLite page cache, connection pools.
    for (const spec of [echoPost, quotesPost, echoGet, ...gets.map(([, url]) => ({ ...base, url }))]) {
      await runLoad({ ...spec, seconds: options.warmupSeconds });
    }

    const rounds = options.quick ? 1 : 2;
    const pairs: PairResult[] = [];
    pairs.push(await runPair('POST /quotes', 'POST echo (same body)', echoPost, quotesPost, rounds));
    for (const [name, url] of gets) pairs.push(await runPair(name, 'GET echo', echoGet, { ...base, url }, rounds));
    for (const pair of pairs) assertClean(pair.name, [...pair.baseline, ...pair.target]);

    // Latency at a held rate: half the echo's POST req/s, spread over the connections.
    const rate = Math.max(1, Math.round((pairs[0] as PairResult).baselineRps / 2));
    const halfLoad = await runLoad({ ...quotesPost, overallRate: rate });
    assertClean('POST /quotes at half load', [halfLoad]);
    const ownRate = Math.max(1, Math.round((pairs[0] as PairResult).targetRps / 2));
    const halfOwnLoad = await runLoad({ ...quotesPost, overallRate: ownRate });
    assertClean('POST /quotes at half its own rate', [halfOwnLoad]);

    return { pairs, halfLoad: { rate, result: halfLoad }, halfOwnLoad: { rate: ownRate, result: halfOwnLoad }, rss: rss.stop(), bodyBytes: QUOTE_BODY.length, quoteBytes: quoteText.length, mode: options.mode };
  } finally {
    rss?.stop();
    for (const server of servers.reverse()) await server.stop();
    temp.remove();
  }
}
