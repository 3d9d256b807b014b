// `pnpm bench:compare REF`: POST /quotes of this tree against a git ref, side by side in one run. REF
// is checked out with `git worktree` in a temp folder, installed and built; both REST apps start on
// SQLite files of their own, each the way its tree deploys it (this tree through scripts/run-app.sh);
// after a warm-up, rounds alternate between the two sides (the order flips each round) with the same
// body. Printed: each side's quotes/s per round and mean, p99, RSS peak under load and after the
// last round, the ratio this tree / REF; and each side's CPU time per quote (user + system of the
// server process over the round, from /proc, divided by the quotes answered), the figure that holds
// on a shared machine where quotes/s swing with the other work on it.
// Options: --rounds=3 --seconds=5 --connections=10 --warmup=3, --requests=N (rounds of N quotes
// instead of N seconds), --flags="--max-semi-space-size=8"
// (extra node flags for this tree's side, after the start script's), --keep (keep the worktree and
// reuse it next time; otherwise it is removed at the end), --ref-dir=PATH (REF already checked out,
// installed and built there; left as it is).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR, findFreePort, formatInt, formatMs, killStartedChildren, makeTempDir, median, printTable, readCpuMicros, readRssMb, runLoad, sampleRss, startServer } from './harness';
import type { ChildServer, LoadResult, LoadSpec } from './harness';
import { QUOTE_BODY, appEnv } from './rest';

interface Side {
  name: string;
  dir: string;
  /** Arguments of `sh` that start its REST app from dist/. */
  args: string[];
  env: Record<string, string>;
}

interface SideResult {
  name: string;
  start: string;
  rounds: LoadResult[];
  meanRps: number;
  /** CPU microseconds of the server per quote answered, each round. */
  cpuPerQuote: number[];
  rssPeakMb: number;
  rssAfterMb: number;
}

function readArg(name: string, fallback: string): string {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}

function run(command: string, args: string[], cwd: string, what: string): void {
  process.stderr.write(`compare: ${what}\n`);
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CI: 'true', TURBO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) throw new Error(`${what} failed (${command} ${args.join(' ')}, exit ${result.status})`);
}

/** The ref checked out in a temp folder (reused when it is there and built), installed and built. */
function prepareRef(ref: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT_DIR, encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `shop-compare-${commit.slice(0, 12)}`);
  const built = path.join(dir, '.compare-built');
  if (existsSync(built)) return { dir, commit };
  if (!existsSync(dir)) run('git', ['worktree', 'add', '--detach', dir, commit], ROOT_DIR, `checking out ${ref} (${commit.slice(0, 12)}) in ${dir}`);
  run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], dir, `installing ${ref}`);
  run('pnpm', ['build', '--output-logs=errors-only'], dir, `building ${ref}`);
  writeFileSync(built, `${commit}\n`);
  return { dir, commit };
}

/** How a tree starts its REST app: its start script, else node with the flags (and env) it kept in JSON, else plain node. */
function startOf(dir: string, extraFlags: string[]): Pick<Side, 'args' | 'env'> {
  const entry = path.join(dir, 'apps', 'rest', 'dist', 'server.js');
  if (existsSync(path.join(dir, 'scripts', 'run-app.sh'))) return { args: [path.join(dir, 'scripts', 'run-app.sh'), ...extraFlags, entry], env: {} };
  const flagsFile = path.join(dir, 'scripts', 'app-node-flags.json');
  const envFile = path.join(dir, 'scripts', 'app-env.json');
  const flags = existsSync(flagsFile) ? (JSON.parse(readFileSync(flagsFile, 'utf8')) as string[]) : [];
  const env = existsSync(envFile) ? (JSON.parse(readFileSync(envFile, 'utf8')) as Record<string, string>) : {};
  // `sh -c 'exec node ...'` keeps the PID the server's, as the start script does.
  return { args: ['-c', 'exec "$NODE" "$@"', 'node', ...extraFlags, ...flags, entry], env };
}

async function startSide(side: Side, dataDir: string): Promise<ChildServer> {
  const port = await findFreePort();
  return startServer({
    name: side.name,
    cwd: side.dir,
    args: side.args,
    env: { ...side.env, ...appEnv(dataDir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }) },
    port,
    readyPath: '/api/v1/status',
    timeoutMs: 60_000,
  });
}

function assertClean(name: string, result: LoadResult): void {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
}

