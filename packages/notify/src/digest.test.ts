// The hourly cap on request e-mails against a real SMTP server: past NOTIFY_DIGEST_AFTER in an hour
// the rows wait for the hour's end and go as one digest; every request is still told of.
import { deliver } from './deliver';
import type { DeliverDeps, OutboxRow } from './deliver';
import { createMailDigest, readDigestAfter } from './digest';
import { orderRequestCreated, orderRequestReference, rfqSubmissionCreated } from './events';
import { createMailer } from './mail';
import type { Mailer } from './mail';
import { startSmtpServer } from './test-servers';
import type { TestSmtpServer } from './test-servers';

const CONSOLE_URL = 'https://console.shop.example';
const TO = 'estimating@shop.example';
const start = new Date('2026-11-27T14:10:00.000Z');

const rfqRow = (n: number): OutboxRow => ({
  id: `ob_rfq_${n}`,
  kind: 'email',
  target: TO,
  payload: rfqSubmissionCreated({ id: `sub_${n}`, rfq_link_id: 'rfq_1', description: `Gate hinge plates, job ${n}`, material: null, thickness_in: null, quantity: 4, name: `Person ${n}` }, start),
  attempts: 0,
});
const orderRow = (n: number): OutboxRow => ({
  id: `ob_or_${n}`,
  kind: 'email',
  target: TO,
  payload: orderRequestCreated(
    { id: `or_${n}`, handoff_id: 'h_1', items: [{ quote_id: 'q_1', index: 0, description: 'Base plate', quantity: 2, unit_amount_cents: 1000, amount_cents: 2000 }], amount_subtotal_cents: 2000, fulfilment: 'pickup', name: `Buyer ${n}` },
    start,
  ),
  attempts: 0,
});

let server: TestSmtpServer;
let mailer: Mailer;
beforeEach(async () => {
  server = await startSmtpServer();
  mailer = createMailer({ smtpUrl: server.url, from: 'Shop <quotes@shop.example>' });
});
afterEach(async () => {
  mailer.close();
  await server.close();
});

/** A flood of `count` requests within one hour, each row tried once as it comes, then tried again when due. */
async function flood(count: number, digestAfter: number | null): Promise<{ mailsInTheHour: number; mailsAfter: number; outcomes: string[] }> {
  let now = start;
  const deps: DeliverDeps = { mail: { mailer, consoleUrl: CONSOLE_URL, ...(digestAfter === null ? {} : { digest: createMailDigest(digestAfter) }) }, now: () => now };
  const rows = Array.from({ length: count }, (_, i) => (i % 2 === 0 ? rfqRow(i) : orderRow(i)));
  const waiting: Array<{ row: OutboxRow; at: Date }> = [];
  const outcomes: string[] = [];
  for (const row of rows) {
    const { attempt, attempts, nextAttemptAt } = await deliver(row, deps);
    outcomes.push(attempt.outcome);
    if (nextAttemptAt !== null) waiting.push({ row: { ...row, attempts }, at: nextAttemptAt });
    now = new Date(now.getTime() + 60_000);
  }
  const mailsInTheHour = server.received.length;
  for (const { row, at } of waiting) {
    now = at;
    const { attempt } = await deliver(row, deps);
    outcomes.push(attempt.outcome);
  }
  return { mailsInTheHour, mailsAfter: server.received.length - mailsInTheHour, outcomes };
}

describe('the hourly digest of request e-mails', () => {
  it('sends 3 alone, holds the rest to the hour\'s end, and sends them as one digest; every row is delivered', async () => {
    const { mailsInTheHour, mailsAfter, outcomes } = await flood(8, 3);
    expect(mailsInTheHour).toBe(3);
    expect(mailsAfter).toBe(1);
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'retry', 'retry', 'retry', 'retry', 'retry', 'ok', 'ok', 'ok', 'ok', 'ok']);
    const digest = server.received[3]!;
    expect(digest.parsed.subject).toBe('Digest: 5 new requests in the inbox');
    const text = digest.parsed.text ?? '';
    expect(text).toContain('5 new requests since 14:00 UTC.');
    expect(text).toContain('More than 3 requests came in within an hour');
    for (const n of [3, 5, 7]) expect(text).toContain(`Order request ${orderRequestReference(`or_${n}`)} from Buyer ${n}: 1 item, $20.00 before HST\n  ${CONSOLE_URL}/notifications/ob_or_${n}/request`);
    for (const n of [4, 6]) expect(text).toContain(`Quote request from Person ${n}: Gate hinge plates, job ${n}\n  ${CONSOLE_URL}/inbox/quote/sub_${n}`);
    expect(text).not.toContain('Person 0');
  });

  it('says why a row waits and when it is tried again: at the end of the hour', async () => {
    const digest = createMailDigest(1);
    const now = start;
    await deliver(rfqRow(1), { mail: { mailer, consoleUrl: CONSOLE_URL, digest }, now: () => now });
    const held = await deliver(rfqRow(2), { mail: { mailer, consoleUrl: CONSOLE_URL, digest }, now: () => now });
    expect(held.attempt).toMatchObject({ outcome: 'retry', error: 'Held for the hourly digest: more than 1 request e-mails this hour (NOTIFY_DIGEST_AFTER); 1 held.' });
    expect(held.nextAttemptAt).toEqual(new Date('2026-11-27T15:00:00.000Z'));
  });

  it('keeps a digest that could not be sent held, and sends it on the next try', async () => {
    const digest = createMailDigest(1);
    let now = start;
    const deps = { mail: { mailer, consoleUrl: CONSOLE_URL, digest }, now: () => now };
    await deliver(rfqRow(1), deps);
    await deliver(rfqRow(2), deps);
    now = new Date('2026-11-27T15:00:00.000Z');
    const down = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'Shop <quotes@shop.example>' });
    try {
      const failed = await deliver({ ...rfqRow(2), attempts: 1 }, { ...deps, mail: { ...deps.mail, mailer: down } });
      expect(failed.attempt.outcome).toBe('retry');
    } finally {
      down.close();
    }
    const again = await deliver({ ...rfqRow(2), attempts: 2 }, deps);
    expect(again.attempt.outcome).toBe('ok');
    expect(server.received.map((mail) => mail.parsed.subject)).toEqual(['New quote request: Gate hinge plates, job 1', 'Digest: 1 new request in the inbox']);
  });

  it('without the cap every request is its own e-mail (the flood before)', async () => {
    const { mailsInTheHour } = await flood(8, null);
    expect(mailsInTheHour).toBe(8);
  });

  it('reads NOTIFY_DIGEST_AFTER, 30 by default, refusing what cannot work', () => {
    expect(readDigestAfter({})).toBe(30);
    expect(readDigestAfter({ NOTIFY_DIGEST_AFTER: '5' })).toBe(5);
    expect(() => readDigestAfter({ NOTIFY_DIGEST_AFTER: '0' })).toThrow('NOTIFY_DIGEST_AFTER must be a whole number from 1 to 10000, not 0');
    expect(() => readDigestAfter({ NOTIFY_DIGEST_AFTER: 'lots' })).toThrow('NOTIFY_DIGEST_AFTER');
  });
});
