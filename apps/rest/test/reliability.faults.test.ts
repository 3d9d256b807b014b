// Short versions of the fault scripts (reliability/checks) on the embedded defaults: a locked,
// removed SQLite file and an unreachable Redis. The write cut and PostgreSQL's are in
// reliability.faults.backends.test.ts; the time each takes is measured by bench/faults.ts.
import { unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';
import pino from 'pino';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct } from './fixtures';
import { expectError } from './harness';

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
      let lockedSettled = false;
      void locked.finally(() => (lockedSettled = true));
      // While the write waits, the process answers: /status says the lock is busy, reads work.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const status = await app.http.request('GET', '/api/v1/status');
      const read = await app.http.request('GET', `/api/v1/quotes/${quote.json.id}`);
      // Both came back while the write still waited: the wait does not hold the event loop.
      expect(lockedSettled).toBe(false);
      expect(status.status).toBe(200);
      expect(status.json).toMatchObject({ ok: true, storage: 'busy' });
      expect(read.text).toBe(quote.text);

      const refused = await locked;
      const waitedMs = performance.now() - started;
      expectError(refused, 503, 'api_error', 'storage_unavailable');
      expect(refused.json.error.retryable).toBe(true);
      expect(refused.text).not.toMatch(/SQLITE|locked|busy/i);
      // It waited for the lock (2 s, asynchronously) rather than failing at once, then gave up.
      expect(waitedMs).toBeGreaterThan(1_800);
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

  it('answers a public form page 503 with its cause in the log line, never in the page', async () => {
    const page = await app.http.request('GET', `/r/rfq_${'A'.repeat(22)}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('2');
    expect(page.text).not.toMatch(/shop\.db|SQLITE|StorageUnavailable/i);
    const logged = lines.find((line) => (line.req as { id?: string } | undefined)?.id === page.headers.get('x-request-id'));
    expect(logged).toMatchObject({ level: 50, res: { status: 503 }, err: { type: 'StorageUnavailable', message: expect.stringMatching(/\S/) } });
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

  it('says so: a warning in the log, rate_limits "database" (the shared store it falls back to) in /status and in /metrics', async () => {
    expect(warnings).toContainEqual(expect.objectContaining({ level: 40, rateLimits: 'database', msg: expect.stringMatching(/^Redis cannot be reached/) }));
    const status = await app.http.request('GET', '/api/v1/status');
    expect(status.json).toMatchObject({ ok: true, rate_limits: 'database' });
    const metrics = await app.metrics.request('GET', '/metrics');
    expect(metrics.text).toMatch(/^rate_limit_store\{store="database"\} 1$/m);
    expect(metrics.text).toMatch(/^rate_limit_store\{store="redis"\} 0$/m);
  });

  it('keeps serving and keeps the limits, counted in the shared database', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await app.http.request('POST', '/api/v1/rfq-links', { body: { description: `Job ${i}` } })).status).toBe(201);
    }
    expectError(await app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'Job 11' } }), 429, 'rate_limit_error', 'rate_limited');
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } })).status).toBe(201);
  });
});
