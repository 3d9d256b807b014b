// Forms and pages: the CSRF token and the Origin check on every form POST, owners-only pages,
// the headers of every answer, and the console served by no other app.
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import pino from 'pino';
import { createMcpApp, createShopTools, INSTRUCTIONS } from '@shop/mcp';
import { createRestApp } from '@shop/rest';
import { readConfig, startRuntime } from '@shop/runtime';
import { ManualClock } from '@shop/service';
import { CONSOLE_POLICY } from '../src/http/security';
import { ROOT_DIR, startConsole, type ConsoleTestApp } from './console-harness';

let app: ConsoleTestApp;

beforeAll(async () => {
  app = await startConsole();
  await app.addPerson('ana@shop.test', 'owner');
  await app.addPerson('bo@shop.test', 'staff');
});

afterAll(async () => {
  await app.close();
});

describe('CSRF and Origin', () => {
  it('refuses a form POST with no CSRF token or a wrong one (403), and does what a right one asks', async () => {
    const browser = app.browser();
    await browser.signIn('bo@shop.test');
    const missing = await browser.post('/sign-out', {});
    expect(missing.status).toBe(403);
    expect(missing.text).toContain('The form is out of date or did not come from the console.');
    const wrong = await browser.post('/sign-out', { _csrf: 'A'.repeat(43) });
    expect(wrong.status).toBe(403);
    // Another session's token is a wrong one too.
    const other = app.browser();
    await other.signIn('bo@shop.test');
    expect((await browser.post('/sign-out', { _csrf: await other.csrf() })).status).toBe(403);
    expect((await browser.get('/')).status).toBe(200);
    const right = await browser.post('/sign-out', { _csrf: await browser.csrf() });
    expect([right.status, right.location]).toEqual([303, '/sign-in']);
  });

  it('gives each sign-in a new session token and CSRF token, and ends the session the browser had', async () => {
    const browser = app.browser();
    await browser.signIn('bo@shop.test');
    const first = { cookie: browser.cookie, csrf: await browser.csrf() };
    await browser.signIn('bo@shop.test');
    expect(browser.cookie).not.toBe(first.cookie);
    expect(await browser.csrf()).not.toBe(first.csrf);
    const second = browser.cookie;
    browser.cookie = first.cookie;
    expect((await browser.get('/account')).status).toBe(303);
    browser.cookie = second;
    expect((await browser.get('/account')).status).toBe(200);
  });

  it('refuses a form sent from another site (Origin, or Sec-Fetch-Site without one) with 403, sign-in included', async () => {
    const browser = app.browser();
    await browser.signIn('ana@shop.test');
    const token = await browser.csrf('/staff');
    const crossSite = await browser.post('/staff', { _csrf: token, name: 'Eve', email: 'eve@evil.test', role: 'owner' }, { origin: 'https://evil.test' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.text).toContain('This form was sent from another site, so it was refused.');
    const noOrigin = await browser.post('/staff', { _csrf: token, name: 'Eve', email: 'eve@evil.test', role: 'owner' }, { origin: '', 'sec-fetch-site': 'cross-site' });
    expect(noOrigin.status).toBe(403);
    expect(await app.opened.staff.findByEmail('eve@evil.test')).toBeNull();
    // A client that is no browser sends neither; the CSRF token still guards it.
    const plain = await browser.post('/staff', { _csrf: token, name: 'Cy', email: 'cy@shop.test', role: 'staff' }, { origin: '' });
    expect(plain.status).toBe(201);
    const signIn = await app.browser().post('/sign-in', { email: 'ana@shop.test', password: 'correct horse battery' }, { origin: 'https://evil.test' });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.get('set-cookie')).toBeNull();
    // `Origin: null` (what no-referrer pages send) leaves it to Sec-Fetch-Site.
    const opaque = await app.browser().post('/sign-in', { email: 'ana@shop.test', password: 'correct horse battery' }, { origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(opaque.status).toBe(403);
    const own = app.browser();
    const ownForm = await own.post('/sign-in', { _csrf: await own.signInToken(), email: 'ana@shop.test', password: 'correct horse battery' }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(ownForm.status).toBe(303);
  });
});

describe('roles and sessions', () => {
  it('answers 403 to staff on the owners\' pages, and serves them to owners', async () => {
    const staff = app.browser();
    await staff.signIn('bo@shop.test');
    for (const pathname of ['/audit', '/staff']) {
      const reply = await staff.get(pathname);
      expect(reply.status).toBe(403);
      expect(reply.text).toContain('Only an owner may open this page.');
    }
    expect((await staff.post('/staff', { _csrf: await staff.csrf(), name: 'X', email: 'x@shop.test', role: 'owner' })).status).toBe(403);
    expect((await staff.get('/')).text).not.toContain('href="/audit"');
    const owner = app.browser();
    await owner.signIn('ana@shop.test');
    expect((await owner.get('/audit')).status).toBe(200);
    expect((await owner.get('/')).text).toContain('href="/audit"');
  });

  it('sends a person without a session to sign in, from every page but sign-in, welcome and the stylesheet', async () => {
    const browser = app.browser();
    for (const pathname of ['/', '/account', '/staff', '/audit', '/no-such-page']) {
      const reply = await browser.get(pathname);
      expect([pathname, reply.status, reply.location]).toEqual([pathname, 303, '/sign-in']);
    }
    expect((await browser.get('/sign-in')).status).toBe(200);
    expect((await browser.get('/welcome/abc')).status).toBe(404);
    const css = await browser.get('/assets/console.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });
});

describe('headers and errors', () => {
  it('sends CSP, no-store, DENY framing and no referrer on every page', async () => {
    const browser = app.browser();
    const pages = [await browser.get('/sign-in'), await browser.get('/assets/console.css')];
    await browser.signIn('ana@shop.test');
    pages.push(await browser.get('/'), await browser.get('/audit'), await browser.get('/no-such-page'));
    for (const reply of pages) {
      expect(reply.headers.get('content-security-policy')).toBe(CONSOLE_POLICY);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(CONSOLE_POLICY).toContain("script-src 'none'");
    expect(CONSOLE_POLICY).toContain("frame-ancestors 'none'");
    // Nothing from elsewhere and no inline code on the pages.
    for (const reply of pages.slice(2)) {
      expect(reply.text).not.toMatch(/<script|style=|https?:\/\//);
    }
  });

  it('answers an unknown page with a 404 page and a form it cannot read with a page, never a stack trace', async () => {
    const browser = app.browser();
    await browser.signIn('ana@shop.test');
    const missing = await browser.get('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('There is no page at this address.');
    const huge = await browser.post('/staff', { _csrf: await browser.csrf(), name: 'x'.repeat(20_000), email: 'big@shop.test' });
    expect(huge.status).toBe(413);
    expect(huge.text).toContain('Form too large');
    expect(huge.text).not.toMatch(/at \w+ \(|node_modules/);
  });

  it('answers an address it cannot decode with a 400 page, and OPTIONS with a 405 page, both with the headers', async () => {
    const browser = app.browser();
    await browser.signIn('ana@shop.test');
    // %C0%AE is an overlong "." (not UTF-8): the router cannot decode the id.
    for (const reply of [await browser.get('/welcome/%C0%AE%C0%AE%2F'), await browser.get('/inbox/quote/%C0%AE%C0%AE')]) {
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/^text\/html/);
      expect(reply.text).toContain('The address could not be read.');
      expect(reply.headers.get('content-security-policy')).toBe(CONSOLE_POLICY);
    }
    const options = await fetch(`${app.baseUrl}/quotes`, { method: 'OPTIONS' });
    expect(options.status).toBe(405);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(options.headers.get('content-type')).toMatch(/^text\/html/);
    expect(options.headers.get('content-security-policy')).toBe(CONSOLE_POLICY);
    expect(await options.text()).toContain('The console answers GET and POST only.');
  });

  it('over https the cookie is __Host- prefixed and Secure', async () => {
    const secure = await startConsole({ env: { CONSOLE_URL: 'https://console.shop.test' } });
    try {
      await secure.addPerson('ana@shop.test', 'owner');
      const browser = secure.browser();
      const reply = await browser.post('/sign-in', { _csrf: await browser.signInToken(), email: 'ana@shop.test', password: 'correct horse battery' }, { origin: 'https://console.shop.test' });
      expect(reply.status).toBe(303);
      expect(reply.headers.get('set-cookie')).toMatch(/^__Host-console_session=[a-z2-7]{32}; Max-Age=604800; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await secure.close();
    }
  });
});

describe('the console lives in its own app', () => {
  async function getStatus(express: Express, pathname: string): Promise<number> {
    const server = await new Promise<Server>((resolve) => {
      const s = express.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${pathname}`);
      await response.text();
      return response.status;
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('GET /sign-in (and /staff, /audit) on the REST and MCP apps is 404', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-console-others-'));
    const config = readConfig({ DATABASE_URL: `file:${path.join(dir, 'shop.db')}`, PUBLIC_URL: 'http://quotes.test', PURGE_INTERVAL_MINUTES: '0' });
    const runtime = await startRuntime(config, ROOT_DIR, { limitPrefix: `test:console:${Date.now().toString(36)}` });
    try {
      const clock = new ManualClock('2026-11-02T15:00:00.000Z');
      const { app: rest } = createRestApp({ config, logger: pino({ level: 'silent' }), service: runtime.service, clock });
      const mcp = createMcpApp({
        registerTools: createShopTools({ service: runtime.service, clock, publicUrl: config.publicUrl }),
        admit: runtime.service.admitToolServerRequest,
        trustProxy: config.trustProxy,
        publicUrl: config.publicUrl,
        instructions: INSTRUCTIONS,
      });
      for (const pathname of ['/sign-in', '/staff', '/audit']) {
        expect([pathname, await getStatus(rest, pathname)]).toEqual([pathname, 404]);
        expect([pathname, await getStatus(mcp, pathname)]).toEqual([pathname, 404]);
      }
    } finally {
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
