// The order-request form of an order link and its confirmation, over HTTP: every item at its quote's
// price, one request per form, the person's input kept beside the messages, forged posts refused,
// and the operator's own checkout taking over when one is configured.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { expectedHst, kitProduct, typicalPlate } from './fixtures';
import { findPlateLinks, openPageForm, postApi, readText } from './page-helpers';
import type { Reply } from './harness';

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const PERSON = { name: 'Sam Tremblay', email: 'sam@example.com', phone: '(705) 555-0142', company: 'Tremblay Farms', note: 'Call before noon' };
const DELIVERY = { fulfilment: 'delivery', address_line1: '4410 Line 6', address_line2: '', city: 'Elmira', province: 'ON', postal_code: 'n3b 2z1' };

/** A form posted as a browser sends it; the redirect that answers it is not followed. */
function postForm(app: TestApp, path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
  return app.http.request('POST', path, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    redirect: 'manual',
  });
}

/** Three items on one order link: two quotes, the second of two items. */
async function makeThreeItemOrder(app: TestApp): Promise<{ quotes: any[]; handoffId: string; orderPath: string; formPath: string }> {
  const first = await postApi(app, '/quotes', { items: [typicalPlate({ label: 'Base plate' })] });
  const second = await postApi(app, '/quotes', { items: [typicalPlate({ thickness_in: 0.1875, quantity: 4, quantity_options: [], label: 'Gusset' }), kitProduct()] });
  const handoff = await postApi(app, '/handoffs', { quote_ids: [first.id, second.id] });
  const orderPath = new URL(handoff.url).pathname;
  return { quotes: [first, second], handoffId: handoff.id, orderPath, formPath: `${orderPath}/request` };
}

