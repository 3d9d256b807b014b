import { StorageUnavailable } from '@shop/storage';
import { BACKENDS, startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { blockedPlate, kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';

describe.each(BACKENDS)('handoffs on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  const quote = async (items: unknown[]) => (await app.http.request('POST', '/api/v1/quotes', { body: { items } })).json;
  const handoff = (quote_ids: unknown) => app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids } });

  it('an id never given out is 404 naming it', async () => {
    const ready = await quote([kitProduct()]);
    const reply = await handoff([ready.id, 'q_0000000000000000000000']);
    expectError(reply, 404, 'not_found_error', 'quote_not_found');
    expect(reply.json.error.param).toBe('quote_ids[1]');
  });

  it('a blocked quote is 409 quote_not_ready', async () => {
    const blocked = await quote([blockedPlate()]);
    expectError(await handoff([blocked.id]), 409, 'conflict_error', 'quote_not_ready');
  });

  it('more than 10 items across the quotes is 422', async () => {
    const six = await quote(Array(6).fill(kitProduct()));
    const five = await quote(Array(5).fill(kitProduct()));
    const reply = await handoff([six.id, five.id]);
    expectError(reply, 422, 'invalid_request_error', 'handoff_too_many_items');
    expect(reply.json.error.param).toBe('quote_ids');
    const four = await quote(Array(4).fill(kitProduct()));
    expect((await handoff([six.id, four.id])).status).toBe(201);
  });

  it('a quote named twice, no ids, or 11 ids are refused', async () => {
    const ready = await quote([kitProduct()]);
    const twice = await handoff([ready.id, ready.id]);
    expectError(twice, 422, 'invalid_request_error', 'parameter_invalid');
    expect(twice.json.error.param).toBe('quote_ids[1]');
    expectError(await handoff([]), 422, 'invalid_request_error', 'parameter_invalid');
    expectError(await handoff(Array(11).fill(ready.id)), 422, 'invalid_request_error', 'parameter_invalid');
    expectError(await handoff(['x'.repeat(65)]), 422, 'invalid_request_error', 'parameter_invalid');
  });

  it('a failure to store is 503 storage_unavailable, retryable, and a retry then succeeds', async () => {
    const ready = await quote([typicalPlate()]);
    const insert = app.runtime.storage.handoffs.insert;
    app.runtime.storage.handoffs.insert = async () => {
      throw new StorageUnavailable('disk I/O error', { cause: new Error('SQLITE_IOERR') });
    };
    try {
      const reply = await handoff([ready.id]);
      expectError(reply, 503, 'api_error', 'storage_unavailable');
      expect(reply.json.error.retryable).toBe(true);
    } finally {
      app.runtime.storage.handoffs.insert = insert;
    }
    expect((await handoff([ready.id])).status).toBe(201);
  });
});
