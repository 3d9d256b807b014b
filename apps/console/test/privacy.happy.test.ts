// Personal data over HTTP and the retention job: an owner finds, exports and erases one person's
// data by e-mail (staff get 403), the retention job erases settled requests past RFQ_RETENTION_DAYS
// on the app's clock, and the audit log never keeps the e-mail in clear.
import { createHash } from 'node:crypto';
import { eraseExpiredPersonalData } from '../src/personal-data';
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

const DAY = 86_400_000;
const PAT = 'pat@quinn.example';
const patSubject = `sha256:${createHash('sha256').update(PAT).digest('hex')}`;

async function addOrder(app: ConsoleTestApp, id: string, email: string, daysAgo: number): Promise<void> {
  await app.opened.inbox.orders.insert({
    id,
    handoffId: 'ho_link1',
    idempotencyKey: `key-${id}`,
    createdAt: new Date(START.getTime() - daysAgo * DAY),
    priceBook: '2026-11',
    subtotalCents: 100_000,
    taxCents: 13_000,
    totalCents: 113_000,
    fulfilment: 'delivery',
    address: { line1: '12 Front St W', line2: null, city: 'Guelph', province: 'ON', postalCode: 'N1H 2A1' },
    contact: { name: 'Pat Quinn', email, phone: '519 555 0100', company: 'Quinn Welding', note: 'Gate code 44' },
    items: [{ quoteId: 'q_abc', itemIndex: 0, kind: 'plate', description: 'A36 plate 1/4 in, 12 x 24 in', label: 'base', quantity: 4, unitAmountCents: 25_000, amountCents: 100_000 }],
  });
}

async function addQuote(app: ConsoleTestApp, id: string, email: string, daysAgo: number): Promise<void> {
  const at = new Date(START.getTime() - daysAgo * DAY);
  const form = { description: 'Stair stringers in 3/8 plate', material: 'A36', thickness_in: 0.375, quantity: 2, name: 'Pat Quinn', email, phone: null, company: 'Quinn Welding' };
  await app.opened.inbox.quotes.insert({
    id,
    rfqLinkId: 'rl_link9',
    createdAt: at,
    idempotencyKey: `key-${id}`,
    body: JSON.stringify({ object: 'rfq_submission', id, rfq_link_id: 'rl_link9', submitted_at: at.toISOString(), ...form }),
    schemaVersion: 1,
  });
}

