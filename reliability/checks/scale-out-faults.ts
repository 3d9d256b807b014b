// Scale-out under faults, as a shop that outgrew one machine runs it: two REST replicas (and the
// consoles) on one PostgreSQL and one Redis, a steady load, every answer counted against the rows
// it made. A lock on each table a request writes; a replica killed between a record's commit and
// its stored answer; a console killed holding delivery claims; Redis stopped and restarted.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import { createWebhookSecret } from '../../packages/notify/src/webhook';
import { startWebhookReceiver } from '../../packages/notify/src/test-servers';
import type { Answer as HookAnswer } from '../../packages/notify/src/test-servers';
import { KIT, check, errorCodes, send, startLoad, tally } from './load';
import type { Call, Finding, Outcome } from './load';
import { findFreePort, sleep, startServer } from './processes';
import type { ServerProcess } from './processes';

const POSTGRES_URL = process.env.RELIABILITY_POSTGRES_URL ?? 'postgresql://root@127.0.0.1:5432/test';
/** The storage's bounds (open-storage.ts): a lock wait, a pool wait; /status's own connection waits 1 s. */
const LOCK_WAIT_MS = 2_000;
const POOL_WAIT_MS = 3_000;
/** An answer within both waits and a second of work is within the timeout. */
const ANSWER_BOUND_MS = LOCK_WAIT_MS + POOL_WAIT_MS + 1_000;
const STATUS_BOUND_MS = 1_500;

/** A new schema of its own on the server, and the admin connection that looks at it (and drops it). */
async function newSchema(tag: string): Promise<{ url: string; schema: string; admin: Client; drop(): Promise<void> }> {
  const schema = `rel_${tag}_${Date.now().toString(36)}_${randomBytes(2).toString('hex')}`;
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('schema', schema);
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  return {
    url: url.toString(),
    schema,
    admin,
    async drop() {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    },
  };
}

