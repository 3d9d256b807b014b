// What one delivery try costs on this machine: signing, a webhook to an endpoint on loopback, a mail
// to an SMTP server on loopback. Both servers run in this process (the receiver checks every
// signature, the SMTP server parses every mail), so their work is in the figures too.
// Run: npx tsx --conditions=@shop/source bench/notify.bench.ts
import { createMailer, createWebhookSecret, deliver, rfqSubmissionCreated, signWebhook } from '../src/index';
import type { DeliverDeps } from '../src/index';
import { startSmtpServer, startWebhookReceiver } from '../src/test-servers';

const event = rfqSubmissionCreated(
  {
    id: 'rs_7QmT2xK9pL4vN8bR1cZ0aD',
    rfq_link_id: 'rl_5Fh2',
    description: `Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall, hot-dip galvanized. ${'Needed in 3 weeks. '.repeat(40)}`,
    material: 'mild steel',
    thickness_in: 0.375,
    quantity: 12,
    name: 'Dana Whitfield',
  },
  new Date(),
);
const body = JSON.stringify(event);

interface Spread {
  median: number;
  p95: number;
  max: number;
  perSecond: number;
}

async function timeTries(runs: number, run: (i: number) => Promise<unknown>): Promise<Spread> {
  for (let i = 0; i < 20; i++) await run(-1 - i);
  const times: number[] = [];
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await run(i);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  const total = Number(process.hrtime.bigint() - start) / 1e9;
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]!, max: times[runs - 1]!, perSecond: runs / total };
}

const row = (label: string, value: string) => console.log(`${label.padEnd(64)} ${value}`);
const fmt = (s: Spread, unit: string) =>
  `${s.median.toFixed(2)} ms median, ${s.p95.toFixed(2)} ms p95, ${s.max.toFixed(2)} ms max; ${Math.round(s.perSecond).toLocaleString('en-CA')} ${unit}/s`;

async function main(): Promise<void> {
  console.log(`@shop/notify on Node ${process.version}, body ${Buffer.byteLength(body)} bytes\n`);
  const secret = createWebhookSecret();

  {
    const at = new Date();
    const message = { id: 'ob_bench', body };
    for (let i = 0; i < 2000; i++) signWebhook(secret, message, at);
    const runs = 50_000;
    const start = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) signWebhook(secret, message, at);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    row('signWebhook (HMAC-SHA256 of the body)', `${Math.round(runs / seconds).toLocaleString('en-CA')} signatures/s (${((seconds / runs) * 1e6).toFixed(1)} us each)`);
  }

  {
    const endpoint = await startWebhookReceiver(secret, () => ({ status: 204 }));
    const deps: DeliverDeps = { webhookEndpoint: () => ({ url: endpoint.url, secret }) };
    const spread = await timeTries(2000, (i) => deliver({ id: `ob_w${i}`, kind: 'webhook', target: 'main', payload: event, attempts: 0 }, deps));
    const bad = endpoint.received.filter((r) => !r.verified.ok).length;
    row('deliver, webhook row, endpoint on loopback answering 204', fmt(spread, 'rows'));
    if (bad > 0) throw new Error(`${bad} webhooks failed verification`);
    await endpoint.close();
  }

  {
    const server = await startSmtpServer();
    const mailer = createMailer({ smtpUrl: server.url, from: 'quotes@shop.example' });
    const deps: DeliverDeps = { mail: { mailer, consoleUrl: 'http://localhost:3002' } };
    const spread = await timeTries(300, (i) => deliver({ id: `ob_m${i}`, kind: 'email', target: 'estimating@shop.example', payload: event, attempts: 0 }, deps));
    row('deliver, email row, SMTP server on loopback (one connection per mail)', fmt(spread, 'rows'));
    if (server.received.length !== 320) throw new Error(`expected 320 mails, the server got ${server.received.length}`);
    mailer.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