describe('the order-request form', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SHOP_NAME: 'Northshore Fab' } });
  });
  afterAll(() => app.close());

  /** The rows kept for a link, read straight from the database file. */
  const keptRows = (handoffId: string): Array<{ id: string; subtotal_cents: number; fulfilment: string; address_postal_code: string | null; contact_name: string }> => {
    const db = new Database(app.databaseUrl.slice('file:'.length), { readonly: true });
    try {
      return db.prepare('SELECT id, subtotal_cents, fulfilment, address_postal_code, contact_name FROM order_requests WHERE handoff_id = ? ORDER BY created_at').all(handoffId) as never;
    } finally {
      db.close();
    }
  };

  it('the order page leads to one form listing every item of a 3-item link with its reference, quantity and firm price', async () => {
    const { quotes, orderPath, formPath } = await makeThreeItemOrder(app);
    const order = await app.http.request('GET', orderPath);
    expect(order.text).toContain(`<a class="button" id="order" href="${formPath}">Order these 3 items</a>`);

    const form = await app.http.request('GET', formPath);
    expect(form.status).toBe(200);
    expect(form.headers.get('cache-control')).toBe('no-store');
    expect(form.headers.get('set-cookie')).toMatch(new RegExp(`^order_form=[A-Za-z0-9_-]{43}; Path=${formPath}; Max-Age=\\d+; HttpOnly; SameSite=Strict$`));
    const text = readText(form.text);
    const items = quotes.flatMap((quote) => quote.items.map((item: any) => ({ quote, item })));
    expect(items).toHaveLength(3);
    for (const { quote, item } of items) {
      // Shown as structured figures, not as text the person could edit.
      expect(form.text).toContain(`data-quote="${quote.id}" data-index="${item.index}"`);
      expect(text).toContain(`Quote reference ${quote.id}, item ${item.index + 1} Quantity ${item.quantity} Unit price ${dollars(item.unit_amount_cents)}`);
      expect(text).toContain(`Amount (before HST) ${dollars(item.amount_cents)}`);
    }
    const subtotal = quotes[0].amount_subtotal_cents + quotes[1].amount_subtotal_cents;
    expect(text).toContain(`Subtotal (before HST) ${dollars(subtotal)} HST 13% (Ontario) ${dollars(expectedHst(subtotal))} Total with HST ${dollars(subtotal + expectedHst(subtotal))}`);
    expect(text).toContain('Freight is not in these prices: for delivery the shop quotes it after the order, before anything ships. Pickup at the shop is free.');
    expect(form.text).not.toMatch(/<input[^>]+name="(unit_amount_cents|amount_cents|quantity|subtotal_cents)"/);
    for (const field of ['address_line1', 'address_line2', 'city', 'postal_code', 'name', 'email', 'phone', 'company']) expect(form.text).toContain(`name="${field}"`);
    expect(form.text).toContain('<select id="f-province" name="province"');
    expect(form.text).toContain('<textarea id="f-note" name="note"');
    expect(form.text).toContain('<input type="radio" id="f-fulfilment-pickup" name="fulfilment" value="pickup" checked>');
  });

  it('a sent form makes one request at the quotes\' prices and opens its confirmation with the or_ reference', async () => {
    const { quotes, handoffId, formPath } = await makeThreeItemOrder(app);
    const form = await openPageForm(app, formPath);
    // Figures a person could add to the post are not read: the prices are the quotes'.
    const fields = { form_token: form.formToken, ...DELIVERY, ...PERSON, unit_amount_cents: '1', amount_cents: '1', subtotal_cents: '1', quantity: '999' };
    const reply = await postForm(app, formPath, fields, { cookie: form.cookie, 'sec-fetch-site': 'same-origin' });
    expect(reply.status).toBe(303);
    const location = reply.headers.get('location') ?? '';
    expect(location).toMatch(/^\/order-requests\/or_[0-9A-Za-z]{22}$/);
    const id = location.split('/')[2];

    const rows = keptRows(handoffId);
    const subtotal = quotes[0].amount_subtotal_cents + quotes[1].amount_subtotal_cents;
    expect(rows).toEqual([{ id, subtotal_cents: subtotal, fulfilment: 'delivery', address_postal_code: 'N3B 2Z1', contact_name: 'Sam Tremblay' }]);

    const page = await app.http.request('GET', location);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const text = readText(page.text);
    expect(text).toContain(`Thank you, Sam Tremblay Your order reached Northshore Fab on November 2, 2026. Your reference: ${id}`);
    for (const quote of quotes) {
      for (const item of quote.items) expect(text).toContain(`Quote reference ${quote.id}, item ${item.index + 1} Quantity ${item.quantity} Unit price ${dollars(item.unit_amount_cents)}`);
    }
    expect(text).toContain(`Subtotal (before HST) ${dollars(subtotal)}`);
    expect(text).toContain('Delivery to 4410 Line 6, Elmira, ON N3B 2Z1: the shop quotes the freight before anything ships.');
    expect(text).toContain('writes to sam@example.com to confirm it');

    // The same form sent again (a double click): the same request, none added.
    const again = await postForm(app, formPath, fields, { cookie: form.cookie });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(location);
    expect(keptRows(handoffId)).toHaveLength(1);
  });

  it('a form with mistakes comes back with what was typed and a message beside each field', async () => {
    const { handoffId, formPath } = await makeThreeItemOrder(app);
    const form = await openPageForm(app, formPath);
    const reply = await postForm(
      app,
      formPath,
      { form_token: form.formToken, ...DELIVERY, postal_code: '90210', city: '', ...PERSON, email: 'sam@', note: 'Gate <b>4</b>' },
      { cookie: form.cookie },
    );
    expect(reply.status).toBe(422);
    const text = readText(reply.text);
    expect(text).toContain('Please correct the 3 fields marked below; nothing was sent.');
    expect(reply.text).toContain('<p class="field-error" id="f-city-error">City or town is required for delivery.</p>');
    expect(reply.text).toContain('<p class="field-error" id="f-postal_code-error">Postal code must be a Canadian postal code, e.g. N1H 2A1.</p>');
    expect(reply.text).toContain('<p class="field-error" id="f-email-error">E-mail must be a valid email.</p>');
    expect(reply.text).toMatch(/id="f-postal_code" name="postal_code" [^>]*aria-invalid="true" value="90210"/);
    expect(reply.text).toContain('value="4410 Line 6"');
    expect(reply.text).toContain('<input type="radio" id="f-fulfilment-delivery" name="fulfilment" value="delivery" checked>');
    expect(reply.text).toContain('>Gate &lt;b&gt;4&lt;/b&gt;</textarea>');
    // The same form, fixed, is then kept once.
    expect(reply.text).toContain(`name="form_token" value="${form.formToken}"`);
    expect(keptRows(handoffId)).toHaveLength(0);
    const fixed = await postForm(app, formPath, { form_token: form.formToken, ...DELIVERY, ...PERSON }, { cookie: form.cookie });
    expect(fixed.status).toBe(303);
    expect(keptRows(handoffId)).toHaveLength(1);
  });

  it('a post without its form\'s token or cookie, or from another site, is refused (403) and keeps nothing', async () => {
    const { handoffId, formPath } = await makeThreeItemOrder(app);
    const form = await openPageForm(app, formPath);
    const fields = { ...DELIVERY, ...PERSON };
    const attempts = [
      await postForm(app, formPath, fields, { cookie: form.cookie }),
      await postForm(app, formPath, { form_token: form.formToken, ...fields }),
      await postForm(app, formPath, { form_token: form.formToken, ...fields }, { cookie: form.cookie, 'sec-fetch-site': 'cross-site' }),
      await postForm(app, formPath, { form_token: form.formToken, ...fields }, { cookie: form.cookie, origin: 'https://evil.example' }),
      // A one-time value of the client's own choosing with the cookie's token (the old double submit): not the server's.
      await postForm(app, formPath, { form_token: `${'n'.repeat(43)}.${form.cookie.split('=')[1]}`, ...fields }, { cookie: form.cookie }),
    ];
    for (const reply of attempts) {
      expect(reply.status).toBe(403);
      expect(readText(reply.text)).toContain('The form could not be checked');
    }
    expect(keptRows(handoffId)).toHaveLength(0);
  });

  it('an expired link, an unknown link and an unknown request are pages that say so', async () => {
    const { formPath } = await makeThreeItemOrder(app);
    const form = await openPageForm(app, formPath);
    app.clock.advanceDays(7.01);
    try {
      const expired = await app.http.request('GET', formPath);
      expect(expired.status).toBe(410);
      expect(readText(expired.text)).toContain('This order link has expired');
      const late = await postForm(app, formPath, { form_token: form.formToken, fulfilment: 'pickup', ...PERSON }, { cookie: form.cookie });
      expect(late.status).toBe(410);
    } finally {
      app.clock.advanceDays(-7.01);
    }
    expect((await app.http.request('GET', '/o/h_0000000000000000000000/request')).status).toBe(404);
    const unknown = await app.http.request('GET', '/order-requests/or_0000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(readText(unknown.text)).toContain('Order request not found');
    expect((await app.http.request('GET', '/order-requests/nonsense')).status).toBe(404);
  });

  it('the plate quoter orders at today\'s price through the same form', async () => {
    const { orderPath, formPath } = await makeThreeItemOrder(app);
    const plate = findPlateLinks((await app.http.request('GET', orderPath)).text)[0] as string;
    const page = await app.http.request('GET', plate);
    expect(page.text).toContain(`<a class="button" id="order" href="${formPath}">Order 10 pcs at today's price</a>`);
    expect(readText(page.text)).toContain('pickup, or delivery with freight quoted after the order');
  });
});

