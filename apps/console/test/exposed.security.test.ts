// The console reached from outside: the sign-in form's own CSRF token (login CSRF), whose
// X-Forwarded-For is believed, the addresses the audit log keeps, and the origins forms may come
// from while CONSOLE_URL is unset.
import { readConsoleConfig } from '../src/config';
import { consoleTrustProxy } from '../src/http/security';
import { PASSWORD, startConsole, type ConsoleTestApp } from './console-harness';

describe('sign-in has a CSRF token of its own before any session', () => {
  let app: ConsoleTestApp;
  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('ana@shop.test', 'owner');
  });
  afterAll(() => app.close());

  it('refuses a sign-in form without the token of its browser (403, no session, nothing counted)', async () => {
    // Another site posting its own account's password (login CSRF): no token at all.
    const bare = app.browser();
    const noToken = await bare.post('/sign-in', { email: 'ana@shop.test', password: PASSWORD });
    expect(noToken.status).toBe(403);
    expect(noToken.text).toContain('This sign-in form was out of date or did not come from the console. Sign in again with this one.');
    expect(bare.cookie).toBeNull();
    // A token read from the attacker's own copy of the form, sent without the cookie it belongs to.
    const attacker = app.browser();
    const stolen = await attacker.signInToken();
    expect((await app.browser().post('/sign-in', { _csrf: stolen, email: 'ana@shop.test', password: PASSWORD })).status).toBe(403);
    // The cookie kept but another browser's token.
    const victim = app.browser();
    await victim.signInToken();
    expect((await victim.post('/sign-in', { _csrf: stolen, email: 'ana@shop.test', password: PASSWORD })).status).toBe(403);
    expect(victim.cookie).toBeNull();
    // A cookie not made by the console (its signature wrong) is no good with any token.
    const forged = app.browser();
    forged.preSessionCookie = `${'A'.repeat(24)}.${'B'.repeat(43)}`;
    expect((await forged.post('/sign-in', { _csrf: stolen, email: 'ana@shop.test', password: PASSWORD })).status).toBe(403);
    expect((await app.opened.audit.list({ limit: 50 })).entries.filter((entry) => entry.action.startsWith('sign_in'))).toEqual([]);
    // The refusal page carries a fresh form that works.
    const match = /name="_csrf" value="([^"]+)"/.exec(noToken.text);
    expect((await bare.post('/sign-in', { _csrf: match?.[1] as string, email: 'ana@shop.test', password: PASSWORD })).status).toBe(303);
  });

  it('keeps the form token in an HttpOnly, SameSite=Lax cookie, __Host- and Secure over https', async () => {
    const page = await app.browser().get('/sign-in');
    expect(page.headers.get('set-cookie')).toMatch(/^console_pre_session=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const secure = await startConsole({ env: { CONSOLE_URL: 'https://console.shop.test' } });
    try {
      const reply = await secure.browser().get('/sign-in');
      expect(reply.headers.get('set-cookie')).toMatch(/^__Host-console_pre_session=[^;]+; Max-Age=43200; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    } finally {
      await secure.close();
    }
  });
});

