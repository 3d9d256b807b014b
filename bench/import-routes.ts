// Whether the event loop stays free while every route that touches an imported part is driven at its
// full limit: one legal ~19,000-vertex import (bench/heavy-import.ts), a quote of ten items naming it,
// an order link of that quote, and then, one scenario at a time, with GET /status asked every 25 ms:
//   quotes       5 addresses x 1 POST /quotes a second (the pricing limit, 60 a minute), ten items each
//   previews     4 addresses x 2 GET preview.svg a second (the reading limit, 120 a minute), items 0-9
//   drawings     4 addresses x 2 GET drawing.dxf a second
//   quoter       3 addresses x 2 a second, the plate quoter page and its price endpoint in turn
//   import page  3 addresses x 2 a second, the upload page's quoter of the import, with a choice priced
//   handoffs     1 address, an order link of the ten-item quote every 0.27 s (30 in 8 s)
//   refused      20 connections of one address past its pricing limit each sending 5 MiB drawings one
//                after another (each refused 429, the connection closed before the body is read)
//   typical imports   2 addresses x 2 POST /plate-imports a second of a 16 KB drawing, at rest
//   hostile drawings  the same, timed, beside 12 addresses sending the audits' hostile drawings back to back
// The target: /status p99 under 50 ms in every scenario. Real limits (RATE_LIMIT_SCALE=1), TRUST_PROXY=1.
//   node --import tsx --conditions=@shop/source bench/import-routes.ts [--quick] [--source] [--seconds=N]
//     [--scenarios=quotes,previews,...] [--cpu-prof-dir=DIR (profiles of the server's threads)]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HOSTILE_DRAWINGS } from '../packages/drawings/src/test-hostile-drawings';
import { findFreePort, makeTempDir, nodeArgsFor, sampleRss, sleep, startServer } from './harness';
import type { BenchOptions, ChildServer } from './harness';
import { heavyImportDxf } from './heavy-import';
import { appEnv } from './rest';

export interface RouteScenario {
  name: string;
  seconds: number;
  /** What was driven and how hard. */
  load: string;
  status: { count: number; p50: number; p99: number; max: number; failures: number };
  route: { sent: number; byStatus: Record<string, number>; p50: number; p99: number };
  rssPeakMb: number;
}

export interface ImportRoutesResult {
  mode: string;
  drawingBytes: number;
  /** Vertices of the imported part (outline and cut-outs) and its round holes. */
  vertices: number;
  holes: number;
  /** POST /quotes of the ten items, once, from a fresh address. */
  quoteMs: number;
  scenarios: RouteScenario[];
}

const STATUS_EVERY_MS = 25;

