// Faults under load against real processes: Redis stopped and restarted (a redis-server of our own
// on port 6390, never the shared one), the SQLite file locked by another process, PostgreSQL
// sessions killed under the app and a PostgreSQL that is not there at all.
import { execFileSync, spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import http from 'node:http';
import { Client } from 'pg';
import { KIT, PLATE, check, errorCodes, send, startLoad, tally } from './load';
import type { Call, Finding, Outcome } from './load';
import { sleep, startServer, tempSqliteUrl } from './processes';

const OWN_REDIS_PORT = 6390;
const POSTGRES_URL = process.env.RELIABILITY_POSTGRES_URL ?? 'postgresql://root@127.0.0.1:5432/test';

/** Mixed load from many addresses (TRUST_PROXY=1), so the limits never stop it. */
function mixedCall(i: number, quoteId: () => string | undefined): Call {
  const headers = { 'x-forwarded-for': `10.1.${Math.floor(i / 250) % 250}.${i % 250}` };
  const id = quoteId();
  if (i % 4 === 1 && id) return { label: 'read', method: 'GET', path: `/api/v1/quotes/${id}`, headers };
  if (i % 4 === 2) return { label: 'materials', method: 'GET', path: '/api/v1/materials', headers };
  return { label: 'quote', method: 'POST', path: '/api/v1/quotes', headers, body: { items: i % 2 ? [PLATE] : [KIT] } };
}

/** Sends `count` reads from one address and counts 200s and 429s. */
async function spendReadingBudget(baseUrl: string, address: string, count: number): Promise<{ ok: number; limited: number; other: number; maxMs: number }> {
  const agent = new http.Agent({ keepAlive: true });
  const result = { ok: 0, limited: 0, other: 0, maxMs: 0 };
  for (let i = 0; i < count; i += 1) {
    const outcome = await send(agent, baseUrl, { label: 'budget', method: 'GET', path: '/api/v1/materials', headers: { 'x-forwarded-for': address } });
    result.maxMs = Math.max(result.maxMs, Math.round(outcome.ms));
    if (outcome.status === 200) result.ok += 1;
    else if (outcome.status === 429) result.limited += 1;
    else result.other += 1;
  }
  agent.destroy();
  return result;
}

function redisCli(...args: string[]): string {
  return execFileSync('redis-cli', ['-p', String(OWN_REDIS_PORT), ...args], { encoding: 'utf8' }).trim();
}

function startOwnRedis(): void {
  execFileSync('redis-server', ['--port', String(OWN_REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'yes']);
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await sleep(100);
  }
  return condition();
}

const created = (outcomes: Outcome[]) => outcomes.filter((o) => o.status === 201).map((o) => JSON.parse(o.answer!.text).id as string);

async function redisOutage(): Promise<Finding> {
  if (spawnSync('redis-cli', ['-p', String(OWN_REDIS_PORT), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') {
    throw new Error(`something already listens on ${OWN_REDIS_PORT}; this script starts and stops its own Redis there`);
  }
  startOwnRedis();
  await waitFor(() => spawnSync('redis-cli', ['-p', String(OWN_REDIS_PORT), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG', 5_000);
  const server = await startServer('rest', { DATABASE_URL: tempSqliteUrl(), REDIS_URL: `redis://127.0.0.1:${OWN_REDIS_PORT}`, TRUST_PROXY: '1', LOG_LEVEL: 'warn' });
  const problems: string[] = [];
  const ids: string[] = [];
  const load = startLoad(server.baseUrl, 4, (i) => mixedCall(i, () => ids[i % Math.max(1, ids.length)]), 120, (o) => {
    if (o.status === 201) ids.push(JSON.parse(o.answer!.text).id);
  });
  try {
    await sleep(1_000);
    const before = await spendReadingBudget(server.baseUrl, '192.0.2.1', 125);
    check(before.ok === 120 && before.limited === 5, problems, `Redis up: ${JSON.stringify(before)}`);
    check(redisCli('--scan', '--pattern', '*192.0.2.1*').length > 0, problems, 'no limiter key in Redis while it is up');

    const loadBefore = load.outcomes.length;
    redisCli('shutdown', 'nosave');
    const downAt = Date.now();
    await sleep(500);
    const during = await spendReadingBudget(server.baseUrl, '192.0.2.2', 125);
    check(during.ok === 120 && during.limited === 5, problems, `Redis down: ${JSON.stringify(during)}`);
    await sleep(2_000);
    const outageOutcomes = load.outcomes.slice(loadBefore);

    startOwnRedis();
    // ioredis reconnects on its own, backing off up to 2 s.
    await sleep(3_000);
    const after = await spendReadingBudget(server.baseUrl, '192.0.2.3', 125);
    const backInRedis = redisCli('--scan', '--pattern', '*192.0.2.3*').length > 0;
    check(after.ok === 120 && after.limited === 5, problems, `Redis back: ${JSON.stringify(after)}`);
    check(backInRedis, problems, 'limits did not return to Redis');
    const outcomes = await load.stop();
    const serverErrors = outcomes.filter((o) => o.status >= 500 || o.status === 0);
    check(serverErrors.length === 0, problems, `${serverErrors.length} failed requests: ${JSON.stringify(errorCodes(serverErrors))}`);
    check(server.child.exitCode === null, problems, 'server died');
    const outage = tally(outageOutcomes);
    return {
      test: 'Redis stopped under load, then restarted',
      ok: problems.length === 0,
      load: `4 clients, mixed quotes/reads (${outcomes.length} requests), plus 3 x 125 reads from one address`,
      faults: `Redis shut down for ${Math.round((Date.now() - downAt) / 1000)} s, then started again`,
      result: problems.length
        ? problems.join('; ')
        : `limit held at 120/min in all three phases (120 x 200 + 5 x 429 each); during the outage ${outage.total} load requests all answered, p99 ${outage.p99Ms} ms, max ${outage.maxMs} ms; limits back in Redis after restart; 0 errors`,
      details: { before, during, after, outage, all: tally(outcomes) },
    };
  } finally {
    await load.stop();
    await server.stop('SIGTERM').catch(() => undefined);
    spawnSync('redis-cli', ['-p', String(OWN_REDIS_PORT), 'shutdown', 'nosave']);
  }
}

async function sqliteLock(): Promise<Finding> {
  const databaseUrl = tempSqliteUrl();
  const server = await startServer('rest', { DATABASE_URL: databaseUrl, TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' });
  const problems: string[] = [];
  const ids: string[] = [];
  const load = startLoad(server.baseUrl, 3, (i) => mixedCall(i, () => ids[i % Math.max(1, ids.length)]), 120, (o) => {
    if (o.status === 201) ids.push(JSON.parse(o.answer!.text).id);
  });
  try {
    await sleep(2_000);
    // Another process's connection (this script's) takes the write lock and holds it.
    const other = new Database(databaseUrl.slice('file:'.length));
    const lockedFrom = load.outcomes.length;
    other.exec('BEGIN EXCLUSIVE');
    const lockedAt = Date.now();
    // While the lock is held, /status must keep answering at once (the writes wait asynchronously).
    const statusTimes: number[] = [];
    const statusBodies: string[] = [];
    const pollUntil = Date.now() + 11_000;
    while (Date.now() < pollUntil) {
      const started = performance.now();
      const reply = await fetch(`${server.baseUrl}/api/v1/status`).then(async (r) => ({ status: r.status, text: await r.text() }));
      statusTimes.push(performance.now() - started);
      statusBodies.push(`${reply.status} ${JSON.parse(reply.text).storage ?? JSON.parse(reply.text).error?.code}`);
      await sleep(100);
    }
    await sleep(Math.max(0, lockedAt + 12_000 - Date.now()));
    other.exec('ROLLBACK');
    other.close();
    const releasedAt = Date.now();
    const releasedFrom = load.outcomes.length;
    await sleep(3_000);
    const outcomes = await load.stop();
    const locked = outcomes.slice(lockedFrom, releasedFrom);
    const afterRelease = outcomes.slice(releasedFrom).filter((o) => o.at > releasedAt + 6_000 || o.status < 300);
    const firstOk = outcomes.slice(releasedFrom).find((o) => o.status === 201);
    const lockedCodes = errorCodes(locked);
    const bad = outcomes.filter((o) => o.status === 0 || (o.status >= 500 && !(o.status === 503 && o.answer?.text.includes('"storage_unavailable"') && o.answer.text.includes('"retryable":true'))));
    check(bad.length === 0, problems, `${bad.length} answers other than 2xx or 503 storage_unavailable: ${JSON.stringify(errorCodes(bad))}`);
    check((lockedCodes['503 storage_unavailable'] ?? 0) > 0, problems, 'no 503 while locked');
    check(afterRelease.some((o) => o.status === 201), problems, 'no quote created after the lock was released');
    check(server.child.exitCode === null, problems, 'server died');
    // /status may say `"storage":"busy"` while the lock is held: that is its job, not a leak.
    const leak = outcomes.find((o) => /SQLITE|database is locked|"message":"[^"]*\b(busy|locked)\b/i.test(o.answer?.text ?? ''));
    check(!leak, problems, `an answer names the database error: ${leak?.answer?.text.slice(0, 200) ?? ''}`);
    statusTimes.sort((a, b) => a - b);
    const statusP99 = statusTimes[Math.floor(0.99 * (statusTimes.length - 1))] ?? 0;
    const statusSeen = [...new Set(statusBodies)];
    check(statusP99 < 100, problems, `GET /status p99 ${statusP99.toFixed(0)} ms while locked`);
    check(statusSeen.every((s) => s === '200 busy' || s === '200 ok'), problems, `GET /status answered ${statusSeen.join(', ')} while locked`);
    return {
      test: 'SQLite file locked by another process under load',
      ok: problems.length === 0,
      load: `3 clients, mixed quotes/reads (${outcomes.length} requests)`,
      faults: `BEGIN EXCLUSIVE held ${Math.round((releasedAt - lockedAt) / 1000)} s by another connection`,
      result: problems.length
        ? problems.join('; ')
        : `while locked: ${JSON.stringify(tally(locked).byStatus)} (a write waits up to 2 s for the lock without holding the event loop, then 503 storage_unavailable retryable); GET /status ${statusTimes.length} answers, ${statusSeen.join(', ')}, p99 ${statusP99.toFixed(1)} ms; 0 crashes; first 201 ${firstOk ? Math.max(0, firstOk.at - releasedAt) : '?'} ms after release, no restart`,
      details: { locked: tally(locked), lockedCodes, all: tally(outcomes), statusP99Ms: statusP99 },
    };
  } finally {
    await load.stop();
    await server.stop('SIGTERM').catch(() => undefined);
  }
}

async function postgresOutage(): Promise<Finding> {
  const schema = `rel_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const server = await startServer('rest', { DATABASE_URL: `${POSTGRES_URL}?schema=${schema}&application_name=${schema}`, TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'warn' });
  const problems: string[] = [];
  const ids: string[] = [];
  const load = startLoad(server.baseUrl, 4, (i) => mixedCall(i, () => ids[i % Math.max(1, ids.length)]), 120, (o) => {
    if (o.status === 201) ids.push(JSON.parse(o.answer!.text).id);
  });
  try {
    await sleep(2_000);
    const from = load.outcomes.length;
    let terminated = 0;
    const cutUntil = Date.now() + 6_000;
    while (Date.now() < cutUntil) {
      const { rows } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [schema]);
      terminated += rows.length;
      await sleep(200);
    }
    const to = load.outcomes.length;
    await sleep(3_000);
    const outcomes = await load.stop();
    const during = outcomes.slice(from, to);
    const recovered = outcomes.slice(to).filter((o) => o.at > Date.now() - 2_000);
    const bad = outcomes.filter((o) => o.status === 0 || (o.status >= 500 && !(o.status === 503 && o.answer?.text.includes('"storage_unavailable"'))));
    check(bad.length === 0, problems, `${bad.length} answers other than 2xx or 503 storage_unavailable: ${JSON.stringify(errorCodes(bad))}`);
    check(recovered.length > 0 && recovered.every((o) => o.status < 300), problems, `not recovered: ${JSON.stringify(tally(recovered).byStatus)}`);
    check(server.child.exitCode === null, problems, 'server died');

    // Reading back every acknowledged quote: nothing lost through the outage.
    const agent = new http.Agent({ keepAlive: true });
    let missing = 0;
    for (const id of created(outcomes).filter((v) => v.startsWith('q_'))) {
      if ((await send(agent, server.baseUrl, { label: 'read', method: 'GET', path: `/api/v1/quotes/${id}`, headers: { 'x-forwarded-for': '198.51.100.9' } })).status !== 200) missing += 1;
    }
    agent.destroy();
    check(missing === 0, problems, `${missing} acknowledged quotes missing`);

    // A database that is not there at all: the app refuses to start, cleanly.
    const absent = await startServer('rest', { DATABASE_URL: 'postgresql://root@127.0.0.1:1/test', LOG_LEVEL: 'warn' }, 15_000).then(
      async (s) => {
        await s.stop('SIGKILL');
        return 'started';
      },
      (error: Error) => error.message,
    );
    check(/failed to start: The database could not open/.test(absent) && !/\n\s+at /.test(absent), problems, `start without a database: ${absent.slice(0, 200)}`);
    return {
      test: 'PostgreSQL sessions killed under load; PostgreSQL absent at start',
      ok: problems.length === 0,
      load: `4 clients, mixed quotes/reads (${outcomes.length} requests)`,
      faults: `${terminated} backend sessions terminated over 6 s; a start against a port with nothing listening`,
      result: problems.length
        ? problems.join('; ')
        : `during the cuts ${JSON.stringify(tally(during).byStatus)}, every failure 503 storage_unavailable, 0 crashes; all 2xx again without restart; every acknowledged quote readable; start without a database exits 1 with a one-line message`,
      details: { during: tally(during), duringCodes: errorCodes(during), all: tally(outcomes) },
    };
  } finally {
    await load.stop();
    await server.stop('SIGTERM').catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await admin.end();
  }
}

export async function runFaultChecks(): Promise<Finding[]> {
  return [await redisOutage(), await sqliteLock(), await postgresOutage()];
}