describe('addresses', () => {
  it('TRUST_PROXY as a hop count believes X-Forwarded-For only from a private or loopback peer', async () => {
    const app = await startConsole({ env: { TRUST_PROXY: '1' } });
    try {
      const trust = app.config.trustProxy;
      expect(trust).toBe(1);
      const believe = consoleTrustProxy(trust) as (address: string, hop: number) => boolean;
      // A client on the internet reaching the console directly: its own address, whatever it sends.
      expect(believe('203.0.113.9', 0)).toBe(false);
      expect(believe('2001:db8::7', 0)).toBe(false);
      // The shop's proxy beside it, one hop only.
      expect(believe('127.0.0.1', 0)).toBe(true);
      expect(believe('::ffff:10.0.0.5', 0)).toBe(true);
      expect(believe('fd00::5', 0)).toBe(true);
      expect(believe('10.0.0.5', 1)).toBe(false);
      // The test client is on loopback, a proxy's place: its header is believed, one hop deep.
      await app.addPerson('ana@shop.test', 'owner');
      const browser = app.browser({ ip: '198.51.100.7, 203.0.113.50' });
      expect((await browser.signIn('ana@shop.test')).status).toBe(303);
      expect((await app.opened.audit.list({ limit: 1 })).entries[0]).toMatchObject({ action: 'sign_in', ip: '203.0.113.50' });
    } finally {
      await app.close();
    }
  });

  it('keeps only IP addresses (or a named origin) in the audit log; anything else is "unknown"', async () => {
    const app = await startConsole();
    try {
      const at = app.now();
      for (const ip of ['::FFFF:192.0.2.4', '2001:DB8::1', '<script>alert(1)</script>', '10.0.0.1 evil', 'command line', '']) {
        await app.opened.audit.append({ at, staffId: null, action: 'probe', subject: '', detail: {}, ip });
      }
      const kept = (await app.opened.audit.list({ limit: 10 })).entries.map((entry) => entry.ip).reverse();
      expect(kept).toEqual(['192.0.2.4', '2001:db8::1', 'unknown', 'unknown', 'command line', 'unknown']);
      // Through a header too: express refuses a non-address in X-Forwarded-For, and what it gives is an address.
      await app.addPerson('ana@shop.test', 'owner');
      await app.browser({ ip: 'not-an-address' }).signIn('ana@shop.test', 'wrong password!');
      const failed = (await app.opened.audit.list({ limit: 1 })).entries[0];
      expect(failed?.action).toBe('sign_in_failed');
      expect(['127.0.0.1', 'unknown']).toContain(failed?.ip);
    } finally {
      await app.close();
    }
  });
});

describe('CONSOLE_URL unset', () => {
  it('defaults to the console’s own port (CONSOLE_PORT=4003 -> http://localhost:4003) and host', () => {
    expect(readConsoleConfig({ CONSOLE_PORT: '4003' })).toMatchObject({
      consoleUrl: 'http://localhost:4003',
      ownOrigins: ['http://localhost:4003', 'http://127.0.0.1:4003', 'http://[::1]:4003'],
    });
    expect(readConsoleConfig({ CONSOLE_PORT: '4003', CONSOLE_HOST: '0.0.0.0' }).consoleUrl).toBe('http://localhost:4003');
    expect(readConsoleConfig({ CONSOLE_PORT: '4003', CONSOLE_HOST: '192.168.1.20' }).consoleUrl).toBe('http://192.168.1.20:4003');
    expect(readConsoleConfig({ CONSOLE_PORT: '4003', CONSOLE_HOST: 'fd00::20' }).consoleUrl).toBe('http://[fd00::20]:4003');
    // Set, it is the one origin.
    expect(readConsoleConfig({ CONSOLE_PORT: '4003', CONSOLE_URL: 'https://console.shop.example' }).ownOrigins).toEqual(['https://console.shop.example']);
  });

  it('takes forms from the loopback names of its port (a browser at http://127.0.0.1:3002), not from another port', async () => {
    const app = await startConsole({ env: { CONSOLE_URL: '' } });
    try {
      await app.addPerson('ana@shop.test', 'owner');
      expect(app.config.consoleUrl).toBe('http://localhost:3002');
      for (const origin of ['http://127.0.0.1:3002', 'http://localhost:3002', 'http://[::1]:3002']) {
        const browser = app.browser();
        const reply = await browser.post('/sign-in', { _csrf: await browser.signInToken(), email: 'ana@shop.test', password: PASSWORD }, { origin, 'sec-fetch-site': 'same-origin' });
        expect([origin, reply.status]).toEqual([origin, 303]);
      }
      for (const origin of ['http://127.0.0.1:4003', 'http://localhost.evil.test:3002', 'https://127.0.0.1:3002']) {
        const browser = app.browser();
        const reply = await browser.post('/sign-in', { _csrf: await browser.signInToken(), email: 'ana@shop.test', password: PASSWORD }, { origin });
        expect([origin, reply.status]).toEqual([origin, 403]);
      }
    } finally {
      await app.close();
    }
    const moved = await startConsole({ env: { CONSOLE_URL: '', CONSOLE_PORT: '4003' } });
    try {
      await moved.addPerson('ana@shop.test', 'owner');
      const browser = moved.browser();
      const reply = await browser.post('/sign-in', { _csrf: await browser.signInToken(), email: 'ana@shop.test', password: PASSWORD }, { origin: 'http://127.0.0.1:4003' });
      expect(reply.status).toBe(303);
    } finally {
      await moved.close();
    }
  });
});