async function count(admin: Client, schema: string, table: string, where = 'true'): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."${table}" WHERE ${where}`);
  return Number(rows[0]!.n);
}

/** A redis-server on `port`, keeping nothing on disk (a restart forgets every count). */
async function redisOn(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  for (let tries = 0; tries < 200 && !(await listening()); tries += 1) await sleep(25);
  return child;
}

function replicaEnv(databaseUrl: string, redisUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1000', PUBLIC_URL: 'http://quotes.test', LOG_LEVEL: 'warn', ...extra };
}

const json = (outcome: Outcome): Record<string, any> | null => {
  try {
    return outcome.answer ? (JSON.parse(outcome.answer.text) as Record<string, any>) : null;
  } catch {
    return null;
  }
};

async function post(agent: http.Agent, baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Outcome> {
  return send(agent, baseUrl, { label: path, method: 'POST', path, body, headers: { 'x-forwarded-for': '198.51.100.200', ...headers } });
}

/** A webhook endpoint subscribed to handoff.created, written as the console's owner page would. */
async function addEndpoint(admin: Client, schema: string, url: string, secret: string): Promise<void> {
  await admin.query(
    `INSERT INTO "${schema}".webhook_endpoints (id, name, url, secret, events, created_at) VALUES ($1, 'erp', $2, $3, 'handoff.created', now())`,
    [`we_${randomBytes(12).toString('hex')}`, url, secret],
  );
}

/** /status on each replica every 200 ms, each answer's time kept, until stopped. */
function probeStatus(replicas: ServerProcess[]): { outcomes: Outcome[]; stop(): Promise<void> } {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const loops = replicas.map(async (replica) => {
    const agent = new http.Agent();
    while (!stopped) {
      outcomes.push(await send(agent, replica.baseUrl, { label: `status ${replica.port}`, method: 'GET', path: '/api/v1/status' }));
      await sleep(200);
    }
    agent.destroy();
  });
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const startedIn = (outcomes: Outcome[], from: number, to: number) => outcomes.filter((o) => o.at - o.ms >= from && o.at - o.ms < to);

/** Each table a request writes, held ACCESS EXCLUSIVE for 5 s under a steady load on both replicas. */
async function locksOnWrittenTables(): Promise<Finding[]> {
  const db = await newSchema('locks');
  const redisPort = await findFreePort();
  const redis = await redisOn(redisPort);
  const replicas: ServerProcess[] = [];
  const findings: Finding[] = [];
  try {
    for (let i = 0; i < 2; i += 1) replicas.push(await startServer('rest', replicaEnv(db.url, `redis://127.0.0.1:${redisPort}`), 120_000));
    await addEndpoint(db.admin, db.schema, 'http://127.0.0.1:9/hooks', createWebhookSecret());
    const agent = new http.Agent();
    const quoteIds: string[] = [];
    for (let i = 0; i < 4; i += 1) quoteIds.push(json(await post(agent, replicas[0]!.baseUrl, '/api/v1/quotes', { items: [KIT] }))!.id as string);
    agent.destroy();
    let serial = 0;
    const next = (i: number): Call => {
      const key = { 'idempotency-key': `load-${serial++}`, 'x-forwarded-for': `198.51.100.${i % 100}` };
      switch (i % 4) {
        case 0:
          return { label: 'quote', method: 'POST', path: '/api/v1/quotes', body: { items: [KIT] }, headers: key };
        case 1:
          return { label: 'read', method: 'GET', path: `/api/v1/quotes/${quoteIds[i % quoteIds.length]}`, headers: key };
        case 2:
          return { label: 'handoff', method: 'POST', path: '/api/v1/handoffs', body: { quote_ids: [quoteIds[i % quoteIds.length]] }, headers: key };
        default:
          return { label: 'materials', method: 'GET', path: '/api/v1/materials', headers: key };
      }
    };
    const loads = replicas.map((replica) => startLoad(replica.baseUrl, 2, next, 240));
    const status = probeStatus(replicas);
    // The first seconds warm the pricing threads up: the baseline is the 5 s after them.
    await sleep(2_000);
    const baselineStart = Date.now();
    await sleep(5_000);
    const baselineEnd = Date.now();
    const windows: Array<{ table: string; from: number; to: number }> = [];
    // What a quote or handoff writes (KIT quotes carry no plate, so no plate_designs).
    for (const table of ['quotes', 'handoffs', 'handoff_quotes', 'outbox', 'idempotency_keys']) {
      const locker = new Client({ connectionString: POSTGRES_URL });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE "${db.schema}"."${table}" IN ACCESS EXCLUSIVE MODE`);
      const from = Date.now();
      await sleep(5_000);
      const to = Date.now();
      await locker.query('ROLLBACK');
      await locker.end();
      windows.push({ table, from, to });
      await sleep(2_500);
    }
    await status.stop();
    const outcomes = (await Promise.all(loads.map((load) => load.stop()))).flat();
    const baseline = tally(startedIn(outcomes, baselineStart, baselineEnd));
    const baselineStatus = tally(startedIn(status.outcomes, baselineStart, baselineEnd));
    for (const { table, from, to } of windows) {
      const problems: string[] = [];
      const during = startedIn(outcomes, from, to);
      const statusDuring = startedIn(status.outcomes, from, to);
      const t = tally(during);
      const s = tally(statusDuring);
      const other = during.filter((o) => !(o.status >= 200 && o.status < 300) && o.status !== 503);
      const without = during.filter((o) => o.status === 503 && o.answer?.headers['retry-after'] === undefined);
      check(other.length === 0, problems, `${other.length} answers neither 2xx nor 503: ${JSON.stringify(errorCodes(other))} ${JSON.stringify(t.errors)}`);
      check(without.length === 0, problems, `${without.length} 503s without Retry-After`);
      check(t.maxMs <= ANSWER_BOUND_MS, problems, `slowest answer ${t.maxMs} ms, past the ${ANSWER_BOUND_MS} ms bound`);
      check(statusDuring.every((o) => o.status === 200) && s.maxMs <= STATUS_BOUND_MS, problems, `/status ${JSON.stringify(s.byStatus)}, slowest ${s.maxMs} ms`);
      const served = during.filter((o) => o.status >= 200 && o.status < 300).length;
      findings.push({
        test: `scale-out: ACCESS EXCLUSIVE lock on ${table} for 5 s, two replicas under load`,
        ok: problems.length === 0,
        load: '2 REST replicas x 2 workers: quotes and handoffs with Idempotency-Keys, quote reads, materials; /status on both every 200 ms',
        faults: `another session holds LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE for 5 s`,
        result: problems.length
          ? problems.join('; ')
          : `before: p99 ${baseline.p99Ms} ms, max ${baseline.maxMs} ms, /status max ${baselineStatus.maxMs} ms; during: ${t.total} answers (${served} 2xx, ${t.total - served} 503 with Retry-After), p99 ${t.p99Ms} ms, max ${t.maxMs} ms; /status ${statusDuring.length} answers all 200, max ${s.maxMs} ms`,
        details: { baseline, during: t, codes: errorCodes(during), status: s, baselineStatus },
      });
    }
    // Every answer counted against the rows: each 201 made one row, no refusal made any.
    const problems: string[] = [];
    const created = (label: string) => new Set(outcomes.filter((o) => o.label === label && o.status === 201).map((o) => json(o)!.id as string));
    const quotes = created('quote');
    const handoffs = created('handoff');
    const quoteRows = (await count(db.admin, db.schema, 'quotes')) - quoteIds.length;
    const handoffRows = await count(db.admin, db.schema, 'handoffs');
    const outboxRows = await count(db.admin, db.schema, 'outbox');
    check(quoteRows === quotes.size, problems, `${quoteRows} quote rows for ${quotes.size} quotes answered 201`);
    check(handoffRows === handoffs.size, problems, `${handoffRows} handoff rows for ${handoffs.size} answered 201`);
    check(outboxRows === handoffRows, problems, `${outboxRows} outbox rows for ${handoffRows} handoffs`);
    findings.push({
      test: 'scale-out: rows against answers across the locks',
      ok: problems.length === 0,
      load: 'the same load',
      faults: 'the five locks above',
      result: problems.length ? problems.join('; ') : `${quotes.size} quotes and ${handoffs.size} handoffs answered 201: exactly as many rows, one handoff.created outbox row each; no 503 left a row`,
    });
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop('SIGTERM').catch(() => undefined)));
    redis.kill('SIGKILL');
    await db.drop();
  }
  return findings;
}

/** Sends a key again until it is no longer 409 idempotency_key_in_use, as Retry-After says. */
async function retryKey(agent: http.Agent, baseUrl: string, path: string, body: unknown, key: string): Promise<{ outcome: Outcome; waits: number }> {
  for (let waits = 0; ; waits += 1) {
    const outcome = await post(agent, baseUrl, path, body, { 'idempotency-key': key });
    if (outcome.status !== 409 || waits > 200) return { outcome, waits };
    await sleep(Number(outcome.answer?.headers['retry-after'] ?? 1) * 1000);
  }
}

/** 80 quotes and 40 handoffs with keys to a replica SIGKILLed at its first answer, retried on the other. */
async function replicaKilledAfterCommit(): Promise<Finding> {
  const db = await newSchema('crash');
  const redisPort = await findFreePort();
  const redis = await redisOn(redisPort);
  const problems: string[] = [];
  let doomed: ServerProcess | null = null;
  let other: ServerProcess | null = null;
  try {
    doomed = await startServer('rest', replicaEnv(db.url, `redis://127.0.0.1:${redisPort}`), 120_000);
    other = await startServer('rest', replicaEnv(db.url, `redis://127.0.0.1:${redisPort}`), 120_000);
    await addEndpoint(db.admin, db.schema, 'http://127.0.0.1:9/hooks', createWebhookSecret());
    const setup = new http.Agent();
    const quoteIds: string[] = [];
    for (let i = 0; i < 10; i += 1) quoteIds.push(json(await post(setup, other.baseUrl, '/api/v1/quotes', { items: [KIT] }))!.id as string);
    const quoteKeys = Array.from({ length: 80 }, (_, i) => `crash-q-${i}`);
    const handoffKeys = Array.from({ length: 40 }, (_, i) => `crash-h-${i}`);
    const handoffBody = (i: number) => ({ quote_ids: [quoteIds[i % quoteIds.length]] });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
    const first = new Map<string, string>();
    let killedAt = 0;
    const kill = () => {
      if (killedAt === 0) {
        killedAt = Date.now();
        doomed!.child.kill('SIGKILL');
      }
    };
    const target = doomed;
    // Killed once 40 of the records are committed: most of them before their answers reach the client.
    const watcher = (async () => {
      while (killedAt === 0) {
        const committed = (await count(db.admin, db.schema, 'quotes')) - quoteIds.length + (await count(db.admin, db.schema, 'handoffs'));
        if (committed >= 40) kill();
        else await sleep(5);
      }
    })();
    // Sent interleaved (two quotes, one handoff), so both kinds are under way at the kill.
    const sends = quoteKeys.map((key, i) => ({ key, path: '/api/v1/quotes', body: { items: [KIT] } as unknown, order: i }));
    sends.push(...handoffKeys.map((key, i) => ({ key, path: '/api/v1/handoffs', body: handoffBody(i) as unknown, order: 2 * i + 1.5 })));
    sends.sort((a, b) => a.order - b.order);
    await Promise.all(
      sends.map(async ({ key, path, body }) => {
        const outcome = await post(agent, target.baseUrl, path, body, { 'idempotency-key': key });
        if (outcome.status === 201) first.set(key, json(outcome)!.id as string);
      }),
    ).finally(kill);
    await watcher;
    agent.destroy();
    await doomed.exited;
    const committedQuotes = (await count(db.admin, db.schema, 'quotes')) - quoteIds.length;
    const committedHandoffs = await count(db.admin, db.schema, 'handoffs');
    const unanswered = await count(db.admin, db.schema, 'idempotency_keys', 'status IS NULL');
    // Every key sent again to the replica still up, waiting as 409's Retry-After says.
    const retried = new Map<string, { id: string; replayed: boolean; waits: number }>();
    const started = Date.now();
    const retries = [
      ...quoteKeys.map((key) => ({ key, path: '/api/v1/quotes', body: { items: [KIT] } as unknown })),
      ...handoffKeys.map((key, i) => ({ key, path: '/api/v1/handoffs', body: handoffBody(i) as unknown })),
    ];
    const failed: string[] = [];
    await Promise.all(
      retries.map(async ({ key, path, body }) => {
        const { outcome, waits } = await retryKey(setup, other!.baseUrl, path, body, key);
        if (outcome.status !== 201) failed.push(`${key}: ${outcome.status}`);
        else retried.set(key, { id: json(outcome)!.id as string, replayed: outcome.answer?.headers['idempotent-replayed'] === 'true', waits });
      }),
    );
    const retryMs = Date.now() - started;
    setup.destroy();
    const quoteRows = (await count(db.admin, db.schema, 'quotes')) - quoteIds.length;
    const handoffRows = await count(db.admin, db.schema, 'handoffs');
    const outboxRows = await count(db.admin, db.schema, 'outbox');
    const replayed = [...retried.values()].filter((r) => r.replayed).length;
    const changed = [...first].filter(([key, id]) => retried.get(key)?.id !== id);
    const distinct = new Set([...retried.values()].map((r) => r.id));
    check(failed.length === 0, problems, `${failed.length} keys not answered 201: ${failed.slice(0, 5).join(', ')}`);
    check(changed.length === 0, problems, `${changed.length} keys answered before the kill got another id on the retry`);
    check(quoteRows === 80 && handoffRows === 40, problems, `${quoteRows} quote rows for 80 keys, ${handoffRows} handoff rows for 40`);
    check(distinct.size === 120, problems, `${distinct.size} distinct ids for 120 keys`);
    check(outboxRows === handoffRows, problems, `${outboxRows} handoff.created outbox rows for ${handoffRows} handoffs`);
    check(replayed === committedQuotes + committedHandoffs, problems, `${replayed} replays for ${committedQuotes + committedHandoffs} records the killed replica committed`);
    check(unanswered === 0 || [...retried.values()].some((r) => r.waits > 0), problems, 'keys left claimed were never told to wait');
    return {
      test: 'scale-out: a replica SIGKILLed among 120 idempotent creates, every key retried on the other',
      ok: problems.length === 0,
      load: '80 POST /quotes and 40 POST /handoffs at once, each with its own Idempotency-Key, to one replica',
      faults: 'SIGKILL of that replica once 40 of its records were committed; every key then sent to the other replica, waiting as 409 idempotency_key_in_use Retry-After says',
      result: problems.length
        ? problems.join('; ')
        : `${first.size} answered before the kill; the killed replica had committed ${committedQuotes} quotes and ${committedHandoffs} handoffs (${committedQuotes + committedHandoffs - first.size} of them never answered), every one with its answer kept (${unanswered} keys claimed with nothing committed); on the other replica ${replayed} keys replayed the first record (same id), ${120 - replayed} ran anew after waiting (${Math.round(retryMs / 1000)} s for the last claim to go stale): ${quoteRows} quote rows for 80 keys, ${handoffRows} handoffs and ${outboxRows} handoff.created outbox rows for 40`,
      details: { answeredBeforeKill: first.size, committedQuotes, committedHandoffs, unanswered, replayed, retryMs },
    };
  } finally {
    await other?.stop('SIGTERM').catch(() => undefined);
    if (doomed && doomed.child.exitCode === null && doomed.child.signalCode === null) doomed.child.kill('SIGKILL');
    redis.kill('SIGKILL');
    await db.drop();
  }
}

