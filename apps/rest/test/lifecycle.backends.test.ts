import { BACKENDS, startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';

describe.each(BACKENDS)('a quote over time on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  it('reads ready, then expired at 7 days, stays readable at 36 days, and is gone at 38', async () => {
    const created = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate(), kitProduct()] } });
    const id = created.json.id as string;
    const handoff = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [id] } });
    expect(handoff.status).toBe(201);

    app.clock.advanceDays(7);
    const atExpiry = await app.http.request('GET', `/api/v1/quotes/${id}`);
    expect(atExpiry.text).toBe(created.text);

    app.clock.advanceDays(0.001);
    const expired = await app.http.request('GET', `/api/v1/quotes/${id}`);
    expect(expired.json.status).toBe('expired');
    expect(expired.text).toBe(created.text.replace('"status":"ready"', '"status":"expired"'));
    expectError(await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [id] } }), 409, 'conflict_error', 'quote_expired');

    app.clock.advanceDays(29);
    expect((await app.http.request('GET', `/api/v1/quotes/${id}`)).json.status).toBe('expired');
    expect((await app.http.request('GET', `/api/v1/quotes/${id}/items/0/preview.svg`)).status).toBe(200);

    app.clock.advanceDays(2);
    expectError(await app.http.request('GET', `/api/v1/quotes/${id}`), 404, 'not_found_error', 'quote_not_found');

    const counts = await app.runtime.service.purgeExpired(app.clock.now());
    expect(counts.quotes).toBeGreaterThanOrEqual(1);
    expect(counts.handoffs).toBeGreaterThanOrEqual(1);
    expect(counts.designs).toBeGreaterThanOrEqual(1);
    expect(await app.runtime.storage.quotes.get(id, new Date(created.json.created_at))).toBeNull();
  });
});

describe('a restart', () => {
  it('loses nothing: every quote reads back byte-identical', async () => {
    const first = await startTestApp();
    const created: Array<{ id: string; text: string }> = [];
    for (let i = 0; i < 5; i += 1) {
      const reply = await first.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate({ quantity: i + 1 }), kitProduct()] } });
      created.push({ id: reply.json.id, text: reply.text });
    }
    await first.stop();

    const second = await startTestApp({ databaseUrl: first.databaseUrl });
    try {
      for (const quote of created) {
        expect((await second.http.request('GET', `/api/v1/quotes/${quote.id}`)).text).toBe(quote.text);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
