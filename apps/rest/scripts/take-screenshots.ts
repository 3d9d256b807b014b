// Regenerates apps/rest/screenshots/: every page behind the links at phone (390 x 844) and desktop
// (1366 x 900) width, over a throw-away database. Run: pnpm --filter @shop/rest screenshots
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../test/browser';
import { startTestApp } from '../test/app-harness';
import { bracketDxf, kitProduct, openContourDxf, typicalPlate } from '../test/fixtures';

const OUT_DIR = path.join(__dirname, '..', 'screenshots');
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const app = await startTestApp();
  const post = async (route: string, body: unknown) => {
    const reply = await app.http.request('POST', `/api/v1${route}`, { body });
    if (reply.status !== 201) throw new Error(`${route} answered ${reply.status}: ${reply.text}`);
    return reply.json;
  };
  const local = (url: string) => new URL(url).pathname;
  const drawings = mkdtempSync(path.join(tmpdir(), 'shop-screenshots-'));
  const bracketFile = path.join(drawings, 'bracket-a.dxf');
  const openFile = path.join(drawings, 'open-corner.dxf');
  writeFileSync(bracketFile, bracketDxf());
  writeFileSync(openFile, openContourDxf());
  try {
    const quote = await post('/quotes', {
      items: [
        typicalPlate({ label: 'Base plate, post #3 (north)', bends: [{ start_in: [0, 1.25], end_in: [6, 1.25] }], holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2.6, columns: 2, rows: 1, x_spacing_in: 4, y_spacing_in: 1, diameter_in: 0.5 }] }),
        kitProduct({ label: 'Feeder for the "east" field' }),
        { kind: 'plate', material: 'stainless_304', thickness_in: 0.125, outline: { kind: 'ring', outer_diameter_in: 8, inner_diameter_in: 3 }, holes: [{ kind: 'bolt_circle', center_x_in: 4, center_y_in: 4, count: 6, bolt_circle_diameter_in: 5.5, diameter_in: 0.375 }], quantity: 4 },
      ],
    });
    const handoff = await post('/handoffs', { quote_ids: [quote.id] });
    const rfq = await post('/rfq-links', { description: 'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall, hot-dip galvanized. Needed in 3 weeks.', material: 'mild steel', thickness_in: 0.375, quantity: 12 });
    const orderPath = local(handoff.url);
    const order = await app.http.request('GET', orderPath);
    const plateHref = /href="(\/plate\/pd_[0-9A-Za-z]+)"/.exec(order.text)?.[1];
    if (!plateHref) throw new Error('the order page has no plate button');

    for (const viewport of VIEWPORTS) {
      const browser = await launchBrowser({ width: viewport.width, height: viewport.height });
      const page = await browser.context.newPage();
      const shoot = async (name: string, pagePath: string) => {
        await page.goto(app.http.baseUrl + pagePath);
        await page.screenshot({ path: path.join(OUT_DIR, `${name}-${viewport.name}.png`), fullPage: true });
      };
      try {
        await shoot('home', '/');
        await shoot('order', orderPath);
        await shoot('plate', plateHref);
        await page.fill('#quantity', '40');
        await page.locator('[data-field="orderCount"]', { hasText: /^40$/ }).waitFor();
        await page.screenshot({ path: path.join(OUT_DIR, `plate-repriced-${viewport.name}.png`), fullPage: true });
        await shoot('product', '/products/round-bale-feeder?tier=kit&quantity=2');
        await shoot('rfq-form', local(rfq.url));
        await page.fill('#f-name', 'Sam Tremblay');
        await page.fill('#f-email', 'not-an-address@');
        // The server's own check, past the browser's: shows the errors next to the fields.
        await page.evaluate("document.querySelector('form.rfq-form').setAttribute('novalidate', '')");
        await page.click('form.rfq-form button[type="submit"]');
        await page.waitForSelector('.field-error');
        await page.screenshot({ path: path.join(OUT_DIR, `rfq-errors-${viewport.name}.png`), fullPage: true });
        await page.fill('#f-email', 'sam@example.com');
        await page.fill('#f-phone', '(705) 555-0142');
        await page.click('form.rfq-form button[type="submit"]');
        await page.waitForSelector('.thanks');
        await page.screenshot({ path: path.join(OUT_DIR, `rfq-thanks-${viewport.name}.png`), fullPage: true });
        // The order link's one order-request form: delivery chosen, a postal code the server refuses,
        // then the confirmation.
        await shoot('order-request', `${orderPath}/request`);
        await page.check('#f-fulfilment-delivery');
        await page.fill('#f-address_line1', '4410 Line 6');
        await page.fill('#f-city', 'Elmira');
        await page.fill('#f-postal_code', '90210');
        await page.fill('#f-name', 'Sam Tremblay');
        await page.fill('#f-email', 'sam@example.com');
        await page.click('form.order-form button[type="submit"]');
        await page.waitForSelector('.field-error');
        await page.screenshot({ path: path.join(OUT_DIR, `order-request-errors-${viewport.name}.png`), fullPage: true });
        await page.fill('#f-postal_code', 'N3B 2Z1');
        await page.click('form.order-form button[type="submit"]');
        await page.waitForURL(/\/order-requests\/or_/);
        await page.screenshot({ path: path.join(OUT_DIR, `order-request-sent-${viewport.name}.png`), fullPage: true });
        await shoot('not-found', '/o/h_0000000000000000000000');
        // The way in from a drawing: the form, a drawing that cannot be cut, and one priced.
        await shoot('upload', '/plate/new');
        await page.setInputFiles('#drawing', openFile);
        await page.click('button:has-text("Read the drawing")');
        await page.waitForURL(/\/plate\/new\/pi_/);
        await page.screenshot({ path: path.join(OUT_DIR, `upload-open-contour-${viewport.name}.png`), fullPage: true });
        await page.goto(app.http.baseUrl + '/plate/new');
        await page.setInputFiles('#drawing', bracketFile);
        await page.click('button:has-text("Read the drawing")');
        await page.waitForURL(/\/plate\/new\/pi_/);
        await page.screenshot({ path: path.join(OUT_DIR, `upload-part-${viewport.name}.png`), fullPage: true });
        await page.selectOption('#stock', 'mild_steel|0.1345');
        await page.fill('#quantity', '7');
        await page.click('button:has-text("Price it")');
        await page.waitForSelector('[data-field="amount"]');
        await page.screenshot({ path: path.join(OUT_DIR, `upload-priced-${viewport.name}.png`), fullPage: true });
      } finally {
        await browser.close();
      }
    }
    // Last, since it moves the clock past every quote's expiry.
    app.clock.advanceDays(8);
    for (const viewport of VIEWPORTS) {
      const browser = await launchBrowser({ width: viewport.width, height: viewport.height });
      try {
        const page = await browser.context.newPage();
        await page.goto(app.http.baseUrl + orderPath);
        await page.screenshot({ path: path.join(OUT_DIR, `order-expired-${viewport.name}.png`), fullPage: true });
      } finally {
        await browser.close();
      }
    }
    process.stdout.write(`screenshots written to ${OUT_DIR}\n`);
  } finally {
    await app.close();
    rmSync(drawings, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`screenshots failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
