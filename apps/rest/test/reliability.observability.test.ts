import { StorageUnavailable } from '@shop/storage';
import { Writable } from 'node:stream';
import pino from 'pino';
import { redactPath } from '../src/http/log-redaction';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';

/** A pino logger whose lines the test can read. */
function captureLogger(): { logger: pino.Logger; lines: Array<Record<string, any>> } {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** The value of one sample of the Prometheus text, or 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').pop());
  }
  return 0;
}

describe('logs', () => {
  let app: TestApp;
  const capture = captureLogger();

  beforeAll(async () => {
    app = await startTestApp({ logger: capture.logger });
  });
  afterAll(() => app.close());

  it('one JSON line per request with its request id, and no bearer id, query string, body or client address', async () => {
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate({ label: 'Customer Bob' })] } });
    const handoff = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [quote.json.id] } });
    const rfq = await app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'Repair a gate hinge, 2 off' } });
    const handoffId = handoff.json.id as string;
    const rfqId = rfq.json.id as string;
    const bearerPaths = [`/o/${handoffId}`, `/r/${rfqId}?name=Bob`, `/api/v1/nothing/${handoffId}`, `/plate/pd_${'a'.repeat(22)}`];
    const requestIds = [quote, handoff, rfq].map((reply) => reply.headers.get('x-request-id'));
    for (const path of bearerPaths) requestIds.push((await app.http.request('GET', path)).headers.get('x-request-id'));

    const requestLines = capture.lines.filter((line) => line.req);
    expect(requestLines.map((line) => line.req.id)).toEqual(requestIds);
    for (const line of requestLines) expect(line.req.id).toMatch(/^req_[0-9A-Za-z]{20}$/);
    expect(requestLines.map((line) => line.req.path).slice(3)).toEqual(['/o/:id', '/r/:id', '/api/v1/nothing/h_:redacted', '/plate/:id']);
    const all = JSON.stringify(capture.lines);
    for (const secret of [quote.json.id, handoffId, rfqId, handoffId.slice(2), 'name=Bob', 'Customer Bob', 'Repair a gate', '127.0.0.1']) {
      expect(all).not.toContain(secret);
    }
  });

  it('logs an unexpected failure once, on its request line at error level, and never sends it', async () => {
    const listMaterials = app.runtime.service.listMaterials;
    app.runtime.service.listMaterials = async () => {
      throw new TypeError('materials table at /srv/secret/path.ts:12 is undefined');
    };
    try {
      const reply = await app.http.request('GET', '/api/v1/materials');
      expect(reply.status).toBe(500);
      expect(reply.json.error.code).toBe('internal_error');
      expect(reply.text).not.toContain('secret');
      const lines = capture.lines.filter((line) => line.req?.id === reply.headers.get('x-request-id'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 50,
        msg: 'request failed',
        req: { method: 'GET', path: '/api/v1/materials' },
        res: { status: 500 },
        err: { type: 'TypeError', message: 'materials table at /srv/secret/path.ts:12 is undefined' },
      });
      expect(typeof lines[0]!.responseTime).toBe('number');
    } finally {
      app.runtime.service.listMaterials = listMaterials;
    }
  });

  it('refuses a stored row of another schema version with a logged reason instead of reading it as this shape', async () => {
    const id = `q_${'V'.repeat(22)}`;
    const now = new Date();
    await app.runtime.storage.quotes.insert({
      id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 86_400_000),
      body: '{"object":"quote","id":"q_vvv","shape":"from a newer build"}',
      request: '{"items":[]}',
      schemaVersion: 3,
    });
    const reply = await app.http.request('GET', `/api/v1/quotes/${id}`);
    expect(reply.status).toBe(500);
    expect(reply.json.error.code).toBe('internal_error');
    expect(reply.text).not.toContain('newer build');
    const line = capture.lines.find((entry) => entry.req?.id === reply.headers.get('x-request-id'));
    expect(line?.err?.message).toBe(
      'A stored quote has schema version 3, and this build reads versions 1 to 2: run the build that wrote it, or migrate the stored rows.',
    );
    expect(JSON.stringify(capture.lines)).not.toContain(id);
  });

  it('redacts bearer ids wherever they sit in a path and bounds its length', () => {
    expect(redactPath(`/o/h_${'A'.repeat(22)}/x?y=1`)).toBe('/o/:id/x');
    expect(redactPath(`/r/anything`)).toBe('/r/:id');
    expect(redactPath(`/order-requests/or_${'d'.repeat(22)}`)).toBe('/order-requests/:id');
    expect(redactPath(`/x/or_${'d'.repeat(22)}`)).toBe('/x/or_:redacted');
    expect(redactPath(`/api/v1/quotes/q_${'A'.repeat(22)}/items/0/preview.svg`)).toBe('/api/v1/quotes/q_:redacted/items/0/preview.svg');
    expect(redactPath(`/x/sub_${'b'.repeat(22)}`)).toBe('/x/sub_:redacted');
    expect(redactPath(`/api/v1/plate-imports/pi_${'c'.repeat(22)}/preview.svg`)).toBe('/api/v1/plate-imports/pi_:redacted/preview.svg');
    expect(redactPath(`/plate/new/pi_${'c'.repeat(22)}?stock=x`)).toBe('/plate/:id/pi_:redacted');
    expect(redactPath(`/${'x'.repeat(5000)}`)).toHaveLength(200);
  });
});

describe('/metrics', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  afterAll(() => app.close());

  it('counts requests and latency by route template and status, quotes created, limit rejections and storage errors', async () => {
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    await app.http.request('POST', '/api/v1/quotes', { body: { items: [] } });
    await app.http.request('GET', `/api/v1/quotes/${quote.json.id}`);
    for (let i = 0; i < 11; i += 1) await app.http.request('POST', '/api/v1/rfq-links', { body: { description: `Job ${i}` } });
    const health = app.runtime.storage.health;
    app.runtime.storage.health = async () => {
      throw new StorageUnavailable('The database could not take a write: database is locked');
    };
    try {
      expect((await app.http.request('GET', '/api/v1/status')).status).toBe(503);
    } finally {
      app.runtime.storage.health = health;
    }

    // Not on the API port: only on the metrics port.
    expect((await app.http.request('GET', '/metrics')).status).toBe(404);
    const reply = await app.metrics.request('GET', '/metrics');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = reply.text;
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/v1/quotes', status: '201' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: '/api/v1/quotes', status: '422' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'GET', route: '/api/v1/quotes/:public_id', status: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { route: '/api/v1/rfq-links', status: '429' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/v1/quotes', status: '201' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/v1/quotes', status: '201', le: '+Inf' })).toBe(1);
    expect(sample(text, 'quotes_created_total')).toBe(1);
    expect(sample(text, 'rate_limit_rejections_total', { scope: 'rfq_links' })).toBe(1);
    expect(sample(text, 'storage_errors_total')).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'rate_limit_store', { store: 'database' })).toBe(1);
    expect(sample(text, 'rate_limit_store', { store: 'memory' })).toBe(0);
    expect(sample(text, 'pricing_jobs_queued')).toBe(0);
    expect(sample(text, 'drawing_jobs_queued')).toBe(0);
    expect(sample(text, 'drawing_worker_threads')).toBe(0);
    // Route templates only: no id of any kind in a label.
    expect(text).not.toMatch(/\b(q|h|rfq|pd|pi)_[0-9A-Za-z]{22}\b/);
  });
});
