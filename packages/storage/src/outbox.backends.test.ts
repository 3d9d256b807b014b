// The outbox on both databases: rows written in the record's own unit (or not at all), the claim two
// processes share, and a try settled once.
import { describeEachDatabase, type TestDatabase } from '../test/harness';
import { sampleOrderRequest } from '../test/order-requests.cases';
import type { OutboxEvent, Storage } from './index';
import { createOrderRequestRepository } from './repositories/order-requests';

const at = new Date('2026-11-27T15:00:00.000Z');
const later = (ms: number) => new Date(at.getTime() + ms);

function rfqEvent(id: string): OutboxEvent {
  const payload = JSON.stringify({ type: 'rfq_submission.created', timestamp: at.toISOString(), data: { id } });
  return { type: 'rfq_submission.created', subject: `quote/${id}`, payload, createdAt: at };
}

function submission(id: string, key: string) {
  return { id, rfqLinkId: 'rfq_1', createdAt: at, idempotencyKey: key, body: `{"id":"${id}"}`, schemaVersion: 1, event: rfqEvent(id) };
}

const endpoint = (name: string, events: string[]) => ({ name, url: `https://hooks.example.org/${name}`, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', events, createdBy: null, createdAt: at });

describeEachDatabase('outbox', (createDatabase) => {
  let database: TestDatabase;
  let storage: Storage;
  let second: Storage;

  beforeAll(async () => {
    database = createDatabase();
    storage = await database.open({ mailTo: 'shop@example.org,boss@example.org' });
    second = await database.open({ mailTo: null });
    const subscribed = await storage.webhooks.add(endpoint('erp', ['rfq_submission.created', 'order_request.created']));
    expect(subscribed).not.toBeNull();
    await storage.webhooks.add(endpoint('other', ['handoff.created']));
    const disabled = await storage.webhooks.add(endpoint('off', ['rfq_submission.created']));
    await storage.webhooks.disable(disabled!.id, at);
  });

  afterAll(async () => {
    await second?.close();
    await storage?.close();
    await database?.drop();
  });

  it('writes a new request with one e-mail row and one row per enabled endpoint subscribed to its event', async () => {
    await expect(storage.rfqSubmissions.insert(submission('sub_a', 'k_a'))).resolves.toEqual({ created: true, id: 'sub_a' });
    const rows = await storage.outbox.forSubject('quote/sub_a');
    const erp = (await storage.webhooks.list()).find((e) => e.name === 'erp')!;
    expect(rows.map((row) => [row.kind, row.target, row.state, row.attempts, row.eventType]).sort()).toEqual([
      ['email', 'shop@example.org,boss@example.org', 'pending', 0, 'rfq_submission.created'],
      ['webhook', erp.id, 'pending', 0, 'rfq_submission.created'],
    ]);
    expect(rows.every((row) => row.nextAttemptAt?.getTime() === at.getTime() && row.createdAt.getTime() === at.getTime())).toBe(true);
    expect(JSON.parse(rows[0]!.payload)).toEqual({ type: 'rfq_submission.created', timestamp: at.toISOString(), data: { id: 'sub_a' } });
  });

  it('writes no rows for a repeat of the same form, and no e-mail row where no mail is set', async () => {
    await expect(storage.rfqSubmissions.insert({ ...submission('sub_b', 'k_a') })).resolves.toEqual({ created: false, id: 'sub_a' });
    expect(await storage.outbox.forSubject('quote/sub_b')).toEqual([]);
    expect(await storage.outbox.forSubject('quote/sub_a')).toHaveLength(2);
    await second.rfqSubmissions.insert(submission('sub_c', 'k_c'));
    expect((await second.outbox.forSubject('quote/sub_c')).map((row) => row.kind)).toEqual(['webhook']);
  });

  it('keeps neither the record nor its outbox rows when the record cannot be written', async () => {
    const handoff = (id: string, designId: string) => ({
      id,
      createdAt: at,
      expiresAt: later(86_400_000),
      body: '{}',
      schemaVersion: 1,
      designs: [{ id: designId, quoteId: 'q_1', itemIndex: 0, createdAt: at, expiresAt: later(86_400_000), design: '{}', schemaVersion: 1 }],
      event: { type: 'handoff.created', subject: `handoff/${id}`, payload: '{}', createdAt: at },
    });
    await storage.handoffs.insert(handoff('h_one', 'pd_same'));
    expect(await storage.outbox.forSubject('handoff/h_one')).toHaveLength(1);
    // The second handoff's design id is taken: its unit fails as a whole, with the driver's
    // unique violation. Told by its code, not `toThrow`: better-sqlite3's error class is made in the
    // context of the first test file of the worker to load the driver, so in a later file it is no
    // instance of this context's Error (which test file comes first depends on scheduling).
    await expect(storage.handoffs.insert(handoff('h_two', 'pd_same'))).rejects.toMatchObject({
      code: expect.stringMatching(/^(SQLITE_CONSTRAINT_PRIMARYKEY|23505)$/),
    });
    await expect(storage.handoffs.get('h_two', at)).resolves.toBeNull();
    expect(await storage.outbox.forSubject('handoff/h_two')).toEqual([]);
  });

  it('writes an order request\'s rows in its transaction: none for a repeat of its key, none when the request fails', async () => {
    const orders = createOrderRequestRepository(storage);
    const orderEvent = (id: string): OutboxEvent => ({
      type: 'order_request.created',
      subject: `order/${id}`,
      payload: JSON.stringify({ type: 'order_request.created', timestamp: at.toISOString(), data: { id, name: 'Dana Reyes' } }),
      createdAt: at,
    });
    const erp = (await storage.webhooks.list()).find((e) => e.name === 'erp')!;
    await expect(orders.insert({ ...sampleOrderRequest({ id: 'or_a', idempotencyKey: 'ko_a' }), event: orderEvent('or_a') })).resolves.toEqual({ created: true, id: 'or_a' });
    expect((await storage.outbox.forSubject('order/or_a')).map((row) => [row.kind, row.target, row.eventType]).sort()).toEqual([
      ['email', 'shop@example.org,boss@example.org', 'order_request.created'],
      ['webhook', erp.id, 'order_request.created'],
    ]);
    // The same key again: the first request's id, and no rows for the second event.
    await expect(orders.insert({ ...sampleOrderRequest({ id: 'or_b', idempotencyKey: 'ko_a' }), event: orderEvent('or_b') })).resolves.toEqual({ created: false, id: 'or_a' });
    expect(await storage.outbox.forSubject('order/or_b')).toEqual([]);
    // A taken id fails the request's unit: its rows go with it.
    await expect(orders.insert({ ...sampleOrderRequest({ id: 'or_a', idempotencyKey: 'ko_c' }), event: { ...orderEvent('or_a'), subject: 'order/or_c' } })).rejects.toMatchObject({
      code: expect.stringMatching(/^(SQLITE_CONSTRAINT_PRIMARYKEY|23505)$/),
    });
    expect(await storage.outbox.forSubject('order/or_c')).toEqual([]);
    expect(await storage.outbox.forSubject('order/or_a')).toHaveLength(2);
  });

  it('gives each due row to one claimant only, however the claims interleave', async () => {
    for (let i = 0; i < 12; i++) await storage.rfqSubmissions.insert(submission(`sub_claim${i}`, `k_claim${i}`));
    const due = (await storage.outbox.list({ state: 'pending', limit: 1000 })).length;
    const claims = await Promise.all([
      storage.outbox.claimDue('one', later(1000), { limit: 7, claimMs: 60_000 }),
      second.outbox.claimDue('two', later(1000), { limit: 7, claimMs: 60_000 }),
      storage.outbox.claimDue('three', later(1000), { limit: 7, claimMs: 60_000 }),
      second.outbox.claimDue('four', later(1000), { limit: 100, claimMs: 60_000 }),
    ]);
    const ids = claims.flat().map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(due);
    // Claimed rows are not due again until the claim runs out.
    expect(await storage.outbox.claimDue('five', later(2000), { limit: 100, claimMs: 60_000 })).toEqual([]);
    expect(await storage.outbox.release('one')).toBe(claims[0]!.length);
    expect((await storage.outbox.claimDue('five', later(2000), { limit: 100, claimMs: 60_000 })).map((row) => row.id).sort()).toEqual(claims[0]!.map((row) => row.id).sort());
    const expired = await storage.outbox.claimDue('six', later(120_000), { limit: 100, claimMs: 60_000 });
    expect(expired.length).toBe(due);
    await storage.outbox.release('six');
  });

  it('claims at most perTarget rows of one target at once, counting the claims other claimants hold', async () => {
    for (const id of ['sub_t1', 'sub_t2', 'sub_t3', 'sub_t4']) await storage.rfqSubmissions.insert(submission(id, `k_${id}`));
    const when = later(30 * 86_400_000);
    const perTarget = (rows: Array<{ target: string }>) => rows.reduce((counts, row) => counts.set(row.target, (counts.get(row.target) ?? 0) + 1), new Map<string, number>());
    const due = (await storage.outbox.list({ limit: 200, state: 'pending' })).filter((row) => row.nextAttemptAt!.getTime() <= when.getTime());
    const targets = perTarget(due);
    // The four new requests alone give their two targets (the e-mail and erp) four due rows each.
    expect([...targets.values()].filter((n) => n >= 4)).toHaveLength(2);
    const capped = (cap: number, less = 0) => [...targets].map(([target, n]) => [target, Math.min(n, cap) - Math.min(n, less)] as const).filter(([, n]) => n > 0).sort();

    const first = await storage.outbox.claimDue('one', when, { limit: 100, claimMs: 60_000, perTarget: 2 });
    expect([...perTarget(first)].sort()).toEqual(capped(2));
    // Two held by 'one' count against a cap of three: one more row of each target.
    const more = await second.outbox.claimDue('two', when, { limit: 100, claimMs: 60_000, perTarget: 3 });
    expect([...perTarget(more)].sort()).toEqual(capped(3, 2));
    expect(await storage.outbox.claimDue('three', when, { limit: 100, claimMs: 60_000, perTarget: 3 })).toEqual([]);
    // Once the claims run out, the cap counts nothing held.
    expect((await storage.outbox.claimDue('four', later(30 * 86_400_000 + 60_000), { limit: 100, claimMs: 60_000, perTarget: 1 })).length).toBe(targets.size);
    await storage.outbox.release('four');
  });

  it('stores a try once: the claimant that lost its claim stores nothing, and a dead row goes back on retry', async () => {
    await storage.rfqSubmissions.insert(submission('sub_settle', 'k_settle'));
    await storage.outbox.release('six');
    const [row] = (await storage.outbox.claimDue('mine', later(300_000), { limit: 1000, claimMs: 60_000 })).filter((r) => r.subject === 'quote/sub_settle' && r.kind === 'email');
    expect(row).toBeDefined();
    const settlement = { outcome: 'retry' as const, status: 421, error: 'busy', response: '421 try later', durationMs: 12.4, attemptedAt: later(300_000), attempts: 1, nextAttemptAt: later(360_000) };
    await expect(storage.outbox.settle(row!, 'someone-else', settlement)).resolves.toBe(false);
    await expect(storage.outbox.settle(row!, 'mine', settlement)).resolves.toBe(true);
    await expect(storage.outbox.settle(row!, 'mine', settlement)).resolves.toBe(false);
    const kept = await storage.outbox.get(row!.id);
    expect(kept!.row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'busy', nextAttemptAt: later(360_000) });
    expect(kept!.attempts).toEqual([{ rowId: row!.id, attempt: 1, outcome: 'retry', status: 421, error: 'busy', response: '421 try later', durationMs: 12, at: later(300_000) }]);

    const [again] = (await storage.outbox.claimDue('mine', later(360_000), { limit: 1000, claimMs: 60_000 })).filter((r) => r.id === row!.id);
    await expect(storage.outbox.settle(again!, 'mine', { ...settlement, outcome: 'dead', status: 550, error: 'no such user', attempts: 2, nextAttemptAt: null, attemptedAt: later(360_000) })).resolves.toBe(true);
    expect((await storage.outbox.get(row!.id))!.row).toMatchObject({ state: 'dead', attempts: 2, nextAttemptAt: null, sentAt: null });
    await expect(storage.outbox.retry(row!.id, later(400_000))).resolves.toBe(true);
    await expect(storage.outbox.retry(row!.id, later(400_000))).resolves.toBe(false);
    const [third] = (await storage.outbox.claimDue('mine', later(400_000), { limit: 1000, claimMs: 60_000 })).filter((r) => r.id === row!.id);
    expect(third).toMatchObject({ attempts: 0, state: 'pending' });
    await storage.outbox.settle(third!, 'mine', { ...settlement, outcome: 'ok', status: 250, error: null, attempts: 1, nextAttemptAt: null, attemptedAt: later(400_000) });
    const done = await storage.outbox.get(row!.id);
    expect(done!.row).toMatchObject({ state: 'sent', sentAt: later(400_000) });
    expect(done!.attempts.map((a) => [a.attempt, a.outcome])).toEqual([[1, 'retry'], [2, 'dead'], [3, 'ok']]);
    await storage.outbox.release('mine');
  });

  it('keeps an endpoint\'s secret for delivery only, and makes or updates the one named env', async () => {
    const made = await storage.webhooks.put({ ...endpoint('env', ['price_book.published']), url: 'https://a.example.org/h' });
    const moved = await storage.webhooks.put({ ...endpoint('env', ['handoff.created']), url: 'https://b.example.org/h' });
    expect(moved.id).toBe(made.id);
    expect(moved).toMatchObject({ url: 'https://b.example.org/h', events: ['handoff.created'], disabledAt: null });
    expect(Object.keys(moved)).not.toContain('secret');
    await expect(storage.webhooks.secretOf(made.id)).resolves.toEqual({ url: 'https://b.example.org/h', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    await expect(storage.webhooks.add(endpoint('env', []))).resolves.toBeNull();
    await storage.webhooks.disable(made.id, at);
    await expect(storage.webhooks.secretOf(made.id)).resolves.toBeNull();
    await expect(storage.webhooks.remove(made.id)).resolves.toBe(true);
    await expect(storage.webhooks.get(made.id)).resolves.toBeNull();
  });

  it('renews a lease only on the claimant\'s own pending rows; a row whose lease ran out goes to the next claimant', async () => {
    await storage.rfqSubmissions.insert(submission('sub_lease', 'k_lease'));
    const due = later(10 * 86_400_000);
    const claimed = await storage.outbox.claimDue('console-a', due, { limit: 100, claimMs: 1000 });
    const ids = claimed.filter((row) => row.subject === 'quote/sub_lease').map((row) => row.id);
    expect(ids).toHaveLength(2);
    // Renewed before its end: still console-a's a second past the first lease.
    expect(await storage.outbox.renew('console-a', ids, new Date(due.getTime() + 5000))).toBe(2);
    expect(await second.outbox.renew('console-b', ids, new Date(due.getTime() + 60_000))).toBe(0);
    expect((await second.outbox.claimDue('console-b', new Date(due.getTime() + 2000), { limit: 100, claimMs: 1000 })).map((row) => row.id)).not.toContain(ids[0]);
    // Not renewed again: past its end, console-b takes it, and console-a's renewal then keeps nothing.
    const taken = await second.outbox.claimDue('console-b', new Date(due.getTime() + 6000), { limit: 100, claimMs: 1000 });
    expect(taken.map((row) => row.id)).toEqual(expect.arrayContaining(ids));
    expect(await storage.outbox.renew('console-a', ids, new Date(due.getTime() + 20_000))).toBe(0);
    await second.outbox.release('console-b');
  });
});
