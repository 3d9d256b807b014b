import { adversarialQuote } from '../../../packages/pricing/src/test-adversarial-plates';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';

describe('Idempotency-Key on the POSTs', () => {
  let app: TestApp;
  // Real limits, and client addresses named by X-Forwarded-For as a proxy in front would.
  const from = (address: string, key?: string) => ({ 'x-forwarded-for': address, ...(key === undefined ? {} : { 'idempotency-key': key }) });

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  it('answers the same key and body with the first answer byte for byte, marked as replayed, without spending a limit', async () => {
    const body = { items: [typicalPlate(), kitProduct()] };
    const first = await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.1', 'order-7-attempt') });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // 70 repeats from one address: past the 60-a-minute limit if any of them were priced again.
    for (let i = 0; i < 70; i++) {
      const again = await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.1', 'order-7-attempt') });
      expect(again.status).toBe(201);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    }
    // Only the first one was priced and counted: 59 more new quotes fit in the minute.
    for (let i = 0; i < 59; i++) expect((await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.1') })).status).toBe(201);
    expectError(await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.1') }), 429, 'rate_limit_error', 'rate_limited');
  });

  it('refuses the same key with another body: 409 idempotency_key_reused', async () => {
    const key = 'reuse-me';
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] }, headers: from('198.51.100.2', key) })).status).toBe(201);
    const other = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct({ quantity: 3 })] }, headers: from('198.51.100.2', key) });
    expectError(other, 409, 'conflict_error', 'idempotency_key_reused');
    expect(other.json.error).toMatchObject({ param: 'Idempotency-Key', retryable: false });
  });

  it('answers 409 idempotency_key_in_use (retryable) while the first request with the key runs, then its answer', async () => {
    const body = adversarialQuote('everyCutoutOverlapping');
    const first = app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.3', 'slow-one') });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.3', 'slow-one') });
    expectError(second, 409, 'conflict_error', 'idempotency_key_in_use');
    expect(second.json.error.retryable).toBe(true);
    const done = await first;
    expect(done.status).toBe(201);
    const third = await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.3', 'slow-one') });
    expect(third.text).toBe(done.text);
  });

  it('keeps keys per client address and per route', async () => {
    const body = { items: [kitProduct()] };
    const a = await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.4', 'shared-key') });
    const b = await app.http.request('POST', '/api/v1/quotes', { body, headers: from('198.51.100.5', 'shared-key') });
    expect(a.json.id).not.toBe(b.json.id);
    const link = await app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'A gate hinge' }, headers: from('198.51.100.4', 'shared-key') });
    expect(link.status).toBe(201);
    expect(link.headers.get('idempotent-replayed')).toBeNull();
    const linkAgain = await app.http.request('POST', '/api/v1/rfq-links', { body: { description: 'A gate hinge' }, headers: from('198.51.100.4', 'shared-key') });
    expect(linkAgain.text).toBe(link.text);
    const handoff = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [a.json.id] }, headers: from('198.51.100.4', 'h-1') });
    const handoffAgain = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [a.json.id] }, headers: from('198.51.100.4', 'h-1') });
    expect(handoff.status).toBe(201);
    expect(handoffAgain.text).toBe(handoff.text);
  });

  it('keeps no failure: after a 422 the same key works with the body fixed', async () => {
    const bad = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct({ quantity: 51 })] }, headers: from('198.51.100.6', 'fix-then-retry') });
    expectError(bad, 422, 'invalid_request_error', 'quantity_out_of_range');
    const fixed = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct({ quantity: 5 })] }, headers: from('198.51.100.6', 'fix-then-retry') });
    expect(fixed.status).toBe(201);
  });

  it.each([['with a space'], ['x'.repeat(256)], ['café']])('refuses the key %p: 422 parameter_invalid on Idempotency-Key', async (key) => {
    const reply = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] }, headers: { 'x-forwarded-for': '198.51.100.7', 'idempotency-key': key } });
    expectError(reply, 422, 'invalid_request_error', 'parameter_invalid');
    expect(reply.json.error.param).toBe('Idempotency-Key');
  });
});
