// Runs the published example and the typed calls against the real REST app, so the generated types,
// the OpenAPI document and the API's answers are checked against each other on every test run.
import { apiBaseUrl, createShopClient } from '@shop/client';
import type { PlateItem, ShopClient } from '@shop/client';
import { quoteAndHandoff } from '../examples/quote-and-handoff';
import { startRestApp } from './rest-app';
import type { RunningRestApp } from './rest-app';

let app: RunningRestApp;
let client: ShopClient;

beforeAll(async () => {
  app = await startRestApp();
  client = createShopClient({ baseUrl: apiBaseUrl(app.origin) });
}, 30_000);

afterAll(async () => {
  await app?.close();
});

describe('the quote-and-handoff example against the real app', () => {
  it('quotes a bent plate, fetches its drawing and makes an order link for it', async () => {
    const { quote, drawing, handoff } = await quoteAndHandoff(client);

    expect(quote.id).toMatch(/^q_[0-9A-Za-z]{22}$/);
    expect(quote.status).toBe('ready');
    const [item] = quote.items;
    expect(item?.kind).toBe('plate');
    expect(item?.plate).toMatchObject({ material: 'mild_steel', thickness_in: 0.25, hole_count: 4, bend_count: 1 });
    expect(item?.quantity_options.map((option) => option.quantity)).toEqual([25, 100]);
    expect(quote.amount_total_cents).toBe((quote.amount_subtotal_cents ?? NaN) + (quote.amount_tax_cents ?? NaN));

    expect(drawing.startsWith('<svg')).toBe(true);
    expect(drawing).toContain('B1 UP 90');

    expect(handoff.id).toMatch(/^h_[0-9A-Za-z]{22}$/);
    expect(handoff.url.startsWith('http://quotes.test/')).toBe(true);
    expect(handoff.items).toEqual([expect.objectContaining({ quote_id: quote.id, index: 0, action: 'open_plate_quoter', label: 'Bracket A' })]);
  });

  it('reads the quote back byte for byte through the typed GET', async () => {
    const { quote } = await quoteAndHandoff(client);
    const read = await client.GET('/quotes/{public_id}', { params: { path: { public_id: quote.id } } });
    expect(read.response.status).toBe(200);
    expect(read.data).toEqual(quote);
  });
});

describe('typed calls and the error envelope', () => {
  it('quotes a polygon outline through the typed body (its kind is "polygon" in the types)', async () => {
    const plate: PlateItem = {
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.25,
      outline: { kind: 'polygon', points_in: [[0, 0], [6, 0], [6, 2], [3, 4], [0, 2]] },
      quantity: 2,
    };
    const created = await client.POST('/quotes', { body: { items: [plate] } });
    expect(created.response.status).toBe(201);
    expect(created.data?.items[0]?.plate).toMatchObject({ width_in: 6, height_in: 4 });
  });

  it('lists materials and products with the shapes the types describe', async () => {
    const materials = await client.GET('/materials');
    expect(materials.data?.object).toBe('list');
    expect(materials.data?.data.map((material) => material.id)).toEqual(['mild_steel', 'stainless_304', 'stainless_316', 'aluminum_6061']);

    const products = await client.GET('/products', { params: { query: { search: 'bale', limit: 5 } } });
    expect(products.data?.data.some((product) => product.slug === 'round-bale-feeder')).toBe(true);
  });

  it('answers a thickness outside the list with a 422 envelope naming the field', async () => {
    const failed = await client.POST('/quotes', {
      body: { items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.3, outline: { kind: 'rectangle', width_in: 6, height_in: 4 } }] },
    });
    expect(failed.data).toBeUndefined();
    expect(failed.response.status).toBe(422);
    expect(failed.error?.error).toMatchObject({ type: 'invalid_request_error', code: 'thickness_not_offered', param: 'items[0].thickness_in' });
    expect(failed.error?.error.request_id).toBe(failed.response.headers.get('x-request-id'));
  });

  it('answers an unknown quote id with 404 quote_not_found', async () => {
    const missing = await client.GET('/quotes/{public_id}', { params: { path: { public_id: 'q_0000000000000000000000' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('quote_not_found');
  });

  it('serves the same document the types were generated from', async () => {
    const served = await client.GET('/openapi.json');
    expect(served.data?.openapi).toBe('3.1.0');
    expect(Object.keys(served.data?.paths ?? {}).sort()).toEqual(
      [
        '/handoffs',
        '/materials',
        '/openapi.json',
        '/plate-imports',
        '/plate-imports/{public_id}/preview.svg',
        '/products',
        '/products/{slug}',
        '/profiles',
        '/quotes',
        '/quotes/{public_id}',
        '/quotes/{public_id}/items/{index}/drawing.dxf',
        '/quotes/{public_id}/items/{index}/preview.svg',
        '/rfq-links',
        '/status',
      ],
    );
  });
});
