// Short versions of the fault scripts (reliability/checks): a write cut half-way, a
// locked SQLite file, an unreachable Redis, PostgreSQL sessions killed under the app.
import { unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';
import pino from 'pino';
import { Client } from 'pg';
import { BACKENDS, freshDatabaseUrl, startTestApp } from './app-harness';
import type { Backend, TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';
import { NEEDS_POSTGRES, describeUnless } from '../../../scripts/test/skip-unless';

/** Runs SQL on the app's database from outside the app (another connection, as another process would). */
async function runSql(app: TestApp, sql: string): Promise<Array<Record<string, unknown>>> {
  if (app.databaseUrl.startsWith('file:')) {
    const db = new Database(app.databaseUrl.slice('file:'.length));
    try {
      return /^\s*select/i.test(sql) ? (db.prepare(sql).all() as Array<Record<string, unknown>>) : (db.exec(sql), []);
    } finally {
      db.close();
    }
  }
  const url = new URL(app.databaseUrl);
  const schema = url.searchParams.get('schema')!;
  url.searchParams.delete('schema');
  url.searchParams.delete('application_name');
  const client = new Client({ connectionString: url.toString(), options: `-c search_path="${schema}"` });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

const CUT_TRIGGER: Record<Backend, { add: string; drop: string }> = {
  sqlite: {
    // A failure of the database, not a constraint: the trigger's table is missing when it runs.
    add: `CREATE TABLE write_cut (x); CREATE TRIGGER cut_design BEFORE INSERT ON plate_designs BEGIN INSERT INTO write_cut VALUES (1); END; DROP TABLE write_cut`,
    drop: 'DROP TRIGGER cut_design',
  },
  postgresql: {
    add: `CREATE FUNCTION cut_design() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'write cut'; END $$ LANGUAGE plpgsql;
          CREATE TRIGGER cut_design BEFORE INSERT ON plate_designs FOR EACH ROW EXECUTE FUNCTION cut_design()`,
    drop: 'DROP TRIGGER cut_design ON plate_designs; DROP FUNCTION cut_design()',
  },
};

describe.each(BACKENDS)('a handoff write cut half-way on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  it('leaves no handoff and no design behind, answers 503 retryable, and the retry stores both', async () => {
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate(), kitProduct(), typicalPlate({ quantity: 3 })] } });
    expect(quote.status).toBe(201);
    // The handoff row is written first; the designs' INSERT then fails inside the same transaction.
    await runSql(app, CUT_TRIGGER[backend].add);
    const cut = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [quote.json.id] } });
    expectError(cut, 503, 'api_error', 'storage_unavailable');
    expect(cut.json.error.retryable).toBe(true);
    expect(cut.text).not.toContain('write cut');
    expect(await runSql(app, 'SELECT COUNT(*) AS n FROM handoffs')).toEqual([{ n: backend === 'sqlite' ? 0 : '0' }]);
    expect(await runSql(app, 'SELECT COUNT(*) AS n FROM plate_designs')).toEqual([{ n: backend === 'sqlite' ? 0 : '0' }]);

    await runSql(app, CUT_TRIGGER[backend].drop);
    const retried = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [quote.json.id] } });
    expect(retried.status).toBe(201);
    const rows = await runSql(app, 'SELECT handoff_id, COUNT(*) AS n FROM plate_designs GROUP BY handoff_id');
    expect(rows.map((row) => [row.handoff_id, Number(row.n)])).toEqual([[retried.json.id, 2]]);
  });
});

describe('a SQLite file locked by another process', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('writes wait for the lock without freezing anything, answer 503 storage_unavailable (retryable) past 2 s, and service returns without a restart', async () => {
    const other = new Database(app.databaseUrl.slice('file:'.length));
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    try {
      other.exec('BEGIN EXCLUSIVE');
      const started = performance.now();
      const locked = app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
      // While the write waits, the process answers: /status says the lock is busy, reads work.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const statusStarted = performance.now();
      const status = await app.http.request('GET', '/api/v1/status');
      const read = await app.http.request('GET', `/api/v1/quotes/${quote.json.id}`);
      expect(performance.now() - statusStarted).toBeLessThan(500);
      expect(status.status).toBe(200);
      expect(status.json).toMatchObject({ ok: true, storage: 'busy' });
      expect(read.text).toBe(quote.text);

      const refused = await locked;
      const waitedMs = performance.now() - started;
      expectError(refused, 503, 'api_error', 'storage_unavailable');
      expect(refused.json.error.retryable).toBe(true);
      expect(refused.text).not.toMatch(/SQLITE|locked|busy/i);
      // It waited for the lock (2 s, asynchronously), then gave up.
      expect(waitedMs).toBeGreaterThan(1_800);
      expect(waitedMs).toBeLessThan(5_000);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } })).status).toBe(201);
    expect((await app.http.request('GET', `/api/v1/quotes/${quote.json.id}`)).text).toBe(quote.text);
  }, 30_000);
});

