import { deliver, messageIdFor } from './deliver';
import type { DeliverDeps, OutboxRow } from './deliver';
import { handoffCreated, orderRequestCreated, orderRequestReference, priceBookPublished } from './events';
import { createMailer } from './mail';
import { MAX_ATTEMPTS } from './schedule';
import { startWebhookReceiver } from './test-servers';
import type { Answer, WebhookReceiver } from './test-servers';
import { createWebhookSecret } from './webhook';

const secret = createWebhookSecret();
const now = new Date('2026-11-27T15:00:00.000Z');
const event = handoffCreated(
  {
    object: 'handoff',
    id: 'h_2Lk8',
    url: 'https://quote.shop.example/o/h_2Lk8?t=bearer-token-for-the-person',
    expires_at: '2026-12-04T15:00:00.000Z',
    items: [{ quote_id: 'q_7Yx', index: 0, description: 'Gusset 6 x 6 in, 1/4 in mild steel', action: 'open_plate_quoter', label: 'G1' }],
  },
  now,
);

let endpoint: WebhookReceiver | undefined;
async function listen(answer: (count: number) => Answer): Promise<DeliverDeps> {
  endpoint = await startWebhookReceiver(secret, (_request, count) => answer(count));
  const stopped = new Date();
  const url = endpoint.url;
  return {
    webhookEndpoint: (target) => (target === 'we_main' ? { url, secret } : null),
    webhookTimeoutMs: 150,
    // The receiver listens on loopback, which webhooks reach only when allowed.
    webhookAllowHosts: ['127.0.0.1'],
    // A clock stopped at the system time: the receiver checks the signed time against its own.
    now: () => stopped,
  };
}
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const row = (attempts: number, payload: unknown = event): OutboxRow => ({ id: 'ob_wh_1', kind: 'webhook', target: 'we_main', payload, attempts });

describe('deliver a webhook row', () => {
  it('retries a 500 a minute later, then delivers with the same webhook-id so the receiver can drop repeats', async () => {
    const deps = await listen((count) => (count === 1 ? { status: 500, body: 'try later' } : { status: 204 }));
    const first = await deliver(row(0), deps);
    expect(first.attempt).toMatchObject({ rowId: 'ob_wh_1', attempt: 1, outcome: 'retry', status: 500, error: 'The endpoint answered 500.', response: 'try later' });
    expect(first.attempts).toBe(1);
    expect(first.attempt.attemptedAt).toEqual(deps.now!());
    expect(first.nextAttemptAt).toEqual(new Date(deps.now!().getTime() + 60_000));

    const second = await deliver(row(first.attempts), deps);
    expect(second.attempt).toMatchObject({ attempt: 2, outcome: 'ok', status: 204, error: null });
    expect(second.attempts).toBe(2);
    expect(second.nextAttemptAt).toBeNull();

    const received = endpoint!.received;
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(['ob_wh_1', 'ob_wh_1']);
    expect(received.every((r) => r.verified.ok)).toBe(true);
    expect(JSON.parse(received[1]!.body)).toEqual({
      type: 'handoff.created',
      timestamp: '2026-11-27T15:00:00.000Z',
      data: { id: 'h_2Lk8', expires_at: '2026-12-04T15:00:00.000Z', items: [{ quote_id: 'q_7Yx', index: 0, description: 'Gusset 6 x 6 in, 1/4 in mild steel' }] },
    });
    expect(received[1]!.body).not.toContain('bearer-token');
  });

  it('sends an order request with its public reference, never its or_ id, and a name on one line (a row written before too)', async () => {
    const deps = await listen(() => ({ status: 204 }));
    const items = [{ quote_id: 'q_7Yx', index: 0, description: 'Gusset', quantity: 1, unit_amount_cents: 500, amount_cents: 500 }];
    const made = orderRequestCreated({ id: 'or_2Hq8sLk3Vn9pXw4Rt6Yb1c', handoff_id: 'h_2Lk8', items, amount_subtotal_cents: 500, fulfilment: 'delivery', name: 'Dana\r\n\u202Eyrevaw Reyes' }, now);
    // As the outbox kept an order request before its events carried a reference.
    const older = { type: 'order_request.created', timestamp: now.toISOString(), data: { id: 'or_2Hq8sLk3Vn9pXw4Rt6Yb1c', handoff_id: 'h_2Lk8', items, amount_subtotal_cents: 500, fulfilment: 'delivery', name: 'Dana Reyes' } };
    for (const payload of [made, older]) expect((await deliver(row(0, payload), deps)).attempt).toMatchObject({ outcome: 'ok', status: 204 });
    const bodies = endpoint!.received.map((r) => JSON.parse(r.body) as { data: Record<string, unknown> });
    expect(bodies.map((body) => [body.data.reference, body.data.name, 'id' in body.data])).toEqual([
      [orderRequestReference('or_2Hq8sLk3Vn9pXw4Rt6Yb1c'), 'Dana yrevaw Reyes', false],
      [orderRequestReference('or_2Hq8sLk3Vn9pXw4Rt6Yb1c'), 'Dana Reyes', false],
    ]);
    expect(endpoint!.received.map((r) => r.body).join('')).not.toContain('or_');
  });

  it('marks a row dead when its last try fails in a way worth retrying', async () => {
    const deps = await listen(() => ({ status: 503 }));
    const last = await deliver(row(MAX_ATTEMPTS - 1), deps);
    expect(last.attempt).toMatchObject({ attempt: MAX_ATTEMPTS, outcome: 'dead', status: 503, error: 'The endpoint answered 503.' });
    expect(last.nextAttemptAt).toBeNull();
  });

  it('marks a row dead at once on a 410', async () => {
    const deps = await listen(() => ({ status: 410 }));
    const delivery = await deliver(row(0), deps);
    expect(delivery.attempt).toMatchObject({ outcome: 'dead', status: 410 });
    expect(delivery.nextAttemptAt).toBeNull();
  });

  it('retries an endpoint that does not answer in time', async () => {
    const deps = await listen(() => 'hang');
    const delivery = await deliver(row(2), deps);
    expect(delivery.attempt).toMatchObject({ attempt: 3, outcome: 'retry', status: null, error: 'The endpoint did not answer within 150 ms.' });
    expect(delivery.nextAttemptAt).toEqual(new Date(deps.now!().getTime() + 30 * 60_000));
  });

  it('refuses a payload that is not an event, sending nothing', async () => {
    const deps = await listen(() => ({ status: 200 }));
    const withEmail = { ...event, data: { ...event.data, email: 'someone@example.org' } };
    const delivery = await deliver(row(0, withEmail), deps);
    expect(delivery.attempt).toMatchObject({ outcome: 'dead', status: null });
    expect(delivery.attempt.error).toMatch(/^The payload is not a notification event at data: /);
    expect(await deliver(row(0, { type: 'quote.created', timestamp: now.toISOString(), data: {} }), deps)).toMatchObject({
      attempt: { outcome: 'dead', error: expect.stringContaining('at type') },
    });
    expect(endpoint!.received).toHaveLength(0);
  });

  it('marks a row dead once its endpoint is removed', async () => {
    const deps = await listen(() => ({ status: 200 }));
    const delivery = await deliver({ ...row(0), target: 'we_removed' }, deps);
    expect(delivery.attempt).toMatchObject({ outcome: 'dead', error: 'The webhook endpoint no longer exists.' });
  });

  it('keeps the row for a later try when its endpoint cannot be read', async () => {
    const delivery = await deliver(row(0), {
      webhookEndpoint: () => Promise.reject(new Error('database is locked')),
      now: () => now,
    });
    expect(delivery.attempt).toMatchObject({ outcome: 'retry', error: 'Could not read the webhook endpoint: database is locked' });
    expect(delivery.nextAttemptAt).toEqual(new Date(now.getTime() + 60_000));
  });

  it('will not try a row that has had every try', async () => {
    const deps = await listen(() => ({ status: 200 }));
    await expect(deliver(row(MAX_ATTEMPTS), deps)).rejects.toThrow(`outbox row ob_wh_1 has had all ${MAX_ATTEMPTS} tries`);
    expect(endpoint!.received).toHaveLength(0);
  });
});

