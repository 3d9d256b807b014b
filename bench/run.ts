// Runs every bench and prints the figures beside the targets of docs/decisions.md.
//   pnpm bench         full run on the built apps (dist), results in bench/results/
//   pnpm bench:quick   tiny durations on the TypeScript sources: only checks that every bench runs
// Options: --quick, --source | --dist, --only=pricing,adversarial,drawings,event-loop,imports,growth,storage,cold-start,faults,console,rest,mcp, --seconds=N,
// --connections=N. PostgreSQL for the storage bench: BENCH_POSTGRES_URL, else TEST_POSTGRES_URL, else
// postgresql://root@127.0.0.1:5432/test (skipped when it does not answer).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdversarialResult } from './adversarial';
import type { DrawingsResult } from './drawings';
import { runColdStartBench } from './cold-start';
import { runConsoleBench } from './console';
import type { ConsoleBenchResult } from './console';
import { runEventLoopBench } from './event-loop';
import { runFaultsBench } from './faults';
import type { FaultsResult } from './faults';
import { runImportRoutesBench } from './import-routes';
import { ROOT_DIR, formatInt, formatMs, formatPct, killStartedChildren, printTable } from './harness';
import type { BenchOptions, RunMode } from './harness';
import { runMcpBench } from './mcp';
import type { PricingResult } from './pricing';
import { evaluateTargets, renderMarkdown } from './report-markdown';
import type { ReportInput } from './report-markdown';
import { runRestBench } from './rest';
import type { PairResult } from './rest';
import type { StorageResult } from './storage';

const SECTIONS = ['pricing', 'adversarial', 'drawings', 'event-loop', 'imports', 'growth', 'storage', 'cold-start', 'faults', 'console', 'rest', 'mcp'] as const;
type Section = (typeof SECTIONS)[number];

interface Results extends ReportInput {
  faults?: FaultsResult;
  console?: ConsoleBenchResult;
  failures: string[];
}

function readArg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function readOptions(): { options: BenchOptions; only: Section[]; outDir: string } {
  const quick = process.argv.includes('--quick');
  const mode: RunMode = process.argv.includes('--source') ? 'source' : process.argv.includes('--dist') ? 'dist' : quick ? 'source' : 'dist';
  const only = (readArg('only')?.split(',') ?? [...SECTIONS]) as Section[];
  for (const section of only) if (!SECTIONS.includes(section)) throw new Error(`Unknown section ${section}; use ${SECTIONS.join(', ')}`);
  const options: BenchOptions = {
    quick,
    mode,
    seconds: Number(readArg('seconds') ?? (quick ? 1 : 10)),
    warmupSeconds: quick ? 0.5 : 3,
    connections: Number(readArg('connections') ?? 10),
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgresql://root@127.0.0.1:5432/test',
  };
  // A quick run checks the benches; its figures must not replace the recorded ones.
  const outDir = readArg('out') ?? (quick ? path.join(os.tmpdir(), 'shop-bench-quick') : path.join(ROOT_DIR, 'bench', 'results'));
  return { options, only, outDir };
}

/** Runs a bench file in its own Node process (one core, no load generator beside it); parses its JSON line. */
function runChild<T>(file: string, args: string[], nodeFlags: string[] = []): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--conditions=@shop/source', path.join(ROOT_DIR, 'bench', file), '--json', ...args], {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`${file} exited with ${code}: ${out.slice(-500)}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${file} printed no JSON result: ${out.slice(-500)}`));
      }
    });
  });
}

function printPairs(title: string, pairs: PairResult[]): void {
  console.log(`\n${title}`);
  const rows: string[][] = [];
  for (const pair of pairs) {
    pair.baseline.forEach((b, i) => {
      const t = pair.target[i];
      rows.push([pair.baselineName, `A${i + 1}`, formatInt(b.rps), formatMs(b.p50), formatMs(b.p99), '']);
      if (t) rows.push([pair.name, `B${i + 1}`, formatInt(t.rps), formatMs(t.p50), formatMs(t.p99), i === pair.baseline.length - 1 ? formatPct(pair.ratio) : '']);
    });
  }
  printTable(['case', 'run', 'req/s', 'p50', 'p99', 'ratio'], rows);
}