describe('personal data by e-mail', () => {
  let app: ConsoleTestApp;
  let owner: Browser;
  let staff: Browser;
  let csrf: string;

  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('olive@example.com', 'owner');
    await app.addPerson('sam@example.com', 'staff');
    await addOrder(app, 'or_pat1', 'Pat@Quinn.example', 3);
    await addOrder(app, 'or_dana', 'dana@forge.example', 2);
    await addQuote(app, 'rs_pat2', PAT, 1);
    await app.opened.inbox.states.addNote('order', 'or_dana', { text: `Referred by ${PAT}`, staffId: 'st_x', at: START });
    owner = app.browser();
    staff = app.browser();
    await owner.signIn('olive@example.com');
    await staff.signIn('sam@example.com');
    csrf = await owner.csrf('/privacy');
  });

  afterAll(() => app.close());

  it('is for owners only: staff get 403 on every page and form, and have no link to it', async () => {
    const staffCsrf = await staff.csrf('/account');
    expect((await staff.get('/privacy')).status).toBe(403);
    for (const step of ['find', 'export', 'erase']) expect((await staff.post(`/privacy/${step}`, { _csrf: staffCsrf, email: PAT, confirm: 'yes' })).status).toBe(403);
    expect((await staff.get('/')).text).not.toContain('href="/privacy"');
    expect((await owner.get('/')).text).toContain('<a href="/privacy">Personal data</a>');
    expect(await app.opened.personalData.findByEmail(PAT)).toMatchObject({ orderRequests: [{ id: 'or_pat1' }], quoteRequests: [{ id: 'rs_pat2' }] });
  });

  it('finds the requests and notes of exactly that e-mail, audited under its SHA-256', async () => {
    const found = await owner.post('/privacy/find', { _csrf: csrf, email: ' PAT@quinn.EXAMPLE ' });
    expect(found.status).toBe(200);
    const rows = [...found.text.matchAll(/<tr><td><a href="([^"]+)">/g)].map((match) => match[1]);
    expect(rows).toEqual(['/inbox/order/or_pat1', '/inbox/quote/rs_pat2']);
    expect(found.text).toContain('1 order request, 1 quote request, 1 note.');
    expect(found.text).toContain(`Referred by ${PAT}`);
    expect((await owner.post('/privacy/find', { _csrf: csrf, email: 'not an address' })).status).toBe(400);
    const [entry] = (await app.opened.audit.list({ limit: 1 })).entries;
    expect([entry?.action, entry?.subject, entry?.detail]).toEqual(['personal_data_found', patSubject, { orderRequests: 1, quoteRequests: 1, notes: 1 }]);
  });

  it('exports what is held as a JSON attachment', async () => {
    const exported = await owner.post('/privacy/export', { _csrf: csrf, email: PAT });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="personal-data-2026-11-02.json"');
    const document = JSON.parse(exported.text) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['email', 'exported_at', 'order_requests', 'quote_requests', 'notes', 'notifications']);
    expect(document).toEqual({
      email: PAT,
      exported_at: START.toISOString(),
      order_requests: [
        {
          id: 'or_pat1',
          received_at: new Date(START.getTime() - 3 * DAY).toISOString(),
          contact: { name: 'Pat Quinn', email: 'Pat@Quinn.example', phone: '519 555 0100', company: 'Quinn Welding', note: 'Gate code 44' },
          fulfilment: 'delivery',
          delivery_address: { line1: '12 Front St W', line2: null, city: 'Guelph', province: 'ON', postal_code: 'N1H 2A1' },
          items: [{ quote_id: 'q_abc', item_index: 0, description: 'A36 plate 1/4 in, 12 x 24 in', label: 'base', quantity: 4, unit_amount_cents: 25_000, amount_cents: 100_000 }],
          total_cents: 113_000,
        },
      ],
      quote_requests: [
        {
          id: 'rs_pat2',
          received_at: new Date(START.getTime() - DAY).toISOString(),
          rfq_link_id: 'rl_link9',
          name: 'Pat Quinn',
          email: PAT,
          phone: null,
          company: 'Quinn Welding',
          description: 'Stair stringers in 3/8 plate',
          material: 'A36',
          thickness_in: 0.375,
          quantity: 2,
        },
      ],
      notes: [{ request: 'order/or_dana', at: START.toISOString(), text: `Referred by ${PAT}` }],
      notifications: [],
    });
    const [entry] = (await app.opened.audit.list({ limit: 1 })).entries;
    expect([entry?.action, entry?.subject, entry?.detail]).toEqual(['personal_data_exported', patSubject, { orderRequests: 1, quoteRequests: 1, notes: 1 }]);
  });

  it('erases only once confirmed; the requests keep their jobs and say when; the audit log holds no e-mail in clear', async () => {
    const unconfirmed = await owner.post('/privacy/erase', { _csrf: csrf, email: PAT });
    expect(unconfirmed.status).toBe(400);
    expect((await app.opened.personalData.findByEmail(PAT)).orderRequests).toHaveLength(1);

    app.advance(60_000);
    const erased = await owner.post('/privacy/erase', { _csrf: csrf, email: PAT, confirm: 'yes' });
    expect(erased.status).toBe(200);
    expect(erased.text).toContain('Erased: 1 order request, 1 quote request, 1 note.');
    await expect(app.opened.personalData.findByEmail(PAT)).resolves.toEqual({ orderRequests: [], quoteRequests: [], notes: [], notifications: [] });

    const order = await owner.get('/inbox/order/or_pat1');
    expect(order.text).toContain('Contact details erased on <time datetime="2026-11-02T15:01:00.000Z">');
    expect(order.text).toContain('<td data-label="Item">A36 plate 1/4 in, 12 x 24 in (base)</td><td data-label="Quote">q_abc, item 1</td><td data-label="Quantity">4</td><td data-label="Unit price">$250.00</td><td data-label="Amount">$1,000.00</td>');
    expect(order.text).not.toContain('Pat Quinn');
    expect(order.text).not.toContain('Front St');
    const quote = await owner.get('/inbox/quote/rs_pat2');
    expect(quote.text).toContain('<dt>Description</dt><dd>Stair stringers in 3/8 plate</dd>');
    expect(quote.text).not.toContain('quinn');
    expect((await owner.get('/inbox/order/or_dana')).text).toContain('note (erased with the contact details)');
    expect((await app.opened.inbox.orders.get('or_dana'))?.contact.email).toBe('dana@forge.example');

    const entries = (await app.opened.audit.list({ limit: 50 })).entries;
    expect(entries.filter((entry) => entry.action === 'personal_data_erased').map((entry) => [entry.subject, entry.detail])).toEqual([[patSubject, { orderRequests: 1, quoteRequests: 1, notes: 1 }]]);
    expect(JSON.stringify(entries).toLowerCase()).not.toContain('quinn');
  });
});

