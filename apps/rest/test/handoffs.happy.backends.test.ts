import { Handoff } from '@shop/contracts';
import { BACKENDS, startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';

describe.each(BACKENDS)('handoffs on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  const quote = async (items: unknown[]) => (await app.http.request('POST', '/api/v1/quotes', { body: { items } })).json;
  const handoff = (quote_ids: unknown) => app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids } });

  it('lists the items of every quote in order, with their buttons', async () => {
    const first = await quote([typicalPlate(), kitProduct({ label: 'Feeder (north)' })]);
    app.clock.advanceDays(1);
    const second = await quote([typicalPlate({ label: null })]);
    const reply = await handoff([first.id, second.id]);
    expect(reply.status).toBe(201);
    const body = Handoff.parse(reply.json);
    expect(body.id).toMatch(/^h_[0-9A-Za-z]{22}$/);
    expect(body.url).toBe(`http://quotes.test/o/${body.id}`);
    expect(body.expires_at).toBe(second.expires_at);
    expect(body.items).toEqual([
      { quote_id: first.id, index: 0, description: first.items[0].description, action: 'open_plate_quoter', label: 'Base plate' },
      { quote_id: first.id, index: 1, description: first.items[1].description, action: 'open_product_page', label: 'Feeder (north)' },
      { quote_id: second.id, index: 0, description: second.items[0].description, action: 'open_plate_quoter', label: null },
    ]);
  });
});
