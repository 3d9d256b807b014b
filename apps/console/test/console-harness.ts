// Starts the real console over a real database (a temp SQLite file by default, or a fresh
// PostgreSQL schema) with a clock the test moves, and a small browser that keeps the cookie.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { ServiceEvent } from '@shop/service';
import { addStaff } from '../src/accounts';
import { createConsoleApp } from '../src/app';
import { readConsoleConfig, type ConsoleConfig } from '../src/config';
import { openConsole, type OpenedConsole } from '../src/open-console';

export const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
export const CONSOLE_URL = 'http://console.test';
export const START = new Date('2026-11-02T15:00:00.000Z');
export const PASSWORD = 'correct horse battery';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** Where a redirect points. */
  location: string | null;
}

export interface ConsoleTestApp {
  baseUrl: string;
  config: ConsoleConfig;
  opened: OpenedConsole;
  databaseUrl: string;
  /** The events the console raised (price_book.published), oldest first. */
  events: ServiceEvent[];
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  now(): Date;
  browser(options?: { ip?: string }): Browser;
  /** Adds a person with a password, as `staff:add --password-stdin` does. */
  addPerson(email: string, role?: 'owner' | 'staff', password?: string): Promise<void>;
  /** How often the app told the delivery loop to look now. */
  wakes(): number;
  close(): Promise<void>;
}

export interface Browser {
  /** The session cookie's value, if any. */
  cookie: string | null;
  /** The sign-in form's cookie (its CSRF token's other half), if any. */
  preSessionCookie: string | null;
  get(path: string): Promise<Reply>;
  /** A form POST as a browser on the console sends it (Origin: the console's), unless headers say otherwise ('' leaves one out). */
  post(path: string, form: Record<string, string>, headers?: Record<string, string>): Promise<Reply>;
  /** A multipart form POST (the price book upload) with the console's Origin; `file` goes in as `book_file`. */
  postMultipart(path: string, fields: Record<string, string>, file?: { name: string; text: string }): Promise<Reply>;
  /** Opens the sign-in page (for its form token), then sends the form, as a person does. */
  signIn(email: string, password?: string): Promise<Reply>;
  /** The sign-in form's token (opening /sign-in for it). */
  signInToken(): Promise<string>;
  /** The CSRF token on a page this browser can open. */
  csrf(path?: string): Promise<string>;
}

export async function startConsole(
  options: { env?: Record<string, string>; databaseUrl?: string; /** CONSOLE_URL = the address it listens on (a real browser's Origin). */ ownUrl?: boolean } = {},
): Promise<ConsoleTestApp> {
  const dir = options.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'shop-console-'));
  const databaseUrl = options.databaseUrl ?? `file:${path.join(dir as string, 'shop.db')}`;
  // Listening first, so the address is known before the app's configuration names it.
  let handle: RequestListener = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = readConsoleConfig({ DATABASE_URL: databaseUrl, CONSOLE_URL: options.ownUrl ? baseUrl : CONSOLE_URL, TRUST_PROXY: 'loopback', ...options.env });
  let now = START.getTime();
  const events: ServiceEvent[] = [];
  const opened = await openConsole(config, ROOT_DIR, {
    now: () => new Date(now),
    onEvent: (event) => void events.push(event),
    limitPrefix: `test:${Date.now().toString(36)}:${Math.random().toString(36).slice(2, 8)}`,
  });
  let wakes = 0;
  const notifications = { outbox: opened.outbox, webhooks: opened.webhooks, wake: () => void wakes++ };
  const app = createConsoleApp({ ...opened, config, notifications, now: () => new Date(now), logger: pino({ level: 'silent' }) });
  handle = app;
  const cookieName = config.consoleUrl.startsWith('https:') ? '__Host-console_session' : 'console_session';
  const preSessionName = config.consoleUrl.startsWith('https:') ? '__Host-console_pre_session' : 'console_pre_session';

  const browser = (browserOptions: { ip?: string } = {}): Browser => {
    const self: Browser = {
      cookie: null,
      preSessionCookie: null,
      async get(pathname) {
        return send('GET', pathname);
      },
      async post(pathname, form, headers = {}) {
        return send('POST', pathname, new URLSearchParams(form).toString(), { origin: config.consoleUrl, 'content-type': 'application/x-www-form-urlencoded', ...headers });
      },
      async postMultipart(pathname, fields, file) {
        const boundary = '----console-test-boundary';
        const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
        if (file) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="book_file"; filename="${file.name}"\r\nContent-Type: application/json\r\n\r\n${file.text}\r\n`);
        return send('POST', pathname, `${parts.join('')}--${boundary}--\r\n`, { origin: config.consoleUrl, 'content-type': `multipart/form-data; boundary=${boundary}` });
      },
      async signIn(email, password = PASSWORD) {
        return self.post('/sign-in', { _csrf: await self.signInToken(), email, password });
      },
      async signInToken() {
        // A signed-in browser is sent home from /sign-in: the form is opened as a person would after signing out.
        const session = self.cookie;
        self.cookie = null;
        const page = await send('GET', '/sign-in');
        if (self.cookie === null) self.cookie = session;
        const match = /name="_csrf" value="([^"]+)"/.exec(page.text);
        if (!match) throw new Error(`no sign-in token on /sign-in (status ${page.status})`);
        return match[1] as string;
      },
      async csrf(pathname = '/account') {
        const page = await self.get(pathname);
        const match = /name="_csrf" value="([^"]+)"/.exec(page.text);
        if (!match) throw new Error(`no CSRF token on ${pathname} (status ${page.status})`);
        return match[1] as string;
      },
    };
    async function send(method: string, pathname: string, body?: string, headers: Record<string, string> = {}): Promise<Reply> {
      const all: Record<string, string> = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
      const cookies = [self.cookie !== null ? `${cookieName}=${self.cookie}` : null, self.preSessionCookie !== null ? `${preSessionName}=${self.preSessionCookie}` : null].filter((pair) => pair !== null);
      if (cookies.length > 0) all.cookie = cookies.join('; ');
      if (browserOptions.ip) all['x-forwarded-for'] = browserOptions.ip;
      const response = await fetch(baseUrl + pathname, { method, headers: all, ...(body === undefined ? {} : { body }), redirect: 'manual' });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, value] = (pair as string).split('=');
        if (name === cookieName) self.cookie = value && !/expires=Thu, 01 Jan 1970/i.test(line) ? value : null;
        if (name === preSessionName) self.preSessionCookie = value ?? null;
      }
      return { status: response.status, headers: response.headers, text: await response.text(), location: response.headers.get('location') };
    }
    return self;
  };

  return {
    baseUrl,
    config,
    opened,
    databaseUrl,
    events,
    advance: (ms) => {
      now += ms;
    },
    now: () => new Date(now),
    wakes: () => wakes,
    browser,
    async addPerson(email, role = 'staff', password = PASSWORD) {
      await addStaff(
        { staff: opened.staff, audit: opened.audit, now: () => new Date(now), consoleUrl: config.consoleUrl },
        { email, name: email.split('@')[0] as string, role, password },
        { staffId: null, ip: 'command line' },
      );
    },
    async close() {
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await opened.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
