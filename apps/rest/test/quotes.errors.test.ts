import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { blockedPlate, kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';

describe('quote errors', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const post = (items: unknown[]) => app.http.request('POST', '/api/v1/quotes', { body: { items } });

  it.each([
    ['an unknown slug', kitProduct({ slug: 'no-such-thing' }), 'product_unknown', 'items[0].slug'],
    ['a thickness not listed', typicalPlate({ thickness_in: 0.26 }), 'thickness_not_offered', 'items[0].thickness_in'],
    ['a thickness over 4 in', typicalPlate({ thickness_in: 5 }), 'thickness_not_offered', 'items[0].thickness_in'],
    ['a material not listed', typicalPlate({ material: 'titanium' }), 'material_unavailable', 'items[0].material'],
    ['a product quantity over 50', kitProduct({ quantity: 51 }), 'quantity_out_of_range', 'items[0].quantity'],
    ['a plate quantity option over 999', typicalPlate({ quantity_options: [1000] }), 'quantity_out_of_range', 'items[0].quantity_options[0]'],
    ['a design package of 2', kitProduct({ tier: 'design', quantity: 2 }), 'design_quantity_fixed', 'items[0].quantity'],
    ['an unknown key', typicalPlate({ colour: 'red' }), 'parameter_unknown', 'items[0].colour'],
    ['a missing outline', typicalPlate({ outline: undefined }), 'parameter_missing', 'items[0].outline'],
    ['a rectangle over 120 in', typicalPlate({ outline: { kind: 'rectangle', width_in: 121, height_in: 4 } }), 'parameter_invalid', 'items[0].outline.width_in'],
  ])('%s is 422 naming the field', async (_name, item, code, param) => {
    const reply = await post([item]);
    expectError(reply, 422, 'invalid_request_error', code);
    expect(reply.json.error.param).toBe(param);
  });

  it('a design package named twice is 422 design_repeated', async () => {
    const reply = await post([kitProduct({ tier: 'design', quantity: 1 }), kitProduct({ tier: 'design', quantity: 1 })]);
    expectError(reply, 422, 'invalid_request_error', 'design_repeated');
    expect(reply.json.error.param).toBe('items[1].slug');
  });

  it('a tier that is not orderable is 422 tier_not_orderable', async () => {
    const products = await app.http.request('GET', '/api/v1/products?limit=50');
    const onRequest = products.json.data.flatMap((p: { slug: string; tiers: Array<{ kind: string; orderable: boolean }> }) =>
      p.tiers.filter((t) => !t.orderable).map((t) => ({ slug: p.slug, tier: t.kind })),
    )[0];
    expect(onRequest).toBeDefined();
    const reply = await post([kitProduct({ slug: onRequest.slug, tier: onRequest.tier, quantity: 1 })]);
    expectError(reply, 422, 'invalid_request_error', 'tier_not_orderable');
    expect(reply.json.error.param).toBe('items[0].tier');
  });

  it('eleven items are refused', async () => {
    const reply = await post(Array(11).fill(kitProduct()));
    expectError(reply, 422, 'invalid_request_error', 'parameter_invalid');
    expect(reply.json.error.param).toBe('items');
  });

  it('a plate past the laser is a normal 201 answer, blocked, with null totals and no drawing', async () => {
    const reply = await post([blockedPlate(), kitProduct()]);
    expect(reply.status).toBe(201);
    expect(reply.json).toMatchObject({ status: 'blocked', amount_subtotal_cents: null, amount_tax_cents: null, amount_total_cents: null });
    const [plate, product] = reply.json.items;
    expect(plate).toMatchObject({ status: 'blocked', amount_cents: null, unit_amount_cents: null });
    expect(plate.plate.preview_url).toBeNull();
    expect(plate.issues).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'thickness_over_laser', severity: 'blocking' })]));
    expect(product).toMatchObject({ status: 'ready', amount_cents: 300_800 });

    const preview = await app.http.request('GET', `/api/v1/quotes/${reply.json.id}/items/0/preview.svg`);
    expectError(preview, 404, 'not_found_error', 'preview_not_found');
    const productPreview = await app.http.request('GET', `/api/v1/quotes/${reply.json.id}/items/1/preview.svg`);
    expectError(productPreview, 404, 'not_found_error', 'preview_not_found');
  });

  it('a quote id never given out is 404 quote_not_found', async () => {
    expectError(await app.http.request('GET', '/api/v1/quotes/q_0000000000000000000000'), 404, 'not_found_error', 'quote_not_found');
    expectError(await app.http.request('GET', '/api/v1/quotes/not-an-id'), 404, 'not_found_error', 'quote_not_found');
  });

  it('a preview index that is not a number is 422; one past the items is 404', async () => {
    const created = await post([typicalPlate()]);
    const bad = await app.http.request('GET', `/api/v1/quotes/${created.json.id}/items/first/preview.svg`);
    expectError(bad, 422, 'invalid_request_error', 'parameter_invalid');
    expect(bad.json.error.param).toBe('index');
    expectError(await app.http.request('GET', `/api/v1/quotes/${created.json.id}/items/3/preview.svg`), 404, 'not_found_error', 'preview_not_found');
  });

  it('an unknown query parameter is 422 parameter_unknown', async () => {
    const reply = await app.http.request('GET', '/api/v1/materials?sort=name');
    expectError(reply, 422, 'invalid_request_error', 'parameter_unknown');
    expect(reply.json.error.param).toBe('sort');
    expectError(await app.http.request('GET', '/api/v1/profiles?limit=0'), 422, 'invalid_request_error', 'parameter_invalid');
    expectError(await app.http.request('GET', '/api/v1/products?cursor=zzz'), 422, 'invalid_request_error', 'parameter_invalid');
  });

  it('an unknown product is 404 product_not_found', async () => {
    expectError(await app.http.request('GET', '/api/v1/products/nothing'), 404, 'not_found_error', 'product_not_found');
  });
});

describe('with plate orders switched off', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { PLATE_ORDERS_ENABLED: 'false' } });
  });
  afterAll(() => app.close());

  it('lists no materials and refuses plate items with material_unavailable', async () => {
    const materials = await app.http.request('GET', '/api/v1/materials');
    expect(materials.json).toEqual({ object: 'list', data: [], has_more: false, next_cursor: null });
    const reply = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate()] } });
    expectError(reply, 422, 'invalid_request_error', 'material_unavailable');
    expect(reply.json.error.param).toBe('items[0].material');
    const product = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    expect(product.status).toBe(201);
  });
});
