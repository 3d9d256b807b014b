import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { expectedHst, kitProduct, typicalPlate } from './fixtures';
import { findPlateLinks, makeOrder, openPageForm, postForm, readText } from './page-helpers';

describe('the order page', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SHOP_NAME: 'Northshore Fab' } });
  });
  afterAll(() => app.close());

  it('shows every item with its picture, figures, lead time, delivery note and button', async () => {
    const { quote, orderPath } = await makeOrder(app, [typicalPlate({ label: 'Base plate #3' }), kitProduct({ label: 'North field' })]);
    const reply = await app.http.request('GET', orderPath);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = readText(reply.text);
    expect(text).toContain('Northshore Fab');
    expect(text).toContain("Nothing is paid on this page. Order every item at today's firm price with one form");
    expect(text).toContain("The form, like each item's own page, prices the items again at the shop's prices in force today and shows any change since the quote; the order keeps the prices it was sent at.");
    const [plate, kit] = quote.items;
    expect(text).toContain(`Base plate #3 ${plate.description.replace(" per ", " fit on one ")} Quantity 10 Unit price $${(plate.unit_amount_cents / 100).toFixed(2)}`);
    expect(text).toContain(`Amount (before HST) $${(plate.amount_cents / 100).toFixed(2)}`);
    expect(text).toContain(`North field ${kit.description} Quantity 2 Unit price $1,504.00 Amount (before HST) $3,008.00 Lead time 11 days ${kit.lead_time.note}`);
    expect(text).toContain(`Delivery ${kit.delivery.note}`);
    expect(text).toContain(`Delivery ${plate.delivery.note}`);
    // HST shown apart, as the quote has it.
    const subtotal = quote.amount_subtotal_cents as number;
    expect(quote.amount_tax_cents).toBe(expectedHst(subtotal));
    const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2 })}`;
    expect(text).toContain(`Subtotal (before HST) ${dollars(subtotal)} HST 13% (Ontario) ${dollars(quote.amount_tax_cents)} Total with HST ${dollars(quote.amount_total_cents)}`);
    // The drawing and the picture, and a button each.
    expect(reply.text).toContain(`<img src="/api/v1/quotes/${quote.id}/items/0/preview.svg"`);
    expect(reply.text).toContain('<img src="/images/products/round-bale-feeder.svg"');
    expect(findPlateLinks(reply.text)).toHaveLength(1);
    expect(reply.text).toContain('<a class="button" href="/products/round-bale-feeder?tier=kit&amp;quantity=2">Open the product page</a>');
    // No shop of its own: the whole order goes on one form.
    expect(reply.text).toContain(`<a class="button" id="order" href="${orderPath}/request">Order these 2 items</a>`);
  });

  it('every picture and button on it answers', async () => {
    const { orderPath } = await makeOrder(app, [typicalPlate(), kitProduct()]);
    const page = await app.http.request('GET', orderPath);
    const targets = [...page.text.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));
    expect(targets.length).toBeGreaterThanOrEqual(5);
    for (const target of targets) {
      const reply = await app.http.request('GET', target);
      expect({ target, status: reply.status }).toEqual({ target, status: 200 });
    }
  });

  it('every product picture the API gives exists as an SVG', async () => {
    const list = await app.http.request('GET', '/api/v1/products?limit=50');
    expect(list.json.data.length).toBeGreaterThanOrEqual(10);
    for (const product of list.json.data) {
      expect(product.image_url).toBe(`http://quotes.test/images/products/${product.slug}.svg`);
      const image = await app.http.request('GET', new URL(product.image_url).pathname);
      expect({ slug: product.slug, status: image.status, type: image.headers.get('content-type') }).toEqual({
        slug: product.slug,
        status: 200,
        type: 'image/svg+xml',
      });
      expect(image.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('past the quotes\' expiry it is a 410 page saying what to do', async () => {
    const { orderPath } = await makeOrder(app, [kitProduct()]);
    app.clock.advanceDays(7);
    expect((await app.http.request('GET', orderPath)).status).toBe(200);
    app.clock.advanceDays(0.01);
    const reply = await app.http.request('GET', orderPath);
    expect(reply.status).toBe(410);
    expect(reply.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = readText(reply.text);
    expect(text).toContain('This order link has expired');
    expect(text).toContain('quotes hold their prices for 7 days');
    expect(text).toContain('Ask the person or assistant who sent it for a new quote and a new order link.');
    app.clock.advanceDays(-7.01);
  });

  it('says an item expired, with no button and out of the totals, once its own quote has expired', async () => {
    // Two quotes a day apart on one order link: the first expires a day before the link does.
    const older = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct({ label: 'Older kit' })] } });
    app.clock.advanceDays(1);
    const newer = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct({ label: 'Newer kit', quantity: 1 })] } });
    const handoff = await app.http.request('POST', '/api/v1/handoffs', { body: { quote_ids: [older.json.id, newer.json.id] } });
    app.clock.advanceDays(6.5);
    const reply = await app.http.request('GET', new URL(handoff.json.url).pathname);
    expect(reply.status).toBe(200);
    const text = readText(reply.text);
    expect(text).toContain('Older kit');
    expect(text).toContain(`This quote expired on ${new Date(older.json.expires_at).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}`);
    expect(text).toContain('its price of $3,008.00 no longer holds, and it cannot be ordered from here. Ask for a new quote.');
    // One item button, for the item whose quote still holds, and the order form's for it alone.
    expect([...reply.text.matchAll(/class="button"/g)]).toHaveLength(2);
    expect(text).toContain('Order the items still quoted');
    expect(text).toContain('Subtotal (before HST) $1,504.00');
    expect(text).toContain('One item is left out: its quote has expired.');
    app.clock.advanceDays(-7.5);
  });

  it('an unknown or malformed link is a 404 page, and the API keeps its JSON envelope', async () => {
    for (const path of ['/o/h_0000000000000000000000', '/o/nonsense', '/o/h_0000000000000000000000/extra', '/o']) {
      const reply = await app.http.request('GET', path);
      expect({ path, status: reply.status, type: reply.headers.get('content-type') }).toEqual({ path, status: 404, type: 'text/html; charset=utf-8' });
    }
    const known = readText((await app.http.request('GET', '/o/h_0000000000000000000000')).text);
    expect(known).toContain('Order link not found');
    const api = await app.http.request('GET', '/api/v1/nothing-here');
    expect(api.status).toBe(404);
    expect(api.json.error.code).toBe('route_not_found');
  });
});

