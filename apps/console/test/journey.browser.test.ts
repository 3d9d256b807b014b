// The shop's whole loop in headless Chromium, on a phone (390 x 844) and at a desk (1366 x 900): a
// customer orders from an order link on the REST app's pages; staff sign in to the console, find the
// request in the inbox, work it (state, note, assignee), an owner uploads a changed price book and
// reads its diff, and the quotes list and a quote's drawings load. Every page is checked for fit:
// nothing wider than the screen, every element inside it, buttons a finger can hit on a phone, and a
// visible focus ring for the keyboard.
import { PRICE_BOOK, PRICE_BOOK_JSON, createCatalog, loadPriceBook } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import { REFERENCE_PARTS, pricePlateItem } from '@shop/pricing';
import pino from 'pino';
import { orderRequestReference } from '@shop/notify';
import { startSmtpServer, type TestSmtpServer } from '../../../packages/notify/src/test-servers';
import { createDeliveryLoop, type DeliveryLoop } from '../src/delivery-loop';
import { HAS_CHROMIUM, NEEDS_CHROMIUM, launchBrowser, type Browser, type Page } from '../../rest/test/browser';
import { describeUnless } from '../../../scripts/test/skip-unless';
import { PASSWORD, startConsole, type ConsoleTestApp } from './console-harness';
import { startShopBeside, type ShopBeside } from './shop-beside';

jest.setTimeout(120_000);

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, customer: 'Pat Ouellette', company: 'Ouellette Trailers', serial: 1 },
  { name: 'desk', width: 1366, height: 900, customer: 'Dana Whitfield', company: 'Whitfield Ag Repair', serial: 2 },
] as const;

const plate = (label: string, quantity: number) => ({
  kind: 'plate',
  label,
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
  bends: [{ start_in: [0, 2], end_in: [6, 2] }],
  quantity,
});

const JOB = 'Two paddles for a manure spreader beater, re-cut in AR400 and welded back on; the old ones are worn through at the tips.';

/** Cents as both apps print them: 123456 -> "$1,234.56". */
function dollars(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-CA')}.${String(cents % 100).padStart(2, '0')}`;
}

const catalogOf = (book: unknown) => createCatalog({ shopUrl: 'https://shop.invalid', priceBook: loadPriceBook(book) });
function unitCents(item: Record<string, unknown>, book: unknown): number {
  return pricePlateItem(PlateItem.parse(item), { catalog: catalogOf(book) }).unit_amount_cents as number;
}

/**
 * What does not fit on the page as shown: sideways scrolling, a visible element reaching past either
 * edge of the window, and (on a phone) a button under 44 px tall. Run in the page, so it reads the
 * browser's own layout.
 */
const LAYOUT_PROBLEMS = `(() => {
  const problems = [];
  const width = window.innerWidth;
  const scrolled = document.scrollingElement.scrollWidth;
  if (scrolled > width) problems.push('scrolls sideways: ' + scrolled + ' > ' + width);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || el.getAttribute('name') || '').trim().slice(0, 30) + '"';
  for (const el of document.querySelectorAll('main *, header *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.left < -0.5 || box.right > width + 0.5) problems.push(name(el) + ' outside the window: ' + Math.round(box.left) + ' to ' + Math.round(box.right));
    else if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible') problems.push(name(el) + ' overflows by ' + (el.scrollWidth - el.clientWidth) + ' px');
    if (width < 640 && (el.tagName === 'BUTTON' || el.classList.contains('button')) && box.height < 44) problems.push(name(el) + ' only ' + box.height + ' px tall');
  }
  return problems;
})()`;

/** Tabs once from `from` and says what took the focus and whether the browser draws a ring round it. */
async function tabFocus(page: Page, from: string): Promise<{ focused: string; visible: boolean }> {
  await page.focus(from);
  await page.keyboard.press('Tab');
  return page.evaluate<{ focused: string; visible: boolean }>(`(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return {
      focused: el.tagName.toLowerCase() + ' ' + el.textContent.trim(),
      visible: el.matches(':focus-visible') && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    };
  })()`);
}

describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)('the shop in headless Chromium', () => {
  let app: ConsoleTestApp;
  let shop: ShopBeside;
  let smtp: TestSmtpServer;
  let delivery: DeliveryLoop;

  beforeAll(async () => {
    // The shop's mail server: the REST app writes each request's e-mail row, the console's delivery loop sends it here.
    smtp = await startSmtpServer();
    const mail = { SMTP_URL: smtp.url, MAIL_FROM: 'Quotes <quotes@shop.test>', SHOP_NOTIFY_EMAIL: 'office@shop.test' };
    app = await startConsole({ ownUrl: true, env: mail });
    shop = await startShopBeside(app, { ownUrl: true, env: mail });
    // Run one pass at a time (runOnce) rather than on its timer, so the test knows when a row was tried.
    delivery = createDeliveryLoop({ outbox: app.opened.outbox, webhooks: app.opened.webhooks, mail: app.config.mail, now: app.now, logger: pino({ level: 'silent' }) });
    await app.addPerson('olive@shop.test', 'owner');
    await app.addPerson('sam@shop.test', 'staff');
  });

  afterAll(async () => {
    await delivery?.stop();
    await shop?.close();
    await app?.close();
    await smtp?.close();
  });

  describe.each(VIEWPORTS)('on a $name ($width x $height)', (viewport) => {
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];
    const expected: string[] = [];
    const layout = () => page.evaluate<string[]>(LAYOUT_PROBLEMS);
    let quote: { id: string; items: Array<{ quantity: number; unit_amount_cents: number; amount_cents: number }>; amount_subtotal_cents: number; amount_tax_cents: number; amount_total_cents: number };
    let reference = '';
    let rfqLink = '';

    beforeAll(async () => {
      browser = await launchBrowser({ width: viewport.width, height: viewport.height });
      page = await browser.context.newPage();
      // A console error (a CSP violation included) or an answer of 400 and up is a defect, unless the step expects it.
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`script: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
    });
    afterAll(async () => {
      await browser?.close();
    });
    afterEach(() => {
      expect(problems.splice(0).filter((problem) => !expected.some((text) => problem.includes(text)))).toEqual([]);
      expected.splice(0);
    });

    it('orders from an order link (pickup, then delivery) and the confirmation keeps the quote\'s figures', async () => {
      // Each size's requests an hour after the last size's, each a second after the one before, so the inbox's order is known.
      app.advance(3_600_000);
      const created = await shop.rest('POST', '/api/v1/quotes', { items: [plate('Hitch plate', 12), plate('Gusset', 4)] });
      expect(created.status).toBe(201);
      quote = created.json;
      const handoff = await shop.rest('POST', '/api/v1/handoffs', { quote_ids: [quote.id] });
      expect(handoff.status).toBe(201);
      expect(handoff.json.url.startsWith(shop.restUrl)).toBe(true);

      await page.goto(handoff.json.url);
      expect(await layout()).toEqual([]);
      await Promise.all([page.waitForURL(/\/o\/h_[0-9A-Za-z]{22}\/request$/), page.click('#order')]);
      expect(await page.textContent('h1')).toBe('Order');
      expect(await layout()).toEqual([]);

      // Pickup is the first choice: the address stays hidden. Delivery shows it, pickup hides it again.
      expect(await page.isChecked('#f-fulfilment-pickup')).toBe(true);
      expect(await page.isVisible('#f-address_line1')).toBe(false);
      await page.check('#f-fulfilment-delivery');
      expect(await page.isVisible('#f-address_line1')).toBe(true);
      await page.check('#f-fulfilment-pickup');
      expect(await page.isVisible('#f-address_line1')).toBe(false);
      await page.fill('#f-name', viewport.customer);
      await page.fill('#f-company', viewport.company);
      await page.fill('#f-email', `${viewport.name}@customer.test`);
      await page.fill('#f-phone', '519-555-0142');
      await page.fill('#f-note', 'Pickup Friday morning');
      expect(await tabFocus(page, '#f-note')).toEqual({ focused: 'button Send the order', visible: true });
      app.advance(1000);
      await Promise.all([page.waitForURL(/\/order-requests\/or_[0-9A-Za-z]{22}$/), page.click('button:has-text("Send the order")')]);
      const pickupReference = new URL(page.url()).pathname.split('/')[2] as string;
      expect(await page.textContent('#reference')).toBe(pickupReference);
      expect(await page.textContent('main')).toContain('Pickup at the shop: you are told when the order is ready.');

      // The prices kept with the request are the stored quote's, figure for figure.
      const stored = (await shop.rest('GET', `/api/v1/quotes/${quote.id}`)).json;
      expect(await page.locator('li.order-line [data-field="quantity"]').allTextContents()).toEqual(stored.items.map((item: { quantity: number }) => String(item.quantity)));
      expect(await page.locator('li.order-line [data-field="amount"]').allTextContents()).toEqual(stored.items.map((item: { amount_cents: number }) => dollars(item.amount_cents)));
      expect(await page.locator('li.order-line [data-field="unit"]').evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent?.trim() ?? ''))).toEqual(
        stored.items.map((item: { unit_amount_cents: number }) => dollars(item.unit_amount_cents)),
      );
      expect([await page.textContent('[data-field="subtotal"]'), await page.textContent('[data-field="tax"]'), await page.textContent('[data-field="total"]')]).toEqual([
        dollars(stored.amount_subtotal_cents),
        dollars(stored.amount_tax_cents),
        dollars(stored.amount_total_cents),
      ]);
      expect(await layout()).toEqual([]);

      // The same link again, this time for delivery.
      await page.goto(`${handoff.json.url}/request`);
      await page.check('#f-fulfilment-delivery');
      await page.fill('#f-address_line1', '4410 Line 6');
      await page.fill('#f-city', 'Elmira');
      await page.selectOption('#f-province', 'ON');
      await page.fill('#f-postal_code', 'n3b 2z1');
      await page.fill('#f-name', viewport.customer);
      await page.fill('#f-email', `${viewport.name}@customer.test`);
      app.advance(1000);
      await Promise.all([page.waitForURL(/\/order-requests\/or_[0-9A-Za-z]{22}$/), page.click('button:has-text("Send the order")')]);
      reference = new URL(page.url()).pathname.split('/')[2] as string;
      expect(reference).not.toBe(pickupReference);
      expect(await page.textContent('#reference')).toBe(reference);
      expect(await page.textContent('main')).toContain('Delivery to 4410 Line 6, Elmira, ON N3B 2Z1');
      expect(await page.textContent('[data-field="total"]')).toBe(dollars(stored.amount_total_cents));
      expect(await layout()).toEqual([]);
    });

    it('sends a quote request from an rfq link made over REST', async () => {
      const link = await shop.rest('POST', '/api/v1/rfq-links', { description: JOB, material: 'AR400', thickness_in: 0.375, quantity: 2 });
      expect(link.status).toBe(201);
      await page.goto(link.json.url);
      expect(await page.textContent('h1')).toBe('Request a quote');
      expect(await page.inputValue('#f-description')).toBe(JOB);
      await page.fill('#f-name', `${viewport.customer} Jr`);
      await page.fill('#f-email', `${viewport.name}.jr@customer.test`);
      app.advance(1000);
      await Promise.all([page.waitForNavigation(), page.click('button:has-text("Send the request")')]);
      expect(await page.textContent('h1')).toBe(`Thank you, ${viewport.customer} Jr`);
      rfqLink = link.json.id;
      expect(await layout()).toEqual([]);
    });

    it('signs in (a wrong password first), lists the request in the inbox and works it: quoted, a note, assigned', async () => {
      await page.goto(`${app.baseUrl}/inbox`);
      expect(new URL(page.url()).pathname).toBe('/sign-in');
      expect(await layout()).toEqual([]);
      await page.fill('input[name=email]', 'olive@shop.test');
      await page.fill('input[name=password]', 'not the password at all');
      expect(await tabFocus(page, 'input[name=password]')).toEqual({ focused: 'button Sign in', visible: true });
      expected.push(`401 ${app.baseUrl}/sign-in`, 'status of 401');
      await page.click('button[type=submit]');
      await page.waitForSelector('.notice.error');
      expect(await page.textContent('.notice.error')).toBe('That e-mail and password do not match an account that may sign in.');
      await page.fill('input[name=email]', 'olive@shop.test');
      await page.fill('input[name=password]', PASSWORD);
      await Promise.all([page.waitForURL(`${app.baseUrl}/`), page.click('button[type=submit]')]);
      expect(await page.textContent('h1')).toBe('Hello, olive');

      await page.goto(`${app.baseUrl}/inbox`);
      const row = page.locator('table.list tbody tr', { has: page.locator(`a[href="/inbox/order/${reference}"]`) });
      expect(await row.locator('td').allTextContents()).toEqual(['just now', 'Order request', viewport.customer, '', 'New', dollars(quote.amount_total_cents), '']);
      // This size's three requests, newest first: the quote request, then both orders (delivery, pickup); the other size's come later.
      expect((await page.locator('table.list tbody td[data-label="Name"] a').allTextContents()).slice(0, 3)).toEqual([`${viewport.customer} Jr`, viewport.customer, viewport.customer]);
      expect(await layout()).toEqual([]);

      await Promise.all([page.waitForURL(`${app.baseUrl}/inbox/order/${reference}`), row.locator('a').click()]);
      expect(await page.textContent('h1')).toBe(`Order request from ${viewport.customer}`);
      expect(await page.textContent('main')).toContain('Delivery to 4410 Line 6, Elmira, ON, N3B 2Z1');
      expect(await page.locator('main table.list tbody tr td:last-child').allTextContents()).toEqual(quote.items.map((item) => dollars(item.amount_cents)));
      expect(await page.textContent('ol.timeline, main')).toContain('Nothing yet.');
      expect(await layout()).toEqual([]);

      await page.selectOption('form[action$="/state"] select[name=state]', 'quoted');
      await Promise.all([page.waitForNavigation(), page.click('form[action$="/state"] button')]);
      await page.fill('form[action$="/notes"] textarea[name=note]', 'Quoted freight to Elmira: $85 by Thursday');
      expect(await tabFocus(page, 'form[action$="/notes"] textarea')).toEqual({ focused: 'button Add', visible: true });
      await Promise.all([page.waitForNavigation(), page.click('form[action$="/notes"] button')]);
      await page.selectOption('form[action$="/assignee"] select[name=assignee]', { label: 'sam' });
      await Promise.all([page.waitForNavigation(), page.click('form[action$="/assignee"] button')]);

      expect(await page.textContent('main > p:has(strong)')).toMatch(/state Quoted · assigned to sam$/);
      const timeline = (await page.locator('ol.timeline li').allTextContents()).map((entry) => entry.replace(/^.* · /, ''));
      expect(timeline).toEqual(['olive: state New → Quoted', 'olive: note: Quoted freight to Elmira: $85 by Thursday', 'olive: assigned to sam']);
      expect(await layout()).toEqual([]);

      // The quote request: the person's form and the link's job, readable at this width.
      await page.goto(`${app.baseUrl}/inbox`);
      await Promise.all([page.waitForURL(/\/inbox\/quote\//), page.click(`a:has-text("${viewport.customer} Jr")`)]);
      expect(await page.textContent('h1')).toBe(`Quote request from ${viewport.customer} Jr`);
      expect(await page.textContent('main')).toContain(`From quote request link ${rfqLink}`);
      // The link's job in labelled fields, not JSON.
      expect(await page.locator('dl.job').last().textContent()).toContain(`Description${JOB}`);
      expect(await page.locator('main pre').count()).toBe(0);
      expect(await layout()).toEqual([]);

      await page.goto(`${app.baseUrl}/inbox?state=quoted`);
      expect(await page.locator('table.list tbody tr', { has: page.locator(`a[href="/inbox/order/${reference}"]`) }).locator('td').allTextContents()).toEqual([
        'just now',
        'Order request',
        viewport.customer,
        '',
        'Quoted',
        dollars(quote.amount_total_cents),
        'sam',
      ]);
    });

    it("shows the order request's e-mail on the notifications page, waiting, then sent to the shop's mail server", async () => {
      const aboutThis = () => page.locator('table.list tbody tr', { has: page.locator(`a[href="/inbox/order/${reference}"]`) });
      await page.goto(`${app.baseUrl}/notifications`);
      expect(await aboutThis().locator('td').allTextContents()).toEqual([expect.any(String), 'order_request.created', `order/${reference}`, 'mail to office@shop.test', 'Waiting', '0', expect.any(String), '']);
      expect(await layout()).toEqual([]);

      const sent = await delivery.runOnce();
      const mailRow = sent.find((row) => row.subject === `order/${reference}` && row.kind === 'email');
      expect(mailRow).toBeDefined();
      // The mail names the request by its public reference: the or_ id opens the customer's confirmation page.
      const publicReference = orderRequestReference(reference);
      const mail = smtp.received.find((message) => message.parsed.subject?.startsWith(`New order request ${publicReference}:`));
      expect(mail?.raw).not.toContain(reference);
      expect(mail?.to).toEqual(['office@shop.test']);
      expect(mail?.from).toBe('quotes@shop.test');
      expect(mail?.parsed.subject).toBe(`New order request ${publicReference}: 2 items, ${dollars(quote.amount_subtotal_cents)} before HST`);
      expect(mail?.parsed.text).toContain(`New order request ${publicReference} from ${viewport.customer}.`);
      expect(mail?.parsed.text).toContain(`Open it in the console: ${app.baseUrl}/notifications/${mailRow!.id}/request`);
      // No contact details beyond the name.
      expect(mail?.parsed.text).not.toContain(`${viewport.name}@customer.test`);

      await page.reload();
      expect(await aboutThis().locator('td').allTextContents()).toEqual([expect.any(String), 'order_request.created', `order/${reference}`, 'mail to office@shop.test', 'Sent', '1', '', '']);
      expect(await layout()).toEqual([]);
      await Promise.all([page.waitForURL(/\/notifications\/[^/]+$/), aboutThis().locator('td:first-child a').click()]);
      expect(await page.locator('dl.facts dd').nth(3).textContent()).toMatch(/^Sent, /);
      expect(await page.locator('table.list tbody tr td').nth(2).textContent()).toBe('ok');
      expect(JSON.parse((await page.textContent('pre')) as string)).toMatchObject({ type: 'order_request.created', data: { reference: publicReference, name: viewport.customer } });
      expect(await layout()).toEqual([]);

      // The request's page lists it too.
      await page.goto(`${app.baseUrl}/inbox/order/${reference}`);
      expect(await page.locator('ul.notifications li').allTextContents()).toEqual([expect.stringMatching(/^E-mail order_request\.created: Sent /)]);
      // The owners' webhooks page fits too.
      await page.goto(`${app.baseUrl}/webhooks`);
      expect(await page.textContent('h1')).toBe('Webhooks');
      expect(await layout()).toEqual([]);
    });

    it('uploads a changed price book as an owner and shows the reference parts before and after', async () => {
      const next = `${PRICE_BOOK.version.split('.')[0]}.${Number(PRICE_BOOK.version.split('.')[1]) + viewport.serial}`;
      const book = structuredClone(PRICE_BOOK_JSON) as Record<string, any>;
      book.version = next;
      const laser = book.shop.laserCentsPerHour as number;
      book.shop.laserCentsPerHour = Math.round(laser * 1.15);

      await page.goto(`${app.baseUrl}/price-book`);
      expect(await layout()).toEqual([]);
      await page.setInputFiles('input[name=book_file]', { name: 'book.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(book, null, 2)) });
      await page.fill('input[name=note]', 'Laser hour +15%');
      await Promise.all([page.waitForURL(`${app.baseUrl}/price-book/${next}`), page.click('button:has-text("Upload and compare")')]);
      expect(await page.textContent('h1')).toBe(`Price book ${next}`);
      expect(await page.locator('table.figures tbody tr td').allTextContents()).toEqual(['shop.laserCentsPerHour', `${dollars(laser)} an hour`, `${dollars(Math.round(laser * 1.15))} an hour`]);

      const rows = await page.locator('table.reference-parts tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      const inForce = PRICE_BOOK_JSON;
      expect(rows.map((row) => row.slice(0, 4))).toEqual(
        REFERENCE_PARTS.flatMap(({ name, part }) =>
          [1, 10, 100].map((quantity) => {
            const item = { ...part, kind: 'plate', quantity };
            return [name, String(quantity), dollars(unitCents(item, inForce)), dollars(unitCents(item, book))];
          }),
        ),
      );
      // A dearer laser hour raises some part and lowers none.
      expect(rows.some((row) => row[4]!.startsWith('+'))).toBe(true);
      expect(rows.some((row) => row[4]!.startsWith('-'))).toBe(false);
      expect(await page.locator('table.kits tbody tr').count()).toBeGreaterThan(0);
      expect(await page.isVisible(`button:has-text("Publish ${next}")`)).toBe(true);
      expect(await layout()).toEqual([]);
    });

    it('lists the quotes and shows a quote with its drawings loaded', async () => {
      await page.goto(`${app.baseUrl}/quotes`);
      const link = page.locator(`a[href="/quotes/${quote.id}"]`).first();
      expect(await link.count()).toBe(1);
      expect(await layout()).toEqual([]);
      await Promise.all([page.waitForURL(`${app.baseUrl}/quotes/${quote.id}`), link.click()]);
      expect(await page.textContent('h1')).toContain(quote.id);
      // Each plate's SVG drawing is fetched under the console's CSP and decoded by the browser.
      await page.waitForFunction("[...document.querySelectorAll('img.preview')].every((img) => img.complete)");
      const images = await page.locator('img.preview').evaluateAll((imgs) => imgs.map((img) => [(img as unknown as { naturalWidth: number }).naturalWidth > 0, img.getAttribute('src')]));
      expect(images).toEqual([
        [true, `/quotes/${quote.id}/items/0/preview.svg`],
        [true, `/quotes/${quote.id}/items/1/preview.svg`],
      ]);
      expect(await page.textContent('main')).toContain(dollars(quote.amount_total_cents));
      expect(await layout()).toEqual([]);
    });
  });
});