function printResults(r: Results): void {
  console.log(`\n== Results (${r.date}, ${r.machine.cpus} cores, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, load ${r.machine.loadAverageStart.map((l) => l.toFixed(2)).join(' ')}) ==`);
  if (r.pricing) {
    const p = r.pricing;
    console.log('\n@shop/pricing, one core');
    printTable(
      ['case', 'figure'],
      [
        ['typical plate (rectangle, 4 holes, 1 bend)', `${formatInt(p.typicalPerSecond)} quotes/s, p50 ${p.typicalP50Us.toFixed(1)} us`],
        ['worst legal plate (200 corners, 500 cutouts, 10 bends)', `p50 ${p.worstP50Ms.toFixed(2)} ms, p99 ${p.worstP99Ms.toFixed(2)} ms, max ${p.worstMaxMs.toFixed(2)} ms (${p.worstRuns} runs)`],
        ['heap allocated per quote', `typical ${p.typicalAllocKb?.toFixed(1) ?? '?'} KB, worst ${p.worstAllocKb?.toFixed(0) ?? '?'} KB`],
        ['quote JSON size', `typical ${formatInt(p.typicalQuoteBytes)} B, worst ${formatInt(p.worstQuoteBytes)} B`],
      ],
    );
  }
  if (r.adversarial) {
    const a = r.adversarial;
    console.log('\nAdversarial plates, one core (pricing and checks; quote JSON size)');
    printTable(
      ['case', 'p50', 'p99', 'max', 'runs', 'quote'],
      [...a.items, ...a.quotes, a.inline, ...(a.imported ?? [])].map((c) => [c.name, formatMs(c.p50Ms, 2), formatMs(c.p99Ms, 2), formatMs(c.maxMs, 2), formatInt(c.runs), `${formatInt(c.quoteBytes)} B`]),
    );
  }
  if (r.drawings) {
    console.log('\nReading drawings (importDxf, one core)');
    printTable(
      ['drawing', 'size', 'median', 'heap after / kept', 'result'],
      r.drawings.map((c) => [c.name, `${formatInt(Math.round(c.bytes / 1024))} KB`, formatMs(c.medianMs, 0), `+${c.heapAfterMb} / +${c.heapKeptMb} MB`, c.result]),
    );
  }
  if (r.eventLoop) {
    const e = r.eventLoop;
    console.log(`\nEvent loop (${e.mode}): ${e.addresses} addresses x 1 quote/s of 10 x ${e.plate} for ${e.seconds} s, GET /status every 25 ms`);
    console.log(`GET /status: ${e.status.count} answers, p50 ${formatMs(e.status.p50)}, p99 ${formatMs(e.status.p99)}, max ${formatMs(e.status.max)}, ${e.status.failures} not 200`);
    console.log(`POST /quotes: ${e.quotes.sent} sent, ${JSON.stringify(e.quotes.byStatus)}, p50 ${formatMs(e.quotes.p50, 0)}, p99 ${formatMs(e.quotes.p99, 0)}, max ${formatMs(e.quotes.max, 0)}`);
  }
  if (r.adversarial?.importReferences) {
    const i = r.adversarial.importReferences;
    console.log(`\nA plate naming an import (${i.part}), on a plate worker; the quote kept`);
    printTable(
      ['case', 'first', 'p50', 'p99', 'runs'],
      [
        ['plate quoter page, worst legal part', formatMs(i.quoterPageFirstMs), formatMs(i.quoterPage.p50Ms, 2), formatMs(i.quoterPage.p99Ms, 2), formatInt(i.quoterPage.runs)],
        ['10 items naming it, one quote', formatMs(i.tenItemQuoteFirstMs), formatMs(i.tenItemQuote.p50Ms, 2), formatMs(i.tenItemQuote.p99Ms, 2), formatInt(i.tenItemQuote.runs)],
        ['main thread: the task sent to the worker', '', formatMs(i.dispatchP50Ms, 2), formatMs(i.dispatchP99Ms, 2), ''],
      ],
    );
    console.log(`stored: body ${formatInt(i.stored.bodyBytes)} B, request ${formatInt(i.stored.requestBytes)} B (ten outlines before: ${formatInt(i.stored.requestBytesBefore)} B)`);
    const d = i.tenDistinct;
    console.log(`10 items naming 10 different imports, none read before: ${formatMs(d.surveyedMs)} with their surveys (${formatMs(d.searchingMs)} searching each outline); one survey when the drawing is read: ${formatMs(d.surveyMs)}`);
  }
  if (r.imports) {
    console.log(`\nRoutes naming an import (${r.imports.mode}; ${formatInt(r.imports.vertices)} vertices, ${r.imports.holes} holes, ${formatInt(r.imports.drawingBytes)} B of DXF), GET /status every 25 ms`);
    printTable(
      ['scenario', 'load', 'status p50', 'status p99', 'status max', 'answers', 'route p50', 'route p99', 'RSS peak'],
      r.imports.scenarios.map((s) => [s.name, s.load, formatMs(s.status.p50), formatMs(s.status.p99), formatMs(s.status.max), JSON.stringify(s.route.byStatus), formatMs(s.route.p50, 0), formatMs(s.route.p99, 0), `${s.rssPeakMb.toFixed(0)} MB`]),
    );
  }
  if (r.growth) {
    console.log(`\nGrowth (chart: ${r.growth.out})`);
    printTable(
      ['series', 'first', 'last', 'slope', 'R²'],
      r.growth.series.map((s) => {
        const first = s.points[0];
        const last = s.points.at(-1);
        return [s.label, `${first?.x}: ${first?.medianMs.toFixed(3)} ms`, `${last?.x}: ${last?.medianMs.toFixed(3)} ms`, `${(s.slopeMs * 1000).toFixed(2)} us/${s.xLabel.replace(/s$/, '')}`, s.r2.toFixed(3)];
      }),
    );
  }
  if (r.storage) {
    console.log('\n@shop/storage, quotes of a typical plate');
    printTable(
      ['database', 'insert/s 1 at a time', 'insert/s 16 at a time', 'read/s 1 at a time', 'read/s 16 at a time', 'first migration'],
      r.storage.rows.map((row) => [row.provider, formatInt(row.insertSerial), formatInt(row.insertConcurrent), formatInt(row.readSerial), formatInt(row.readConcurrent), formatMs(row.firstMigrationMs, 0)]),
    );
    if (r.storage.postgresSkipped) console.log(`PostgreSQL skipped: ${r.storage.postgresSkipped}`);
  }
  if (r.coldStart) {
    const c = r.coldStart;
    console.log(`\nCold start to first answer (${c.mode}): fresh database ${c.freshMs.map((ms) => ms.toFixed(0)).join(', ')} ms; existing database ${c.restartMs.map((ms) => ms.toFixed(0)).join(', ')} ms; idle RSS ${c.idleRssMb.map((mb) => mb.toFixed(0)).join(', ')} MB`);
  }
  if (r.faults) {
    const f = r.faults;
    const timing = (t: { runs: number; p50Ms: number; maxMs: number }) => `p50 ${formatMs(t.p50Ms, 2)}, max ${formatMs(t.maxMs, 2)} (${t.runs} runs)`;
    console.log(`\nFaults (${f.mode}): what the fault tests check, timed`);
    printTable(
      ['case', 'figure'],
      [
        ['contact patterns, 2 KB of dotted sizes (target < 5 ms)', timing(f.contactPatterns)],
        ['GET /status while the SQLite write lock is held elsewhere (busy)', timing(f.lockedStatus)],
        ['GET /quotes/{id} while the lock is held', timing(f.lockedRead)],
        ['POST /quotes while the lock is held (waits 2 s)', `${f.lockedWriteStatus} after ${formatMs(f.lockedWriteMs, 0)}`],
        ['11 POST /rfq-links with Redis unreachable', `${f.redisUnreachableStatuses} in ${formatMs(f.redisUnreachableMs, 0)}`],
      ],
    );
  }
  if (r.console) {
    const c = r.console;
    console.log(`\nConsole (${c.mode}): ${formatInt(c.requests)} stored requests (written in ${c.seedSeconds.toFixed(0)} s), one signed-in owner; RSS idle ${c.rss.idleMb.toFixed(0)} MB, peak ${c.rss.peakMb.toFixed(0)} MB`);
    const f = c.signInFlood;
    printTable(
      ['case', 'p50', 'p99', 'max', 'runs', 'answer'],
      [...c.inbox, f.wrongTry, f.limitedTry, c.priceBookDiff].map((t) => [t.name, formatMs(t.p50Ms), formatMs(t.p99Ms), formatMs(t.maxMs), formatInt(t.runs), t.detail]),
    );
    console.log(`sign-in flood from one address: ${f.tries} tries, ${f.refusedWrongPassword} x 401 then ${f.limited} x 429, ${f.other} other; console CPU ${f.cpuPerWrongTryMs.toFixed(1)} ms per wrong try, ${f.cpuPerLimitedTryMs.toFixed(1)} ms per refused one (10 ms ticks); diff of ${c.priceBookDiff.figuresChanged} figures`);
  }
  if (r.rest) {
    printPairs(`REST (${r.rest.mode}), autocannon ${r.options.connections} connections, ${r.options.seconds} s per run; body ${r.rest.bodyBytes} B, quote ${r.rest.quoteBytes} B`, r.rest.pairs);
    const h = r.rest.halfLoad;
    console.log(`POST /quotes held at ${formatInt(h.rate)} req/s (half the echo): got ${formatInt(h.result.rps)} req/s, p50 ${formatMs(h.result.p50)}, p90 ${formatMs(h.result.p90)}, p99 ${formatMs(h.result.p99)}, max ${formatMs(h.result.max)}`);
    const o = r.rest.halfOwnLoad;
    console.log(`POST /quotes held at ${formatInt(o.rate)} req/s (half its own): got ${formatInt(o.result.rps)} req/s, p50 ${formatMs(o.result.p50)}, p90 ${formatMs(o.result.p90)}, p99 ${formatMs(o.result.p99)}, max ${formatMs(o.result.max)}`);
    console.log(`REST app RSS under load: peak ${r.rest.rss.peakMb.toFixed(0)} MB (${r.rest.rss.samples} samples)`);
  }
  if (r.mcp) {
    printPairs(`MCP (${r.mcp.mode}), tools/call over HTTP POST, ${r.options.connections} connections`, r.mcp.pairs);
    console.log(`MCP app RSS under load: peak ${r.mcp.rss.peakMb.toFixed(0)} MB`);
  }

  console.log('\nTargets (docs/decisions.md)');
  const rows = evaluateTargets(r);
  printTable(['target', 'measured', ''], rows);
  if (r.options.quick) console.log('\n(quick run: durations too short for the figures to mean anything; it only checks that the benches run)');
}

