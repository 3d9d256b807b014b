// The reference page's examples against the running app: every request example is a request the
// service answers with 201, and the error examples read as the service's real answers.
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { openContourDxf } from './fixtures';

describe('the examples of the OpenAPI document, sent to the app', () => {
  let app: TestApp;
  let document: any;

  beforeAll(async () => {
    app = await startTestApp();
    document = (await app.http.request('GET', '/api/v1/openapi.json')).json;
  });
  afterAll(() => app.close());

  const requestExamples = (path: string): Record<string, { value: any }> => document.paths[path].post.requestBody.content['application/json'].examples;
  const errorExample = (path: string, method: string, status: number, code: string) =>
    document.paths[path][method].responses[String(status)].content['application/json'].examples[code].value.error;

  it('answers every quote example 201 with every plate ready, the imported part named by a real import', async () => {
    const imported = await app.http.request('POST', '/api/v1/plate-imports?filename=plate.dxf', { raw: openContourDxf(0), headers: { 'content-type': 'application/dxf' } });
    expect(imported.status).toBe(201);
    for (const [name, example] of Object.entries(requestExamples('/quotes'))) {
      const body = JSON.parse(JSON.stringify(example.value).replace(/pi_[0-9A-Za-z]{22}/g, imported.json.id));
      const reply = await app.http.request('POST', '/api/v1/quotes', { body });
      expect({ name, status: reply.status }).toEqual({ name, status: 201 });
      expect({ name, statuses: reply.json.items.map((item: any) => item.status) }).toEqual({ name, statuses: body.items.map(() => 'ready') });
      const bends = body.items.map((item: any) => item.bends?.length ?? 0);
      expect(reply.json.items.map((item: any) => item.plate?.bend_count ?? 0)).toEqual(bends);
    }
  });

  it('answers the order-link and quote-request examples 201', async () => {
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: requestExamples('/quotes').bent_plate!.value });
    for (const example of Object.values(requestExamples('/handoffs'))) {
      const body = JSON.parse(JSON.stringify(example.value).replace(/q_[0-9A-Za-z]{22}/g, quote.json.id));
      expect((await app.http.request('POST', '/api/v1/handoffs', { body })).status).toBe(201);
    }
    for (const example of Object.values(requestExamples('/rfq-links'))) {
      expect((await app.http.request('POST', '/api/v1/rfq-links', { body: example.value })).status).toBe(201);
    }
  });

  it.each([
    ['GET', '/materials', '/api/v1/materials?page=2', undefined, 422, 'parameter_unknown'],
    ['GET', '/products', '/api/v1/products?limit=51', undefined, 422, 'parameter_invalid'],
    ['DELETE', '/materials', '/api/v1/materials', undefined, 405, 'method_not_allowed'],
    ['POST', '/quotes', '/api/v1/quotes', { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.2, outline: { kind: 'rectangle', width_in: 6, height_in: 4 } }] }, 422, 'thickness_not_offered'],
    ['POST', '/quotes', '/api/v1/quotes', { items: [{ kind: 'plate', material: 'mild_steal', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 6, height_in: 4 } }] }, 422, 'material_unavailable'],
    ['POST', '/quotes', '/api/v1/quotes', { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 121, height_in: 4 } }] }, 422, 'parameter_invalid'],
    ['POST', '/quotes', '/api/v1/quotes', {}, 422, 'parameter_missing'],
    ['POST', '/rfq-links', '/api/v1/rfq-links', { description: 'x'.repeat(2001) }, 422, 'parameter_invalid'],
    ['POST', '/rfq-links', '/api/v1/rfq-links', { description: 'Gate', email: 'x' }, 422, 'parameter_unknown'],
    ['POST', '/handoffs', '/api/v1/handoffs', { quote_ids: Array.from({ length: 11 }, (_, i) => `q_${i}`) }, 422, 'parameter_invalid'],
  ])('the %s %s example of %s (%j) is the real %d %s answer', async (method, route, url, body, status, code) => {
    const reply = await app.http.request(method, url, body === undefined ? {} : { body });
    expect({ status: reply.status, code: reply.json.error.code }).toEqual({ status, code });
    // The 405 is shown on the route's own method.
    const shown = errorExample(route, method === 'DELETE' ? 'get' : method.toLowerCase(), status, code);
    expect({ message: reply.json.error.message, param: reply.json.error.param }).toEqual({ message: shown.message, param: shown.param });
  });

  it('shows the item index the preview answers about', async () => {
    const quote = await app.http.request('POST', '/api/v1/quotes', { body: requestExamples('/quotes').bent_plate!.value });
    const reply = await app.http.request('GET', `/api/v1/quotes/${quote.json.id}/items/x/preview.svg`);
    const shown = errorExample('/quotes/{public_id}/items/{index}/preview.svg', 'get', 422, 'parameter_invalid');
    expect({ message: reply.json.error.message, param: reply.json.error.param }).toEqual({ message: shown.message, param: shown.param });
  });
});