async function main(): Promise<void> {
  const ref = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!ref) throw new Error('usage: pnpm bench:compare REF [--rounds=3] [--seconds=5] [--connections=10] [--warmup=3] [--flags="..."] [--keep]');
  const rounds = Number(readArg('rounds', '3'));
  const seconds = Number(readArg('seconds', '5'));
  const connections = Number(readArg('connections', '10'));
  const warmup = Number(readArg('warmup', '3'));
  const requests = Number(readArg('requests', '0'));
  const flags = readArg('flags', '').split(' ').filter((f) => f !== '');
  const keep = process.argv.includes('--keep');
  const loadStart = os.loadavg();

  const refDir = readArg('ref-dir', '');
  const prepared = refDir === '' ? prepareRef(ref) : { dir: path.resolve(refDir), commit: execFileSync('git', ['rev-parse', 'HEAD'], { cwd: refDir, encoding: 'utf8' }).trim() };
  const sides: Side[] = [
    { name: `${ref} (${prepared.commit.slice(0, 7)})`, dir: prepared.dir, ...startOf(prepared.dir, []) },
    { name: `this tree${flags.length > 0 ? ` ${flags.join(' ')}` : ''}`, dir: ROOT_DIR, ...startOf(ROOT_DIR, flags) },
  ];
  const temps = sides.map(() => makeTempDir('shop-compare-data-'));
  const servers: ChildServer[] = [];
  try {
    for (const [i, side] of sides.entries()) servers.push(await startSide(side, (temps[i] as { dir: string }).dir));
    const specs: LoadSpec[] = servers.map((server) => ({
      url: `${server.baseUrl}/api/v1/quotes`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: QUOTE_BODY,
      seconds,
      connections,
      ...(requests > 0 ? { amount: requests } : {}),
    }));
    for (const [i, spec] of specs.entries()) {
      const reply = await fetch(spec.url, { method: 'POST', headers: spec.headers, body: QUOTE_BODY });
      if (reply.status !== 201) throw new Error(`${sides[i]?.name}: POST /quotes answered ${reply.status}: ${(await reply.text()).slice(0, 300)}`);
      await reply.arrayBuffer();
    }
    process.stderr.write(`compare: warm-up, ${warmup} s each\n`);
    for (const { amount: _unused, ...spec } of specs) await runLoad({ ...spec, seconds: warmup });

    const samplers = servers.map((server) => sampleRss(server.pid));
    const results: LoadResult[][] = sides.map(() => []);
    const cpu: number[][] = sides.map(() => []);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        process.stderr.write(`compare: round ${round + 1}/${rounds}, ${sides[i]?.name}\n`);
        const pid = servers[i]?.pid ?? 0;
        const cpuBefore = readCpuMicros(pid);
        const result = await runLoad(specs[i] as LoadSpec);
        cpu[i]?.push((readCpuMicros(pid) - cpuBefore) / result.ok);
        assertClean(sides[i]?.name ?? '', result);
        results[i]?.push(result);
      }
    }
    const rss = samplers.map((sampler) => sampler.stop());
    const outcome: SideResult[] = sides.map((side, i) => {
      const own = results[i] ?? [];
      return {
        name: side.name,
        start: side.args.join(' ').replaceAll(side.dir, '.'),
        rounds: own,
        meanRps: own.reduce((sum, r) => sum + r.rps, 0) / own.length,
        cpuPerQuote: cpu[i] ?? [],
        rssPeakMb: rss[i]?.peakMb ?? 0,
        rssAfterMb: readRssMb(servers[i]?.pid ?? 0) ?? 0,
      };
    });
    const [base, target] = outcome as [SideResult, SideResult];

    console.log(`\nPOST /quotes, ${rounds} rounds x ${requests > 0 ? `${requests} quotes` : `${seconds} s`}, ${connections} connections, body ${QUOTE_BODY.length} B`);
    console.log(`${new Date().toISOString()}, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${loadStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at the end`);
    printTable(
      ['side', ...Array.from({ length: rounds }, (_, r) => `round ${r + 1}`), 'mean q/s', 'p99 (last)', 'RSS peak', 'RSS after'],
      outcome.map((side) => [
        side.name,
        ...side.rounds.map((r) => formatInt(r.rps)),
        formatInt(side.meanRps),
        formatMs(side.rounds.at(-1)?.p99 ?? 0),
        `${side.rssPeakMb.toFixed(0)} MB`,
        `${side.rssAfterMb.toFixed(0)} MB`,
      ]),
    );
    for (const side of outcome) console.log(`${side.name}: sh ${side.start}`);
    console.log(`ratio (this tree / ${ref}): ${(target.meanRps / base.meanRps).toFixed(3)}`);
    console.log('\nCPU time of the server per quote (user + system, us), each round and the median:');
    printTable(
      ['side', ...Array.from({ length: rounds }, (_, r) => `round ${r + 1}`), 'median us/quote'],
      outcome.map((side) => [side.name, ...side.cpuPerQuote.map((us) => us.toFixed(0)), median(side.cpuPerQuote).toFixed(1)]),
    );
    console.log(`CPU per quote, this tree / ${ref}: ${(median(target.cpuPerQuote) / median(base.cpuPerQuote)).toFixed(3)}`);
  } finally {
    for (const server of servers) await server.stop();
    for (const temp of temps) temp.remove();
    if (!keep && refDir === '') run('git', ['worktree', 'remove', '--force', prepared.dir], ROOT_DIR, `removing the worktree ${prepared.dir}`);
  }
}

process.once('SIGINT', () => {
  killStartedChildren();
  process.exit(130);
});
main().then(
  () => process.exit(),
  (error: unknown) => {
    killStartedChildren();
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