describe('retention', () => {
  let app: ConsoleTestApp;

  beforeAll(async () => {
    app = await startConsole({ env: { RFQ_RETENTION_DAYS: '30' } });
    await addOrder(app, 'or_old_closed', 'old@example.com', 90);
    await addOrder(app, 'or_recent_won', 'recent@example.com', 90);
    await addOrder(app, 'or_open', 'open@example.com', 90);
    await addQuote(app, 'rs_old_lost', 'lost@example.com', 90);
    const states = app.opened.inbox.states;
    await states.setState('order', 'or_old_closed', { state: 'closed', staffId: 'st_x', at: new Date(START.getTime() - 40 * DAY) });
    await states.setState('order', 'or_recent_won', { state: 'won', staffId: 'st_x', at: new Date(START.getTime() - 10 * DAY) });
    await states.setState('order', 'or_open', { state: 'quoted', staffId: 'st_x', at: new Date(START.getTime() - 80 * DAY) });
    await states.setState('quote', 'rs_old_lost', { state: 'lost', lostReason: 'Price', staffId: 'st_x', at: new Date(START.getTime() - 31 * DAY) });
  });

  afterAll(() => app.close());

  const deps = () => ({ personalData: app.opened.personalData, audit: app.opened.audit, now: app.now, retentionDays: app.config.retentionDays });

  it('erases the contact of a request settled longer ago than RFQ_RETENTION_DAYS on the clock, keeps its job and figures, and leaves newer and open ones', async () => {
    await expect(eraseExpiredPersonalData(deps())).resolves.toEqual({ orderRequests: 1, quoteRequests: 1, notes: 0 });
    const old = await app.opened.inbox.orders.get('or_old_closed');
    expect(old).toMatchObject({ contact: { name: '', email: '', phone: null, company: null, note: null }, fulfilment: 'delivery', subtotalCents: 100_000, taxCents: 13_000, totalCents: 113_000 });
    expect(old?.items).toEqual([{ quoteId: 'q_abc', itemIndex: 0, kind: 'plate', description: 'A36 plate 1/4 in, 12 x 24 in', label: 'base', quantity: 4, unitAmountCents: 25_000, amountCents: 100_000 }]);
    expect((await app.opened.inbox.orders.get('or_recent_won'))?.contact.email).toBe('recent@example.com');
    expect((await app.opened.inbox.orders.get('or_open'))?.contact.email).toBe('open@example.com');
    const quote = JSON.parse((await app.opened.inbox.quotes.list()).find((row) => row.id === 'rs_old_lost')!.body) as Record<string, unknown>;
    expect(quote).toMatchObject({ name: '', email: '', phone: null, company: null, description: 'Stair stringers in 3/8 plate', quantity: 2, erased_at: START.toISOString() });

    const [entry] = (await app.opened.audit.list({ limit: 1 })).entries;
    expect(entry).toMatchObject({
      staffId: null,
      action: 'personal_data_erased',
      subject: 'retention',
      ip: 'system',
      detail: { orderRequests: 1, quoteRequests: 1, notes: 0, retentionDays: 30, settledBefore: new Date(START.getTime() - 30 * DAY).toISOString() },
    });
  });

  it('erases the won request once its time comes, and writes no audit row for a run that erased nothing', async () => {
    const before = (await app.opened.audit.list({ limit: 200 })).entries.length;
    await expect(eraseExpiredPersonalData(deps())).resolves.toEqual({ orderRequests: 0, quoteRequests: 0, notes: 0 });
    expect((await app.opened.audit.list({ limit: 200 })).entries).toHaveLength(before);
    app.advance(20 * DAY);
    await expect(eraseExpiredPersonalData(deps())).resolves.toEqual({ orderRequests: 1, quoteRequests: 0, notes: 0 });
    expect((await app.opened.inbox.orders.get('or_recent_won'))?.contact.email).toBe('');
    expect((await app.opened.inbox.orders.get('or_open'))?.contact.email).toBe('open@example.com');
  });
});
