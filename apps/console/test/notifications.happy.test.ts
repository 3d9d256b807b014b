// The notifications and webhooks pages over HTTP: the outbox as staff see it, a dead row retried by an
// owner, endpoints added (the secret shown once), disabled and deleted, each audited; owners only.
import { isWebhookSecret, rfqSubmissionCreated } from '@shop/notify';
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

describe('notifications and webhooks', () => {
  let app: ConsoleTestApp;
  let staff: Browser;
  let owner: Browser;

  async function submitRfq(id: string) {
    const event = rfqSubmissionCreated({ id, rfq_link_id: 'rl_1', description: 'Gussets', material: null, thickness_in: null, quantity: 4, name: 'Robin Forge' }, app.now());
    await app.opened.inbox.quotes.insert({
      id,
      rfqLinkId: 'rl_1',
      createdAt: app.now(),
      idempotencyKey: `k-${id}`,
      body: JSON.stringify({ object: 'rfq_submission', id, rfq_link_id: 'rl_1', submitted_at: app.now().toISOString(), description: 'Gussets', material: null, thickness_in: null, quantity: 4, name: 'Robin Forge', email: 'robin@forge.example', phone: null, company: null }),
      schemaVersion: 1,
      event: { type: event.type, subject: `quote/${id}`, payload: JSON.stringify(event), createdAt: app.now() },
    });
  }

  beforeAll(async () => {
    app = await startConsole({ env: { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'quotes@shop.example', SHOP_NOTIFY_EMAIL: 'shop@shop.example' } });
    await app.addPerson('sam@example.com', 'staff');
    await app.addPerson('olive@example.com', 'owner');
    staff = app.browser();
    await staff.signIn('sam@example.com');
    owner = app.browser();
    await owner.signIn('olive@example.com');
    await submitRfq('sub_first');
  });

  afterAll(() => app.close());

  it('lists the outbox for staff, newest first, linking each row to its request; the home page links it', async () => {
    expect((await staff.get('/')).text).toContain('<a href="/notifications">Notifications</a>');
    const page = await staff.get('/notifications');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<td data-label="Event">rfq_submission.created</td><td data-label="About"><a href="/inbox/quote/sub_first">quote/sub_first</a></td><td data-label="To">mail to shop@shop.example</td><td data-label="State">Waiting</td><td data-label="Tries">0</td>');
    expect((await staff.get('/notifications?state=sent')).text).toContain('No notifications in this state.');
  });

  it('leads from a notification to its request (the e-mail\'s link), signed in only', async () => {
    const [row] = await app.opened.outbox.forSubject('quote/sub_first');
    const opened = await staff.get(`/notifications/${row!.id}/request`);
    expect([opened.status, opened.headers.get('location')]).toEqual([303, '/inbox/quote/sub_first']);
    expect((await staff.get('/notifications/ob_missing/request')).status).toBe(404);
    const anonymous = await fetch(`${app.baseUrl}/notifications/${row!.id}/request`, { redirect: 'manual' });
    expect([anonymous.status, anonymous.headers.get('location')]).toEqual([303, '/sign-in']);
  });

  it('keeps webhooks to owners: staff get 403 on the page and its forms', async () => {
    expect((await staff.get('/webhooks')).status).toBe(403);
    const csrf = await staff.csrf('/notifications');
    expect((await staff.post('/webhooks', { _csrf: csrf, name: 'x', url: 'https://x.example/h', events: 'handoff.created' })).status).toBe(403);
    expect(await app.opened.webhooks.list()).toEqual([]);
  });

  it('refuses an endpoint inside the shop\'s network (after DNS), saying which address and how to allow it; WEBHOOK_ALLOW_HOSTS lets one through', async () => {
    const csrf = await owner.csrf('/webhooks');
    const cases: Array<[string, string]> = [
      ['http://127.0.0.1:5432/', '127.0.0.1 is a loopback address'],
      ['http://[::1]:6379/', '::1 is a loopback address'],
      ['http://10.0.0.5/hooks', '10.0.0.5 is a private address'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
      ['http://localhost:6379/', 'localhost (127.0.0.1) is a loopback address'],
    ];
    for (const [url, why] of cases) {
      const refused = await owner.post('/webhooks', { _csrf: csrf, name: 'inside', url, events: 'handoff.created' });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain(`${why}: webhooks go only to public addresses, never inside the shop&#39;s network.`);
      expect(refused.text).toContain('WEBHOOK_ALLOW_HOSTS');
    }
    expect(await app.opened.webhooks.list()).toEqual([]);

    // A console whose WEBHOOK_ALLOW_HOSTS names one host:port takes that one, and only that one.
    const allowing = await startConsole({ env: { WEBHOOK_ALLOW_HOSTS: 'hooks.lan,127.0.0.1:8080' } });
    try {
      await allowing.addPerson('olive@example.com', 'owner');
      const other = allowing.browser();
      await other.signIn('olive@example.com');
      const token = await other.csrf('/webhooks');
      expect((await other.post('/webhooks', { _csrf: token, name: 'inside', url: 'http://127.0.0.1:5432/', events: 'handoff.created' })).status).toBe(422);
      expect((await other.post('/webhooks', { _csrf: token, name: 'inside', url: 'http://127.0.0.1:8080/hooks', events: 'handoff.created' })).status).toBe(201);
      expect((await allowing.opened.webhooks.list()).map((endpoint) => endpoint.url)).toEqual(['http://127.0.0.1:8080/hooks']);
    } finally {
      await allowing.close();
    }
  });

  it('adds an endpoint with its secret shown once, audited; new events then go to it; refuses what cannot work', async () => {
    const csrf = await owner.csrf('/webhooks');
    expect((await owner.post('/webhooks', { _csrf: csrf, name: 'erp', url: 'ftp://erp.example/h', events: 'rfq_submission.created' })).status).toBe(422);
    expect((await owner.post('/webhooks', { _csrf: csrf, name: 'erp', url: 'https://erp.example/h', events: 'quote.created' })).status).toBe(422);
    const added = await owner.post('/webhooks', { _csrf: csrf, name: 'erp', url: 'https://erp.example/h', events: 'rfq_submission.created' });
    expect(added.status).toBe(201);
    const secret = /<code>(whsec_[^<]+)<\/code>/.exec(added.text)?.[1];
    expect(secret !== undefined && isWebhookSecret(secret)).toBe(true);
    const [endpoint] = await app.opened.webhooks.list();
    await expect(app.opened.webhooks.secretOf(endpoint!.id)).resolves.toEqual({ url: 'https://erp.example/h', secret });
    const listed = await owner.get('/webhooks');
    expect(listed.text).toContain('<td data-label="Name">erp</td><td data-label="URL">https://erp.example/h</td><td data-label="Events">rfq_submission.created</td><td data-label="State">enabled</td>');
    expect(listed.text).not.toContain(secret!);
    expect((await owner.post('/webhooks', { _csrf: csrf, name: 'erp', url: 'https://other.example/h', events: 'handoff.created' })).status).toBe(409);
    const audit = (await app.opened.audit.list({ limit: 5 })).entries.find((entry) => entry.action === 'webhook_added');
    expect(audit).toMatchObject({ subject: endpoint!.id, detail: { name: 'erp', url: 'https://erp.example/h', events: ['rfq_submission.created'] } });
    expect(JSON.stringify(audit)).not.toContain(secret!);

    await submitRfq('sub_second');
    expect((await app.opened.outbox.forSubject('quote/sub_second')).map((row) => [row.kind, row.target]).sort()).toEqual([
      ['email', 'shop@shop.example'],
      ['webhook', endpoint!.id],
    ]);
    const lead = await staff.get('/inbox/quote/sub_second');
    expect(lead.text).toContain('<h2>Notifications</h2>');
    expect(lead.text).toContain('E-mail rfq_submission.created</a>: Waiting, 0 tries');
    expect(lead.text).toContain('Webhook rfq_submission.created</a>: Waiting, 0 tries');
  });

  it('shows a dead row with its tries; an owner retries it now (audited, the loop woken), staff may not', async () => {
    const [row] = await app.opened.outbox.forSubject('quote/sub_first');
    const [again] = (await app.opened.outbox.claimDue('test', app.now(), { limit: 10, claimMs: 60_000 })).filter((r) => r.id === row!.id);
    await app.opened.outbox.settle(again!, 'test', { outcome: 'dead', status: 550, error: 'Mailbox <shop@shop.example> unknown', response: '550 5.1.1 unknown', durationMs: 41, attemptedAt: START, attempts: 1, nextAttemptAt: null });
    await app.opened.outbox.release('test');

    const page = await staff.get(`/notifications/${row!.id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<td data-label="#">1</td>');
    // Staff see the status; the start of the answer is for owners only.
    expect(page.text).toContain('<td data-label="Outcome">dead</td><td data-label="Status">550</td><td data-label="Took">41 ms</td><td data-label="Error">Mailbox &lt;shop@shop.example&gt; unknown</td><td data-label="Answer">shown to owners</td>');
    expect(page.text).not.toContain('5.1.1');
    expect((await owner.get(`/notifications/${row!.id}`)).text).toContain('<td data-label="Answer"><code>550 5.1.1 unknown</code></td>');
    expect(page.text).not.toContain('Retry now');
    const staffCsrf = await staff.csrf(`/notifications/${row!.id}`);
    expect((await staff.post(`/notifications/${row!.id}/retry`, { _csrf: staffCsrf })).status).toBe(403);
    expect((await app.opened.outbox.get(row!.id))!.row.state).toBe('dead');

    const csrf = await owner.csrf(`/notifications/${row!.id}`);
    expect((await owner.get(`/notifications/${row!.id}`)).text).toContain('Retry now');
    const wakes = app.wakes();
    const retried = await owner.post(`/notifications/${row!.id}/retry`, { _csrf: csrf });
    expect(retried.status).toBe(200);
    expect(app.wakes()).toBe(wakes + 1);
    expect((await app.opened.outbox.get(row!.id))!.row).toMatchObject({ state: 'pending', attempts: 0, nextAttemptAt: app.now() });
    expect((await owner.post(`/notifications/${row!.id}/retry`, { _csrf: csrf })).status).toBe(409);
    const audit = (await app.opened.audit.list({ limit: 5 })).entries.filter((entry) => entry.action === 'notification_retried');
    expect(audit.map((entry) => entry.subject)).toEqual([row!.id]);
    expect((await staff.get('/notifications/ob_missing')).status).toBe(404);
  });

  it('disables and deletes an endpoint, audited: a disabled one gets no new rows', async () => {
    const [endpoint] = await app.opened.webhooks.list();
    const csrf = await owner.csrf('/webhooks');
    expect((await owner.post(`/webhooks/${endpoint!.id}/disable`, { _csrf: csrf })).status).toBe(200);
    expect((await owner.post(`/webhooks/${endpoint!.id}/disable`, { _csrf: csrf })).status).toBe(404);
    await submitRfq('sub_third');
    expect((await app.opened.outbox.forSubject('quote/sub_third')).map((row) => row.kind)).toEqual(['email']);
    // Without the confirmation step's answer a delete POST is only the step again.
    const asked = await owner.post(`/webhooks/${endpoint!.id}/delete`, { _csrf: csrf });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain('<h1>Delete the endpoint erp?</h1>');
    expect(await app.opened.webhooks.list()).toHaveLength(1);
    expect((await owner.post(`/webhooks/${endpoint!.id}/delete`, { _csrf: csrf, confirm: 'yes' })).status).toBe(200);
    expect(await app.opened.webhooks.list()).toEqual([]);
    const actions = (await app.opened.audit.list({ limit: 10 })).entries.map((entry) => `${entry.action} ${entry.subject}`);
    expect(actions.slice(0, 2)).toEqual([`webhook_deleted ${endpoint!.id}`, `webhook_disabled ${endpoint!.id}`]);
  });
});
