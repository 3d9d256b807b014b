import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';

describe('who a caller is', () => {
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    direct = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    proxied = await startTestApp({ env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const rfq = (app: TestApp, forwardedFor: string) =>
    app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'Trailer hitch repair' }, headers: { 'x-forwarded-for': forwardedFor } });

  it('X-Forwarded-For is ignored without TRUST_PROXY: changing it does not buy more requests', async () => {
    for (let i = 0; i < 10; i += 1) expect((await rfq(direct, `203.0.113.${i}`)).status).toBe(201);
    expectError(await rfq(direct, '198.51.100.7'), 429, 'rate_limit_error', 'rate_limited');
  });

  it('with TRUST_PROXY the forwarded address is the client: each gets its own budget', async () => {
    for (let i = 0; i < 10; i += 1) expect((await rfq(proxied, '203.0.113.10')).status).toBe(201);
    expectError(await rfq(proxied, '203.0.113.10'), 429, 'rate_limit_error', 'rate_limited');
    expect((await rfq(proxied, '203.0.113.11')).status).toBe(201);
  });
});

describe('what the API gives away', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('guessed ids of every kind are 404, never another caller’s data', async () => {
    const created = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate()] } });
    const id = created.json.id as string;
    const neighbours = [id.slice(0, -1) + (id.endsWith('a') ? 'b' : 'a'), id.toUpperCase(), id.toLowerCase(), `${id} `, 'q_' + '0'.repeat(22)];
    for (const guess of neighbours.filter((g) => g !== id)) {
      expectError(await app.http.request('GET', `/api/v1/quotes/${encodeURIComponent(guess)}`), 404, 'not_found_error', 'quote_not_found');
    }
  });

  it('no answer carries a stack trace, a file path or the database error', async () => {
    const replies = [
      await app.http.request('POST', '/api/v1/quotes', { raw: '{"items": [', headers: { 'content-type': 'application/json' } }),
      await app.http.request('POST', '/api/v1/quotes', { body: { items: [{ kind: 'plate' }] } }),
      await app.http.request('GET', '/api/v1/quotes/../../etc/passwd'),
      await app.http.request('GET', '/api/v1/quotes/%00'),
      await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: ["q_'; DROP TABLE quotes; --"] } }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.text).not.toMatch(/\bat .+\.(ts|js):\d+|\/work\/|node_modules|prisma|sqlite|SQLITE/i);
    }
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } })).status).toBe(201);
  });

  it('keys that would poison objects are refused as unknown', async () => {
    const reply = await app.http.request('POST', '/api/v1/quotes', {
      raw: '{"items":[{"kind":"product","slug":"round-bale-feeder","tier":"kit","__proto__":{"quantity":50}}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(422);
    expect(reply.json.error.code).toBe('parameter_unknown');
  });

  it('every answer says nosniff', async () => {
    for (const path of ['/api/v1/status', '/api/v1/materials', '/api/v1/nothing']) {
      expect((await app.http.request('GET', path)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