describe('one price rule across a price-book publish', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SHOP_NAME: 'Northshore Fab' } });
  });
  afterAll(() => app.close());

  it('the plate quoter\'s button, the order form and the kept request all say today\'s firm price, not the older quoted one', async () => {
    // The console publishes on the wall clock: the pages' clock starts there too.
    app.clock.set(new Date());
    const { quotes, handoffId, orderPath, formPath } = await makeThreeItemOrder(app);
    const book = JSON.parse(readFileSync(path.join(__dirname, '..', '..', '..', 'packages', 'catalog', 'src', 'price-book.json'), 'utf8'));
    book.version = '2026-12-01.7';
    book.shop.laserCentsPerHour = Math.round(book.shop.laserCentsPerHour * 1.5);
    await app.runtime.service.uploadPriceBook(book, 'st_owner');
    await app.runtime.service.publishPriceBook('2026-12-01.7', { staffId: 'st_owner' });
    // Past the second the book in force is kept for.
    app.clock.advanceDays(0.001);
    const today = await postApi(app, '/quotes', { items: [typicalPlate({ label: 'Base plate' })] });
    const quoted = quotes[0].items[0];
    expect(today.items[0].amount_cents).toBeGreaterThan(quoted.amount_cents);

    const plate = await app.http.request('GET', findPlateLinks((await app.http.request('GET', orderPath)).text)[0] as string);
    const plateText = readText(plate.text);
    expect(plateText).toContain(`Order 10 pcs at today's firm price, ${dollars(today.items[0].amount_cents)} before HST`);
    expect(plateText).not.toContain('quoted price,');

    const form = await openPageForm(app, formPath);
    const formText = readText(form.reply.text);
    expect(formText).toContain("at today's firm prices, worked out again now from the shop's prices in force");
    expect(formText).toContain(`Quote reference ${quotes[0].id}, item 1 Quantity 10 Unit price ${dollars(today.items[0].unit_amount_cents)}`);
    expect(formText).toContain(`Amount (before HST) ${dollars(today.items[0].amount_cents)} quoted ${dollars(quoted.amount_cents)}`);

    const reply = await postForm(app, formPath, { form_token: form.formToken, fulfilment: 'pickup', ...PERSON }, { cookie: form.cookie });
    expect(reply.status).toBe(303);
    const kept = await app.runtime.service.getOrderRequest(String(reply.headers.get('location')).split('/')[2]!, { clientIp: '127.0.0.1', now: app.clock.now() });
    expect(kept.priceBook).toBe('2026-12-01.7');
    expect(kept.lines[0]).toMatchObject({ quoteId: quotes[0].id, index: 0, unitAmountCents: today.items[0].unit_amount_cents, amountCents: today.items[0].amount_cents });
    const confirmation = readText((await app.http.request('GET', String(reply.headers.get('location')))).text);
    expect(confirmation).toContain('The prices below are the firm prices of the day you sent the order, kept with it');
    expect(confirmation).toContain(`Amount (before HST) ${dollars(today.items[0].amount_cents)}`);
    expect(handoffId).toMatch(/^h_/);
  });
});

describe('the order-request form with the operator\'s own checkout', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SHOP_URL: 'https://store.example.ca' } });
  });
  afterAll(() => app.close());

  it('is not offered: the buttons go to the checkout as before', async () => {
    const { orderPath, formPath } = await makeThreeItemOrder(app);
    const order = await app.http.request('GET', orderPath);
    expect(order.text).not.toContain('/request"');
    expect(readText(order.text)).toContain("Each button opens the item's own page, which prices it again at today's prices");
    expect(order.text).toContain('Check and order this plate');
    const plate = findPlateLinks(order.text)[0] as string;
    const quoter = await app.http.request('GET', plate);
    expect(quoter.text).toMatch(/id="checkout" href="https:\/\/store\.example\.ca\/cart\/add\?/);
    expect(quoter.text).not.toContain('id="order"');
    expect((await app.http.request('GET', formPath)).status).toBe(404);
  });
});
