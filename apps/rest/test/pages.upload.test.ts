// The upload page over plain HTTP: a drawing in as a multipart form, the part it gave priced at a
// chosen material, thickness and quantity, and ordered through an order link.
import Database from 'better-sqlite3';
import { Quote } from '@shop/contracts';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { bracketDxf, bracketTyped, openContourDxf } from './fixtures';
import { readText } from './page-helpers';
import type { Reply } from './harness';

const BOUNDARY = '----shopTestBoundary7MA4YWxkTrZu0gW';

/** A multipart body as a browser sends the form: its token first, then the drawing, then the units. */
function multipartBody(dxf: string | Buffer, units: string, formToken: string | null, filename = 'bracket-a.dxf'): Buffer {
  const field = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  return Buffer.concat([
    ...(formToken === null ? [] : [field('form_token', formToken)]),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="drawing"; filename="${filename}"\r\nContent-Type: application/dxf\r\n\r\n`),
    Buffer.isBuffer(dxf) ? dxf : Buffer.from(dxf),
    Buffer.from(`\r\n`),
    field('units', units),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);
}

/** The upload form as a browser holds it: the cookie it was given and the token in its hidden field. */
interface OpenedUpload {
  cookie: string;
  setCookie: string;
  formToken: string;
}

async function openUpload(app: TestApp, path = '/plate/new', cookie?: string): Promise<OpenedUpload & { reply: Reply }> {
  const reply = await app.http.request('GET', path, cookie ? { headers: { cookie } } : {});
  const setCookie = reply.headers.get('set-cookie') ?? '';
  const formToken = /name="form_token" value="([^"]+)"/.exec(reply.text)?.[1] ?? '';
  return { reply, setCookie, cookie: setCookie.split(';')[0] ?? '', formToken };
}

function upload(app: TestApp, form: OpenedUpload, dxf: string | Buffer, units: string, extra: { headers?: Record<string, string>; formToken?: string | null; filename?: string } = {}): Promise<Reply> {
  const token = extra.formToken === undefined ? form.formToken : extra.formToken;
  return app.http.request('POST', '/plate/new', {
    raw: multipartBody(dxf, units, token, extra.filename),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'sec-fetch-site': 'same-origin', cookie: form.cookie, ...extra.headers },
    redirect: 'manual',
  });
}

function order(app: TestApp, quoterPath: string, form: OpenedUpload, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
  return app.http.request('POST', `${quoterPath}/order`, {
    raw: new URLSearchParams({ form_token: form.formToken, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', cookie: form.cookie, ...headers },
    redirect: 'manual',
  });
}

const BRACKET_STOCK = { stock: 'mild_steel|0.1345', quantity: '10' };

describe('the upload page', () => {
  let app: TestApp;
  let form: OpenedUpload;

  beforeAll(async () => {
    app = await startTestApp();
    form = await openUpload(app);
  });
  afterAll(() => app.close());

  /** The quoter page of a drawing sent with the form: its path. */
  async function sendDrawing(dxf: string | Buffer, units = '', filename?: string): Promise<string> {
    const sent = await upload(app, form, dxf, units, filename === undefined ? {} : { filename });
    expect(sent.status).toBe(303);
    return sent.headers.get('location')!;
  }

  it('offers a plain form: its token, a file, the units, a button', async () => {
    const page = form;
    expect(page.formToken).toMatch(/^[0-9a-z]{1,10}\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(page.setCookie).toMatch(/^plate_form=[A-Za-z0-9_-]{43}; Path=\/plate; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const text = (await openUpload(app)).reply.text;
    expect(text).toContain('<form class="card upload" method="post" action="/plate/new" enctype="multipart/form-data">\n<input type="hidden" name="form_token" value="');
    expect(text.indexOf('name="form_token"')).toBeLessThan(text.indexOf('name="drawing"'));
    expect(text).toContain('<input id="drawing" name="drawing" type="file"');
    expect(text.match(/<label class="choice"><input type="radio" name="units" value="[a-z]*"( checked)?><span>[A-Za-z ]+<\/span><\/label>/g)).toHaveLength(3);
  });

  it('imports the file, shows the part, prices it at the choice as a quote would, and orders it', async () => {
    const quoterPath = await sendDrawing(bracketDxf());
    expect(quoterPath).toMatch(/^\/plate\/new\/pi_[0-9A-Za-z]{22}$/);

    const shown = await app.http.request('GET', quoterPath, { headers: { cookie: form.cookie } });
    expect(shown.status).toBe(200);
    const text = readText(shown.text);
    expect(text).toContain('bracket-a.dxf');
    // Drawn in millimetres: the size as the customer's CAD shows it, and in inches as the drawing labels it.
    expect(text).toContain('Size 150 x 100 mm (5.906 x 3.937 in) Read in millimetres Round holes 4 Cut-outs 1 Bends 1');
    expect(text).toContain('1 TEXT on layer NOTES');
    const id = quoterPath.split('/').pop();
    expect(shown.text).toContain(`<figure class="card drawing"><img src="/api/v1/plate-imports/${id}/preview.svg" alt="Drawing of the part as read from bracket-a.dxf"`);
    // Each choice names its material, so the closed select says what was chosen.
    expect(shown.text).toContain('<option value="mild_steel|0.1345">Mild steel, 10 ga (0.1345 in)</option>');
    expect(shown.text).toContain('<option value="stainless_304|0.1875">Stainless steel 304, 3/16 in</option>');

    const priced = await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent(BRACKET_STOCK.stock)}&quantity=10`);
    expect(priced.status).toBe(200);
    const typed = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [bracketTyped()] } })).json).items[0]!;
    expect(priced.text).toContain(`<dd data-field="amount">$${(typed.amount_cents! / 100).toFixed(2)}</dd>`);
    expect(priced.text).toContain('<option value="mild_steel|0.1345" selected>');
    expect(readText(priced.text)).toContain('150 x 100 mm (5.906 x 3.937 in) part, 10 ga (0.1345 in) mild steel, 4 round holes, 1 cut-out, 1 bend');

    const ordered = await order(app, quoterPath, form, BRACKET_STOCK);
    expect(ordered.status).toBe(303);
    const orderPath = ordered.headers.get('location')!;
    expect(orderPath).toMatch(/^\/o\/h_[0-9A-Za-z]{22}$/);
    const orderPage = await app.http.request('GET', orderPath);
    expect(readText(orderPage.text)).toContain(`Quantity 10 Unit price $${(typed.unit_amount_cents! / 100).toFixed(2)}`);
    // The quote the page made is kept as made through a page (the typed one above through REST), and its view counted.
    const now = app.clock.now();
    const { rows } = await app.runtime.storage.quotes.list({ now });
    // Both are made at the test clock's one moment, so the list's order between them is the ids'.
    expect(rows.map((row) => [row.source, row.itemCount, row.materials]).sort()).toEqual([['page', 1, ['mild_steel']], ['rest', 1, ['mild_steel']]]);
    const handoffs = await app.runtime.storage.handoffs.listForQuote(rows.find((row) => row.source === 'page')!.id, now);
    expect(handoffs.map((handoff) => [handoff.id, handoff.opens])).toEqual([[orderPath.slice(3), 1]]);
  });

  it('words the part for the customer: one round hole in the singular, no corner or sheet counts', async () => {
    const quoterPath = await sendDrawing(openContourDxf(0), 'in', 'plate-with-hole.dxf');
    const priced = readText((await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent('mild_steel|0.25')}&quantity=2`)).text);
    expect(priced).toContain('4 x 3 in part, 1/4 in mild steel, 1 round hole Unit price');
    expect(priced).not.toMatch(/corner outline|per 60 x 120|round holes,|1 round holes/);
  });

  it('says the amount is the price when unit price x quantity misses it, and nothing when they agree', async () => {
    const quoterPath = await sendDrawing(bracketDxf());
    const pricedAt = async (quantity: number) => Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [bracketTyped({ quantity })] } })).json).items[0]!;
    let found: { quantity: number; unit: number; amount: number } | null = null;
    for (const quantity of [3, 7, 9, 11, 13, 17, 19, 23, 29, 31]) {
      const item = await pricedAt(quantity);
      if (item.unit_amount_cents! * quantity !== item.amount_cents!) {
        found = { quantity, unit: item.unit_amount_cents!, amount: item.amount_cents! };
        break;
      }
    }
    expect(found).not.toBeNull();
    const { quantity, unit, amount } = found!;
    const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const page = readText((await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent(BRACKET_STOCK.stock)}&quantity=${quantity}`)).text);
    expect(page).toContain(
      `Unit price ${dollars(unit)} ${quantity} x ${dollars(unit)} is ${dollars(unit * quantity)}; the price is the amount, ${dollars(amount)}, and the unit price is that divided by ${quantity}, rounded to the cent. Amount (before HST) ${dollars(amount)}`,
    );
    // One piece: the unit price is the amount.
    const one = readText((await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent(BRACKET_STOCK.stock)}&quantity=1`)).text);
    expect(one).not.toContain('rounded to the cent');
  });

  it('shows the units hint only when the size suggests the units are off', async () => {
    const right = readText((await app.http.request('GET', await sendDrawing(bracketDxf()))).text);
    expect(right).not.toContain('units are off');
    const asInches = await sendDrawing(bracketDxf(), 'in');
    const wrong = await app.http.request('GET', asInches);
    expect(readText(wrong.text)).toContain('The size suggests the units are off by 25.4: send the drawing again choosing inches or millimetres.');
    expect(wrong.text).toContain('id="units-hint"');
  });

  it('does not describe a hole as the part when the outline is open, and offers no price', async () => {
    const quoterPath = await sendDrawing(openContourDxf(), '', 'open-corner.dxf');
    const page = await app.http.request('GET', quoterPath);
    expect(page.status).toBe(200);
    const text = readText(page.text);
    expect(text).toContain('Size Not known: the outline is not closed Read in inches Bends 0');
    expect(text).not.toMatch(/Size 1 x 1 in|Round holes 0|units are off/);
    expect(text).toContain('blocking A contour is open');
    expect(text).toContain('Cannot be cut as drawn');
    expect(page.text).not.toContain('id="stock"');
  });

  it('says in words what is wrong with a file, on the form, keeping the units chosen', async () => {
    const noUnits = await upload(app, form, bracketDxf({ insUnits: null }), '');
    expect(noUnits.status).toBe(422);
    expect(readText(noUnits.text)).toMatch(/does not say which units/i);
    expect(noUnits.text).toContain('role="alert"');
    expect(noUnits.text).toContain(`name="form_token" value="${form.formToken}"`);

    const binary = await upload(app, form, Buffer.from('AutoCAD Binary DXF\r\n\x1a\x00rest'), 'mm');
    expect(binary.status).toBe(422);
    expect(readText(binary.text)).toContain('ASCII DXF');
    expect(binary.text).toContain('value="mm" checked');

    const huge = await upload(app, form, Buffer.alloc(5 * 1024 * 1024 + 10, 32), 'mm');
    expect(huge.status).toBe(413);
    expect(readText(huge.text)).toContain('larger than 5 MiB');
  });

  it('takes a drawing of exactly 5 MiB, as the API does, and refuses one byte more', async () => {
    const dxf = bracketDxf();
    const exact = Buffer.concat([Buffer.from(dxf), Buffer.alloc(5 * 1024 * 1024 - Buffer.byteLength(dxf), 32)]);
    const taken = await upload(app, form, exact, '');
    expect(taken.status).toBe(303);
    const over = await upload(app, form, Buffer.concat([exact, Buffer.from(' ')]), '');
    expect(over.status).toBe(413);
    expect(readText(over.text)).toContain('larger than 5 MiB');
  });

  it('refuses two files in one upload in words, and strips control characters from a file name', async () => {
    const boundary = '----shopTestBoundaryTwoFiles';
    const token = `--${boundary}\r\nContent-Disposition: form-data; name="form_token"\r\n\r\n${form.formToken}\r\n`;
    const part = (name: string, filename: string, body: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/dxf\r\n\r\n${body}\r\n`;
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin', cookie: form.cookie };
    const raw = Buffer.from(`${token}${part('drawing', 'a.dxf', bracketDxf())}${part('drawing', 'b.dxf', bracketDxf())}--${boundary}--\r\n`);
    const two = await app.http.request('POST', '/plate/new', { raw, headers, redirect: 'manual' });
    expect(two.status).toBe(422);
    expect(readText(two.text)).toContain('Send one drawing at a time: the form held more than one file');

    // RFC 5987's filename* carries any character, percent-encoded: a line break and a bell here.
    const encoded = Buffer.from(`${token}${part('drawing', 'x', bracketDxf()).replace('filename="x"', "filename*=UTF-8''bracket%0Aline%07two.dxf")}--${boundary}--\r\n`);
    const sent = await app.http.request('POST', '/plate/new', { raw: encoded, headers, redirect: 'manual' });
    expect(sent.status).toBe(303);
    const importId = sent.headers.get('location')!.split('/').pop()!;
    const found = await app.http.request('GET', `/api/v1/plate-imports/${importId}/preview.svg`);
    expect(found.text).toContain('aria-label="Imported part bracket line two.dxf:');
  });

  it('shows the drawing of a part with a blocking issue, the defect marked and named', async () => {
    const sent = await upload(app, form, openContourDxf(), 'in', { filename: 'open.dxf' });
    expect(sent.status).toBe(303);
    const importId = sent.headers.get('location')!.split('/').pop()!;
    const page = await app.http.request('GET', sent.headers.get('location')!);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<img src="/api/v1/plate-imports/${importId}/preview.svg"`);
    const drawing = await app.http.request('GET', `/api/v1/plate-imports/${importId}/preview.svg`);
    expect(drawing.text).toContain('cannot be cut as drawn: dxf_open_contour');
    expect(drawing.text.match(/<circle [^>]*fill="none"\/>/g)).toHaveLength(2);
  });

  it('asks again for a choice outside the lists, and refuses an unknown import', async () => {
    const quoterPath = await sendDrawing(bracketDxf(), 'mm');
    const wrong = await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent('mild_steel|0.2')}&quantity=10`);
    expect(wrong.status).toBe(422);
    expect(readText(wrong.text)).toMatch(/thickness/);
    expect((await app.http.request('GET', '/plate/new/pi_0000000000000000000000')).status).toBe(404);
  });
});

