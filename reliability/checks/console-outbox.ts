// The notifications' outbox under faults, as real processes: the REST app writes the rows as quote
// requests arrive through rfq links, the console's delivery loop sends them to a real SMTP server
// (smtp-server) and to real endpoints that check each Standard Webhooks signature. The retry
// schedule's minutes and the 15 s claim leases are skipped by moving `next_attempt_at` and
// `claimed_until` to now in the database (each finding says which); nothing in the apps is changed.
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { RETRY_DELAYS_MS } from '../../packages/notify/src/schedule';
import { closedPort, startSmtpServer, startWebhookReceiver } from '../../packages/notify/src/test-servers';
import type { Answer, ReceivedWebhook, TestSmtpServer, WebhookReceiver } from '../../packages/notify/src/test-servers';
import { sendQuoteRequest } from './console-client';
import type { ConsoleBrowser } from './console-client';
import { startShop } from './console-shop';
import type { Shop } from './console-shop';
import { check } from './load';
import type { Finding } from './load';
import { sleep, startServer } from './processes';

const MAIL_ENV = { MAIL_FROM: 'Quotes <quotes@shop.test>', SHOP_NOTIFY_EMAIL: 'shop@shop.test' };

interface Row {
  id: string;
  kind: 'email' | 'webhook';
  target: string;
  state: 'pending' | 'sent' | 'dead';
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
}

interface Attempt {
  row_id: string;
  attempt: number;
  outcome: string;
  status: number | null;
  error: string | null;
  at: string;
}

