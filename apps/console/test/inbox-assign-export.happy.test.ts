// The inbox's assignment and CSV export over HTTP: a request handed to a person (timeline, audit,
// the list's column and "assigned to me"), and the list as CSV bytes with its filters, quoting and
// formula guard, each export audited.
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

const HOUR = 3_600_000;

describe("the inbox's assignee and CSV export", () => {
  let app: ConsoleTestApp;
  let sam: Browser;
  let samId: string;
  let oliveId: string;

  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('sam@example.com', 'staff');
    await app.addPerson('olive@example.com', 'owner');
    await app.addPerson('gone@example.com', 'staff');
    samId = (await app.opened.staff.findByEmail('sam@example.com'))!.id;
    oliveId = (await app.opened.staff.findByEmail('olive@example.com'))!.id;
    await app.opened.staff.disable((await app.opened.staff.findByEmail('gone@example.com'))!.id, START);
    await app.opened.inbox.orders.insert({
      id: 'or_plates1',
      handoffId: 'ho_link1',
      idempotencyKey: 'key-order-1',
      createdAt: new Date(START.getTime() - 50 * HOUR),
      priceBook: '2026-11',
      subtotalCents: 100005,
      taxCents: 13001,
      totalCents: 113006,
      fulfilment: 'pickup',
      address: null,
      contact: { name: 'Weld, "Dana"', email: 'dana@forge.example', phone: '416 555 0100', company: 'Forge Works', note: '-Forklift on site,\nring the "bell"' },
      items: [{ quoteId: 'q_abc', itemIndex: 0, kind: 'plate', description: 'A36 plate', label: null, quantity: 1, unitAmountCents: 100005, amountCents: 100005 }],
    });
    const form = { description: 'Stair stringers', material: 'A36', thickness_in: 0.375, quantity: 2, name: '=cmd|calc', email: 'lee@stairs.example', phone: null, company: '+Stairs Inc' };
    await app.opened.inbox.quotes.insert({
      id: 'rs_stairs1',
      rfqLinkId: 'rl_link9',
      createdAt: new Date(START.getTime() - 3 * HOUR),
      idempotencyKey: 'key-quote-1',
      body: JSON.stringify({ object: 'rfq_submission', id: 'rs_stairs1', rfq_link_id: 'rl_link9', ...form }),
      schemaVersion: 1,
    });
    sam = app.browser();
    await sam.signIn('sam@example.com');
  });

  afterAll(() => app.close());

  it('offers the active staff and nobody on a request page', async () => {
    const page = await sam.get('/inbox/order/or_plates1');
    const options = [...page.text.matchAll(/<select name="assignee">(.*?)<\/select>/gs)].flatMap((match) => [...match[1]!.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((option) => option[2]));
    expect(options).toEqual(['Nobody', 'olive', 'sam']);
    expect(page.text).toContain('assigned to nobody');
  });

  it('assigns and clears, each in the timeline and the audit log; the list shows it and filters "assigned to me"', async () => {
    const csrf = await sam.csrf('/inbox/order/or_plates1');
    const assigned = await sam.post('/inbox/order/or_plates1/assignee', { _csrf: csrf, assignee: samId });
    expect([assigned.status, assigned.location]).toEqual([303, '/inbox/order/or_plates1']);
    app.advance(60_000);
    expect((await sam.post('/inbox/quote/rs_stairs1/assignee', { _csrf: csrf, assignee: oliveId })).status).toBe(303);
    app.advance(60_000);
    expect((await sam.post('/inbox/quote/rs_stairs1/assignee', { _csrf: csrf, assignee: '' })).status).toBe(303);
    app.advance(60_000);
    expect((await sam.post('/inbox/quote/rs_stairs1/assignee', { _csrf: csrf, assignee: oliveId })).status).toBe(303);

    const quote = await sam.get('/inbox/quote/rs_stairs1');
    const timeline = [...quote.text.matchAll(/<li><time[^>]*>[^<]*<\/time> · ([^<]*)<\/li>/g)].map((match) => match[1]);
    expect(timeline).toEqual(['sam: assigned to olive', 'sam: assigned to nobody', 'sam: assigned to olive']);
    expect(quote.text).toContain('assigned to olive');

    const audit = (await app.opened.audit.list({ limit: 20 })).entries.filter((entry) => entry.action === 'request_assigned');
    expect(audit.map((entry) => [entry.subject, entry.detail, entry.staffId])).toEqual([
      ['quote/rs_stairs1', { assignee: oliveId }, samId],
      ['quote/rs_stairs1', { assignee: null }, samId],
      ['quote/rs_stairs1', { assignee: oliveId }, samId],
      ['order/or_plates1', { assignee: samId }, samId],
    ]);

    const list = await sam.get('/inbox');
    const assignees = [...list.text.matchAll(/<tr><td data-label="Received">.*?<a href="([^"]+)">.*?<td data-label="Assignee">([^<]*)<\/td><\/tr>/g)].map((match) => [match[1], match[2]]);
    expect(assignees).toEqual([
      ['/inbox/quote/rs_stairs1', 'olive'],
      ['/inbox/order/or_plates1', 'sam'],
    ]);
    const mine = await sam.get('/inbox?mine=1');
    expect([...mine.text.matchAll(/<a href="(\/inbox\/[^"]+)">/g)].map((match) => match[1])).toEqual(['/inbox/order/or_plates1']);
    expect(mine.text).toContain('<a href="/inbox.csv?mine=1">Export CSV</a>');
  });

  it('refuses a disabled person, an unknown one and an unknown request, and writes nothing', async () => {
    const csrf = await sam.csrf('/inbox/order/or_plates1');
    const goneId = (await app.opened.staff.findByEmail('gone@example.com'))!.id;
    const before = (await app.opened.inbox.states.timeline('order', 'or_plates1')).length;
    for (const assignee of [goneId, 'st_nobody']) {
      const refused = await sam.post('/inbox/order/or_plates1/assignee', { _csrf: csrf, assignee });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain('Choose someone on the active staff, or nobody.');
    }
    expect((await sam.post('/inbox/order/or_missing/assignee', { _csrf: csrf, assignee: samId })).status).toBe(404);
    expect((await app.opened.inbox.states.timeline('order', 'or_plates1')).length).toBe(before);
  });

  it('refuses an assignment without its CSRF token', async () => {
    const refused = await sam.post('/inbox/order/or_plates1/assignee', { assignee: oliveId });
    expect(refused.status).toBe(403);
    expect((await app.opened.inbox.states.statuses('order', ['or_plates1'])).get('or_plates1')?.assigneeId).toBe(samId);
  });

  it('exports the list as CSV: header, RFC 4180 quoting, the formula guard, dollars from cents, the customer\'s note; audited', async () => {
    const reply = await sam.get('/inbox.csv');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="inbox-2026-11-02.csv"');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.text).toBe(
      'kind,id,received,state,name,email,phone,company,total,assignee,link,note\r\n' +
        "quote,rs_stairs1,2026-11-02T12:00:00.000Z,new,'=cmd|calc,lee@stairs.example,,'+Stairs Inc,,olive,http://console.test/inbox/quote/rs_stairs1,\r\n" +
        'order,or_plates1,2026-10-31T13:00:00.000Z,new,"Weld, ""Dana""",dana@forge.example,416 555 0100,Forge Works,1130.06,sam,http://console.test/inbox/order/or_plates1,"\'-Forklift on site,\nring the ""bell"""\r\n',
    );
    const exported = (await app.opened.audit.list({ limit: 5 })).entries.find((entry) => entry.action === 'inbox_exported');
    expect([exported?.subject, exported?.detail, exported?.staffId]).toEqual(['inbox', { state: null, search: '', mine: false, rows: 2, capped: false }, samId]);
  });

  it('applies the filters to the export and keeps them in the list\'s link', async () => {
    const lines = async (query: string) => (await sam.get(`/inbox.csv${query}`)).text.split('\r\n').filter(Boolean).map((line) => line.split(',')[1]);
    expect(await lines('?q=forge')).toEqual(['id', 'or_plates1']);
    expect(await lines('?mine=1')).toEqual(['id', 'or_plates1']);
    expect(await lines('?state=won')).toEqual(['id']);
    expect(await lines('?state=new&q=stringers')).toEqual(['id', 'rs_stairs1']);
    const exported = (await app.opened.audit.list({ limit: 1 })).entries[0];
    expect([exported?.action, exported?.detail]).toEqual(['inbox_exported', { state: 'new', search: 'stringers', mine: false, rows: 1, capped: false }]);
    expect((await sam.get('/inbox?state=new&q=a36%20plate')).text).toContain('<a href="/inbox.csv?state=new&amp;q=a36+plate">Export CSV</a>');
  });

  it('sends a visitor without a session to /sign-in and exports nothing', async () => {
    const visitor = app.browser();
    const before = (await app.opened.audit.list({ limit: 50 })).entries.filter((entry) => entry.action === 'inbox_exported').length;
    const reply = await visitor.get('/inbox.csv');
    expect([reply.status, reply.location]).toEqual([303, '/sign-in']);
    const posted = await visitor.post('/inbox/order/or_plates1/assignee', { assignee: '' });
    expect([posted.status, posted.location]).toEqual([303, '/sign-in']);
    expect((await app.opened.audit.list({ limit: 50 })).entries.filter((entry) => entry.action === 'inbox_exported').length).toBe(before);
  });
});