async function main(): Promise<void> {
  const { options, only, outDir } = readOptions();
  mkdirSync(outDir, { recursive: true });
  const results: Results = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverageStart: os.loadavg() },
    options,
    failures: [],
  };
  const run = async (section: Section, task: () => Promise<void>) => {
    if (!only.includes(section)) return;
    const started = performance.now();
    process.stderr.write(`bench: ${section}...`);
    try {
      await task();
      process.stderr.write(` ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      process.stderr.write(' failed\n');
      results.failures.push(`${section}: ${(error as Error).message}`);
    }
  };

  await run('pricing', async () => {
    results.pricing = await runChild<PricingResult>('pricing.ts', [`--seconds=${options.quick ? 0.3 : 3}`], ['--expose-gc', '--max-semi-space-size=64']);
  });
  await run('adversarial', async () => {
    results.adversarial = await runChild<AdversarialResult>('adversarial.ts', [`--seconds=${options.quick ? 0.5 : 20}`]);
  });
  await run('drawings', async () => {
    results.drawings = await runChild<DrawingsResult>('drawings.ts', options.quick ? ['--quick'] : []);
  });
  await run('event-loop', async () => {
    results.eventLoop = await runEventLoopBench(options);
  });
  await run('imports', async () => {
    results.imports = await runImportRoutesBench(options);
  });
  await run('growth', async () => {
    results.growth = await runChild('growth-chart.ts', [`--ms-per-point=${options.quick ? 20 : 300}`, `--out=${path.join(outDir, 'pricing-growth.svg')}`]);
  });
  await run('storage', async () => {
    results.storage = await runChild<StorageResult>('storage.ts', [`--quotes=${options.quick ? 100 : 2000}`, `--postgres=${options.postgresUrl ?? ''}`]);
  });
  await run('cold-start', async () => {
    results.coldStart = await runColdStartBench(options);
  });
  await run('faults', async () => {
    results.faults = await runFaultsBench(options);
  });
  await run('console', async () => {
    results.console = await runConsoleBench(options);
  });
  await run('rest', async () => {
    results.rest = await runRestBench(options);
  });
  await run('mcp', async () => {
    results.mcp = await runMcpBench(options);
  });
  results.machine.loadAverageEnd = os.loadavg();

  printResults(results);
  const file = path.join(outDir, options.quick ? 'quick.json' : 'latest.json');
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(file.replace(/\.json$/, '.md'), renderMarkdown(results));
  console.log(`\nAll figures: ${file.startsWith(ROOT_DIR) ? path.relative(ROOT_DIR, file) : file}`);
  if (results.failures.length > 0) {
    console.error(`\n${results.failures.length} bench(es) failed:\n${results.failures.map((f) => `- ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
  // Keep-alive sockets of the load generator must not hold the run open.
  process.exit();
}

process.once('SIGINT', () => {
  killStartedChildren();
  process.exit(130);
});
main().catch((error: unknown) => {
  killStartedChildren();
  console.error(error);
  process.exit(1);
});
