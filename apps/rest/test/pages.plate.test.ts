import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { typicalPlate } from './fixtures';
import { findPlateLinks, makeOrder, openPageForm, postForm, readText } from './page-helpers';

const bentPlate = () =>
  typicalPlate({
    label: 'Bracket (left)',
    holes: [{ kind: 'single', x_in: 3, y_in: 3, diameter_in: 0.125 }],
    bends: [{ start_in: [0, 1.5], end_in: [6, 1.5], angle_deg: 90, direction: 'down' }],
  });

describe('the plate quoter', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function openQuoter(item: unknown = bentPlate()): Promise<{ quote: any; path: string }> {
    const { quote, orderPath } = await makeOrder(app, [item]);
    const order = await app.http.request('GET', orderPath);
    return { quote, path: findPlateLinks(order.text)[0] as string };
  }

  it('says a shaped part in a customer\'s words, with one rounding of inches on the page and its drawing, and lists its cut-outs', async () => {
    // A 96-corner outline 14.5276 in wide (369 mm), with two cut-outs.
    const corners = Array.from({ length: 96 }, (_, k) => {
      const angle = (2 * Math.PI * k) / 96;
      return [Number((7.2638 + 7.2638 * Math.cos(angle)).toFixed(4)), Number((3 + 3 * Math.sin(angle)).toFixed(4))];
    });
    const shaped = typicalPlate({
      label: null,
      outline: { kind: 'polygon', points_in: corners },
      holes: [],
      cutouts: [
        { kind: 'polygon', points_in: [[3, 2], [5, 2], [5, 4], [3, 4]] },
        { kind: 'polygon', points_in: [[9, 2], [11, 2], [11, 4], [9, 4]] },
      ],
    });
    const { quote, path } = await openQuoter(shaped);
    expect(quote.items[0].description).toMatch(/96-corner outline/);
    const reply = await app.http.request('GET', path);
    expect(reply.status).toBe(200);
    const text = readText(reply.text);
    expect(text).not.toMatch(/\d+-corner/);
    expect(text).not.toMatch(/\d+ per \d+ x \d+ in sheet/);
    expect(text).toMatch(/14\.528 x 6 in shaped outline, 1\/4 in mild steel, 2 cut-outs, [\d,]+ fit on one 60 x 120 in sheet/);
    // One rounding: the figure the page shows is the one the inline drawing's title says; no 4-place figure anywhere.
    expect(text).toContain('Extents 14.528 x 6 in');
    expect(reply.text).toContain('aria-label="Plate 1/4 in thick: 14.528 x 6 in shaped outline, 0 holes, 0 slots, 2 cut-outs, 0 bends"');
    // Every figure a person reads (the drawing's dimension labels too); the drawing's coordinates keep their precision.
    expect(text).not.toContain('14.5276');
    expect(reply.text).toMatch(/>14\.528 in<\/text>/);
    expect(text).toContain('Cut-outs 2');
  });

  it('shows the drawing large with material, thickness, extents, weight, holes, bends and notes', async () => {
    const { quote, path } = await openQuoter();
    const item = quote.items[0];
    const reply = await app.http.request('GET', path);
    expect(reply.status).toBe(200);
    expect(reply.text).toMatch(/<figure class="card drawing" aria-label="Drawing of the plate"><svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const text = readText(reply.text);
    expect(text).toContain(`Bracket (left) ${item.description.replace(" per ", " fit on one ")}`);
    expect(text).toContain('Material Mild steel');
    expect(text).toContain('Thickness 1/4 in Extents 6 x 4 in');
    expect(text).toContain(`Weight, one piece ${Math.round(item.plate.weight_lb * 100) / 100} lb`);
    expect(text).toContain('Holes 1 Slots 0 Cut-outs None Bends 90° down');
    // The DFM notes are the item's issues: a hole under the thickness is warned.
    const warning = item.issues.find((i: any) => i.code === 'hole_smaller_than_thickness');
    expect(warning).toBeDefined();
    expect(text).toContain(`Manufacturing notes warning ${warning.message}`);
    expect(reply.text).toMatch(/<script src="\/assets\/plate-quoter\.js\?v=[A-Za-z0-9_-]{12}" defer><\/script>/);
  });

  it('prices the quoted quantity again today, with no change since the quote', async () => {
    const { quote, path } = await openQuoter();
    const item = quote.items[0];
    const text = readText((await app.http.request('GET', path)).text);
    expect(text).toContain(`Unit price $${(item.unit_amount_cents / 100).toFixed(2)}`);
    expect(text).toContain(`Amount (before HST) $${(item.amount_cents / 100).toFixed(2)}`);
    expect(text).toContain('Compared with the quote No change since the quote (10 pcs)');
    expect(text).toContain('Request this plate (10 pcs)');
  });

  it('the price endpoint answers today\'s price at another quantity, as a new quote would', async () => {
    const { path } = await openQuoter();
    const reply = await app.http.request('GET', `${path}/price?quantity=40`);
    expect(reply.status).toBe(200);
    const fresh = await app.http.request('POST', '/api/v1/quotes', { body: { items: [bentPlate(), { ...bentPlate(), quantity: 40, quantity_options: [] }] } });
    const at40 = fresh.json.items[1];
    expect(reply.json).toMatchObject({
      object: 'plate_price',
      quantity: 40,
      status: 'ready',
      unit_amount_cents: at40.unit_amount_cents,
      amount_cents: at40.amount_cents,
      tax_cents: Math.floor((at40.amount_cents * 13 + 50) / 100),
      change_since_quote_cents: 0,
    });
    expect(reply.json.total_cents).toBe(reply.json.amount_cents + reply.json.tax_cents);
    expect(reply.json.display.amount).toBe(`$${(at40.amount_cents / 100).toFixed(2)}`);
    expect(reply.json.display.checkoutHref).toBeNull();
  });

  it('says why unit price x quantity misses the amount, on the page and in the script\'s JSON, and nothing when it does not', async () => {
    const { path } = await openQuoter();
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    let missed: any = null;
    for (const quantity of [3, 7, 9, 11, 13, 17, 19, 23, 29, 31, 37, 41]) {
      const price = (await app.http.request('GET', `${path}/price?quantity=${quantity}`)).json;
      if (price.unit_amount_cents * quantity !== price.amount_cents) {
        missed = price;
        break;
      }
      expect(price.display.unitNote).toBe('');
    }
    expect(missed).not.toBeNull();
    const { quantity, unit_amount_cents: unit, amount_cents: amount } = missed;
    const note = `${quantity} x ${dollars(unit)} is ${dollars(unit * quantity)}; the price is the amount, ${dollars(amount)}, and the unit price is that divided by ${quantity}, rounded to the cent.`;
    expect(missed.display.unitNote).toBe(note);
    expect(readText((await app.http.request('GET', `${path}?quantity=${quantity}`)).text)).toContain(`Unit price ${dollars(unit)} ${note} Amount (before HST) ${dollars(amount)}`);
    expect((await app.http.request('GET', `${path}/price?quantity=1`)).json.display.unitNote).toBe('');
  });

  it('without script, the GET form prices another quantity', async () => {
    const { path } = await openQuoter();
    const json = (await app.http.request('GET', `${path}/price?quantity=25`)).json;
    const reply = await app.http.request('GET', `${path}?quantity=25`);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('value="25"');
    expect(readText(reply.text)).toContain(`Amount (before HST) ${json.display.amount}`);
    expect(readText(reply.text)).toContain('Request this plate (25 pcs)');
  });

  it('a quantity it cannot use is shown next to the field (422) and refused as JSON by the endpoint', async () => {
    const { path } = await openQuoter();
    const page = await app.http.request('GET', `${path}?quantity=1000`);
    expect(page.status).toBe(422);
    expect(page.text).toContain('aria-invalid="true" aria-describedby="quantity-error"');
    expect(readText(page.text)).toContain('Enter a whole number from 1 to 999');
    const json = await app.http.request('GET', `${path}/price?quantity=abc`);
    expect(json.status).toBe(422);
    expect(json.json.error).toMatchObject({ code: 'parameter_invalid', param: 'quantity' });
  });

  it('past the quote\'s expiry the design is still shown, priced today, with a note', async () => {
    const { path } = await openQuoter();
    app.clock.advanceDays(8);
    try {
      const reply = await app.http.request('GET', path);
      expect(reply.status).toBe(200);
      expect(readText(reply.text)).toContain('The quote this plate came from expired.');
    } finally {
      app.clock.advanceDays(-8);
    }
  });

  it('where the shop is this service, the button makes a quote request pre-filled with the plate', async () => {
    const { quote, path } = await openQuoter();
    const designId = path.split('/')[2];
    const form = await openPageForm(app, path);
    expect(form.reply.text).toContain(`<form method="post" action="${path}/quote-request">\n<input type="hidden" name="form_token" value="${form.formToken}">`);
    const reply = await postForm(app, `${path}/quote-request`, { form_token: form.formToken, quantity: '30' }, { cookie: form.cookie, 'sec-fetch-site': 'same-origin' });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain(
      `${quote.items[0].description.replace(" per ", " fit on one ")} labelled &quot;Bracket (left)&quot;, quantity 30. Cut to the stored design ${designId} (quote ${quote.id}, item 1).</textarea>`,
    );
    expect(reply.text).toContain('value="Mild steel (A36 / CSA G40.21 44W)"');
    expect(reply.text).toMatch(/name="thickness_in" [^>]*value="0.25"/);
    expect(reply.text).toMatch(/name="quantity" [^>]*value="30"/);
  });

  it('a post from another site is refused and makes no link', async () => {
    const { path } = await openQuoter();
    const form = await openPageForm(app, path);
    const reply = await postForm(app, `${path}/quote-request`, { form_token: form.formToken, quantity: '30' }, { cookie: form.cookie, 'sec-fetch-site': 'cross-site' });
    expect(reply.status).toBe(403);
    expect(readText(reply.text)).toContain('The form could not be checked This button works only from its own page');
    // Without the browser's cookie (another site's form) the token matches nothing, whatever the headers say.
    const forged = await postForm(app, `${path}/quote-request`, { form_token: form.formToken, quantity: '30' }, { origin: 'null' });
    expect(forged.status).toBe(403);
    expect(readText(forged.text)).toContain('This form was not sent from its own page in this browser');
    const foreign = await postForm(app, `${path}/quote-request`, { form_token: form.formToken, quantity: '30' }, { cookie: form.cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
  });

  it('an unknown design is a 404 page', async () => {
    for (const path of ['/plate/pd_0000000000000000000000', '/plate/x', '/plate/pd_0000000000000000000000/price']) {
      const reply = await app.http.request('GET', path);
      expect({ path, status: reply.status }).toEqual({ path, status: 404 });
    }
    expect(readText((await app.http.request('GET', '/plate/pd_0000000000000000000000')).text)).toContain('Plate not found');
  });
});

describe('the plate quoter with a store of its own (SHOP_URL elsewhere)', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SHOP_URL: 'https://store.example.ca' } });
  });
  afterAll(() => app.close());

  it('orders through the store\'s checkout contract, with no amount in the link', async () => {
    const { orderPath } = await makeOrder(app, [bentPlate()]);
    const path = findPlateLinks((await app.http.request('GET', orderPath)).text)[0] as string;
    const designId = path.split('/')[2] as string;
    const reply = await app.http.request('GET', `${path}?quantity=12`);
    const href = /id="checkout" href="([^"]+)"/.exec(reply.text)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBeDefined();
    const url = new URL(href as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://store.example.ca/cart/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      design_id: designId,
      quantity: '12',
      price_url: `http://quotes.test/plate/${designId}/price?quantity=12`,
      design_url: `http://quotes.test/plate/${designId}`,
    });
    expect(reply.text).not.toContain('/quote-request');
    const json = await app.http.request('GET', `${path}/price?quantity=20`);
    expect(json.json.display.checkoutHref).toContain('quantity=20');
  });

  it('product buttons on the order page go to the store\'s product page at the tier and quantity', async () => {
    const { orderPath } = await makeOrder(app, [{ kind: 'product', slug: 'welding-cart', tier: 'kit', quantity: 3 }]);
    const page = await app.http.request('GET', orderPath);
    expect(page.text).toContain('href="https://store.example.ca/products/welding-cart?tier=kit&amp;quantity=3"');
  });
});