describe('a SQLite file removed while the app runs', () => {
  let app: TestApp;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    app = await startTestApp({ logger });
  });
  afterAll(() => app.close());

  it('answers every write and /status with 503 storage_unavailable instead of keeping quotes that a restart would lose', async () => {
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } })).status).toBe(201);
    unlinkSync(app.databaseUrl.slice('file:'.length));
    const write = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    expectError(write, 503, 'api_error', 'storage_unavailable');
    expect(write.json.error.retryable).toBe(true);
    expect(write.text).not.toMatch(/shop\.db|removed|SQLITE/i);
    // The answer says nothing of the cause; the log line of that request does.
    const logged = lines.find((line) => (line.req as { id?: string } | undefined)?.id === write.headers.get('x-request-id'));
    expect(logged).toMatchObject({ level: 50, res: { status: 503 }, err: { type: 'StorageUnavailable', message: expect.stringMatching(/\S/) } });
    const handoffs = await app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'A gate hinge' } });
    expectError(handoffs, 503, 'api_error', 'storage_unavailable');
    // The health answer is kept for a second: wait past it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const status = await app.http.request('GET', '/api/v1/status');
    expectError(status, 503, 'api_error', 'storage_unavailable');
    expect(status.json.error.details).toEqual({ storage: 'unavailable', rate_limits: 'database' });
  });
});

describe('Redis that cannot be reached', () => {
  let app: TestApp;
  const warnings: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line) as Record<string, unknown>) });
    app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1', REDIS_URL: 'redis://127.0.0.1:1' }, logger });
  });
  afterAll(() => app.close());

  it('says so: a warning in the log, rate_limits "memory" in /status and in /metrics', async () => {
    expect(warnings).toContainEqual(expect.objectContaining({ level: 40, rateLimits: 'memory', msg: expect.stringMatching(/^Redis cannot be reached/) }));
    const status = await app.http.request('GET', '/api/v1/status');
    expect(status.json).toMatchObject({ ok: true, rate_limits: 'memory' });
    const metrics = await app.metrics.request('GET', '/metrics');
    expect(metrics.text).toMatch(/^rate_limit_store\{store="memory"\} 1$/m);
    expect(metrics.text).toMatch(/^rate_limit_store\{store="redis"\} 0$/m);
  });

  it('keeps serving and keeps the limits through the in-memory insurance limiter, without waiting on Redis', async () => {
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) {
      expect((await app.http.request('POST', '/api/v1/rfq-links', { body: { description: `Job ${i}` } })).status).toBe(201);
    }
    expectError(await app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'Job 11' } }), 429, 'rate_limit_error', 'rate_limited');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } })).status).toBe(201);
  });
});

describeUnless(Boolean(process.env.TEST_POSTGRES_URL), NEEDS_POSTGRES)('PostgreSQL sessions ended under the app', () => {
  let app: TestApp;
  let applicationName: string;

  beforeAll(async () => {
    const fresh = freshDatabaseUrl('postgresql');
    applicationName = new URL(fresh.url).searchParams.get('schema')!;
    app = await startTestApp({ backend: 'postgresql', databaseUrl: `${fresh.url}&application_name=${applicationName}` });
  });
  afterAll(() => app.close());

  it('answers 503 or succeeds while its sessions are killed, never 500, and needs no restart', async () => {
    const created = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    const statuses = new Map<number, number>();
    for (let round = 0; round < 5; round += 1) {
      const ended = await runSql(app, `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = '${applicationName}'`);
      expect(ended.length).toBeGreaterThan(0);
      const replies = await Promise.all([
        app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } }),
        app.http.request('GET', `/api/v1/quotes/${created.json.id}`),
        app.http.request('GET', '/api/v1/status'),
      ]);
      for (const reply of replies) {
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status >= 500) expectError(reply, 503, 'api_error', 'storage_unavailable');
      }
    }
    expect([...statuses.keys()].every((status) => status < 300 || status === 503)).toBe(true);
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } })).status).toBe(201);
    expect((await app.http.request('GET', `/api/v1/quotes/${created.json.id}`)).text).toBe(created.text);
  });
});
