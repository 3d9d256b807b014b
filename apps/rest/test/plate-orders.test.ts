// The online plate orders switch seen over REST and on the pages: set by the shop (through the
// service, as the console does), no restart.
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { kitProduct, typicalPlate } from './fixtures';
import { expectError } from './harness';
import { findPlateLinks, makeOrder, openPageForm, postForm, readText } from './page-helpers';

const NOTICE = 'Online plate orders are switched off until further notice. The laser is being serviced.';

describe('plate orders switched off by the shop', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('lists no materials, refuses a plate with material_unavailable saying why, quotes products, and keeps the pages working with the notice', async () => {
    const { orderPath, quote } = await makeOrder(app, [typicalPlate(), kitProduct()]);
    const orderBefore = await app.http.request('GET', orderPath);
    await app.runtime.service.setPlateOrders({ state: 'off', message: 'The laser is being serviced.' }, 'st_owner');

    const materials = await app.http.request('GET', '/api/v1/materials');
    expect(materials.status).toBe(200);
    expect(materials.json).toEqual({ object: 'list', data: [], has_more: false, next_cursor: null });

    const refused = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct(), typicalPlate()] } });
    expectError(refused, 422, 'invalid_request_error', 'material_unavailable');
    expect(refused.json.error.param).toBe('items[1].material');
    expect(refused.json.error.message).toBe(`material "mild_steel" is not available. ${NOTICE} Ask for a quote-request link (create_rfq_link or POST /rfq-links) instead.`);

    const product = await app.http.request('POST', '/api/v1/quotes', { body: { items: [kitProduct()] } });
    expect(product.status).toBe(201);
    expect(product.json.status).toBe('ready');
    // A quote made before still reads back as it was.
    expect((await app.http.request('GET', `/api/v1/quotes/${quote.id}`)).json).toEqual(quote);

    const order = await app.http.request('GET', orderPath);
    expect(order.status).toBe(200);
    expect(readText(order.text)).toContain(`${NOTICE} Plate items can still be ordered through a quote request.`);
    expect(readText(orderBefore.text)).not.toContain('Online plate orders');
    const [platePath] = findPlateLinks(order.text);
    const plate = await app.http.request('GET', platePath!);
    expect(plate.status).toBe(200);
    expect(readText(plate.text)).toContain(`${NOTICE} The price below is for reference; a quote request is the way to order this plate meanwhile.`);

    // The upload page's quoter: a part imported from the quote's own cut file, shown with the notice; a choice is refused in words.
    const dxf = await app.http.request('GET', `/api/v1/quotes/${quote.id}/items/0/drawing.dxf`);
    const imported = await app.http.request('POST', '/api/v1/plate-imports?filename=base.dxf', { raw: dxf.text, headers: { 'content-type': 'application/dxf' } });
    expect(imported.status).toBe(201);
    const quoterPath = `/plate/new/${imported.json.id}`;
    const shown = await app.http.request('GET', quoterPath);
    expect(shown.status).toBe(200);
    expect(readText(shown.text)).toContain(`${NOTICE} A quote request is the way to order this part meanwhile: request a quote for it.`);
    // ...and offers that quote request, pre-filled with the part, the stock and the quantity chosen.
    const opened = await openPageForm(app, quoterPath);
    expect(opened.reply.text).toContain(`<form method="post" action="/plate/new/${imported.json.id}/quote-request">`);
    const requested = await postForm(app, `/plate/new/${imported.json.id}/quote-request`, { form_token: opened.formToken, stock: 'mild_steel|0.25', quantity: '7' }, { cookie: opened.cookie });
    // Followed to the quote-request form, the job filled in from the drawing.
    expect(requested.status).toBe(200);
    expect(readText(requested.text)).toContain(`A part from an uploaded drawing, 6 x 4 in, 4 round holes, 0 cut-outs, 0 bends, quantity 7. Cut to the uploaded drawing ${imported.json.id}.`);
    expect(requested.text).toContain('value="Mild steel (A36 / CSA G40.21 44W)"');
    expect(requested.text).toMatch(/name="thickness_in" [^>]*value="0.25"/);
    expect(requested.text).toMatch(/name="quantity" [^>]*value="7"/);
    // Without the page's token nothing is made.
    expect((await postForm(app, `/plate/new/${imported.json.id}/quote-request`, { form_token: 'x', quantity: '7' }, { cookie: opened.cookie })).status).toBe(403);
    const chosen = await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent('mild_steel|0.25')}&quantity=2`);
    expect(chosen.status).toBe(422);
    expect(readText(chosen.text)).toContain(`material "mild_steel" is not available. ${NOTICE}`);

    await app.runtime.service.setPlateOrders({ state: 'on' }, 'st_owner');
    expect((await app.http.request('GET', '/api/v1/materials')).json.data).toHaveLength(4);
    expect((await app.http.request('POST', '/api/v1/quotes', { body: { items: [typicalPlate()] } })).status).toBe(201);
    expect(readText((await app.http.request('GET', orderPath)).text)).not.toContain('Online plate orders');
  });
});
