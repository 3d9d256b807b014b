// The price book pasted into the console's upload form in headless Chromium, the file input left
// empty: the browser sends an empty, unnamed file part beside the pasted book, and the book is read.
// Then the review: the history's row leads to the diff page, where the time must be chosen.
import { PRICE_BOOK, PRICE_BOOK_JSON } from '@shop/catalog';
import { HAS_CHROMIUM, NEEDS_CHROMIUM, launchBrowser, type Browser } from '../../rest/test/browser';
import { describeUnless } from '../../../scripts/test/skip-unless';
import { PASSWORD, startConsole, type ConsoleTestApp } from './console-harness';

describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)('a price book pasted in Chromium', () => {
  let app: ConsoleTestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startConsole({ ownUrl: true });
    await app.addPerson('olive@shop.test', 'owner');
    browser = await launchBrowser({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('uploads the pasted book (file input left empty) and opens its diff page; publishing asks for a time', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${app.baseUrl}/sign-in`);
    await page.fill('input[name=email]', 'olive@shop.test');
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForURL(`${app.baseUrl}/`), page.click('button[type=submit]')]);

    const [date, serial] = PRICE_BOOK.version.split('.') as [string, string];
    const next = `${date}.${Number(serial) + 1}`;
    const book = structuredClone(PRICE_BOOK_JSON) as Record<string, any>;
    book.version = next;
    book.shop.laserCentsPerHour = Math.round(book.shop.laserCentsPerHour * 1.05);
    await page.goto(`${app.baseUrl}/price-book`);
    await page.fill('textarea[name=book_text]', JSON.stringify(book));
    await page.fill('input[name=note]', 'Pasted');
    await Promise.all([page.waitForURL(`${app.baseUrl}/price-book/${next}`), page.click('button:has-text("Upload and compare")')]);
    expect(await page.textContent('h1')).toBe(`Price book ${next}`);

    // No time is chosen for the owner: the browser itself refuses the form until one is.
    expect(await page.locator('input[name=when]:checked').count()).toBe(0);
    await page.click(`button:has-text("Publish ${next}")`);
    expect(page.url()).toBe(`${app.baseUrl}/price-book/${next}`);
    expect(await page.locator('input[name=when][value=now]').evaluate((input) => (input as { validity: { valueMissing: boolean } }).validity.valueMissing)).toBe(true);
    await page.check('input[name=when][value=now]');
    await Promise.all([page.waitForURL(`${app.baseUrl}/price-book?published=${next}`), page.click(`button:has-text("Publish ${next}")`)]);

    // Going back starts on the earlier version's review, never in one click.
    await page.click(`a:has-text("Review going back to this version")`);
    expect(page.url()).toBe(`${app.baseUrl}/price-book/${PRICE_BOOK.version}#publish`);
    expect(await page.textContent('h1')).toBe(`Price book ${PRICE_BOOK.version}`);
    expect((await app.opened.shopSettings.listPriceBooks()).find((row) => row.version === next)?.status).toBe('in_force');
  }, 60_000);
});