// GET /status asked from a thread of its own: the load this process sends (20 uploads of 5 MiB at
// once) must not delay the poller's own answers and be counted as the server's.
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const times = [];
  let failures = 0;
  const until = Date.now() + workerData.ms;
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url);
      await response.arrayBuffer();
      if (response.status !== 200) failures++;
    } catch {
      failures++;
    }
    const took = performance.now() - started;
    times.push(took);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, workerData.every - took)));
  }
  parentPort.postMessage({ times, failures });
})();
`;

function pollStatus(url: string, ms: number): Promise<{ times: number[]; failures: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(POLLER, { eval: true, workerData: { url, ms, every: STATUS_EVERY_MS } });
    worker.once('message', (result: { times: number[]; failures: number }) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);
}

interface Shot {
  path: string;
  method?: 'GET' | 'POST';
  body?: string | Buffer;
  headers?: Record<string, string>;
}

async function send(server: ChildServer, address: string, shot: Shot): Promise<{ status: number; text: string }> {
  const response = await fetch(server.baseUrl + shot.path, {
    method: shot.method ?? 'GET',
    headers: { 'x-forwarded-for': address, ...shot.headers },
    ...(shot.body === undefined ? {} : { body: shot.body }),
  });
  return { status: response.status, text: await response.text() };
}

/**
 * Drives `senders` (each an address and its interval) for `seconds` while /status is polled; each
 * sender fires its next shot on time whether or not the last one has answered (as clients do).
 */
async function drive(
  server: ChildServer,
  name: string,
  load: string,
  seconds: number,
  senders: Array<{ address: string; everyMs: number; startMs: number; next: (k: number) => Shot; closedLoop?: boolean; counted?: boolean }>,
): Promise<RouteScenario> {
  const routeTimes: number[] = [];
  const byStatus: Record<string, number> = {};
  let sent = 0;
  const pending: Array<Promise<void>> = [];
  const rss = sampleRss(server.pid, 50);
  const until = performance.now() + seconds * 1000;
  // A sender not counted (the attack beside the measured customers) is sent, but neither timed nor tallied.
  const fire = async (address: string, shot: Shot, counted: boolean) => {
    if (counted) sent++;
    const started = performance.now();
    try {
      const { status } = await send(server, address, shot);
      if (counted) byStatus[status] = (byStatus[status] ?? 0) + 1;
    } catch {
      if (counted) byStatus.error = (byStatus.error ?? 0) + 1;
    }
    if (counted) routeTimes.push(performance.now() - started);
  };
  const loops = senders.map(async (sender) => {
    await sleep(sender.startMs);
    for (let k = 0; performance.now() < until; k++) {
      const next = performance.now() + sender.everyMs;
      const shot = fire(sender.address, sender.next(k), sender.counted ?? true);
      pending.push(shot);
      // A connection that sends its next request once the last is answered (an upload loop).
      if (sender.closedLoop) await shot;
      await sleep(Math.max(0, next - performance.now()));
    }
  });
  const poller = pollStatus(`${server.baseUrl}/api/v1/status`, seconds * 1000);
  await Promise.all(loops);
  const { times: statusTimes, failures: statusFailures } = await poller;
  await Promise.all(pending);
  const { peakMb } = rss.stop();
  statusTimes.sort((a, b) => a - b);
  routeTimes.sort((a, b) => a - b);
  return {
    name,
    seconds,
    load,
    status: { count: statusTimes.length, p50: percentile(statusTimes, 50), p99: percentile(statusTimes, 99), max: statusTimes.at(-1) ?? 0, failures: statusFailures },
    route: { sent, byStatus, p50: percentile(routeTimes, 50), p99: percentile(routeTimes, 99) },
    rssPeakMb: peakMb,
  };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export async function runImportRoutesBench(
  options: Pick<BenchOptions, 'quick' | 'mode'> & { scenarioSeconds?: number; only?: string[]; serverFlags?: string[] },
): Promise<ImportRoutesResult> {
  const temp = makeTempDir('shop-bench-imports-');
  const port = await findFreePort();
  const server = await startServer({
    name: 'rest',
    args: nodeArgsFor({ dist: 'apps/rest/dist/server.js', source: 'apps/rest/src/server.ts' }, options.mode, options.serverFlags ?? []),
    env: appEnv(temp.dir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1', METRICS_PORT: '0' }),
    port,
    readyPath: '/api/v1/status',
  });
  const wanted = (name: string) => options.only === undefined || options.only.includes(name);
  const seconds = options.scenarioSeconds ?? (options.quick ? 3 : 20);
  const dxf = heavyImportDxf();
  try {
    // The import, a ten-item quote naming it and an order link of the quote, each from its own address.
    const imported = await send(server, '203.0.113.1', { path: '/api/v1/plate-imports', method: 'POST', body: dxf, headers: { 'content-type': 'application/dxf' } });
    if (imported.status !== 201) throw new Error(`the import answered ${imported.status}: ${imported.text.slice(0, 300)}`);
    const plateImport = JSON.parse(imported.text) as { id: string; counts: { holes: number }; plate: { outline: { points_in: unknown[] }; cutouts: Array<{ points_in: unknown[] }> } };
    const vertices = plateImport.plate.outline.points_in.length + plateImport.plate.cutouts.reduce((sum, c) => sum + c.points_in.length, 0);
    const quoteBody = JSON.stringify({
      items: Array.from({ length: 10 }, (_, k) => ({ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, import_id: plateImport.id, quantity: 10 + k })),
    });
    const quoteStarted = performance.now();
    const quoted = await send(server, '203.0.113.2', { path: '/api/v1/quotes', method: 'POST', body: quoteBody, headers: JSON_HEADERS });
    const quoteMs = performance.now() - quoteStarted;
    if (quoted.status !== 201) throw new Error(`the quote answered ${quoted.status}: ${quoted.text.slice(0, 300)}`);
    const quoteId = (JSON.parse(quoted.text) as { id: string }).id;
    const handoffBody = JSON.stringify({ quote_ids: [quoteId] });
    const handed = await send(server, '203.0.113.3', { path: '/api/v1/handoffs', method: 'POST', body: handoffBody, headers: JSON_HEADERS });
    if (handed.status !== 201) throw new Error(`the handoff answered ${handed.status}: ${handed.text.slice(0, 300)}`);
    const orderPage = await send(server, '203.0.113.3', { path: new URL((JSON.parse(handed.text) as { url: string }).url).pathname });
    const designIds = [...new Set([...orderPage.text.matchAll(/\/plate\/(pd_[0-9A-Za-z]+)/g)].map((m) => m[1] as string))];
    if (designIds.length === 0) throw new Error('the order page links no plate design');

    const scenarios: RouteScenario[] = [];
    const spread = (count: number, everyMs: number, prefix: string, next: (k: number, a: number) => Shot) =>
      Array.from({ length: count }, (_, a) => ({ address: `${prefix}.${a + 1}`, everyMs, startMs: (everyMs / count) * a, next: (k: number) => next(k, a) }));

    if (wanted('quotes'))
      scenarios.push(
      await drive(server, 'quotes', '5 addresses x 1 POST /quotes/s, 10 items naming the import', seconds,
        spread(5, 1000, '198.51.100', () => ({ path: '/api/v1/quotes', method: 'POST', body: quoteBody, headers: JSON_HEADERS }))),
    );
    if (wanted('previews'))
      scenarios.push(
      await drive(server, 'previews', '4 addresses x 2 GET preview.svg/s of the 10 items', seconds,
        spread(4, 500, '198.51.101', (k, a) => ({ path: `/api/v1/quotes/${quoteId}/items/${(k + a) % 10}/preview.svg` }))),
    );
    if (wanted('drawings'))
      scenarios.push(
      await drive(server, 'drawings', '4 addresses x 2 GET drawing.dxf/s of the 10 items', seconds,
        spread(4, 500, '198.51.102', (k, a) => ({ path: `/api/v1/quotes/${quoteId}/items/${(k + a) % 10}/drawing.dxf` }))),
    );
    if (wanted('quoter'))
      scenarios.push(
      await drive(server, 'quoter', '3 addresses x 2/s, the plate quoter page and its price endpoint in turn', seconds,
        spread(3, 500, '198.51.103', (k, a) => {
          const design = designIds[(k + a) % designIds.length] as string;
          return { path: k % 2 === 0 ? `/plate/${design}?quantity=${5 + (k % 40)}` : `/plate/${design}/price?quantity=${5 + (k % 40)}` };
        })),
    );
    if (wanted('import page'))
      scenarios.push(
      await drive(server, 'import page', '3 addresses x 2/s, /plate/new/{id} with a material, thickness and quantity', seconds,
        spread(3, 500, '198.51.104', (k) => ({ path: `/plate/new/${plateImport.id}?stock=mild_steel%7C0.25&quantity=${1 + (k % 50)}` }))),
    );
    if (wanted('handoffs'))
      scenarios.push(
      await drive(server, 'handoffs', '1 address, an order link of the 10-item quote every 0.27 s', Math.min(seconds, 8),
        [{ address: '198.51.105.1', everyMs: 270, startMs: 0, next: () => ({ path: '/api/v1/handoffs', method: 'POST', body: handoffBody, headers: JSON_HEADERS }) }]),
    );
    // Other customers' typical drawings, at rest and beside 12 addresses sending the audits' hostile
    // drawings one after another (the 1e300 insert among them): what an attack costs everyone else.
    const typical = readFileSync(path.join(__dirname, '..', 'packages', 'drawings', 'test', 'fixtures', 'inkscape-bracket-mm-r14.dxf'));
    // Each customer sends a drawing, waits for its answer, and sends the next half a second after it was due.
    const typicalSenders = spread(2, 500, '198.51.107', () => ({ path: '/api/v1/plate-imports', method: 'POST' as const, body: typical, headers: { 'content-type': 'application/dxf' } })).map(
      (sender) => ({ ...sender, closedLoop: true }),
    );
    if (wanted('typical imports')) scenarios.push(await drive(server, 'typical imports', '2 addresses x 2 POST /plate-imports/s of a 16 KB drawing, at rest', seconds, typicalSenders));
    if (wanted('hostile drawings'))
      scenarios.push(
        await drive(server, 'hostile drawings', 'the same 2 addresses (timed) beside 12 addresses each sending the hostile drawings one after another', seconds, [
          ...typicalSenders,
          ...Array.from({ length: 12 }, (_, a) => ({
            address: `198.51.108.${a + 1}`,
            everyMs: 0,
            startMs: a * 20,
            closedLoop: true,
            counted: false,
            next: (k: number) => ({ path: '/api/v1/plate-imports', method: 'POST' as const, body: HOSTILE_DRAWINGS[(k + a) % HOSTILE_DRAWINGS.length]!.text, headers: { 'content-type': 'application/dxf' } }),
          })),
        ]),
      );
    // One address spends its pricing minute on typed quotes, then sends 5 MiB drawings over 20 connections.
    const spent = '198.51.106.1';
    const typed = JSON.stringify({ items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 4, height_in: 3 } }] });
    if (wanted('refused uploads')) for (let k = 0; k < 60; k++) await send(server, spent, { path: '/api/v1/quotes', method: 'POST', body: typed, headers: JSON_HEADERS });
    const padded = Buffer.alloc(5 * 1024 * 1024 - 1024, ' ');
    Buffer.from(dxf).copy(padded);
    if (wanted('refused uploads'))
      scenarios.push(
      await drive(server, 'refused uploads', '1 address past its limit, 20 connections of 5 MiB POST /plate-imports (429)', seconds,
        Array.from({ length: 20 }, (_, c) => ({
          address: spent,
          everyMs: 0,
          startMs: c * 12,
          closedLoop: true,
          next: () => ({ path: '/api/v1/plate-imports', method: 'POST' as const, body: padded, headers: { 'content-type': 'application/dxf' } }),
        }))),
    );
    return { mode: options.mode, drawingBytes: Buffer.byteLength(dxf), vertices, holes: plateImport.counts.holes, quoteMs, scenarios };
  } finally {
    await server.stop();
    temp.remove();
  }
}

if (require.main === module) {
  const quick = process.argv.includes('--quick');
  const secondsArg = process.argv.find((a) => a.startsWith('--seconds='));
  const onlyArg = process.argv.find((a) => a.startsWith('--scenarios='));
  const profileArg = process.argv.find((a) => a.startsWith('--cpu-prof-dir='));
  runImportRoutesBench({
    quick,
    mode: process.argv.includes('--source') || quick ? 'source' : 'dist',
    ...(secondsArg ? { scenarioSeconds: Number(secondsArg.slice('--seconds='.length)) } : {}),
    ...(onlyArg ? { only: onlyArg.slice('--scenarios='.length).split(',') } : {}),
    ...(profileArg ? { serverFlags: ['--cpu-prof', `--cpu-prof-dir=${profileArg.slice('--cpu-prof-dir='.length)}`] } : {}),
  })
    .then((result) => {
      console.log(process.argv.includes('--json') ? JSON.stringify(result) : JSON.stringify(result, null, 2));
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
