// The quotes list and handoffs over HTTP: quotes made through the REST app and the MCP tool server on
// the console's own database, filtered to exact rows; a quote's page with its items, drawings and
// order links; open counts moving as the REST order page is served; staff only.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Quote } from '@shop/contracts';
import { INSTRUCTIONS, createMcpApp, createShopTools } from '@shop/mcp';
import { createRestApp } from '@shop/rest';
import { readConfig } from '@shop/runtime';
import type { Express } from 'express';
import pino from 'pino';
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

const HOUR = 3_600_000;

async function listen(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

const plate = (material: string, quantity: number, label: string) => ({
  material,
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'single', x_in: 1, y_in: 1, diameter_in: 0.5 }],
  quantity,
  label,
});

/** The rows of the quotes table: id, source, items, materials, total. */
const rowsOf = (page: string) =>
  [...page.matchAll(/<tr><td data-label="Quote"><a href="\/quotes\/([^"]+)">[^<]+<\/a><\/td><td data-label="Made">.*?<\/td><td data-label="Source">([^<]*)<\/td><td data-label="Items">([^<]*)<\/td><td data-label="Materials">([^<]*)<\/td><td data-label="Total">([^<]*)<\/td>/g)].map((match) => match.slice(1));

describe('the quotes list and handoffs', () => {
  let app: ConsoleTestApp;
  let staff: Browser;
  let rest: { url: string; close: () => Promise<void> };
  let mcp: { url: string; close: () => Promise<void> };
  const made: Record<'mild' | 'stainless' | 'big', Quote> = {} as never;
  let handoffId = '';

  const postQuote = async (items: unknown[]) => {
    const response = await fetch(`${rest.url}/api/v1/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items }) });
    const body = await response.text();
    if (response.status !== 201) throw new Error(`POST /quotes answered ${response.status}: ${body}`);
    return JSON.parse(body) as Quote;
  };

  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('sam@example.com', 'staff');
    staff = app.browser();
    await staff.signIn('sam@example.com');
    // The REST app and the tool server over the console's own service and database, on its clock.
    const { service } = app.opened.runtime;
    const config = readConfig({ DATABASE_URL: app.databaseUrl, PUBLIC_URL: 'http://quotes.test' });
    const clock = { now: () => app.now() };
    rest = await listen(createRestApp({ config, logger: pino({ level: 'silent' }), service, clock }).app);
    mcp = await listen(
      createMcpApp({ registerTools: createShopTools({ service, clock, publicUrl: config.publicUrl }), admit: null, publicUrl: config.publicUrl, instructions: INSTRUCTIONS }),
    );

    made.mild = await postQuote([{ kind: 'plate', ...plate('mild_steel', 2, 'Base plate') }]);
    app.advance(HOUR);
    made.big = await postQuote([{ kind: 'plate', ...plate('mild_steel', 40, 'Gusset') }, { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 1 }]);
    app.advance(HOUR);
    const call = await fetch(`${mcp.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'quote_plate', arguments: plate('stainless_304', 3, 'Cover') } }),
    });
    const reply = (await call.json()) as { result: { structuredContent: Quote; isError?: boolean } };
    expect(reply.result.isError ?? false).toBe(false);
    made.stainless = reply.result.structuredContent;
    const handoff = await fetch(`${rest.url}/api/v1/handoffs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ quote_ids: [made.mild.id, made.big.id] }) });
    expect(handoff.status).toBe(201);
    handoffId = ((await handoff.json()) as { id: string }).id;
  });

  afterAll(async () => {
    await rest?.close();
    await mcp?.close();
    await app?.close();
  });

  const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const total = (quote: Quote) => usd(quote.amount_total_cents!);

  it('lists every quote newest first with its source, items, materials and total with HST; home and nav link to it', async () => {
    expect((await staff.get('/')).text).toContain('<li><a href="/quotes">Quotes</a>');
    const page = await staff.get('/quotes');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<a href="/quotes" aria-current="page">Quotes</a>\n<a href="/handoffs">Order links</a>');
    expect(made.big.amount_total_cents).toBeGreaterThan(made.mild.amount_total_cents!);
    expect(rowsOf(page.text)).toEqual([
      [made.stainless.id, 'MCP', '1', 'Stainless steel 304', total(made.stainless)],
      [made.big.id, 'REST', '2', 'Mild steel', total(made.big)],
      [made.mild.id, 'REST', '1', 'Mild steel', total(made.mild)],
    ]);
  });

  it('filters by material, source, amount (dollars in the form), status and date, exactly', async () => {
    const ids = async (query: string) => rowsOf((await staff.get(`/quotes?${query}`)).text).map((row) => row[0]);
    expect(await ids('material=mild_steel')).toEqual([made.big.id, made.mild.id]);
    expect(await ids('material=stainless_304')).toEqual([made.stainless.id]);
    expect(await ids('material=aluminum_6061')).toEqual([]);
    expect(await ids('source=mcp')).toEqual([made.stainless.id]);
    expect(await ids('source=rest&material=mild_steel')).toEqual([made.big.id, made.mild.id]);
    expect(await ids('source=page')).toEqual([]);
    expect(await ids('source=unknown')).toEqual([]);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(await ids(`min=${dollars(made.big.amount_total_cents!)}`)).toEqual([made.big.id]);
    expect(await ids(`max=${dollars(made.mild.amount_total_cents!)}&source=rest`)).toEqual([made.mild.id]);
    expect(await ids(`min=${dollars(made.mild.amount_total_cents! + 1)}&max=${dollars(made.big.amount_total_cents! - 1)}&source=rest`)).toEqual([]);
    expect(await ids('status=in_force')).toEqual([made.stainless.id, made.big.id, made.mild.id]);
    expect(await ids('status=expired')).toEqual([]);
    // START is 2026-11-02 10:00 in Toronto: the quotes were made that day.
    expect(await ids('from=2026-11-02&to=2026-11-02')).toEqual([made.stainless.id, made.big.id, made.mild.id]);
    expect(await ids('from=2026-11-03')).toEqual([]);
    expect(await ids('to=2026-11-01')).toEqual([]);
  });

  it('refuses a filter it cannot read with 400, saying which', async () => {
    const page = await staff.get('/quotes?min=ten&material=unobtainium');
    expect(page.status).toBe(400);
    expect(page.text).toContain('Minimum total must be an amount in dollars');
    expect(page.text).toContain('Choose a material from the list: Mild steel, Stainless steel 304, Stainless steel 316, Aluminum 6061-T6.');
    expect(rowsOf(page.text)).toEqual([]);
    // What was typed is escaped back into the form.
    expect((await staff.get('/quotes?min=%22%3E%3Cb%3E')).text).toContain('name="min" value="&quot;&gt;&lt;b&gt;"');
  });

  it('pages 50 at a time with a link to the next page that keeps the filters', async () => {
    for (let i = 0; i < 50; i += 1) {
      await app.opened.runtime.storage.quotes.insert({
        id: `q_filler${String(i).padStart(14, '0')}`,
        createdAt: new Date(START.getTime() - (i + 1) * 60_000),
        expiresAt: new Date(START.getTime() + 7 * 24 * HOUR),
        body: '{}',
        request: '{"items":[]}',
        schemaVersion: 1,
        listing: { source: 'rest', itemCount: 1, totalCents: 100, materials: ['aluminum_6061'] },
      });
    }
    const first = await staff.get('/quotes?source=rest');
    const firstRows = rowsOf(first.text);
    expect(firstRows).toHaveLength(50);
    expect(firstRows.slice(0, 2).map((row) => row[0])).toEqual([made.big.id, made.mild.id]);
    const next = /<a href="([^"]+)" rel="next">Next page<\/a>/.exec(first.text)![1]!.replaceAll('&amp;', '&');
    expect(next).toMatch(/^\/quotes\?source=rest&after=\d+\.q_filler00000000000047$/);
    const second = await staff.get(next);
    expect(rowsOf(second.text).map((row) => row[0])).toEqual(['q_filler00000000000048', 'q_filler00000000000049']);
    expect(second.text).not.toContain('rel="next"');
    expect((await staff.get('/quotes?after=garbage')).status).toBe(400);
  });

  it('shows a quote: each item with quantity, unit and amount, the plate drawn, its drawing.dxf, and the order links naming it', async () => {
    const page = await staff.get(`/quotes/${made.big.id}`);
    expect(page.status).toBe(200);
    for (const item of made.big.items) {
      expect(page.text).toContain(`<td data-label="Quantity">${item.quantity}</td>\n<td data-label="Unit">${usd(item.unit_amount_cents!)}</td>\n<td data-label="Amount">${usd(item.amount_cents!)}</td>`);
    }
    expect(page.text).toContain(`<img src="/quotes/${made.big.id}/items/0/preview.svg" alt="Drawing of item 1"`);
    // Items are numbered from 1 here as on the customer's pages and in the shop's e-mail.
    expect(page.text).toContain('<td data-label="#">1</td>');
    expect(page.text).toContain(`<a href="/quotes/${made.big.id}/items/0/drawing.dxf">drawing.dxf</a>`);
    // The product item has no drawing.
    expect(page.text).not.toContain(`/items/1/preview.svg`);
    expect(page.text).toContain(`<td data-label="Order link">${handoffId}</td>`);
    expect(page.text).toContain('<td data-label="Opened">0 times</td>');
    expect((await staff.get(`/quotes/${made.stainless.id}`)).text).toContain('No order link names this quote.');
    expect((await staff.get('/quotes/q_nothing')).status).toBe(404);
  });

  it('serves the plate drawing as the REST app draws it (a real SVG of the part) and its DXF, under its own CSP', async () => {
    const svg = await staff.get(`/quotes/${made.mild.id}/items/0/preview.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.headers.get('content-security-policy')).toContain("script-src 'none'");
    const fromRest = await (await fetch(`${rest.url}/api/v1/quotes/${made.mild.id}/items/0/preview.svg`)).text();
    expect(svg.text).toBe(fromRest);
    expect(svg.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="[^"]+"/);
    // The 6 x 4 in outline, its one 0.5 in hole at (1, 1), and the 6 in dimension.
    expect(svg.text).toContain('<path d="M0 0H6V-4H0Z"');
    expect(svg.text).toContain('<circle cx="1" cy="-1" r="0.25"/>');
    expect(svg.text).toContain('>6 in</text>');
    const dxf = await staff.get(`/quotes/${made.mild.id}/items/0/drawing.dxf`);
    expect(dxf.status).toBe(200);
    expect(dxf.headers.get('content-disposition')).toBe(`attachment; filename="${made.mild.id}-0.dxf"`);
    expect(dxf.text).toBe(await (await fetch(`${rest.url}/api/v1/quotes/${made.mild.id}/items/0/drawing.dxf`)).text());
    expect(dxf.text).toContain('$INSUNITS');
    expect((await staff.get(`/quotes/${made.big.id}/items/1/preview.svg`)).status).toBe(404);
    expect((await staff.get(`/quotes/${made.big.id}/items/x/preview.svg`)).status).toBe(404);
  });

  it('counts each time the REST app serves the order page, on /handoffs and on the quote page', async () => {
    const opens = async () => /<td data-label="Order link">h_[^<]+<\/td>.*?<td data-label="Opened">([^<]+)<\/td>/s.exec((await staff.get('/handoffs')).text)?.[1];
    expect(await opens()).toBe('0 times');
    expect((await fetch(`${rest.url}/o/${handoffId}`)).status).toBe(200);
    expect(await opens()).toBe('1 time');
    await fetch(`${rest.url}/o/${handoffId}`);
    await fetch(`${rest.url}/o/${handoffId}`);
    expect(await opens()).toBe('3 times');
    // An unknown link counts nothing and is a 404.
    expect((await fetch(`${rest.url}/o/h_0000000000000000000000`)).status).toBe(404);
    const list = (await staff.get('/handoffs')).text;
    // The mild quote's one item and the big quote's two.
    expect(list).toContain(`<td data-label="Items">3: ${[...made.mild.items, ...made.big.items].map((item) => item.description).join('; ')}</td>`);
    expect(list).toContain(`<a href="/quotes/${made.mild.id}">${made.mild.id}</a>, <a href="/quotes/${made.big.id}">${made.big.id}</a>`);
    expect((await staff.get(`/quotes/${made.mild.id}`)).text).toContain('<td data-label="Opened">3 times</td>');
  });

  it('judges in force and expired by the clock: in force through expires_at, expired after', async () => {
    // A week on (the session has ended by then: sign in again). Now is START + 7 days + 1 hour:
    // mild expired an hour ago, big expires this very moment, stainless in an hour.
    app.advance(7 * 24 * HOUR - HOUR);
    const later = app.browser();
    await later.signIn('sam@example.com');
    const ids = async (query: string) => rowsOf((await later.get(`/quotes?${query}`)).text).map((row) => row[0]);
    expect(await ids('status=expired&material=mild_steel')).toEqual([made.mild.id]);
    expect(await ids('status=in_force&source=rest')).toEqual([made.big.id]);
    expect(await ids('status=in_force&source=mcp')).toEqual([made.stainless.id]);
    app.advance(1);
    expect(await ids('status=expired&material=mild_steel')).toEqual([made.big.id, made.mild.id]);
    expect((await later.get(`/quotes/${made.mild.id}`)).text).toContain('<dt>Status</dt><dd>Expired</dd>');
  });

  it('needs a staff session: without one each page redirects to sign-in', async () => {
    const stranger = app.browser();
    for (const path of ['/quotes', `/quotes/${made.mild.id}`, `/quotes/${made.mild.id}/items/0/preview.svg`, `/quotes/${made.mild.id}/items/0/drawing.dxf`, '/handoffs']) {
      const reply = await stranger.get(path);
      expect([path, reply.status, reply.location]).toEqual([path, 303, '/sign-in']);
    }
  });
});
