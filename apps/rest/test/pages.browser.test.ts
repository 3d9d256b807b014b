// The pages in a real browser (headless Chromium): from the order link through the plate quoter
// and the product page to a sent quote request, with the page's own CSP in force.
import type { Page } from 'playwright-core';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { HAS_CHROMIUM, NEEDS_CHROMIUM, launchBrowser } from './browser';
import type { Browser } from './browser';
import { kitProduct, typicalPlate } from './fixtures';
import { makeOrder } from './page-helpers';
import { describeUnless } from '../../../scripts/test/skip-unless';

jest.setTimeout(60_000);

describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)('the pages in headless Chromium', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ width: 390, height: 844 });
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
  const imagesLoaded = () => page.evaluate<boolean>('Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0)');

  it('opens the order link, re-prices a plate live, and sends it as a quote request', async () => {
    const { orderPath, quote } = await makeOrder(app, [typicalPlate({ label: 'Base plate (north)' }), kitProduct()]);
    await page.goto(url(orderPath));
    expect(await page.textContent('h1')).toBe('Your quoted order');
    expect(await page.locator('li.item h2').allTextContents()).toEqual(['Base plate (north)', 'Round bale feeder — kit']);
    expect(await imagesLoaded()).toBe(true);
    expect(await page.locator('.notice').textContent()).toContain('Nothing is paid on this page.');

    await page.click('text=Check this plate');
    await page.waitForURL(/\/plate\/pd_[0-9A-Za-z]{22}$/);
    const designPath = new URL(page.url()).pathname;
    expect(await page.textContent('h1')).toBe('Base plate (north)');
    expect(await page.locator('figure.drawing svg').count()).toBe(1);
    expect(await page.textContent('[data-field="amount"]')).toBe(`$${(quote.items[0].amount_cents / 100).toFixed(2)}`);

    // Typing a quantity re-prices it through the price endpoint, without a page load.
    const expected = (await app.http.request('GET', `${designPath}/price?quantity=40`)).json.display;
    await page.fill('#quantity', '40');
    await page.locator('[data-field="amount"]', { hasText: expected.amount }).waitFor();
    expect(await page.textContent('[data-field="total"]')).toBe(expected.total);
    expect(await page.textContent('[data-field="orderCount"]')).toBe('40');
    expect(page.url()).toBe(url(`${designPath}?quantity=40`));

    await page.click('button:has-text("Request this plate")');
    await page.waitForURL(/\/r\/rfq_[0-9A-Za-z]{22}$/);
    expect(await page.inputValue('#f-description')).toContain('Base plate (north)');
    expect(await page.inputValue('#f-description')).toContain('quantity 40');
    expect(await page.inputValue('#f-quantity')).toBe('40');

    // The browser's own checks stop an empty name and a bad address before anything is sent.
    await page.fill('#f-email', 'not-an-address');
    await page.click('button:has-text("Send the request")');
    expect(await page.evaluate<boolean>("document.querySelector('#f-name').validity.valueMissing")).toBe(true);
    expect(await page.evaluate<boolean>("document.querySelector('#f-email').validity.typeMismatch")).toBe(true);
    await page.fill('#f-phone', 'call me');
    expect(await page.evaluate<boolean>("document.querySelector('#f-phone').validity.patternMismatch")).toBe(true);
    expect(page.url()).toMatch(/\/r\/rfq_/);

    await page.fill('#f-name', 'Sam Tremblay');
    await page.fill('#f-email', 'sam@example.com');
    await page.fill('#f-phone', '+1 (705) 555-0142');
    await page.fill('#f-company', 'Tremblay Farms');
    await page.click('button:has-text("Send the request")');
    await page.waitForSelector('.thanks');
    const reference = await page.textContent('.reference');
    expect(reference).toMatch(/^sub_[0-9A-Za-z]{22}$/);

    const stored = (await app.runtime.storage.rfqSubmissions.list({ limit: 10 })).map((row) => JSON.parse(row.body));
    expect(stored.find((s) => s.id === reference)).toMatchObject({
      name: 'Sam Tremblay',
      email: 'sam@example.com',
      phone: '+1 (705) 555-0142',
      company: 'Tremblay Farms',
      quantity: 40,
      thickness_in: 0.25,
    });

    // Reloading the thank-you page sends the same form again: still one submission.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.waitForSelector('.thanks');
    expect(await page.textContent('.reference')).toBe(reference);
    const forLink = (await app.runtime.storage.rfqSubmissions.list({ limit: 100 })).filter((row) => JSON.parse(row.body).id === reference);
    expect(forLink).toHaveLength(1);
  });

  it('the product button opens the product page at the tier and quantity, and its button makes a request', async () => {
    const { orderPath } = await makeOrder(app, [kitProduct({ quantity: 3 })]);
    await page.goto(url(orderPath));
    await page.click('text=Open the product page');
    await page.waitForURL(/\/products\/round-bale-feeder\?tier=kit&quantity=3$/);
    expect(await imagesLoaded()).toBe(true);
    expect(await page.getAttribute('#tier-kit', 'aria-current')).toBe('true');
    expect(await page.textContent('#tier-kit .chosen-amount')).toBe('Quantity 3: $4,512.00 before HST');
    await page.click('#tier-kit button');
    await page.waitForURL(/\/r\/rfq_[0-9A-Za-z]{22}$/);
    expect(await page.inputValue('#f-description')).toBe('Round bale feeder (round-bale-feeder): Kit (steel cut to the drawings, ready to weld), quantity 3.');
  });

  it('an expired order link shows the 410 page', async () => {
    const { orderPath } = await makeOrder(app, [kitProduct()]);
    app.clock.advanceDays(8);
    try {
      const response = await page.goto(url(orderPath));
      expect(response?.status()).toBe(410);
      expect(await page.textContent('h1')).toBe('This order link has expired');
    } finally {
      problems.splice(0); // the 410 itself is the point here
      app.clock.advanceDays(-8);
    }
  });
});
