// The plate quoter's script in headless Chromium when the quantity typed cannot be priced (1000, 0,
// 2.5, nothing): the refusal said under the field at once, and the last quantity's figures and order
// buttons hidden or disabled until a good quantity is priced again. With the shop's own checkout
// too, whose link is made for the quantity.
import type { Page } from 'playwright-core';
import { BOUNDS } from '@shop/contracts';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { HAS_CHROMIUM, NEEDS_CHROMIUM, launchBrowser } from './browser';
import type { Browser } from './browser';
import { typicalPlate } from './fixtures';
import { makeOrder } from './page-helpers';
import { describeUnless } from '../../../scripts/test/skip-unless';

jest.setTimeout(60_000);

const REFUSALS: [string, string][] = [
  ['1000', `Enter a whole number from 1 to ${BOUNDS.plateQuantity}: 1000 is more than ${BOUNDS.plateQuantity} (ask the shop for a larger run).`],
  ['0', `Enter a whole number from 1 to ${BOUNDS.plateQuantity}: 0 is fewer than 1.`],
  ['2.5', `Enter a whole number from 1 to ${BOUNDS.plateQuantity}: 2.5 is not a whole number of pieces.`],
  ['', `Enter a whole number from 1 to ${BOUNDS.plateQuantity}.`],
];

describe.each([
  { shop: 'the shop\'s own order form', env: {} as Record<string, string>, orderButton: 'button:has-text("Request this plate")' },
  { shop: 'an outside checkout', env: { SHOP_URL: 'https://store.example.ca' }, orderButton: '#checkout' },
])('the plate quoter with $shop', ({ env, orderButton }) => {
  describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)('in headless Chromium', () => {
    let app: TestApp;
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    beforeAll(async () => {
      app = await startTestApp({ env });
      browser = await launchBrowser({ width: 390, height: 844 });
      page = await browser.context.newPage();
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

    /** What a person sees of the price and the order, read from the page's layout. */
    const seen = () =>
      page.evaluate<{ figures: boolean; order: 'enabled' | 'disabled' | 'hidden'; error: string | null; invalid: string | null; describedBy: string | null }>(`(() => {
        const visible = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        const order = document.querySelector(${JSON.stringify(orderButton.startsWith('#') ? orderButton : '[data-field="orderCount"]')});
        const button = order && (order.closest('button') || order);
        const error = document.getElementById('quantity-error');
        const input = document.getElementById('quantity');
        return {
          figures: visible(document.querySelector('[data-field="amount"]')),
          order: !visible(button) ? 'hidden' : button.disabled ? 'disabled' : 'enabled',
          error: visible(error) ? error.textContent : null,
          invalid: input.getAttribute('aria-invalid'),
          describedBy: input.getAttribute('aria-describedby'),
        };
      })()`);

    it('says why 1000, 0, 2.5 or nothing cannot be priced, and leaves no old price or order button to act on, until a good quantity is priced', async () => {
      const { orderPath } = await makeOrder(app, [typicalPlate({ label: 'Base plate (north)' })]);
      await page.goto(app.http.baseUrl + orderPath);
      await Promise.all([page.waitForURL(/\/plate\/pd_[0-9A-Za-z]{22}$/), page.click('text=/Check (and order )?this plate/')]);
      const designPath = new URL(page.url()).pathname;
      expect(await seen()).toEqual({ figures: true, order: 'enabled', error: null, invalid: null, describedBy: null });

      for (const [typed, message] of REFUSALS) {
        await page.fill('#quantity', typed);
        await page.locator('#quantity-error', { hasText: message }).waitFor();
        expect([typed, await seen()]).toEqual([typed, { figures: false, order: orderButton === '#checkout' ? 'hidden' : 'disabled', error: message, invalid: 'true', describedBy: 'quantity-error' }]);
        expect(await page.getAttribute('#quantity-error', 'role')).toBe('alert');
      }

      // A good quantity: priced, the message gone, the figures and the button back for it.
      const expected = (await app.http.request('GET', `${designPath}/price?quantity=40`)).json.display;
      await page.fill('#quantity', '40');
      await page.locator('[data-field="amount"]', { hasText: expected.amount }).waitFor({ state: 'visible' });
      expect(await seen()).toEqual({ figures: true, order: 'enabled', error: null, invalid: null, describedBy: null });
      expect(await page.textContent('[data-field="total"]')).toBe(expected.total);
      if (orderButton === '#checkout') expect(await page.getAttribute('#checkout', 'href')).toContain('quantity=40');
      else expect(await page.textContent('[data-field="orderCount"]')).toBe('40');
      expect(problems).toEqual([]);
    });
  });
});