/** The shop's database as another process sees it: the outbox read, and its times moved. */
class OutboxDb {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('busy_timeout = 5000');
  }

  rows(where = '1 = 1', ...args: unknown[]): Row[] {
    return this.db.prepare(`SELECT * FROM outbox WHERE ${where} ORDER BY created_at, id`).all(...args) as Row[];
  }

  attempts(rowId: string): Attempt[] {
    return this.db.prepare('SELECT * FROM outbox_attempts WHERE row_id = ? ORDER BY attempt').all(rowId) as Attempt[];
  }

  /** Makes the waiting rows (no claim on them) due now, as if their retry's delay had passed. */
  dueNow(where: string, ...args: unknown[]): number {
    const now = new Date().toISOString().replace('Z', '+00:00');
    return this.db.prepare(`UPDATE outbox SET next_attempt_at = ? WHERE state = 'pending' AND claimed_until IS NULL AND (${where})`).run(now, ...args).changes;
  }

  /** Lets the claims run out now, as they would 15 s after their holder stopped renewing them. */
  expireClaims(): number {
    const now = new Date().toISOString().replace('Z', '+00:00');
    return this.db.prepare("UPDATE outbox SET claimed_until = ? WHERE state = 'pending' AND claimed_until IS NOT NULL").run(now).changes;
  }

  close(): void {
    this.db.close();
  }
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => T | null | undefined | false): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value !== null && value !== undefined && value !== false) return { value, ms: performance.now() - started };
    if (performance.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** `count` quote requests sent through rfq links, a few at a time; their ids (`sub_...`). */
async function sendQuoteRequests(restUrl: string, count: number, from = 0): Promise<string[]> {
  const ids: string[] = [];
  for (let i = from; i < from + count; i += 4) {
    const batch = await Promise.all(Array.from({ length: Math.min(4, from + count - i) }, (_, k) => sendQuoteRequest(restUrl, i + k)));
    for (const sent of batch) {
      if (sent.status !== 201 || sent.id === null) throw new Error(`a quote request answered ${sent.status}`);
      ids.push(sent.id);
    }
  }
  return ids;
}

const webhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** An endpoint added by the owner through /webhooks; its secret is read from the one answer that shows it. */
async function addEndpoint(owner: ConsoleBrowser, name: string, url: string): Promise<{ secret: string; status: number }> {
  const csrf = await owner.csrf('/webhooks');
  const reply = await owner.post('/webhooks', { _csrf: csrf, name, url, events: 'rfq_submission.created' });
  const secret = /whsec_[A-Za-z0-9+/=]+/.exec(reply.text)?.[0];
  if (reply.status !== 201 || !secret) throw new Error(`adding the endpoint ${name} answered ${reply.status}`);
  return { secret, status: reply.status };
}

/** Received webhooks counted by webhook-id: the ids, and how many came more than once. */
function byWebhookId(received: ReceivedWebhook[]): { ids: Map<string, number>; repeats: number; unverified: number } {
  const ids = new Map<string, number>();
  for (const hook of received) {
    const id = String(hook.headers['webhook-id']);
    ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  return { ids, repeats: received.length - ids.size, unverified: received.filter((hook) => !hook.verified.ok).length };
}

/** Received mail counted by Message-ID. */
function byMessageId(smtp: TestSmtpServer): { ids: Map<string, number>; repeats: number } {
  const ids = new Map<string, number>();
  for (const mail of smtp.received) {
    const id = mail.parsed.messageId ?? '(none)';
    ids.set(id, (ids.get(id) ?? 0) + 1);
  }
  return { ids, repeats: smtp.received.length - ids.size };
}

const mailIdOf = (rowId: string) => `<${rowId}@shop.test>`;
const ms = (a: string, b: string) => new Date(a).getTime() - new Date(b).getTime();

function percentile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}

async function mailServerDown(): Promise<Finding> {
  const port = await closedPort();
  const mailEnv = { ...MAIL_ENV, SMTP_URL: `smtp://127.0.0.1:${port}` };
  const shop = await startShop(mailEnv, mailEnv);
  const db = new OutboxDb(shop.file);
  let smtp: TestSmtpServer | null = null;
  const problems: string[] = [];
  try {
    const ids = await sendQuoteRequests(shop.rest.baseUrl, 20);
    const mailRows = () => db.rows("kind = 'email'");
    // The first try of each is made at once and fails: nothing listens.
    await waitFor('a first try of every mail row', 60_000, () => mailRows().length === 20 && mailRows().every((row) => row.attempts >= 1));
    const moved1 = db.dueNow("kind = 'email'");
    await waitFor('a second try of every mail row', 60_000, () => mailRows().every((row) => row.attempts >= 2));
    const down = mailRows();
    const downErrors = new Set(down.flatMap((row) => db.attempts(row.id).map((a) => a.error ?? '')));

    smtp = await startSmtpServer({ port });
    const backAt = performance.now();
    const moved2 = db.dueNow("kind = 'email'");
    const { ms: drainMs } = await waitFor('every mail row sent', 60_000, () => mailRows().every((row) => row.state === 'sent'));
    await sleep(6_000); // one more poll of the loop: nothing is sent again
    const rows = mailRows();
    const mail = byMessageId(smtp);
    check(ids.length === 20, problems, `${ids.length} quote requests accepted`);
    check(rows.length === 20, problems, `${rows.length} mail rows for 20 requests`);
    check(smtp.received.length === 20, problems, `${smtp.received.length} mails received`);
    check(mail.repeats === 0, problems, `${mail.repeats} mails received twice`);
    const missing = rows.filter((row) => mail.ids.get(mailIdOf(row.id)) !== 1);
    check(missing.length === 0, problems, `${missing.length} rows whose mail did not arrive exactly once`);
    const mentioned = ids.filter((id) => smtp!.received.filter((m) => (m.parsed.text ?? '').includes(id)).length === 1);
    check(mentioned.length === 20, problems, `${mentioned.length} of 20 requests named by exactly one mail`);
    const tries = rows.map((row) => db.attempts(row.id));
    const shape = tries.every((list) => list.length === 3 && list[0]!.outcome === 'retry' && list[1]!.outcome === 'retry' && list[2]!.outcome === 'ok');
    check(shape, problems, `tries per row: ${JSON.stringify(tries.map((list) => list.map((a) => a.outcome).join('/')))}`);
    check(rows.every((row) => row.attempts === 3 && row.sent_at !== null), problems, 'a row not sent on its third try');
    check(shop.console.child.exitCode === null, problems, 'the console died');
    return {
      test: 'console: mail server down while 20 quote requests arrive, then back',
      ok: problems.length === 0,
      load: '20 quote requests through rfq links (REST), the console mailing each to the shop',
      faults: `SMTP port closed for two tries of every row, then a real SMTP server on it; next_attempt_at moved to now in the database twice (${moved1} and ${moved2} rows) instead of waiting the schedule's 1 and 5 minutes`,
      result: problems.length
        ? problems.join('; ')
        : `20 mail rows, each tried twice while down (${[...downErrors].map((e) => `"${e.slice(0, 60)}"`).join(', ')}), then sent on the third try: ${smtp.received.length} mails received, ${mail.ids.size} distinct Message-IDs (${mail.repeats} repeats, 0 lost), each request named by one mail; all sent ${(drainMs / 1000).toFixed(1)} s after the server came back (the loop polls every 5 s); 3 tries stored per row (retry, retry, ok)`,
      details: { drainMs: Math.round(performance.now() - backAt), downErrors: [...downErrors], received: smtp.received.length },
    };
  } finally {
    db.close();
    await shop.stop();
    await smtp?.close();
  }
}

async function endpointNeverAnswers(): Promise<Finding> {
  const secret = webhookSecret();
  const hanging = await startWebhookReceiver(secret, () => 'hang');
  let healthySecret = '';
  const healthy = await startWebhookReceiver(() => healthySecret, () => ({ status: 204 }));
  const shop = await startShop({ WEBHOOK_URL: hanging.url, WEBHOOK_SECRET: secret });
  const db = new OutboxDb(shop.file);
  const problems: string[] = [];
  let reading = true;
  let reader: Promise<void> = Promise.resolve();
  try {
    healthySecret = (await addEndpoint(shop.owner, 'healthy', healthy.url)).secret;
    // The console's list page read over and over while the loop works.
    const pageTimes: number[] = [];
    const pageStatuses = new Map<number, number>();
    reader = (async () => {
      while (reading) {
        const page = await shop.owner.get('/notifications').catch(() => ({ status: 0, ms: 0 }));
        pageTimes.push(page.ms);
        pageStatuses.set(page.status, (pageStatuses.get(page.status) ?? 0) + 1);
      }
    })();
    const count = 10;
    const ids = await sendQuoteRequests(shop.rest.baseUrl, count);
    const rowsTo = (url: string) => db.rows("kind = 'webhook' AND target IN (SELECT id FROM webhook_endpoints WHERE url = ?)", url);
    await waitFor('every healthy row sent', 120_000, () => rowsTo(healthy.url).length === count && rowsTo(healthy.url).every((row) => row.state === 'sent'));
    const healthyRows = rowsTo(healthy.url);
    const waits = healthyRows.map((row) => ms(row.sent_at!, row.created_at));
    // Each hanging try ends at the webhook's 10 s timeout and is kept as a retry.
    const hangingAtOnce = hanging.received.length;
    // Three at a time, each ending at the 10 s timeout (the first ones are due again a minute on).
    await waitFor('a first try of every hanging row', 180_000, () => rowsTo(hanging.url).every((row) => row.attempts >= 1));
    reading = false;
    await reader;
    const firstTries = rowsTo(hanging.url).map((row) => db.attempts(row.id));
    const moved = db.dueNow('target IN (SELECT id FROM webhook_endpoints WHERE url = ?)', hanging.url);
    await waitFor('a second try of every hanging row', 180_000, () => rowsTo(hanging.url).every((row) => row.attempts >= 2 && row.claimed_until === null));
    const hangingRows = rowsTo(hanging.url);
    const hooks = byWebhookId(hanging.received);
    const good = byWebhookId(healthy.received);

    check(ids.length === count, problems, `${ids.length} quote requests accepted`);
    check(healthy.received.length === count && good.repeats === 0 && good.unverified === 0, problems, `healthy endpoint got ${healthy.received.length} (${good.repeats} repeats, ${good.unverified} unverified)`);
    const maxWait = Math.max(...waits);
    check(maxWait < 10_000, problems, `a healthy row waited ${maxWait} ms (the hanging endpoint's 10 s timeout held it)`);
    const p99 = percentile(pageTimes, 0.99);
    check(pageStatuses.size === 1 && pageStatuses.has(200), problems, `GET /notifications answered ${JSON.stringify(Object.fromEntries(pageStatuses))}`);
    check(hangingAtOnce <= 3, problems, `${hangingAtOnce} tries to the hanging endpoint at once`);
    check(firstTries.every((list) => list[0]?.outcome === 'retry' && /did not answer within 10000 ms/.test(list[0]?.error ?? '')), problems, `first tries of the hanging rows: ${JSON.stringify(firstTries.map((l) => l[0]?.error))}`);
    check(hangingRows.every((row) => row.state === 'pending' && row.attempts === 2), problems, 'a hanging row is not pending after its second try');
    check(hanging.received.length === 2 * count && [...hooks.ids.values()].every((n) => n === 2) && hooks.unverified === 0, problems, `hanging endpoint got ${hanging.received.length} requests over ${hooks.ids.size} webhook-ids`);
    check(shop.console.child.exitCode === null, problems, 'the console died');
    return {
      test: 'console: a webhook endpoint that never answers, beside a healthy one',
      ok: problems.length === 0,
      load: `${count} quote requests through rfq links, each a row for both endpoints; the owner reading GET /notifications in a loop meanwhile`,
      faults: `an endpoint that accepts the request and never answers; its rows' next_attempt_at moved to now in the database (${moved} rows) instead of waiting the 1 minute`,
      result: problems.length
        ? problems.join('; ')
        : `healthy endpoint: ${count} of ${count} delivered, verified, none twice, each within ${Math.round(maxWait / 100) / 10} s of its request (median ${Math.round(percentile(waits, 0.5) / 100) / 10} s); GET /notifications ${pageTimes.length} reads, all 200, p50 ${percentile(pageTimes, 0.5)} ms p99 ${p99} ms max ${percentile(pageTimes, 1)} ms; the hanging endpoint held ${hangingAtOnce} of the 10 slots meanwhile; its rows: first try "did not answer within 10000 ms" (retry), second try made once moved (2 requests per webhook-id, all signatures valid), still pending`,
      details: { waits, hangingAtOnce, pageTimes: { n: pageTimes.length, p50: percentile(pageTimes, 0.5), p99 }, hangingRequests: hanging.received.length },
    };
  } finally {
    reading = false;
    await reader;
    db.close();
    await shop.stop();
    await hanging.close();
    await healthy.close();
  }
}

async function endpointAnswers500(): Promise<Finding> {
  const secret = webhookSecret();
  const failing = await startWebhookReceiver(secret, () => ({ status: 500, body: 'internal error, for an hour' }));
  let healthySecret = '';
  const healthy = await startWebhookReceiver(() => healthySecret, () => ({ status: 200, body: 'ok' }));
  const shop = await startShop({ WEBHOOK_URL: failing.url, WEBHOOK_SECRET: secret });
  const db = new OutboxDb(shop.file);
  const problems: string[] = [];
  try {
    const [id] = await sendQuoteRequests(shop.rest.baseUrl, 1);
    const { value: row } = await waitFor('the row', 30_000, () => db.rows("kind = 'webhook'")[0]);
    // Each try waits for its next_attempt_at, moved to now once the try before it is stored.
    const delays: number[] = [];
    let moves = 0;
    for (let tries = 1; tries <= RETRY_DELAYS_MS.length + 1; tries++) {
      const { value: now } = await waitFor(`try ${tries}`, 30_000, () => {
        const current = db.rows('id = ?', row.id)[0]!;
        return current.attempts >= tries && current.claimed_until === null ? current : null;
      });
      if (now.state !== 'pending') break;
      const last = db.attempts(row.id).at(-1)!;
      // The next try is set from the end of this one: its delay counted from the try's start, to the second.
      delays.push(Math.round(ms(now.next_attempt_at!, last.at) / 1000) * 1000);
      moves += db.dueNow('id = ?', row.id);
    }
    await sleep(6_000); // one more poll: a dead row is not tried again
    const final = db.rows('id = ?', row.id)[0]!;
    const tries = db.attempts(row.id);
    const hooks = byWebhookId(failing.received);
    const failingRequests = failing.received.length;

    healthySecret = (await addEndpoint(shop.owner, 'healthy', healthy.url)).secret;
    const [later] = await sendQuoteRequests(shop.rest.baseUrl, 1, 1);
    const { ms: laterMs } = await waitFor('the later event at the healthy endpoint', 30_000, () => healthy.received.length >= 1);
    const good = byWebhookId(healthy.received);
    const laterBody = healthy.received[0]?.body ?? '';

    check(id !== undefined && later !== undefined, problems, 'a quote request was refused');
    check(final.state === 'dead' && final.attempts === 6 && final.next_attempt_at === null, problems, `row ends ${final.state} after ${final.attempts} tries`);
    check(tries.length === 6 && tries.every((a, i) => a.attempt === i + 1 && a.status === 500 && a.outcome === (i === 5 ? 'dead' : 'retry')), problems, `tries stored: ${JSON.stringify(tries.map((a) => [a.attempt, a.outcome, a.status]))}`);
    check(JSON.stringify(delays) === JSON.stringify(RETRY_DELAYS_MS), problems, `delays set ${JSON.stringify(delays)}, schedule ${JSON.stringify(RETRY_DELAYS_MS)}`);
    check(failingRequests === 6 && hooks.ids.size === 1 && hooks.ids.has(row.id) && hooks.unverified === 0, problems, `failing endpoint got ${failingRequests} requests over ${hooks.ids.size} webhook-ids`);
    check(healthy.received.length === 1 && good.unverified === 0 && later !== undefined && laterBody.includes(later), problems, `healthy endpoint got ${healthy.received.length} (${good.unverified} unverified) for the later event`);
    check(shop.console.child.exitCode === null, problems, 'the console died');
    const minutes = delays.map((d) => `${d / 60_000}`).join(' / ');
    return {
      test: 'console: a webhook endpoint answering 500 through the whole schedule',
      ok: problems.length === 0,
      load: 'one quote request through an rfq link; then a healthy endpoint added and one more request',
      faults: `an endpoint answering 500 to every request; next_attempt_at moved to now in the database before each retry (${moves} moves) instead of waiting ${minutes} minutes`,
      result: problems.length
        ? problems.join('; ')
        : `6 tries, each stored (500, retry x5 then dead), next tries set ${minutes} min after the try before (the schedule), row dead with no next try and not tried again; the endpoint got exactly 6 requests, one webhook-id, all signatures valid; a later event reached a healthy endpoint added on /webhooks ${(laterMs / 1000).toFixed(1)} s after its request`,
      details: { delays, tries: tries.map((a) => ({ attempt: a.attempt, outcome: a.outcome, status: a.status })), laterMs },
    };
  } finally {
    db.close();
    await shop.stop();
    await failing.close();
    await healthy.close();
  }
}

async function consoleKilledMidDelivery(): Promise<Finding> {
  const smtp = await startSmtpServer();
  const secret = webhookSecret();
  // Hangs while the first console lives (its tries are under way when it is killed), answers after.
  let killed = false;
  const hook: WebhookReceiver = await startWebhookReceiver(secret, (): Answer => (killed ? { status: 200 } : 'hang'));
  const mailEnv = { ...MAIL_ENV, SMTP_URL: smtp.url };
  const shop: Shop = await startShop({ ...mailEnv, WEBHOOK_URL: hook.url, WEBHOOK_SECRET: secret }, mailEnv);
  const db = new OutboxDb(shop.file);
  const problems: string[] = [];
  try {
    const count = 20;
    const ids = await sendQuoteRequests(shop.rest.baseUrl, count);
    await waitFor('three mails out', 60_000, () => smtp.received.length >= 3);
    const first = shop.console;
    first.child.kill('SIGKILL');
    await first.exited;
    killed = true;
    const atKill = db.rows();
    const claimed = atKill.filter((row) => row.state === 'pending' && row.claimed_until !== null);
    const sentAtKill = atKill.filter((row) => row.state === 'sent').length;
    const mailsAtKill = smtp.received.length;
    shop.console = await startServer('console', shop.consoleEnv, 60_000, first.port);
    const expired = db.expireClaims();
    const { ms: drainMs } = await waitFor('every row sent after the restart', 120_000, () => {
      const rows = db.rows();
      return rows.length === 2 * count && rows.every((row) => row.state === 'sent');
    });
    await sleep(6_000);
    const rows = db.rows();
    const mail = byMessageId(smtp);
    const hooks = byWebhookId(hook.received);
    const mailRows = rows.filter((row) => row.kind === 'email');
    const hookRows = rows.filter((row) => row.kind === 'webhook');
    check(ids.length === count, problems, `${ids.length} quote requests accepted`);
    check(rows.length === 2 * count && rows.every((row) => row.state === 'sent'), problems, 'a row not sent');
    check(mailRows.every((row) => mail.ids.has(mailIdOf(row.id))) && mail.ids.size === count, problems, `${mail.ids.size} distinct mails for ${count} rows`);
    // A mail the server took whose reply the killed console never read is sent again (the same
    // Message-ID); a row stored as sent must never be.
    const repeated = mailRows.filter((row) => (mail.ids.get(mailIdOf(row.id)) ?? 0) > 1);
    const sentBefore = new Set(atKill.filter((row) => row.state === 'sent').map((row) => row.id));
    const repeatedAfterSent = repeated.filter((row) => sentBefore.has(row.id));
    const repeatedInFlight = repeated.filter((row) => claimed.some((c) => c.id === row.id));
    check(repeatedAfterSent.length === 0, problems, `${repeatedAfterSent.length} mails stored as sent were delivered again`);
    check(repeated.length === repeatedInFlight.length, problems, `${repeated.length - repeatedInFlight.length} mails delivered twice that were not under way at the kill`);
    check(hookRows.every((row) => hooks.ids.has(row.id)) && hooks.unverified === 0, problems, `webhooks: ${hooks.ids.size} ids, ${hooks.unverified} unverified`);
    check(shop.console.child.exitCode === null, problems, 'the restarted console died');
    return {
      test: 'console: SIGKILL in the middle of deliveries, then restarted',
      ok: problems.length === 0,
      load: `${count} quote requests through rfq links: ${count} mails and ${count} webhooks to deliver`,
      faults: `SIGKILL once 3 mails were out (the endpoint holding its requests unanswered); the console started again on its port; claimed_until of the dead console's rows moved to now in the database (${expired} rows) instead of waiting out the 15 s leases (scale-out-faults waits them out)`,
      result: problems.length
        ? problems.join('; ')
        : `at the kill: ${mailsAtKill} mails received, ${sentAtKill} rows stored sent, ${claimed.length} rows claimed by the dead console; after the restart all ${2 * count} rows sent within ${Math.round(drainMs / 1000)} s: ${smtp.received.length} mails over ${mail.ids.size} Message-IDs (${mail.repeats} repeats${mail.repeats ? `: ${repeatedInFlight.length} under way at the kill, the server having taken it before its reply reached the console, sent again with the same Message-ID` : ''}; 0 of the ${sentBefore.size} rows stored sent went again), ${hook.received.length} webhook requests over ${hooks.ids.size} webhook-ids (${hooks.repeats} repeats: the tries cut by the kill, sent again with the same webhook-id), all signatures valid`,
      details: { mailsAtKill, sentAtKill, claimedAtKill: claimed.length, expired, drainMs, mails: smtp.received.length, mailRepeats: mail.repeats, webhookRequests: hook.received.length, webhookRepeats: hooks.repeats },
    };
  } finally {
    db.close();
    await shop.stop();
    await hook.close();
    await smtp.close();
  }
}

/** The outbox's findings, one shop each. */
export async function runOutboxChecks(): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const run of [mailServerDown, endpointNeverAnswers, endpointAnswers500, consoleKilledMidDelivery]) {
    try {
      findings.push(await run());
    } catch (error) {
      findings.push({ test: `console: ${run.name}`, ok: false, load: '', faults: '', result: `the check failed to run: ${(error as Error).message}` });
    }
  }
  return findings;
}
