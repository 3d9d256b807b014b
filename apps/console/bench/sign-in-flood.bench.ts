// The sign-in under attack, measured over HTTP against the real app (`pnpm --filter @shop/console
// exec tsx --conditions=@shop/source bench/sign-in-flood.bench.ts`; TEST_POSTGRES_URL adds PostgreSQL):
// the right password from address B while address A floods wrong ones, 40 parallel guesses (how
// many passwords get checked), and a real sign-in's p50 at rest and under 32 parallel bogus
// welcome-link posts. Figures for RELIABILITY.md's console section.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import pino from 'pino';
import { addStaff } from '../src/accounts';
import { createConsoleApp } from '../src/app';
import { readConsoleConfig } from '../src/config';
import { openConsole } from '../src/open-console';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
const PASSWORD = 'correct horse battery';
const ROUNDS = Number(process.env.ROUNDS ?? 15);

interface Reply {
  status: number;
  ms: number;
}

async function startApp(databaseUrl: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = readConsoleConfig({ DATABASE_URL: databaseUrl, CONSOLE_URL: baseUrl, TRUST_PROXY: 'loopback', LOG_LEVEL: 'silent' });
  const opened = await openConsole(config, ROOT_DIR);
  const notifications = { outbox: opened.outbox, webhooks: opened.webhooks, wake: () => {} };
  server.on('request', createConsoleApp({ ...opened, config, notifications, now: () => new Date(), logger: pino({ level: 'silent' }) }));
  await addStaff({ staff: opened.staff, audit: opened.audit, now: () => new Date(), consoleUrl: baseUrl }, { email: 'ana@shop.test', name: 'Ana', role: 'owner', password: PASSWORD }, { staffId: null, ip: 'command line' });

  /** A browser at an address: opens the sign-in form once for its cookie and token. */
  const browser = async (ip: string) => {
    const page = await fetch(`${baseUrl}/sign-in`, { headers: { 'x-forwarded-for': ip } });
    const cookie = (page.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
    const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] as string;
    return async (email: string, password: string): Promise<Reply> => {
      const started = performance.now();
      const reply = await fetch(`${baseUrl}/sign-in`, {
        method: 'POST',
        headers: { 'x-forwarded-for': ip, cookie, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ _csrf: token, email, password }).toString(),
        redirect: 'manual',
      });
      await reply.arrayBuffer();
      return { status: reply.status, ms: performance.now() - started };
    };
  };
  const welcome = async (ip: string, i: number): Promise<Reply> => {
    const started = performance.now();
    const reply = await fetch(`${baseUrl}/welcome/${String(i).padStart(32, 'a').replace(/[0-189]/g, 'b')}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': ip, origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=a+long+enough+password&confirm=a+long+enough+password',
    });
    await reply.arrayBuffer();
    return { status: reply.status, ms: performance.now() - started };
  };
  const checked = async () => (await opened.audit.list({ limit: 200, filter: { action: 'sign_in_failed' } })).entries.length;
  const clear = () => opened.staff.clearSignInCounts('ana@shop.test');
  return {
    browser,
    welcome,
    checked,
    clear,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await opened.close();
    },
  };
}

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const count = (replies: Reply[]) => Object.entries(replies.reduce<Record<number, number>>((all, reply) => ({ ...all, [reply.status]: (all[reply.status] ?? 0) + 1 }), {})).map(([status, n]) => `${n} x ${status}`).join(', ');

async function measure(name: string, databaseUrl: string, drop: () => Promise<void>): Promise<void> {
  const app = await startApp(databaseUrl);
  const out = (line: string) => process.stdout.write(`${name}: ${line}\n`);
  try {
    // 1. A floods wrong passwords (8 at a time, 200 in all) while B signs in with the right one.
    const attackerA = await app.browser('203.0.113.66');
    const flood: Reply[] = [];
    let flooding = true;
    const floodLoop = (async () => {
      for (let i = 0; flooding && i < 200; i += 8) flood.push(...(await Promise.all(Array.from({ length: 8 }, (_, j) => attackerA('ana@shop.test', `wrong ${i + j}`)))));
    })();
    const ownerB: Reply[] = [];
    for (let i = 0; i < ROUNDS; i++) ownerB.push(await (await app.browser('198.51.100.20'))('ana@shop.test', PASSWORD));
    flooding = false;
    await floodLoop;
    out(`flood from A: ${count(flood)}; right password from B during it: ${count(ownerB)}, p50 ${p50(ownerB.map((r) => r.ms)).toFixed(0)} ms, max ${Math.max(...ownerB.map((r) => r.ms)).toFixed(0)} ms (no wait asked)`);
    await app.clear();

    // 2. 40 parallel guesses, from one address and from 40.
    const before = await app.checked();
    const one = await Promise.all(await Promise.all(Array.from({ length: 40 }, () => app.browser('203.0.113.70'))).then((tries) => tries.map((attempt, i) => attempt('ana@shop.test', `guess ${i}`))));
    const fromOne = (await app.checked()) - before;
    await app.clear();
    const middle = await app.checked();
    const many = await Promise.all(await Promise.all(Array.from({ length: 40 }, (_, i) => app.browser(`10.9.0.${i + 1}`))).then((tries) => tries.map((attempt, i) => attempt('ana@shop.test', `guess ${i}`))));
    const fromMany = (await app.checked()) - middle;
    out(`40 parallel guesses from one address: ${fromOne} passwords checked (${count(one)}); from 40 addresses: ${fromMany} checked (${count(many)})`);
    await app.clear();

    // 3. A real sign-in's p50 at rest, then each sent beside a batch of 32 parallel bogus welcome posts (32 addresses).
    const rest: number[] = [];
    for (let i = 0; i < ROUNDS; i++) rest.push((await (await app.browser('198.51.100.30'))('ana@shop.test', PASSWORD)).ms);
    const loaded: number[] = [];
    const bogus: Reply[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const signIn = await app.browser('198.51.100.31');
      const [real, ...batch] = await Promise.all([signIn('ana@shop.test', PASSWORD), ...Array.from({ length: 32 }, (_, k) => app.welcome(`10.8.${k}.${round + 1}`, round * 32 + k))]);
      loaded.push((real as Reply).ms);
      bogus.push(...batch);
    }
    out(`real sign-in p50 at rest ${p50(rest).toFixed(0)} ms; beside 32 parallel bogus welcome posts ${p50(loaded).toFixed(0)} ms (${bogus.length} bogus posts: ${count(bogus)}, p50 ${p50(bogus.map((r) => r.ms)).toFixed(1)} ms)`);
    const oneAddress = await Promise.all(Array.from({ length: 32 }, (_, i) => app.welcome('203.0.113.90', i)));
    out(`32 parallel bogus welcome posts from one address: ${count(oneAddress)}`);
  } finally {
    await app.close();
    await drop();
  }
}

async function main(): Promise<void> {
  process.stdout.write(`${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}, ${ROUNDS} rounds\n`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-console-flood-'));
  await measure('sqlite', `file:${path.join(dir, 'shop.db')}`, async () => rmSync(dir, { recursive: true, force: true }));
  const base = process.env.TEST_POSTGRES_URL;
  if (base) {
    const schema = `console_flood_${process.pid}`;
    const url = new URL(base);
    url.searchParams.set('schema', schema);
    await measure('postgresql', url.toString(), async () => {
      const client = new Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
