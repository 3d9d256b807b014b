import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct } from './fixtures';
import { expectError } from './harness';
import { NEEDS_REDIS, itUnless } from '../../../scripts/test/skip-unless';

describe.each([
  ['the shared database', false],
  ['Redis', true],
])('rate limits kept in %s', (_name, redis) => {
  const run = itUnless(!redis || Boolean(process.env.TEST_REDIS_URL), NEEDS_REDIS);
  let app: TestApp;

  beforeAll(async () => {
    if (redis && !process.env.TEST_REDIS_URL) return;
    app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' }, redis });
  });
  afterAll(() => app?.close());

  run('the 61st quote in a minute is 429 rate_limited with Retry-After', async () => {
    for (let i = 0; i < 60; i += 1) {
      const reply = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
      expect(reply.status).toBe(201);
    }
    const reply = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    expectError(reply, 429, 'rate_limit_error', 'rate_limited');
    expect(reply.json.error.retryable).toBe(true);
    expect(reply.json.error.details).toEqual({ scope: 'pricing', limit: 60, window: 'minute' });
    const retryAfter = Number(reply.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  run('reading has its own budget of 120 a minute', async () => {
    for (let i = 0; i < 120; i += 1) expect((await app.http.request('GET', '/api/v1/materials')).status).toBe(200);
    const reply = await app.http.request('GET', '/api/v1/products');
    expectError(reply, 429, 'rate_limit_error', 'rate_limited');
    expect(reply.json.error.details.scope).toBe('reading');
  });

  run('the 11th quote-request link in a minute is refused', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await app.http.request('POST', '/api/v1/rfq-links', { body: { description: `Job ${i}` } })).status).toBe(201);
    }
    const reply = await app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'Job 11' } });
    expectError(reply, 429, 'rate_limit_error', 'rate_limited');
    expect(reply.json.error.details).toEqual({ scope: 'rfq_links', limit: 10, window: 'minute' });
  });

  run('status and the OpenAPI document are not limited, even with the reading budget spent', async () => {
    let spent = 0;
    while ((await app.http.request('GET', '/api/v1/materials')).status === 200) spent += 1;
    expect(spent).toBeLessThanOrEqual(120);
    expectError(await app.http.request('GET', '/api/v1/products'), 429, 'rate_limit_error', 'rate_limited');
    for (let i = 0; i < 130; i += 1) {
      expect((await app.http.request('GET', '/api/v1/status')).status).toBe(200);
      const openapi = await app.http.request('GET', '/api/v1/openapi.json');
      expect(openapi.status).toBe(200);
      expect(openapi.json.openapi).toBe('3.1.0');
    }
  });
});
