// The console's own pages in headless Chromium at 320 px (WCAG 1.4.10: no sideways scrolling), with
// long values in their rows (a webhook's long URL, a notification's long error, audit details): the
// notifications, a notification, the webhooks and the delete step, the audit log and its refused
// filter. And the keyboard's first stop: the skip link, which moves focus to the page's content. Then
// axe-core on the same pages at a phone's and a desk's size: no critical, serious or moderate violation.
import { readFileSync } from 'node:fs';
import { rfqSubmissionCreated } from '@shop/notify';
import { HAS_CHROMIUM, NEEDS_CHROMIUM, launchBrowser, type Browser, type Page } from '../../rest/test/browser';
import { describeUnless } from '../../../scripts/test/skip-unless';
import { PASSWORD, START, startConsole, type ConsoleTestApp } from './console-harness';

jest.setTimeout(90_000);

const LONG_URL = `https://hooks.erp-integration.example.com/incoming/${'segment-'.repeat(12)}end?token=${'x'.repeat(60)}`;

describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)('the console at 320 px', () => {
  let app: ConsoleTestApp;
  let browser: Browser;
  let page: Page;
  let rowId: string;
  let endpointId: string;

  beforeAll(async () => {
    app = await startConsole({ ownUrl: true, env: { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'quotes@shop.example', SHOP_NOTIFY_EMAIL: 'orders-and-quotes-desk@steel-shop-of-northern-ontario.example' } });
    await app.addPerson('ana@shop.test', 'owner');
    const owner = app.browser();
    await owner.signIn('ana@shop.test');
    const csrf = await owner.csrf('/webhooks');
    await owner.post('/webhooks', { _csrf: csrf, name: 'erp-integration-endpoint-for-orders', url: LONG_URL, events: 'rfq_submission.created' });
    endpointId = (await app.opened.webhooks.list())[0]!.id;
    const id = 'sub_0123456789abcdefghijkl';
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
    const [row] = await app.opened.outbox.claimDue('test', app.now(), { limit: 10, claimMs: 60_000 });
    rowId = row!.id;
    await app.opened.outbox.settle(row!, 'test', {
      outcome: 'dead',
      status: 550,
      error: `connect ECONNREFUSED while sending to ${LONG_URL}`,
      response: `<html><body>${'upstream-connect-error-or-disconnect/reset-before-headers '.repeat(4)}</body></html>`,
      durationMs: 41,
      attemptedAt: START,
      attempts: 1,
      nextAttemptAt: null,
    });
    await app.opened.outbox.release('test');

    // The audit log's longest unbroken values: a person's data by the e-mail's hash, a full IPv6 address.
    await app.opened.audit.append({
      at: app.now(),
      staffId: null,
      action: 'personal_data_found',
      subject: `sha256:${'9f86d081884c7d659a2feaa0c55ad015'.repeat(2)}`,
      detail: { orderRequests: 2, quoteRequests: 1, notes: 0 },
      ip: '2001:db8:85a3:1234:5678:8a2e:370:7334',
    });

    browser = await launchBrowser({ width: 320, height: 640 });
    page = await browser.context.newPage();
    await page.goto(`${app.baseUrl}/sign-in`);
    await page.fill('input[name=email]', 'ana@shop.test');
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForURL(`${app.baseUrl}/`), page.click('button[type=submit]')]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const pagesTouched = () => ['/', '/notifications', `/notifications/${rowId}`, '/webhooks', `/webhooks/${endpointId}/delete`, '/audit', '/audit?from=not-a-day&to=2026-02-30'];

  it.each([
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])('axe-core finds no critical, serious or moderate violation at $width x $height', async (viewport) => {
    // Run through the DevTools protocol (page.evaluate), which the pages' CSP (script-src 'none') does not apply to.
    const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    const sized = await launchBrowser(viewport);
    try {
      const tab = await sized.context.newPage();
      await tab.goto(`${app.baseUrl}/sign-in`);
      await tab.fill('input[name=email]', 'ana@shop.test');
      await tab.fill('input[name=password]', PASSWORD);
      await Promise.all([tab.waitForURL(`${app.baseUrl}/`), tab.click('button[type=submit]')]);
      const found: string[] = [];
      for (const pathname of pagesTouched()) {
        await tab.goto(`${app.baseUrl}${pathname}`);
        await tab.evaluate(axeSource);
        const { violations, passed } = await tab.evaluate<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[]; passed: number }>(
          "axe.run(document).then((result) => ({ passed: result.passes.length, violations: result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) })) }))",
        );
        // The rules really ran on this page.
        expect([pathname, passed > 10]).toEqual([pathname, true]);
        for (const violation of violations) {
          if (violation.impact === 'minor') continue;
          found.push(`${pathname}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
        }
      }
      expect(found).toEqual([]);
    } finally {
      await sized.close();
    }
  });

  it('no page of notifications, webhooks or the audit log scrolls sideways', async () => {
    const paths = pagesTouched();
    const wide: string[] = [];
    for (const pathname of paths) {
      await page.goto(`${app.baseUrl}${pathname}`);
      const width = await page.evaluate<number>('document.documentElement.scrollWidth');
      if (width > 320) wide.push(`${pathname}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });

  it('the first Tab reaches the skip link, which takes the keyboard to the content', async () => {
    await page.goto(`${app.baseUrl}/audit`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate<string>('document.activeElement.textContent')).toBe('Skip to the content');
    // Shown once focused: inside the window.
    expect(await page.evaluate<boolean>('(() => { const box = document.activeElement.getBoundingClientRect(); return box.top >= 0 && box.height > 0; })()')).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe('main');
  });

  it('a summary link moves the keyboard to its field', async () => {
    await page.goto(`${app.baseUrl}/audit?from=not-a-day`);
    await page.click('.error-summary a[href="#audit-from"]');
    expect(await page.evaluate<string>('document.activeElement.id')).toBe('audit-from');
  });
});
