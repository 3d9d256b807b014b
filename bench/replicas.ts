// POST /quotes on 1, 2 and 4 REST replicas sharing PostgreSQL and Redis, as deployed behind a load
// balancer: the client's connections are spread evenly over the replicas (what a round-robin balancer
// does per connection), so no proxy spends CPU in the measurement. For each count it reports req/s,
// p99, the CPU seconds per request of the replicas, PostgreSQL and Redis (from /proc), and the
// PostgreSQL connections each replica holds (pg_stat_activity, by application_name).
//   pnpm bench:replicas [--seconds=N] [--connections=N] [--replicas=1,2,4] [--rate=N] [--source]
// Each count runs twice: as fast as the replicas answer, then held at --rate req/s in all (default
// 600, under one replica's capacity), where CPU per request shows the work rather than 2 cores
// shared by more processes than they can run.
// PostgreSQL: BENCH_POSTGRES_URL, else TEST_POSTGRES_URL, else postgresql://root@127.0.0.1:5432/test;
// Redis: BENCH_REDIS_URL, else database 15 of TEST_REDIS_URL's server (else of 127.0.0.1:6379), which
// the bench empties when it ends: its counts must not spend the day's limits of anything else.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { ROOT_DIR, findFreePort, formatInt, formatMs, killStartedChildren, nodeArgsFor, printTable, runLoad, startServer } from './harness';
import type { ChildServer, LoadResult, RunMode } from './harness';
import { QUOTE_BODY } from './rest';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgresql://root@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? `${(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/15`;

interface ReplicaRow {
  replicas: number;
  /** Requests per second asked of all replicas together; null: as fast as they answer. */
  rate: number | null;
  load: LoadResult;
  /** CPU milliseconds per answered request, by process group. */
  cpuMsPerRequest: { rest: number; postgres: number; redis: number; total: number };
  /** Most PostgreSQL connections seen per replica during the run. */
  connectionsPerReplica: number[];
}

function readArg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User + system CPU seconds a process has used so far (0 once it is gone). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** PIDs of processes whose command name matches `pattern` (PostgreSQL backends, redis-server). */
function pidsNamed(pattern: RegExp): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (pattern.test(readFileSync(`/proc/${entry}/comm`, 'utf8').trim())) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** CPU seconds of a group of processes, counting those that come and go (PostgreSQL backends). */
function groupCpu(pattern: RegExp): () => number {
  const seen = new Map<number, number>();
  return () => {
    for (const pid of pidsNamed(pattern)) seen.set(pid, cpuSeconds(pid) || (seen.get(pid) ?? 0));
    return [...seen.values()].reduce((sum, value) => sum + value, 0);
  };
}

async function startReplica(index: number, schema: string, mode: RunMode): Promise<ChildServer> {
  const port = await findFreePort();
  const sep = POSTGRES_URL.includes('?') ? '&' : '?';
  return startServer({
    name: `rest-${index}`,
    args: nodeArgsFor({ dist: 'apps/rest/dist/server.js', source: 'apps/rest/src/server.ts' }, mode),
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `${POSTGRES_URL}${sep}schema=${schema}&application_name=${schema}_${index}`,
      REDIS_URL,
      RATE_LIMIT_SCALE: '100000',
      LOG_LEVEL: 'warn',
      PURGE_INTERVAL_MINUTES: '0',
      METRICS_PORT: '0',
    },
    port,
    readyPath: '/api/v1/status',
    timeoutMs: 60_000,
  });
}

