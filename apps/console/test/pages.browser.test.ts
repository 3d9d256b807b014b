// The console in headless Chromium at a phone's width (390 px) and a desk's: signing in, the pages
// readable without sideways scrolling, forms that pass the Origin and CSRF checks, and nothing the
// Content-Security-Policy had to block.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchBrowser, type Browser } from '../../rest/test/browser';
import { PASSWORD, startConsole, type ConsoleTestApp } from './console-harness';

jest.setTimeout(60_000);

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desk', width: 1280, height: 900 },
];

let app: ConsoleTestApp;

beforeAll(async () => {
  app = await startConsole({ ownUrl: true });
  await app.addPerson('ana@shop.test', 'owner');
});

afterAll(async () => {
  await app.close();
});

describe.each(VIEWPORTS)('at $name size ($width px)', (viewport) => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser({ width: viewport.width, height: viewport.height });
  });

  afterAll(async () => {
    await browser.close();
  });

  it('signs in, shows every page without sideways scrolling or a blocked resource, and adds a person through the form', async () => {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${app.baseUrl}/`);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await page.fill('input[name=email]', 'ana@shop.test');
    await page.fill('input[name=password]', PASSWORD);
    await Promise.all([page.waitForURL(`${app.baseUrl}/`), page.click('button[type=submit]')]);
    expect(await page.textContent('h1')).toBe('Hello, ana');

    await page.goto(`${app.baseUrl}/staff`);
    await page.fill('input[name=name]', `Person ${viewport.name}`);
    await page.fill('input[name=email]', `${viewport.name}@shop.test`);
    await page.click('form[action="/staff"] button[type=submit]');
    await page.waitForSelector('.welcome-link code');
    expect(await page.textContent('.welcome-link code')).toMatch(new RegExp(`^${app.baseUrl}/welcome/[a-z2-7]{32}$`));

    for (const pathname of ['/', '/staff', '/audit', '/account', '/privacy', '/settings/lost-reasons']) {
      await page.goto(`${app.baseUrl}${pathname}`);
      const widths = await page.evaluate<{ content: number; window: number }>('({ content: document.documentElement.scrollWidth, window: window.innerWidth })');
      expect([pathname, widths.content <= widths.window]).toEqual([pathname, true]);
      const stylesheetApplied = await page.evaluate<boolean>("getComputedStyle(document.body).margin === '0px'");
      expect(stylesheetApplied).toBe(true);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

it('refuses, in a real browser, a form another site sends to the console', async () => {
  // A page on another site (localhost is another site than 127.0.0.1) with a form aimed at the console.
  const attacker: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><form method="post" action="${app.baseUrl}/sign-in"><input name="email" value="ana@shop.test"><input name="password" value="${PASSWORD}"><button>go</button></form>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  const browser = await launchBrowser({ width: 1280, height: 900 });
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
    const [response] = await Promise.all([page.waitForResponse(`${app.baseUrl}/sign-in`), page.click('button')]);
    expect(response.status()).toBe(403);
    expect(await page.textContent('h1')).toBe('Form refused');
    expect(await browser.context.cookies(app.baseUrl)).toEqual([]);
  } finally {
    await browser.close();
    attacker.close();
  }
});
