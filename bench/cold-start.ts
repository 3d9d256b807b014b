// Cold start to first answer: spawn the REST app on a new SQLite file (so the migrations run) and
// time until GET /api/v1/status answers 200; then once more on the same file (nothing to migrate).
import { findFreePort, makeTempDir, median, nodeArgsFor, readRssMb, startServer } from './harness';
import type { BenchOptions } from './harness';
import { appEnv } from './rest';

export interface ColdStartResult {
  freshMs: number[];
  restartMs: number[];
  freshMedianMs: number;
  freshMaxMs: number;
  restartMedianMs: number;
  /** Resident memory right after the first answer, MB. */
  idleRssMb: number[];
  mode: string;
}

async function startOnce(options: BenchOptions, dir: string): Promise<{ ms: number; rssMb: number }> {
  const port = await findFreePort();
  const server = await startServer({
    name: 'rest (cold start)',
    args: nodeArgsFor({ dist: 'apps/rest/dist/server.js', source: 'apps/rest/src/server.ts' }, options.mode),
    env: appEnv(dir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    port,
    readyPath: '/api/v1/status',
    pollMs: 5,
  });
  const rssMb = readRssMb(server.pid) ?? 0;
  await server.stop();
  return { ms: server.readyMs, rssMb };
}

export async function runColdStartBench(options: BenchOptions): Promise<ColdStartResult> {
  const runs = options.quick ? 1 : 5;
  const freshMs: number[] = [];
  const restartMs: number[] = [];
  const idleRssMb: number[] = [];
  for (let i = 0; i < runs; i++) {
    const temp = makeTempDir('shop-bench-cold-');
    try {
      const fresh = await startOnce(options, temp.dir);
      freshMs.push(fresh.ms);
      idleRssMb.push(fresh.rssMb);
      restartMs.push((await startOnce(options, temp.dir)).ms);
    } finally {
      temp.remove();
    }
  }
  return {
    freshMs,
    restartMs,
    freshMedianMs: median(freshMs),
    freshMaxMs: Math.max(...freshMs),
    restartMedianMs: median(restartMs),
    idleRssMb,
    mode: options.mode,
  };
}
