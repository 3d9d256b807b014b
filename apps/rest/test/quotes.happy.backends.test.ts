import { Quote } from '@shop/contracts';
import { BACKENDS, START, startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { expectedHst, kitProduct, typicalPlate } from './fixtures';

describe.each(BACKENDS)('quotes on %s', (backend) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ backend });
  });
  afterAll(() => app.close());

  it('prices a plate and a product, with HST as its own figure', async () => {
    const reply = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate(), kitProduct()] } });
    expect(reply.status).toBe(201);
    const quote = Quote.parse(reply.json);
    expect(quote).toMatchObject({ object: 'quote', status: 'ready', price_type: 'firm', beta: false, notice: null, currency: 'cad' });
    expect(quote.id).toMatch(/^q_[0-9A-Za-z]{22}$/);
    expect(quote.created_at).toBe(START);
    expect(Date.parse(quote.expires_at) - Date.parse(quote.created_at)).toBe(7 * 86_400_000);

    const [plate, product] = quote.items;
    expect(plate).toMatchObject({ index: 0, kind: 'plate', status: 'ready', quantity: 10, label: 'Base plate' });
    expect(plate!.plate).toMatchObject({ material: 'mild_steel', thickness_in: 0.25, width_in: 6, height_in: 4, hole_count: 4, slot_count: 0, bend_count: 0 });
    expect(plate!.plate!.preview_url).toBe(`http://quotes.test/api/v1/quotes/${quote.id}/items/0/preview.svg`);
    expect(plate!.unit_amount_cents).toBe(Math.round(plate!.amount_cents! / 10));
    expect(plate!.quantity_options.map((o) => o.quantity)).toEqual([25, 100]);

    expect(product).toMatchObject({ index: 1, kind: 'product', status: 'ready', quantity: 2, unit_amount_cents: 150_400, amount_cents: 300_800 });
    expect(product!.product).toEqual({ slug: 'round-bale-feeder', tier: 'kit', product_url: 'http://quotes.test/products/round-bale-feeder' });

    const subtotal = plate!.amount_cents! + product!.amount_cents!;
    expect(quote.amount_subtotal_cents).toBe(subtotal);
    expect(quote.amount_tax_cents).toBe(expectedHst(subtotal));
    expect(quote.amount_total_cents).toBe(subtotal + expectedHst(subtotal));
  });

  it('GET returns the created quote byte for byte', async () => {
    const created = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate(), kitProduct()] } });
    const read = await app.http.request('GET', `/api/v1/quotes/${created.json.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toContain('application/json');
    expect(read.text).toBe(created.text);
  });

  it('asking again makes a new quote', async () => {
    const a = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate()] } });
    const b = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate()] } });
    expect(a.json.id).not.toBe(b.json.id);
    expect(a.json.amount_total_cents).toBe(b.json.amount_total_cents);
  });

  it('serves the drawing of a ready plate as cacheable SVG', async () => {
    const created = await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate({ bends: [{ start_in: [0, 3], end_in: [6, 3] }] })] } });
    const svg = await app.http.request('GET', new URL(created.json.items[0].plate.preview_url).pathname);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('cache-control')).toContain('immutable');
    expect(svg.text).toMatch(/^<svg|^<\?xml/);
    expect(svg.text).toContain('stroke-dasharray');
    expect(svg.text).not.toMatch(/<script|href="http/i);
    const again = await app.http.request('GET', new URL(created.json.items[0].plate.preview_url).pathname);
    expect(again.text).toBe(svg.text);
  });

  it('lists materials, products and profiles', async () => {
    const materials = await app.http.request('GET', '/api/v1/materials');
    expect(materials.status).toBe(200);
    expect(materials.json.data.map((m: { id: string }) => m.id)).toEqual(['mild_steel', 'stainless_304', 'stainless_316', 'aluminum_6061']);

    const firstPage = await app.http.request('GET', '/api/v1/products?limit=5');
    expect(firstPage.json).toMatchObject({ object: 'list', has_more: true });
    expect(firstPage.json.data).toHaveLength(5);
    const secondPage = await app.http.request('GET', `/api/v1/products?limit=5&cursor=${encodeURIComponent(firstPage.json.next_cursor)}`);
    expect(secondPage.json.data[0].slug).not.toBe(firstPage.json.data[0].slug);

    const product = await app.http.request('GET', '/api/v1/products/round-bale-feeder');
    expect(product.json).toMatchObject({ object: 'product', slug: 'round-bale-feeder' });

    const profiles = await app.http.request('GET', '/api/v1/profiles?search=w%208x31');
    expect(profiles.json.data.map((p: { designation: string }) => p.designation)).toContain('W8X31');
  });
});
