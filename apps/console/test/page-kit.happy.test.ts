// The console's shared page kit over HTTP: the menu (Inbox included, the current section marked), the
// skip link, error summaries that link to their fields, refused forms that keep what was typed, the
// webhook delete's confirmation step, row-named buttons, and /notifications when nobody is told.
import { startConsole, type Browser, type ConsoleTestApp } from './console-harness';
import { noStaffHint } from '../src/start-hint';

/** The menu's markup on a page. */
const menuOf = (text: string) => /<nav class="sections"[\s\S]*?<\/nav>/.exec(text)?.[0] ?? '';
/** The hrefs the menu marks as the current page. */
const currentOf = (text: string) => [...menuOf(text).matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((match) => match[1]);

describe('the console page kit', () => {
  let app: ConsoleTestApp;
  let owner: Browser;
  let staff: Browser;

  beforeAll(async () => {
    app = await startConsole();
  });
  afterAll(() => app.close());

  it('hints at pnpm staff:add at start while no staff exist, and says nothing once someone does', async () => {
    const hint = await noStaffHint(app.opened.staff, app.config.consoleUrl);
    expect(hint).toContain('Run pnpm staff:add first');
    expect(hint).toContain(app.config.consoleUrl);
    await app.addPerson('olive@example.com', 'owner');
    await app.addPerson('sam@example.com', 'staff');
    await expect(noStaffHint(app.opened.staff, app.config.consoleUrl)).resolves.toBeNull();
    owner = app.browser();
    await owner.signIn('olive@example.com');
    staff = app.browser();
    await staff.signIn('sam@example.com');
  });

  it('the menu links the inbox and marks the section of the page shown, and only it', async () => {
    const pages: [string, string][] = [
      ['/', '/'],
      ['/inbox', '/inbox'],
      ['/notifications', '/notifications'],
      ['/notifications?state=dead', '/notifications'],
      ['/webhooks', '/webhooks'],
      ['/audit', '/audit'],
      ['/settings/lost-reasons', '/settings/lost-reasons'],
      ['/account', '/account'],
    ];
    for (const [path, section] of pages) {
      const page = await owner.get(path);
      expect([path, page.status]).toEqual([path, 200]);
      expect([path, currentOf(page.text)]).toEqual([path, [section]]);
      expect(menuOf(page.text)).toContain('<a href="/inbox"');
    }
    // A page under a section marks that section; a page of no section marks none.
    expect(currentOf((await owner.get('/notifications/ob_missing')).text)).toEqual(['/notifications']);
    expect(currentOf((await owner.get('/nowhere')).text)).toEqual([]);
    // Staff see the inbox too, and no owners' sections.
    const staffMenu = menuOf((await staff.get('/inbox')).text);
    expect(staffMenu).toContain('<a href="/inbox" aria-current="page">Inbox</a>');
    expect(staffMenu).not.toContain('/webhooks');
  });

  it('every page opens with a skip link to the main content, before the menu', async () => {
    for (const browser of [owner, app.browser()]) {
      const page = await browser.get('/sign-in');
      const text = browser === owner ? (await owner.get('/audit')).text : page.text;
      const body = text.slice(text.indexOf('<body>'));
      const firstLink = /<a [^>]*>/.exec(body)?.[0];
      expect(firstLink).toBe('<a class="skip-link" href="#main">');
      expect(body).toContain('<main class="wrap" id="main" tabindex="-1">');
    }
  });

  it('a refused webhook form keeps what was typed (escaped), links its summary to the field, and the field to its message', async () => {
    const csrf = await owner.csrf('/webhooks');
    const typed = { name: 'erp "<b>x</b>"', url: 'ftp://erp.example/h?a=1&b=<2>', events: 'handoff.created' };
    const refused = await owner.post('/webhooks', { _csrf: csrf, ...typed });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('<div class="error-summary" role="alert" aria-labelledby="error-summary-title">');
    expect(refused.text).toContain('<li><a href="#webhook-url">The URL must start with https:// (or http://).</a></li>');
    expect(refused.text).toContain('<input id="webhook-url" name="url" type="url" required maxlength="2000" value="ftp://erp.example/h?a=1&amp;b=&lt;2&gt;" aria-invalid="true" aria-describedby="webhook-url-error">');
    expect(refused.text).toContain('<span class="field-error" id="webhook-url-error">The URL must start with https:// (or http://).</span>');
    expect(refused.text).toContain('value="erp &quot;&lt;b&gt;x&lt;/b&gt;&quot;"');
    expect(refused.text).not.toContain('<b>x</b>');
    // Only the event that was ticked stays ticked.
    expect(refused.text).toContain('<input type="checkbox" name="events" value="handoff.created" checked>');
    expect(refused.text).toContain('<input type="checkbox" name="events" value="rfq_submission.created">');

    const noEvents = await owner.post('/webhooks', { _csrf: csrf, name: 'erp', url: 'https://erp.example/h' });
    expect(noEvents.status).toBe(422);
    expect(noEvents.text).toContain('<li><a href="#webhook-events">Tick at least one event.</a></li>');
    expect(noEvents.text).toContain('<fieldset id="webhook-events" aria-invalid="true" aria-describedby="webhook-events-error">');
    expect(noEvents.text).toContain('value="https://erp.example/h"');
  });

  it('the audit filter links each problem to its field', async () => {
    const page = await owner.get('/audit?from=2026-13-40&who=someone');
    expect(page.status).toBe(400);
    expect(page.text).toContain('<li><a href="#audit-who">Person must be someone from the list.</a></li>');
    expect(page.text).toContain('<li><a href="#audit-from">From must be a date (YYYY-MM-DD).</a></li>');
    expect(page.text).toContain('<input id="audit-from" type="date" name="from" value="2026-13-40" aria-invalid="true" aria-describedby="audit-from-error">');
    expect(page.text).toContain('id="audit-from-error"');
    expect(page.text).toContain('<select id="audit-who" name="who" aria-invalid="true" aria-describedby="audit-who-error">');
  });

  it('a refused staff form keeps the name, e-mail and role typed, and links its problem to the field', async () => {
    const csrf = await owner.csrf('/staff');
    const taken = await owner.post('/staff', { _csrf: csrf, name: 'Sam "the <welder>"', email: 'sam@example.com', role: 'owner' });
    expect(taken.status).toBe(409);
    expect(taken.text).toMatch(/<li><a href="#staff-email">sam@example.com already has an account\./);
    expect(taken.text).toContain('<input id="staff-email" type="email" name="email" required maxlength="254" value="sam@example.com" aria-invalid="true" aria-describedby="staff-email-error">');
    expect(taken.text).toContain('value="Sam &quot;the &lt;welder&gt;&quot;"');
    expect(taken.text).toContain('<option value="owner" selected>owner</option>');
    const unnamed = await owner.post('/staff', { _csrf: csrf, name: ' ', email: 'new@example.com', role: 'staff' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.text).toContain('<li><a href="#staff-name">A name needs');
    expect(unnamed.text).toContain('value="new@example.com"');
  });

  it('lost reasons: a refused label stays in its field, linked from the summary; Rename and Retire name their reason', async () => {
    const csrf = await owner.csrf('/settings/lost-reasons');
    expect((await owner.post('/settings/lost-reasons', { _csrf: csrf, label: 'Went with a bigger shop' })).status).toBe(200);
    const [reason] = (await app.opened.lostReasons.list()).filter((entry) => entry.label === 'Went with a bigger shop');
    const again = await owner.post('/settings/lost-reasons', { _csrf: csrf, label: 'Went with a bigger shop' });
    expect(again.status).toBe(409);
    expect(again.text).toContain('<li><a href="#reason-new">');
    expect(again.text).toContain('<input id="reason-new" type="text" name="label" required maxlength="');
    expect(again.text).toMatch(/id="reason-new"[^>]* value="Went with a bigger shop" aria-invalid="true" aria-describedby="reason-new-error">/);
    const tooLong = 'x'.repeat(300);
    const renamed = await owner.post(`/settings/lost-reasons/${reason!.id}/rename`, { _csrf: csrf, label: tooLong });
    expect(renamed.status).toBe(400);
    expect(renamed.text).toContain(`<li><a href="#reason-${reason!.id}">`);
    expect(renamed.text).toContain(`value="${tooLong}"`);
    expect(renamed.text).toContain('<button type="submit">Rename<span class="visually-hidden"> Went with a bigger shop</span></button>');
    expect(renamed.text).toContain('<button type="submit" class="danger">Retire<span class="visually-hidden"> Went with a bigger shop</span></button>');
  });

  it('a webhook is deleted only through a step that names it; its buttons name their row', async () => {
    const csrf = await owner.csrf('/webhooks');
    expect((await owner.post('/webhooks', { _csrf: csrf, name: 'erp', url: 'https://erp.example/h', events: 'handoff.created' })).status).toBe(201);
    expect((await owner.post('/webhooks', { _csrf: csrf, name: 'crm', url: 'https://crm.example/h', events: 'handoff.created' })).status).toBe(201);
    const endpoints = await app.opened.webhooks.list();
    const erp = endpoints.find((endpoint) => endpoint.name === 'erp')!;
    const list = (await owner.get('/webhooks')).text;
    for (const name of ['erp', 'crm']) {
      expect(list).toContain(`<button type="submit">Disable<span class="visually-hidden"> ${name}</span></button>`);
      expect(list).toContain(`<button type="submit" class="danger-outline">Delete<span class="visually-hidden"> ${name}</span>…</button>`);
    }
    // The list's Delete opens the step (a GET: nothing changes yet).
    expect(list).toContain(`<form method="get" action="/webhooks/${erp.id}/delete" class="inline">`);
    const step = await owner.get(`/webhooks/${erp.id}/delete`);
    expect(step.status).toBe(200);
    expect(step.text).toContain('<h1>Delete the endpoint erp?</h1>');
    expect(step.text).toContain('<code>https://erp.example/h</code>');
    expect(step.text).toContain('<input type="hidden" name="confirm" value="yes">\n<button type="submit" class="danger">Delete erp</button>\n<a href="/webhooks">Keep it</a>');
    // A one-click POST (an old page's form) is answered with the step, and nothing is deleted or audited.
    const oneClick = await owner.post(`/webhooks/${erp.id}/delete`, { _csrf: csrf });
    expect(oneClick.status).toBe(200);
    expect(oneClick.text).toContain('<h1>Delete the endpoint erp?</h1>');
    expect((await app.opened.webhooks.list()).map((endpoint) => endpoint.name).sort()).toEqual(['crm', 'erp']);
    expect((await app.opened.audit.list({ limit: 50 })).entries.some((entry) => entry.action === 'webhook_deleted')).toBe(false);
    const done = await owner.post(`/webhooks/${erp.id}/delete`, { _csrf: csrf, confirm: 'yes' });
    expect(done.status).toBe(200);
    expect((await app.opened.webhooks.list()).map((endpoint) => endpoint.name)).toEqual(['crm']);
    expect((await owner.get('/webhooks/wh_missing/delete')).status).toBe(404);
  });

  it('/notifications says plainly that nobody is told while no e-mail and no enabled endpoint are set, and how to set them up', async () => {
    const csrf = await owner.csrf('/webhooks');
    for (const endpoint of await app.opened.webhooks.list()) await owner.post(`/webhooks/${endpoint.id}/delete`, { _csrf: csrf, confirm: 'yes' });
    for (const browser of [staff, owner]) {
      const page = await browser.get('/notifications');
      expect(page.text).toContain('Nobody is being told of new requests.');
      for (const name of ['SMTP_URL', 'MAIL_FROM', 'SHOP_NOTIFY_EMAIL', 'WEBHOOK_URL', 'WEBHOOK_SECRET', 'docs/deploy.md']) expect(page.text).toContain(name);
      expect(page.text).not.toContain('<p>No notifications.</p>');
    }
    expect((await owner.get('/notifications')).text).toContain('add an endpoint on <a href="/webhooks">Webhooks</a>');
    expect((await staff.get('/notifications')).text).toContain('ask an owner to add a webhook endpoint');
    // An enabled endpoint tells someone; a disabled one does not.
    await owner.post('/webhooks', { _csrf: csrf, name: 'erp', url: 'https://erp.example/h', events: 'handoff.created' });
    expect((await staff.get('/notifications')).text).not.toContain('Nobody is being told');
    const [endpoint] = await app.opened.webhooks.list();
    await owner.post(`/webhooks/${endpoint!.id}/disable`, { _csrf: csrf });
    expect((await staff.get('/notifications')).text).toContain('Nobody is being told');
  });
});

describe('/notifications with e-mail set up', () => {
  it('does not say nobody is told', async () => {
    const app = await startConsole({ env: { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'quotes@shop.example', SHOP_NOTIFY_EMAIL: 'shop@shop.example' } });
    try {
      await app.addPerson('sam@example.com', 'staff');
      const staff = app.browser();
      await staff.signIn('sam@example.com');
      const page = await staff.get('/notifications');
      expect(page.text).toContain('<p>No notifications.</p>');
      expect(page.text).not.toContain('Nobody is being told');
    } finally {
      await app.close();
    }
  });
});