describe('the product page', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('shows name, blurb, picture, tiers with what they include, prices and lead times', async () => {
    const reply = await app.http.request('GET', '/products/round-bale-feeder');
    expect(reply.status).toBe(200);
    const text = readText(reply.text);
    expect(text).toContain('Round bale feeder');
    expect(text).toContain('Eight-foot ring feeder for one round bale');
    expect(reply.text).toContain('<img src="/images/products/round-bale-feeder.svg"');
    expect(text).toContain('Kit (steel cut to the drawings, ready to weld) 3 ring sections, 2 in square tube rails 24 slant bars cut to length Lifting tabs and bolts $1,504.00 each, before HST');
    expect(text).toContain('Lead time: about 10 business days');
    expect(reply.text).not.toContain('aria-current');
  });

  it('opened at a tier and quantity, marks that tier with the amount', async () => {
    const reply = await app.http.request('GET', '/products/round-bale-feeder?tier=kit&quantity=2');
    expect(reply.text).toMatch(/<li class="card tier chosen" id="tier-kit" aria-current="true">/);
    expect(readText(reply.text)).toContain('Your quoted choice Kit (steel cut to the drawings, ready to weld)');
    expect(readText(reply.text)).toContain('Quantity 2: $3,008.00 before HST Lead time for 2: about 11 business days');
    // The other tiers keep the lead time of one unit.
    expect(readText(reply.text)).toContain('Lead time: about 20 business days');
    expect(reply.text).toContain('id="qty-kit" name="quantity" type="number" inputmode="numeric" min="1" max="50" step="1" required value="2"');
    // Nonsense in the query marks nothing.
    const odd = await app.http.request('GET', '/products/round-bale-feeder?tier=%3Cb%3E&quantity=999');
    expect(odd.status).toBe(200);
    expect(odd.text).not.toContain('aria-current');
  });

  it('a tier without a price says "Price on request"', async () => {
    const list = await app.http.request('GET', '/api/v1/products?limit=50');
    const onRequest = list.json.data.find((p: any) => p.tiers.some((t: any) => t.unit_amount_cents === null));
    const reply = await app.http.request('GET', `/products/${onRequest.slug}`);
    expect(readText(reply.text)).toContain('Price on request');
  });

  it('its button makes a quote request pre-filled with the product, tier and quantity', async () => {
    const form = await openPageForm(app, '/products/round-bale-feeder');
    expect(form.cookie).toMatch(/^product_form=[A-Za-z0-9_-]{43}$/);
    const reply = await postForm(app, '/products/round-bale-feeder/quote-request', { form_token: form.formToken, tier: 'welded', quantity: '3' }, { cookie: form.cookie, 'sec-fetch-site': 'same-origin' });
    expect(reply.status).toBe(200); // fetch follows the 303 to the form
    const text = readText(reply.text);
    expect(text).toContain('Request a quote');
    expect(reply.text).toContain('Round bale feeder (round-bale-feeder): Welded (built and finished in our shop), quantity 3.</textarea>');
    expect(reply.text).toMatch(/name="quantity" min="1" max="100000" step="1" inputmode="numeric" value="3"/);
  });

  it('its button from another site, without the page\'s token, is refused and makes no link', async () => {
    const form = await openPageForm(app, '/products/round-bale-feeder');
    const forged = await postForm(app, '/products/round-bale-feeder/quote-request', { tier: 'welded', quantity: '3' }, { cookie: form.cookie });
    expect(forged.status).toBe(403);
    const otherBrowser = await postForm(app, '/products/round-bale-feeder/quote-request', { form_token: form.formToken, tier: 'welded', quantity: '3' });
    expect(otherBrowser.status).toBe(403);
  });

  it('an unknown slug is a 404 page', async () => {
    const reply = await app.http.request('GET', '/products/no-such-thing');
    expect(reply.status).toBe(404);
    expect(readText(reply.text)).toContain('Page not found');
  });
});