describe('the upload and import-order forms refuse a post from another site', () => {
  let app: TestApp;
  let form: OpenedUpload;
  let quoterPath: string;

  beforeAll(async () => {
    app = await startTestApp();
    form = await openUpload(app);
    const sent = await upload(app, form, bracketDxf(), '');
    quoterPath = sent.headers.get('location')!;
  });
  afterAll(() => app.close());

  /** Rows kept in a table of the app's SQLite file. */
  const rows = (table: 'plate_imports' | 'quotes') => {
    const db = new Database(app.databaseUrl.slice('file:'.length), { readonly: true });
    try {
      return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    } finally {
      db.close();
    }
  };
  const refused = (reply: Reply) => {
    expect(reply.status).toBe(403);
    expect(reply.headers.get('location')).toBeNull();
    expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
  };

  it.each([
    ['without its token', { formToken: null }],
    ['with a token of another browser', { formToken: `${'a'.repeat(43)}.${'b'.repeat(43)}` }],
    ['without the cookie', { headers: { cookie: '' } }],
    ['from a foreign Origin', { headers: { origin: 'https://evil.example' } }],
    ['from Origin null without its token', { headers: { origin: 'null' }, formToken: null }],
    ['marked same-site by the browser', { headers: { 'sec-fetch-site': 'same-site' } }],
    ['marked cross-site by the browser', { headers: { 'sec-fetch-site': 'cross-site' } }],
  ])('an upload %s is refused before the drawing is read', async (_case, extra) => {
    const before = rows('plate_imports');
    refused(await upload(app, form, bracketDxf(), '', extra));
    expect(rows('plate_imports')).toBe(before);
  });

  it('an upload with the token after the drawing is refused: the token must come first', async () => {
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="drawing"; filename="a.dxf"\r\nContent-Type: application/dxf\r\n\r\n`),
      Buffer.from(bracketDxf()),
      Buffer.from(`\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="form_token"\r\n\r\n${form.formToken}\r\n--${BOUNDARY}--\r\n`),
    ]);
    refused(
      await app.http.request('POST', '/plate/new', {
        raw: body,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie: form.cookie },
        redirect: 'manual',
      }),
    );
  });

  it('the same upload from its own page, with its Origin, goes through', async () => {
    const sent = await upload(app, form, bracketDxf(), '', { headers: { origin: app.http.baseUrl } });
    expect(sent.status).toBe(303);
    // What Chromium sends from a page served with Referrer-Policy: no-referrer: the token decides.
    expect((await upload(app, form, bracketDxf(), '', { headers: { origin: 'null' } })).status).toBe(303);
    // The service's public address is its own origin too (a proxy in front).
    expect((await upload(app, form, bracketDxf(), '', { headers: { origin: 'http://quotes.test' } })).status).toBe(303);
  });

  it.each([
    ['without its token', { form_token: '' }, {}],
    ['with a token of another browser', { form_token: `${'a'.repeat(43)}.${'b'.repeat(43)}` }, {}],
    ['without the cookie', {}, { cookie: '' }],
    ['from a foreign Origin', {}, { origin: 'https://evil.example' }],
    ['from Origin null without its token', { form_token: '' }, { origin: 'null' }],
  ])('an order of an imported part %s is refused and makes no quote', async (_case, fields, headers) => {
    const quotes = rows('quotes');
    const reply = await order(app, quoterPath, form, { ...BRACKET_STOCK, ...fields }, headers);
    refused(reply);
    expect(rows('quotes')).toBe(quotes);
  });

  it('the order from its own page, with its token, makes the order link', async () => {
    const page = await app.http.request('GET', `${quoterPath}?stock=${encodeURIComponent(BRACKET_STOCK.stock)}&quantity=10`, { headers: { cookie: form.cookie } });
    const token = /<form method="post" action="[^"]+\/order">\n<input type="hidden" name="form_token" value="([^"]+)">/.exec(page.text)?.[1];
    expect(token).toBeDefined();
    // The page keeps the browser's cookie token: the cookie it sets again is the same one.
    expect(page.headers.get('set-cookie')?.split(';')[0]).toBe(form.cookie);
    const reply = await order(app, quoterPath, { ...form, formToken: token! }, BRACKET_STOCK, { origin: app.http.baseUrl });
    expect(reply.status).toBe(303);
    expect(reply.headers.get('location')).toMatch(/^\/o\/h_[0-9A-Za-z]{22}$/);
  });
});
