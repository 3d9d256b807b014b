// `pnpm screenshots:console`: the README's pictures of the console. Starts the three apps from source
// (scripts/start.js) on a temp SQLite file, fills them the way the shop would (an owner added with
// staff:add, quotes and order links made over REST, orders and a quote request sent through the
// customers' forms in Chromium, a price book uploaded and published in the console, a second one
// uploaded to compare), then saves docs/images/console-inbox-desk.png,
// console-request-phone.png and console-price-book-diff-desk.png. Stops everything it started.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchBrowser, type Page } from '../apps/rest/test/browser';

const ROOT = path.resolve(__dirname, '..');
const IMAGES = path.join(ROOT, 'docs', 'images');
const PASSWORD = 'screenshots only 2026';
const DESK = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    if (child.exitCode !== null) throw new Error(`the apps stopped (exit ${child.exitCode}) before ${url} answered`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

async function api<T = any>(base: string, pathname: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}/api/v1${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await response.json();
  if (response.status !== 201) throw new Error(`POST ${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json as T;
}

const plate = (label: string, width: number, height: number, thickness: number, quantity: number, extra: Record<string, unknown> = {}) => ({
  kind: 'plate',
  label,
  material: 'mild_steel',
  thickness_in: thickness,
  outline: { kind: 'rectangle', width_in: width, height_in: height },
  quantity,
  ...extra,
});

interface Customer {
  name: string;
  company: string;
  email: string;
  phone: string;
  note: string;
  delivery?: { line1: string; city: string; postal: string };
}

async function order(page: Page, handoffUrl: string, customer: Customer): Promise<string> {
  await page.goto(`${handoffUrl}/request`);
  if (customer.delivery) {
    await page.check('#f-fulfilment-delivery');
    await page.fill('#f-address_line1', customer.delivery.line1);
    await page.fill('#f-city', customer.delivery.city);
    await page.selectOption('#f-province', 'ON');
    await page.fill('#f-postal_code', customer.delivery.postal);
  }
  await page.fill('#f-name', customer.name);
  await page.fill('#f-company', customer.company);
  await page.fill('#f-email', customer.email);
  await page.fill('#f-phone', customer.phone);
  await page.fill('#f-note', customer.note);
  await Promise.all([page.waitForURL(/\/order-requests\/or_/), page.click('button:has-text("Send the order")')]);
  return new URL(page.url()).pathname.split('/')[2] as string;
}

async function signIn(page: Page, consoleUrl: string): Promise<void> {
  await page.goto(`${consoleUrl}/sign-in`);
  await page.fill('input[name=email]', 'olive@northshorefab.ca');
  await page.fill('input[name=password]', PASSWORD);
  await Promise.all([page.waitForURL(`${consoleUrl}/`), page.click('button[type=submit]')]);
}

async function uploadBook(page: Page, consoleUrl: string, book: Record<string, any>, note: string): Promise<void> {
  await page.goto(`${consoleUrl}/price-book`);
  await page.setInputFiles('input[name=book_file]', { name: `price-book-${book.version}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(book, null, 2)) });
  await page.fill('input[name=note]', note);
  await Promise.all([page.waitForURL(`${consoleUrl}/price-book/${book.version}`), page.click('button:has-text("Upload and compare")')]);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-screenshots-'));
  const [port, mcpPort, consolePort] = [await freePort(), await freePort(), await freePort()];
  const restUrl = `http://127.0.0.1:${port}`;
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(dir, 'shop.db')}`,
    PORT: String(port),
    MCP_PORT: String(mcpPort),
    CONSOLE_PORT: String(consolePort),
    PUBLIC_URL: restUrl,
    CONSOLE_URL: consoleUrl,
    METRICS_PORT: '0',
    SHOP_NAME: 'Northshore Fab',
    LOG_LEVEL: 'warn',
  };
  const logPath = path.join(dir, 'apps.log');
  const log = openSync(logPath, 'a');
  const apps = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js'), '--source'], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const browsers: Array<{ close(): Promise<void> }> = [];
  try {
    await waitUntilUp(`${restUrl}/api/v1/status`, apps);
    await waitUntilUp(`${consoleUrl}/sign-in`, apps);

    const added = spawnSync(process.execPath, [require.resolve('tsx/cli', { paths: [ROOT] }), '--conditions=@shop/source', 'apps/console/src/staff-add.ts', '--email', 'olive@northshorefab.ca', '--name', 'Olive Martel', '--owner', '--password-stdin'], {
      cwd: ROOT,
      env,
      input: PASSWORD,
      encoding: 'utf8',
    });
    if (added.status !== 0) throw new Error(`staff:add failed: ${added.stderr}`);
    const staff = spawnSync(process.execPath, [require.resolve('tsx/cli', { paths: [ROOT] }), '--conditions=@shop/source', 'apps/console/src/staff-add.ts', '--email', 'sam@northshorefab.ca', '--name', 'Sam Roy', '--password-stdin'], {
      cwd: ROOT,
      env,
      input: PASSWORD,
      encoding: 'utf8',
    });
    if (staff.status !== 0) throw new Error(`staff:add failed: ${staff.stderr}`);

    // What customers quoted and were sent links for.
    const holes = [{ kind: 'grid', center_x_in: 4, center_y_in: 3, columns: 2, rows: 2, x_spacing_in: 6, y_spacing_in: 4, diameter_in: 0.5625 }];
    const quoteA = await api(restUrl, '/quotes', { items: [plate('Hitch base plate', 8, 6, 0.375, 6, { holes }), { kind: 'product', slug: 'gooseneck-hitch-plate', tier: 'kit', quantity: 2 }] });
    const quoteB = await api(restUrl, '/quotes', { items: [plate('Stair gusset', 5, 5, 0.25, 40, { holes: [{ kind: 'single', x_in: 2.5, y_in: 2.5, diameter_in: 0.75 }] })] });
    const quoteC = await api(restUrl, '/quotes', { items: [plate('Feeder skid', 24, 10, 0.25, 4, { bends: [{ start_in: [0, 5], end_in: [24, 5] }] })] });
    const linkA = await api(restUrl, '/handoffs', { quote_ids: [quoteA.id] });
    const linkB = await api(restUrl, '/handoffs', { quote_ids: [quoteB.id] });
    const linkC = await api(restUrl, '/handoffs', { quote_ids: [quoteC.id] });
    const rfq = await api(restUrl, '/rfq-links', { description: 'Repair of a manure spreader beater: two paddles re-cut in AR400 and welded back on.', material: 'AR400', thickness_in: 0.375, quantity: 2 });

    const customer = await launchBrowser(DESK);
    browsers.push(customer);
    const shopper = await customer.context.newPage();
    await order(shopper, linkC.url, { name: 'Marc Gagnon', company: 'Gagnon Farms', email: 'marc@gagnonfarms.ca', phone: '519-555-0119', note: 'Need them before the sale on the 12th.', delivery: { line1: '7728 Sideroad 10', city: 'Drayton', postal: 'N0G 1P0' } });
    await shopper.goto(rfq.url);
    await shopper.fill('#f-name', 'Heidi Brubacher');
    await shopper.fill('#f-email', 'heidi@brubacherdairy.ca');
    await shopper.fill('#f-phone', '519-555-0173');
    await shopper.fill('#f-company', 'Brubacher Dairy');
    await Promise.all([shopper.waitForNavigation(), shopper.click('button[type=submit]')]);
    await order(shopper, linkB.url, { name: 'Priya Nair', company: 'Nair Stair & Rail', email: 'priya@nairstair.ca', phone: '905-555-0148', note: 'Pickup Thursday after 2 pm.' });
    const request = await order(shopper, linkA.url, {
      name: 'Tom Dekker',
      company: 'Dekker Trailer Repair',
      email: 'tom@dekkertrailer.ca',
      phone: '226-555-0187',
      note: 'Hole spacing matches the old plate; please deburr.',
      delivery: { line1: '4410 Line 6', city: 'Elmira', postal: 'N3B 2Z1' },
    });

    // The owner works two requests and changes the prices twice: one book published, the next waiting.
    const desk = await launchBrowser(DESK);
    browsers.push(desk);
    const owner = await desk.context.newPage();
    await signIn(owner, consoleUrl);
    await owner.goto(`${consoleUrl}/inbox/order/${request}`);
    await owner.selectOption('form[action$="/state"] select[name=state]', 'quoted');
    await Promise.all([owner.waitForNavigation(), owner.click('form[action$="/state"] button')]);
    await owner.fill('form[action$="/notes"] textarea[name=note]', 'Freight to Elmira quoted at $85; ready Thursday.');
    await Promise.all([owner.waitForNavigation(), owner.click('form[action$="/notes"] button')]);
    await owner.selectOption('form[action$="/assignee"] select[name=assignee]', { label: 'Sam Roy' });
    await Promise.all([owner.waitForNavigation(), owner.click('form[action$="/assignee"] button')]);

    const bundled = JSON.parse(readFileSync(path.join(ROOT, 'packages', 'catalog', 'src', 'price-book.json'), 'utf8')) as Record<string, any>;
    const [date, serial] = String(bundled.version).split('.') as [string, string];
    const first = structuredClone(bundled);
    first.version = `${date}.${Number(serial) + 1}`;
    first.shop.laserCentsPerHour = Math.round(bundled.shop.laserCentsPerHour * 1.04);
    await uploadBook(owner, consoleUrl, first, 'Hydro rate up 4% from December');
    await owner.fill('input[name=note]', 'New hydro rate');
    await Promise.all([owner.waitForURL(/\/price-book\?published=/), owner.click(`button:has-text("Publish ${first.version}")`)]);
    const second = structuredClone(first);
    second.version = `${date}.${Number(serial) + 2}`;
    second.shop.laserCentsPerHour = Math.round(first.shop.laserCentsPerHour * 1.06);
    await uploadBook(owner, consoleUrl, second, 'Laser hour +6% for the new nozzle contract');

    await owner.goto(`${consoleUrl}/inbox`);
    await owner.screenshot({ path: path.join(IMAGES, 'console-inbox-desk.png') });
    await owner.goto(`${consoleUrl}/price-book/${second.version}`);
    await owner.screenshot({ path: path.join(IMAGES, 'console-price-book-diff-desk.png') });

    const phone = await launchBrowser(PHONE);
    browsers.push(phone);
    const staffPhone = await phone.context.newPage();
    await signIn(staffPhone, consoleUrl);
    await staffPhone.goto(`${consoleUrl}/inbox/order/${request}`);
    await staffPhone.screenshot({ path: path.join(IMAGES, 'console-request-phone.png') });

    for (const name of ['console-inbox-desk.png', 'console-request-phone.png', 'console-price-book-diff-desk.png']) {
      process.stdout.write(`docs/images/${name}: ${Math.round(statSync(path.join(IMAGES, name)).size / 1024)} KiB\n`);
    }
  } catch (error) {
    process.stderr.write(`The apps' log (${logPath}):\n${readFileSync(logPath, 'utf8').slice(-4000)}\n`);
    throw error;
  } finally {
    for (const browser of browsers) await browser.close();
    if (apps.exitCode === null) {
      const exited = new Promise((resolve) => apps.once('exit', resolve));
      apps.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