describe('deliver an email row', () => {
  const emailRow = (payload: unknown): OutboxRow => ({ id: 'ob_m_1', kind: 'email', target: 'estimating@shop.example', payload, attempts: 0 });

  it('waits for a mail server to be set rather than losing the row', async () => {
    const delivery = await deliver(emailRow(event), { now: () => now });
    expect(delivery.attempt).toMatchObject({ outcome: 'dead', error: 'No mail is sent for handoff.created.' });
    const request = { type: 'rfq_submission.created', timestamp: now.toISOString(), data: { id: 'rs_1', rfq_link_id: null, description: 'Cut 4 gussets', material: null, thickness_in: null, quantity: 4, name: 'Lee' } };
    const waiting = await deliver(emailRow(request), { now: () => now });
    expect(waiting.attempt).toMatchObject({ outcome: 'retry', error: 'No mail server is set (SMTP_URL).' });
    expect(waiting.nextAttemptAt).toEqual(new Date(now.getTime() + 60_000));
  });

  it('sends no mail for events that are not new requests', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'quotes@shop.example' });
    try {
      const delivery = await deliver(emailRow(priceBookPublished('2026-11-27.2', now, now)), { mail: { mailer, consoleUrl: 'http://localhost:3002' }, now: () => now });
      expect(delivery.attempt).toMatchObject({ outcome: 'dead', error: 'No mail is sent for price_book.published.', durationMs: 0 });
    } finally {
      mailer.close();
    }
  });
});

describe('messageIdFor', () => {
  it('is the row id at the sender domain, with nothing that could break the header', () => {
    expect(messageIdFor('ob_m_1', 'Shop <quotes@shop.example>')).toBe('<ob_m_1@shop.example>');
    expect(messageIdFor('ob <x>\r\n', 'quotes@shop.example')).toBe('<obx@shop.example>');
  });
});