/** A console SIGKILLed while its three tries to an endpoint hang; another console takes the rows over. */
async function consoleKilledHoldingClaims(): Promise<Finding> {
  const db = await newSchema('lease');
  const redisPort = await findFreePort();
  const redis = await redisOn(redisPort);
  const problems: string[] = [];
  const secret = createWebhookSecret();
  let killed = false;
  const hook = await startWebhookReceiver(secret, (): HookAnswer => (killed ? { status: 204 } : 'hang'));
  const servers: ServerProcess[] = [];
  try {
    const env = replicaEnv(db.url, `redis://127.0.0.1:${redisPort}`, { WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
    const rest = await startServer('rest', env, 120_000);
    servers.push(rest);
    await addEndpoint(db.admin, db.schema, hook.url, secret);
    const first = await startServer('console', env, 120_000);
    servers.push(first);
    const agent = new http.Agent();
    const quote = json(await post(agent, rest.baseUrl, '/api/v1/quotes', { items: [KIT] }))!.id as string;
    const rows = 20;
    for (let i = 0; i < rows; i += 1) await post(agent, rest.baseUrl, '/api/v1/handoffs', { quote_ids: [quote] });
    agent.destroy();
    for (let waited = 0; hook.received.length < 3 && waited < 60_000; waited += 100) await sleep(100);
    const second = await startServer('console', env, 120_000);
    servers.push(second);
    await sleep(1_000);
    const heldAtKill = await count(db.admin, db.schema, 'outbox', `state = 'pending' AND claimed_until > now() AT TIME ZONE 'UTC'`);
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await first.exited;
    killed = true;
    let firstResentMs = -1;
    let drainMs = -1;
    const requestsAtKill = hook.received.length;
    for (let waited = 0; waited < 120_000; waited += 100) {
      if (firstResentMs < 0 && hook.received.length > requestsAtKill) firstResentMs = Date.now() - killedAt;
      if ((await count(db.admin, db.schema, 'outbox', `state = 'sent'`)) === rows) {
        drainMs = Date.now() - killedAt;
        break;
      }
      await sleep(100);
    }
    await sleep(2_000);
    const ids = new Map<string, number>();
    for (const request of hook.received) ids.set(String(request.headers['webhook-id']), (ids.get(String(request.headers['webhook-id'])) ?? 0) + 1);
    const repeats = [...ids.values()].filter((n) => n > 1).length;
    const attempts = await count(db.admin, db.schema, 'outbox_attempts');
    check(drainMs >= 0, problems, 'not every row was sent within 120 s of the kill');
    check(ids.size === rows, problems, `${ids.size} webhook-ids for ${rows} rows`);
    check(repeats <= heldAtKill && hook.received.length === rows + repeats, problems, `${hook.received.length} requests, ${repeats} ids sent twice, ${heldAtKill} claims held at the kill`);
    check(attempts === rows, problems, `${attempts} tries stored for ${rows} rows sent once each`);
    check(drainMs >= 0 && drainMs <= 30_000, problems, `rows sent ${Math.round(drainMs / 1000)} s after the kill, past the 15 s lease and a 5 s poll`);
    return {
      test: 'scale-out: a console SIGKILLed holding delivery claims, another console running',
      ok: problems.length === 0,
      load: `${rows} handoff.created webhooks to one endpoint`,
      faults: 'the endpoint holds the first console\'s 3 tries unanswered; that console SIGKILLed; the endpoint answers from then on',
      result: problems.length
        ? problems.join('; ')
        : `${heldAtKill} claims held at the kill; the other console re-sent the first ${Math.round(firstResentMs / 100) / 10} s after the kill and all ${rows} rows were sent ${Math.round(drainMs / 100) / 10} s after it; ${hook.received.length} requests over ${ids.size} webhook-ids (${repeats} repeats, the tries cut by the kill, each with its first webhook-id); ${attempts} tries stored, one per row`,
      details: { heldAtKill, firstResentMs, drainMs, requests: hook.received.length, repeats, attempts },
    };
  } finally {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) await server.stop('SIGTERM').catch(() => undefined);
    await hook.close();
    redis.kill('SIGKILL');
    await db.drop();
  }
}

/** One address's quotes across two replicas while Redis is stopped and restarted empty: 60 a minute in all. */
async function redisStoppedAndRestarted(): Promise<Finding> {
  const db = await newSchema('redis');
  const redisPort = await findFreePort();
  let redis = await redisOn(redisPort);
  const problems: string[] = [];
  const replicas: ServerProcess[] = [];
  try {
    const env = replicaEnv(db.url, `redis://127.0.0.1:${redisPort}`, { RATE_LIMIT_SCALE: '1', LOG_LEVEL: 'info' });
    for (let i = 0; i < 2; i += 1) replicas.push(await startServer('rest', env, 120_000));
    // A steady load of reads from other addresses on both replicas.
    const loads = replicas.map((replica) => startLoad(replica.baseUrl, 1, (i) => ({ label: 'materials', method: 'GET', path: '/api/v1/materials', headers: { 'x-forwarded-for': `203.0.113.${i % 200}` } }), 120));
    const agent = new http.Agent({ keepAlive: true });
    const spend = async (n: number, on: (i: number) => ServerProcess) => {
      let allowed = 0;
      const statuses: Record<number, number> = {};
      for (let i = 0; i < n; i += 1) {
        const outcome = await post(agent, on(i).baseUrl, '/api/v1/quotes', { items: [KIT] }, { 'x-forwarded-for': '198.51.100.99' });
        statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
        if (outcome.status === 201) allowed += 1;
      }
      return { allowed, statuses };
    };
    const alternate = (i: number) => replicas[i % 2]!;
    const before = await spend(30, () => replicas[0]!);
    redis.kill('SIGKILL');
    await sleep(500);
    const down = await spend(40, alternate);
    const storeDown = await Promise.all(replicas.map(async (replica) => json(await send(agent, replica.baseUrl, { label: 'status', method: 'GET', path: '/api/v1/status' }))?.rate_limits as string));
    redis = await redisOn(redisPort);
    // Past the breaker's second, each replica asks Redis again.
    await sleep(2_000);
    const after = await spend(20, alternate);
    const storeAfter = await Promise.all(replicas.map(async (replica) => json(await send(agent, replica.baseUrl, { label: 'status', method: 'GET', path: '/api/v1/status' }))?.rate_limits as string));
    agent.destroy();
    const load = tally((await Promise.all(loads.map((l) => l.stop()))).flat());
    const total = before.allowed + down.allowed + after.allowed;
    check(before.allowed === 30, problems, `${before.allowed} of the first 30 let through`);
    check(total === 60, problems, `${total} quotes let through in the minute, against its limit of 60 (${before.allowed} with Redis, ${down.allowed} while stopped, ${after.allowed} after an empty restart)`);
    check(storeDown.every((store) => store === 'database'), problems, `/status rate_limits while Redis was stopped: ${storeDown.join(', ')}`);
    check(Object.keys(load.byStatus).every((status) => status === '200') && load.total > 0, problems, `the steady load: ${JSON.stringify(load.byStatus)} ${JSON.stringify(load.errors)}`);
    return {
      test: 'scale-out: Redis SIGKILLed and restarted empty, one address quoting on two replicas',
      ok: problems.length === 0,
      load: 'one address sending quotes alternately to two replicas (limit 60 a minute); reads from 200 other addresses on both',
      faults: 'redis-server SIGKILLed after 30 quotes, started again on its port without its data (no persistence) after 40 more',
      result: problems.length
        ? problems.join('; ')
        : `${before.allowed} let through with Redis, ${down.allowed} of 40 while it was stopped (counted in PostgreSQL from the 30 Redis had: /status ${storeDown.join(', ')}), ${after.allowed} of 20 after its empty restart (/status ${storeAfter.join(', ')}): ${total} in the minute for a limit of 60; the steady load ${load.total} answers, all 200`,
      details: { before, down, after, storeDown, storeAfter, load },
    };
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop('SIGTERM').catch(() => undefined)));
    redis.kill('SIGKILL');
    await db.drop();
  }
}

/** All four; SCALE_OUT_FAULTS=name,name picks some (the functions' names). */
export async function runScaleOutFaultChecks(): Promise<Finding[]> {
  const findings: Finding[] = [];
  const only = process.env.SCALE_OUT_FAULTS?.split(',');
  for (const run of [redisStoppedAndRestarted, consoleKilledHoldingClaims, replicaKilledAfterCommit, locksOnWrittenTables]) {
    if (only && !only.includes(run.name)) continue;
    try {
      const found = await run();
      findings.push(...(Array.isArray(found) ? found : [found]));
    } catch (error) {
      findings.push({ test: `scale-out: ${run.name}`, ok: false, load: '', faults: '', result: `the check failed to run: ${(error as Error).stack ?? String(error)}` });
    }
  }
  return findings;
}
