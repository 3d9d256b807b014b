// The order-request form in a real browser (headless Chromium), on a phone and on a desk: from the
// order link to the confirmation, the address shown only for delivery, the page's CSP in force.
import type { Page } from 'playwright-core';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { launchBrowser } from './browser';
import type { Browser } from './browser';
import { kitProduct, typicalPlate } from './fixtures';
import { postApi } from './page-helpers';

jest.setTimeout(60_000);

const VIEWPORTS = [
  ['a phone', { width: 390, height: 844 }],
  ['a desk', { width: 1366, height: 900 }],
] as const;

describe.each(VIEWPORTS)('the order-request form in headless Chromium on %s', (_name, viewport) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({ env: { SHOP_NAME: 'Northshore Fab' } });
    browser = await launchBrowser(viewport);
    page = await browser.context.newPage();
    // Any console error (a CSP violation included) or failed load is a defect of the page.
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
    await app?.close();
  });
  afterEach(() => {
    expect(problems.splice(0)).toEqual([]);
  });

  const url = (path: string) => app.http.baseUrl + path;
  const fitsWidth = () => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

  it('orders three items from the order link, with a delivery address, and shows the confirmation', async () => {
    const first = await postApi(app, '/quotes', { items: [typicalPlate({ label: 'Base plate' }), kitProduct()] });
    const second = await postApi(app, '/quotes', { items: [typicalPlate({ thickness_in: 0.1875, quantity: 4, quantity_options: [], label: 'Gusset' })] });
    const handoff = await postApi(app, '/handoffs', { quote_ids: [first.id, second.id] });
    await page.goto(url(new URL(handoff.url).pathname));
    await page.click('#order');
    await page.waitForURL(/\/o\/h_[0-9A-Za-z]{22}\/request$/);
    expect(await page.textContent('h1')).toBe('Order');
    expect(await page.locator('li.order-line').count()).toBe(3);
    expect(await page.locator('li.order-line [data-field="quantity"]').allTextContents()).toEqual(['10', '2', '4']);
    expect(await fitsWidth()).toBe(true);

    // Pickup is chosen at first: no address asked. Delivery shows the address fields.
    expect(await page.isVisible('#f-address_line1')).toBe(false);
    await page.check('#f-fulfilment-delivery');
    expect(await page.isVisible('#f-address_line1')).toBe(true);

    // The browser stops an empty name before anything is sent.
    await page.click('button:has-text("Send the order")');
    expect(await page.evaluate<boolean>("document.querySelector('#f-name').validity.valueMissing")).toBe(true);
    expect(page.url()).toMatch(/\/request$/);

    await page.fill('#f-address_line1', '4410 Line 6');
    await page.fill('#f-city', 'Elmira');
    await page.selectOption('#f-province', 'ON');
    await page.fill('#f-postal_code', '12345');
    await page.fill('#f-name', 'Sam Tremblay');
    await page.fill('#f-email', 'sam@example.com');
    await page.fill('#f-note', 'Gate code 44');
    // A postal code the server refuses: the form comes back with the message beside the field and
    // everything typed still there (a 422 page is expected here, not a defect).
    await page.click('button:has-text("Send the order")');
    await page.locator('#f-postal_code-error').waitFor();
    const formUrl = page.url();
    expect(problems.splice(0).sort()).toEqual([`422 ${formUrl}`, 'console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    expect(await page.textContent('#f-postal_code-error')).toBe('Postal code must be a Canadian postal code, e.g. N1H 2A1.');
    expect(await page.inputValue('#f-address_line1')).toBe('4410 Line 6');
    expect(await page.inputValue('#f-note')).toBe('Gate code 44');
    expect(await page.isChecked('#f-fulfilment-delivery')).toBe(true);

    await page.fill('#f-postal_code', 'n3b 2z1');
    await page.click('button:has-text("Send the order")');
    await page.waitForURL(/\/order-requests\/or_[0-9A-Za-z]{22}$/);
    const reference = new URL(page.url()).pathname.split('/')[2];
    expect(await page.textContent('#reference')).toBe(reference);
    expect(await page.textContent('h1')).toBe('Thank you, Sam Tremblay');
    expect(await page.locator('li.order-line').count()).toBe(3);
    expect(await page.textContent('main')).toContain('Delivery to 4410 Line 6, Elmira, ON N3B 2Z1');
    expect(await fitsWidth()).toBe(true);
  });
});
