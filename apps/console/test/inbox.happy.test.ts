// The inbox over HTTP: order and quote requests as the service stores them, newest first, filtered
// and searched; a request's page; state changes and notes in its timeline and the audit log.
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

const HOUR = 3_600_000;

describe('the inbox', () => {
  let app: ConsoleTestApp;
  let staff: Browser;

  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('sam@example.com', 'staff');
    // An order request two days old and a quote request three hours old, stored by the service's repositories.
    await app.opened.inbox.orders.insert({
      id: 'or_plates1',
      handoffId: 'ho_link1',
      idempotencyKey: 'key-order-1',
      createdAt: new Date(START.getTime() - 50 * HOUR),
      priceBook: '2026-11',
      subtotalCents: 100000,
      taxCents: 13000,
      totalCents: 113000,
      fulfilment: 'pickup',
      address: null,
      contact: { name: 'Dana Weld', email: 'dana@forge.example', phone: '416 555 0100', company: 'Forge Works', note: 'Call before <b>noon</b>\nGate code "4411", side door' },
      items: [{ quoteId: 'q_abc', itemIndex: 0, kind: 'plate', description: 'A36 plate 1/4 in, 12 x 24 in', label: 'base', quantity: 4, unitAmountCents: 25000, amountCents: 100000 }],
    });
    const form = { description: 'Stair stringers in 3/8 plate', material: 'A36', thickness_in: 0.375, quantity: 2, name: 'Lee Stairs', email: 'lee@stairs.example', phone: null, company: 'Stairs Inc' };
    await app.opened.inbox.quotes.insert({
      id: 'rs_stairs1',
      rfqLinkId: 'rl_link9',
      createdAt: new Date(START.getTime() - 3 * HOUR),
      idempotencyKey: 'key-quote-1',
      body: JSON.stringify({ object: 'rfq_submission', id: 'rs_stairs1', rfq_link_id: 'rl_link9', submitted_at: new Date(START.getTime() - 3 * HOUR).toISOString(), ...form }),
      schemaVersion: 1,
    });
    staff = app.browser();
    await staff.signIn('sam@example.com');
  });

  afterAll(() => app.close());

  it('lists both kinds newest first with their age, state and an order total; the home page links to it', async () => {
    expect((await staff.get('/')).text).toContain('<a href="/inbox">Inbox</a>');
    const page = await staff.get('/inbox');
    expect(page.status).toBe(200);
    const rows = [...page.text.matchAll(/<tr><td data-label="Received">(.*?)<\/td><td data-label="Kind">(.*?)<\/td><td data-label="Name"><a href="(.*?)">(.*?)<\/a><\/td><td data-label="Company">(.*?)<\/td><td data-label="State">(.*?)<\/td><td data-label="Total">(.*?)<\/td><td data-label="Assignee">(.*?)<\/td><\/tr>/g)].map((match) => match.slice(1));
    expect(rows).toEqual([
      ['3 hours ago', 'Quote request', '/inbox/quote/rs_stairs1', 'Lee Stairs', 'Stairs Inc', 'New', '', ''],
      ['2 days ago', 'Order request', '/inbox/order/or_plates1', 'Dana Weld', 'Forge Works', 'New', '$1,130.00', ''],
    ]);
  });

  it('searches every word over name, e-mail, company and the job', async () => {
    const names = async (query: string) => [...(await staff.get(`/inbox?q=${encodeURIComponent(query)}`)).text.matchAll(/<a href="\/inbox\/[^"]+">([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(await names('stringers')).toEqual(['Lee Stairs']);
    expect(await names('FORGE a36')).toEqual(['Dana Weld']);
    expect(await names('a36')).toEqual(['Lee Stairs', 'Dana Weld']);
    expect(await names('a36 nothing')).toEqual([]);
  });

  it("shows an order request's items, prices, contact and link", async () => {
    const page = await staff.get('/inbox/order/or_plates1');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<td data-label="Item">A36 plate 1/4 in, 12 x 24 in (base)</td><td data-label="Quote">q_abc, item 1</td><td data-label="Quantity">4</td><td data-label="Unit price">$250.00</td><td data-label="Amount">$1,000.00</td>');
    expect(page.text).toContain('Subtotal $1,000.00 · tax $130.00 · total $1,130.00');
    expect(page.text).toContain('dana@forge.example');
    expect(page.text).toContain('<code>ho_link1</code>');
    expect((await staff.get('/inbox/order/or_missing')).status).toBe(404);
    expect((await staff.get('/inbox/invoice/or_plates1')).status).toBe(404);
  });

  it("shows the customer's note to the shop on the request's page, escaped, a paragraph a line", async () => {
    const page = await staff.get('/inbox/order/or_plates1');
    expect(page.text).toContain('<h2>Note to the shop</h2>\n<blockquote class="customer-note"><p>Call before &lt;b&gt;noon&lt;/b&gt;</p><p>Gate code &quot;4411&quot;, side door</p></blockquote>');
    expect(page.text).not.toContain('<b>noon</b>');
    expect((await staff.get('/inbox/quote/rs_stairs1')).text).not.toContain('Note to the shop');
  });

  it("shows a quote request's job and its link's job in words: a material code by its name, inches, what was left out", async () => {
    const id = 'rs_codes1';
    const at = new Date(START.getTime() - 4 * HOUR);
    const form = { description: 'Gussets', material: 'mild_steel', thickness_in: null, quantity: null, name: 'Kim Code', email: 'kim@code.example', phone: null, company: null };
    await app.opened.inbox.quotes.insert({ id, rfqLinkId: 'rl_codes', createdAt: at, idempotencyKey: 'key-codes', body: JSON.stringify({ object: 'rfq_submission', id, rfq_link_id: 'rl_codes', submitted_at: at.toISOString(), ...form }), schemaVersion: 1 });
    await app.opened.inbox.orders.keepRfqJob(id, JSON.stringify({ description: 'Gussets', material: 'stainless_304', thickness_in: 0.1345, quantity: 12 }));
    const page = (await staff.get(`/inbox/quote/${id}`)).text;
    expect(page).toContain('<dl class="job"><dt>Description</dt><dd>Gussets</dd><dt>Material</dt><dd>Mild steel</dd><dt>Thickness</dt><dd>not given</dd><dt>Quantity</dt><dd>not given</dd></dl>');
    expect(page).toContain('<dl class="job"><dt>Description</dt><dd>Gussets</dd><dt>Material</dt><dd>Stainless steel 304</dd><dt>Thickness</dt><dd>0.135 in</dd><dt>Quantity</dt><dd>12</dd></dl>');
    expect(page).not.toMatch(/mild_steel|thickness_in|<pre>|&quot;/);
  });

  it('changes state and adds a note, each in the timeline and the audit log; lost needs a reason', async () => {
    const csrf = await staff.csrf('/inbox/quote/rs_stairs1');
    const refused = await staff.post('/inbox/quote/rs_stairs1/state', { _csrf: csrf, state: 'lost', reason: ' ' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Say why the request was lost.');
    expect((await staff.post('/inbox/quote/rs_stairs1/state', { _csrf: csrf, state: 'sold', reason: '' })).status).toBe(400);

    const moved = await staff.post('/inbox/quote/rs_stairs1/state', { _csrf: csrf, state: 'quoted', reason: '' });
    expect([moved.status, moved.location]).toEqual([303, '/inbox/quote/rs_stairs1']);
    app.advance(60_000);
    expect((await staff.post('/inbox/quote/rs_stairs1/notes', { _csrf: csrf, note: 'Sent drawing back for sign-off.' })).status).toBe(303);
    app.advance(60_000);
    // The reasons offered are the list's active ones; the form sends the chosen one's id.
    const offered = [...(await staff.get('/inbox/quote/rs_stairs1')).text.matchAll(/<option value="(\d+)">([^<]*)<\/option>/g)].map((match) => [match[1], match[2]]);
    expect(offered.map(([, label]) => label)).toEqual(['Price', 'Lead time', 'Went elsewhere', 'No reply', 'Other']);
    expect((await staff.post('/inbox/quote/rs_stairs1/state', { _csrf: csrf, state: 'lost', reason: 'price' })).status).toBe(400);
    expect((await staff.post('/inbox/quote/rs_stairs1/state', { _csrf: csrf, state: 'lost', reason: offered[0]![0]! })).status).toBe(303);

    const page = await staff.get('/inbox/quote/rs_stairs1');
    const timeline = [...page.text.matchAll(/<li><time[^>]*>[^<]*<\/time> · ([^<]*)<\/li>/g)].map((match) => match[1]);
    expect(timeline).toEqual(['sam: state New → Quoted', 'sam: note: Sent drawing back for sign-off.', 'sam: state Quoted → Lost (reason: Price)']);
    expect(page.text).toContain('state <strong>Lost</strong> (Price)');
    expect(page.text).toContain('<dl class="job"><dt>Description</dt><dd>Stair stringers in 3/8 plate</dd><dt>Material</dt><dd>A36</dd><dt>Thickness</dt><dd>0.375 in</dd><dt>Quantity</dt><dd>2</dd></dl>');
    expect(page.text).toContain('<code>rl_link9</code>');

    const audit = (await app.opened.audit.list({ limit: 10 })).entries.filter((entry) => entry.action.startsWith('request_'));
    expect(audit.map((entry) => [entry.action, entry.subject, entry.detail])).toEqual([
      ['request_state_changed', 'quote/rs_stairs1', { state: 'lost', reason: 'Price' }],
      ['request_note_added', 'quote/rs_stairs1', { length: 31 }],
      ['request_state_changed', 'quote/rs_stairs1', { state: 'quoted' }],
    ]);
    // The filter by state now finds it under lost only.
    expect((await staff.get('/inbox?state=lost')).text).toContain('Lee Stairs');
    expect((await staff.get('/inbox?state=new')).text).not.toContain('Lee Stairs');
  });

  it('refuses a form without its CSRF token and writes nothing', async () => {
    const refused = await staff.post('/inbox/order/or_plates1/notes', { note: 'no token' });
    expect(refused.status).toBe(403);
    expect(await app.opened.inbox.states.timeline('order', 'or_plates1')).toEqual([]);
  });

  it('sends a visitor without a session to /sign-in', async () => {
    const visitor = app.browser();
    for (const path of ['/inbox', '/inbox/order/or_plates1']) {
      const reply = await visitor.get(path);
      expect([reply.status, reply.location]).toEqual([303, '/sign-in']);
    }
    const posted = await visitor.post('/inbox/order/or_plates1/state', { state: 'won' });
    expect([posted.status, posted.location]).toEqual([303, '/sign-in']);
    expect((await app.opened.inbox.states.statuses('order', ['or_plates1'])).get('or_plates1')?.state).toBe('new');
  });
});