async function measure(replicas: ChildServer[], schema: string, seconds: number, connections: number, rate: number | null): Promise<ReplicaRow> {
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const peak = new Map<string, number>();
  const sampler = setInterval(() => {
    admin
      .query<{ name: string; n: string }>('SELECT application_name AS name, count(*) AS n FROM pg_stat_activity WHERE application_name LIKE $1 GROUP BY 1', [`${schema}_%`])
      .then((result) => {
        for (const row of result.rows) peak.set(row.name, Math.max(peak.get(row.name) ?? 0, Number(row.n)));
      })
      .catch(() => undefined);
  }, 250);

  const postgresCpu = groupCpu(/^postgres$/);
  const redisCpu = groupCpu(/^redis-server$/);
  const restCpu = () => replicas.reduce((sum, r) => sum + cpuSeconds(r.pid), 0);
  const before = { rest: restCpu(), postgres: postgresCpu(), redis: redisCpu() };

  // Each replica gets its share of the connections, run at the same time.
  const shares = replicas.map((_, i) => Math.floor(connections / replicas.length) + (i < connections % replicas.length ? 1 : 0));
  const loads = await Promise.all(
    replicas.map((replica, i) =>
      runLoad({
        url: `${replica.baseUrl}/api/v1/quotes`,
        method: 'POST',
        body: QUOTE_BODY,
        headers: { 'content-type': 'application/json' },
        seconds,
        connections: shares[i] ?? 1,
        ...(rate === null ? {} : { overallRate: Math.max(1, Math.round(rate / replicas.length)) }),
      }),
    ),
  );
  const after = { rest: restCpu(), postgres: postgresCpu(), redis: redisCpu() };
  clearInterval(sampler);
  await admin.end();

  const ok = loads.reduce((sum, l) => sum + l.ok, 0);
  const perRequest = (seconds: number) => (ok > 0 ? (seconds * 1000) / ok : 0);
  const cpu = {
    rest: perRequest(after.rest - before.rest),
    postgres: perRequest(after.postgres - before.postgres),
    redis: perRequest(after.redis - before.redis),
    total: 0,
  };
  cpu.total = cpu.rest + cpu.postgres + cpu.redis;
  const load: LoadResult = {
    rps: loads.reduce((sum, l) => sum + l.rps, 0),
    p50: Math.max(...loads.map((l) => l.p50)),
    p90: Math.max(...loads.map((l) => l.p90)),
    p99: Math.max(...loads.map((l) => l.p99)),
    max: Math.max(...loads.map((l) => l.max)),
    ok,
    non2xx: loads.reduce((sum, l) => sum + l.non2xx, 0),
    errors: loads.reduce((sum, l) => sum + l.errors, 0),
    seconds,
  };
  const connectionsPerReplica = replicas.map((_, i) => peak.get(`${schema}_${i}`) ?? 0);
  return { replicas: replicas.length, rate, load, cpuMsPerRequest: cpu, connectionsPerReplica };
}

async function main(): Promise<void> {
  const seconds = Number(readArg('seconds') ?? 15);
  const connections = Number(readArg('connections') ?? 20);
  const counts = (readArg('replicas') ?? '1,2,4').split(',').map(Number);
  const mode: RunMode = process.argv.includes('--source') ? 'source' : 'dist';
  const rate = Number(readArg('rate') ?? 600);
  const rows: ReplicaRow[] = [];
  for (const count of counts) {
    const schema = `bench_replicas_${Date.now().toString(36)}`;
    // The first replica applies the migrations; the others start on the ready schema.
    const replicas = [await startReplica(0, schema, mode)];
    replicas.push(...(await Promise.all(Array.from({ length: count - 1 }, (_, i) => startReplica(i + 1, schema, mode)))));
    try {
      await runLoad({ url: `${replicas[0]!.baseUrl}/api/v1/quotes`, method: 'POST', body: QUOTE_BODY, headers: { 'content-type': 'application/json' }, seconds: 2, connections: 4 });
      rows.push(await measure(replicas, schema, seconds, connections, null));
      rows.push(await measure(replicas, schema, seconds, connections, rate));
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
      const admin = new Client({ connectionString: POSTGRES_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  }

  const headers = ['replicas', 'asked', 'req/s', 'p99', 'non-2xx', 'CPU/request: REST', 'PostgreSQL', 'Redis', 'total', 'PG connections per replica'];
  const table = rows.map((r) => [
    String(r.replicas),
    r.rate === null ? 'all it takes' : `${formatInt(r.rate)} req/s`,
    formatInt(r.load.rps),
    formatMs(r.load.p99, 0),
    String(r.load.non2xx + r.load.errors),
    formatMs(r.cpuMsPerRequest.rest, 3),
    formatMs(r.cpuMsPerRequest.postgres, 3),
    formatMs(r.cpuMsPerRequest.redis, 3),
    formatMs(r.cpuMsPerRequest.total, 3),
    r.connectionsPerReplica.join(', '),
  ]);
  execFileSync('redis-cli', ['-u', REDIS_URL, 'flushdb']);
  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  console.log(`POST /quotes on N REST replicas, PostgreSQL + Redis, ${connections} connections, ${seconds} s each (${machine})`);
  printTable(headers, table);
  const outDir = path.join(ROOT_DIR, 'bench', 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'replicas.json'), `${JSON.stringify({ date: new Date().toISOString(), machine, connections, seconds, rows }, null, 2)}\n`);
  const markdown = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`, ...table.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  writeFileSync(path.join(outDir, 'replicas.md'), `${new Date().toISOString().slice(0, 10)}, ${machine}, ${connections} connections, ${seconds} s per count\n\n${markdown}\n`);
}

main().catch((error: unknown) => {
  killStartedChildren();
  console.error(error);
  process.exit(1);
});
