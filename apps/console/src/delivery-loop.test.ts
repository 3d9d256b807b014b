// The delivery loop against real servers: an SMTP server that is down and then back, an endpoint that
// checks signatures, one that answers 500 until the schedule is spent; the clock is the test's.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RETRY_DELAYS_MS, createWebhookSecret, handoffCreated, rfqSubmissionCreated } from '@shop/notify';
import { StorageUnavailable, openStorage, type Storage } from '@shop/storage';
import pino from 'pino';
import { closedPort, startSmtpServer, startWebhookReceiver } from '../../../packages/notify/src/test-servers';
import { createDeliveryLoop, type DeliveryLoop } from './delivery-loop';

const T0 = new Date('2026-11-27T15:00:00.000Z');
const MAIL = { from: 'Quotes <quotes@shop.example>', to: ['shop@shop.example'], consoleUrl: 'https://console.shop.example' };
const silent = pino({ level: 'silent' });
// The receivers listen on loopback, which a webhook reaches only when WEBHOOK_ALLOW_HOSTS names it.
const LOOPBACK = ['127.0.0.1'];

describe('the delivery loop', () => {
  let dir: string;
  let storage: Storage;
  let clock: Date;
  const now = () => clock;
  const at = (ms: number) => new Date(T0.getTime() + ms);

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-outbox-'));
    storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: dir, mailTo: MAIL.to.join(',') });
    clock = T0;
  });

  afterEach(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function submitRfq(id: string) {
    const event = rfqSubmissionCreated({ id, rfq_link_id: 'rl_1', description: '12 gussets, 3/8 A36', material: 'A36', thickness_in: 0.375, quantity: 12, name: 'Robin Forge', email: 'robin@forge.example' }, clock);
    await storage.rfqSubmissions.insert({
      id,
      rfqLinkId: 'rl_1',
      createdAt: clock,
      idempotencyKey: `k-${id}`,
      body: '{}',
      schemaVersion: 1,
      event: { type: event.type, subject: `quote/${id}`, payload: JSON.stringify(event), createdAt: clock },
    });
    return event;
  }

  async function runAt(loop: DeliveryLoop, ms: number) {
    clock = at(ms);
    return loop.runOnce();
  }

  it('sends an rfq submission made while the mail server is down once it is back, exactly once, retrying on the schedule', async () => {
    const port = await closedPort();
    const loop = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: { ...MAIL, smtpUrl: `smtp://127.0.0.1:${port}` }, now, logger: silent });
    await submitRfq('sub_down');
    const [row] = await storage.outbox.forSubject('quote/sub_down');
    expect(row).toMatchObject({ kind: 'email', target: 'shop@shop.example', state: 'pending' });

    expect(await runAt(loop, 0)).toHaveLength(1);
    expect((await storage.outbox.get(row!.id))!.row).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: at(RETRY_DELAYS_MS[0]!) });
    expect(await runAt(loop, RETRY_DELAYS_MS[0]! - 1000)).toEqual([]);
    expect(await runAt(loop, RETRY_DELAYS_MS[0]!)).toHaveLength(1);
    const second = RETRY_DELAYS_MS[0]! + RETRY_DELAYS_MS[1]!;
    expect((await storage.outbox.get(row!.id))!.row).toMatchObject({ state: 'pending', attempts: 2, nextAttemptAt: at(second) });

    const server = await startSmtpServer({ port });
    try {
      expect(await runAt(loop, second)).toHaveLength(1);
      expect(await runAt(loop, second + 86_400_000)).toEqual([]);
      expect(server.received).toHaveLength(1);
      const mail = server.received[0]!;
      expect(mail.to).toEqual(['shop@shop.example']);
      expect(mail.parsed.messageId).toBe(`<${row!.id}@shop.example>`);
      expect(mail.parsed.text).toContain('Robin Forge');
      expect(mail.parsed.text).toContain('https://console.shop.example/inbox/quote/sub_down');
      expect(mail.parsed.text).not.toContain('robin@forge.example');
      const kept = await storage.outbox.get(row!.id);
      expect(kept!.row).toMatchObject({ state: 'sent', attempts: 3, sentAt: at(second), nextAttemptAt: null });
      expect(kept!.attempts.map((attempt) => [attempt.attempt, attempt.outcome, attempt.at.toISOString()])).toEqual([
        [1, 'retry', at(0).toISOString()],
        [2, 'retry', at(RETRY_DELAYS_MS[0]!).toISOString()],
        [3, 'ok', at(second).toISOString()],
      ]);
      expect(kept!.attempts[0]!.error).toMatch(/ECONNREFUSED|connect/i);
      expect(kept!.attempts[2]!.status).toBe(250);
    } finally {
      await loop.stop();
      await server.close();
    }
  });

  it('signs a webhook so the endpoint verifies it, with the row id as webhook-id', async () => {
    // The receiver checks the signed timestamp against its own clock: this test keeps the real time.
    clock = new Date();
    const start = clock;
    const secret = createWebhookSecret();
    const receiver = await startWebhookReceiver(secret, () => ({ status: 204 }));
    const loop = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now, logger: silent });
    try {
      const endpoint = await storage.webhooks.add({ name: 'erp', url: receiver.url, secret, events: ['handoff.created'], createdBy: null, createdAt: start });
      const expires = new Date(start.getTime() + 86_400_000);
      const handoff = { object: 'handoff' as const, id: 'h_sign', url: 'https://quote.example/o/h_sign', expires_at: expires.toISOString(), items: [{ quote_id: 'q_1', index: 0, description: 'Base plate' }] };
      const event = handoffCreated(handoff as never, start);
      await storage.handoffs.insert({ id: 'h_sign', createdAt: start, expiresAt: expires, body: '{}', schemaVersion: 1, designs: [], event: { type: event.type, subject: 'handoff/h_sign', payload: JSON.stringify(event), createdAt: start } });
      const [row] = await storage.outbox.forSubject('handoff/h_sign');
      expect(row).toMatchObject({ kind: 'webhook', target: endpoint!.id });

      expect(await loop.runOnce()).toHaveLength(1);
      expect(receiver.received).toHaveLength(1);
      const request = receiver.received[0]!;
      expect(request.verified).toEqual({ ok: true, payload: event });
      expect(request.headers['webhook-id']).toBe(row!.id);
      expect(request.body).not.toContain('quote.example/o/');
      expect((await storage.outbox.get(row!.id))!.row).toMatchObject({ state: 'sent', attempts: 1 });
      clock = new Date(start.getTime() + 3_600_000);
      expect(await loop.runOnce()).toEqual([]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await loop.stop();
      await receiver.close();
    }
  });

  it('tries an endpoint answering 500 on the schedule and ends the row dead after the sixth try', async () => {
    const secret = createWebhookSecret();
    const receiver = await startWebhookReceiver(secret, () => ({ status: 500, body: 'down for maintenance' }));
    const loop = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now, logger: silent });
    try {
      await storage.webhooks.add({ name: 'flaky', url: receiver.url, secret, events: ['rfq_submission.created'], createdBy: null, createdAt: T0 });
      await submitRfq('sub_500');
      const row = (await storage.outbox.forSubject('quote/sub_500')).find((r) => r.kind === 'webhook')!;
      const dueTimes = [0];
      for (const delay of RETRY_DELAYS_MS) dueTimes.push(dueTimes.at(-1)! + delay);
      for (const due of dueTimes) {
        if (due > 0) expect((await runAt(loop, due - 1)).filter((r) => r.id === row.id)).toEqual([]);
        expect((await runAt(loop, due)).map((r) => r.id)).toContain(row.id);
      }
      expect(receiver.received).toHaveLength(6);
      const kept = await storage.outbox.get(row.id);
      expect(kept!.row).toMatchObject({ state: 'dead', attempts: 6, nextAttemptAt: null, sentAt: null });
      expect(kept!.attempts.map((attempt) => [attempt.outcome, attempt.status, attempt.at.getTime() - T0.getTime()])).toEqual(
        dueTimes.map((due, index) => [index === 5 ? 'dead' : 'retry', 500, due]),
      );
      expect(kept!.attempts[0]!.response).toBe('down for maintenance');
      expect(await runAt(loop, dueTimes.at(-1)! + 86_400_000)).toEqual([]);
      expect(receiver.received).toHaveLength(6);
    } finally {
      await loop.stop();
      await receiver.close();
    }
  });

  it('keeps an endpoint that never answers to its own slots: every row of another endpoint goes out meanwhile', async () => {
    clock = new Date();
    const start = clock;
    const secret = createWebhookSecret();
    const hanging = await startWebhookReceiver(secret, () => 'hang');
    const healthy = await startWebhookReceiver(secret, () => ({ status: 204 }));
    // The hanging tries outlast the test (their timeout a minute): only the slots can free the healthy rows.
    const loop = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now, logger: silent, deliverDeps: { webhookTimeoutMs: 60_000 }, pollMs: 60_000 });
    try {
      const stuck = await storage.webhooks.add({ name: 'stuck', url: hanging.url, secret, events: ['handoff.created'], createdBy: null, createdAt: start });
      const erp = await storage.webhooks.add({ name: 'erp', url: healthy.url, secret, events: ['handoff.created'], createdBy: null, createdAt: start });
      const expires = new Date(start.getTime() + 86_400_000);
      for (let i = 0; i < 12; i++) {
        const id = `h_slot${i}`;
        const made = new Date(start.getTime() - 12_000 + i * 1000);
        const handoff = { object: 'handoff' as const, id, url: `https://quote.example/o/${id}`, expires_at: expires.toISOString(), items: [{ quote_id: 'q_1', index: 0, description: 'Base plate' }] };
        const event = handoffCreated(handoff as never, made);
        await storage.handoffs.insert({ id, createdAt: made, expiresAt: expires, body: '{}', schemaVersion: 1, designs: [], event: { type: event.type, subject: `handoff/${id}`, payload: JSON.stringify(event), createdAt: made } });
      }
      loop.start();
      loop.wake();
      // Both sides awaited: on a busy machine the three hanging tries may reach their endpoint after the healthy rows are sent.
      for (let waited = 0; (healthy.received.length < 12 || hanging.received.length < 3) && waited < 10_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));

      expect(healthy.received).toHaveLength(12);
      expect(healthy.received.every((request) => request.verified.ok)).toBe(true);
      expect(new Set(healthy.received.map((request) => request.headers['webhook-id'])).size).toBe(12);
      const rows = await storage.outbox.list({ limit: 100 });
      expect(rows.filter((row) => row.target === erp!.id).map((row) => row.state)).toEqual(Array(12).fill('sent'));
      // Three tries at once to the endpoint that hangs, the other nine of its rows not yet tried.
      expect(hanging.received).toHaveLength(3);
      expect(rows.filter((row) => row.target === stuck!.id).map((row) => [row.state, row.attempts])).toEqual(Array(12).fill(['pending', 0]));
    } finally {
      await hanging.close();
      await loop.stop();
      await healthy.close();
    }
  }, 20_000);

  it('stops after the try under way is stored, and gives back no row unsettled', async () => {
    const secret = createWebhookSecret();
    const receiver = await startWebhookReceiver(secret, () => 'hang');
    const loop = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now, logger: silent, deliverDeps: { webhookTimeoutMs: 300 } });
    try {
      await storage.webhooks.add({ name: 'slow', url: receiver.url, secret, events: ['rfq_submission.created'], createdBy: null, createdAt: T0 });
      await submitRfq('sub_stop');
      const row = (await storage.outbox.forSubject('quote/sub_stop')).find((r) => r.kind === 'webhook')!;
      const round = loop.runOnce();
      await loop.stop();
      expect((await round).map((r) => r.id)).toContain(row.id);
      expect((await storage.outbox.get(row.id))!.attempts.map((a) => [a.attempt, a.outcome])).toEqual([[1, 'retry']]);
      // Nothing is left claimed: a second process picks the row when it is due.
      expect((await storage.outbox.claimDue('other', at(RETRY_DELAYS_MS[0]!), { limit: 10, claimMs: 1000 })).map((r) => r.id)).toContain(row.id);
    } finally {
      await receiver.close();
    }
  });

  /** `count` handoffs whose handoff.created goes to the endpoint `url`, made at `made`. */
  async function handoffsFor(url: string, secret: string, count: number, made: Date): Promise<void> {
    await storage.webhooks.add({ name: 'erp', url, secret, events: ['handoff.created'], createdBy: null, createdAt: made });
    const expires = new Date(made.getTime() + 86_400_000);
    for (let i = 0; i < count; i++) {
      const id = `h_lease${i}`;
      const handoff = { object: 'handoff' as const, id, url: `https://quote.example/o/${id}`, expires_at: expires.toISOString(), items: [{ quote_id: 'q_1', index: 0, description: 'Base plate' }] };
      const event = handoffCreated(handoff as never, made);
      await storage.handoffs.insert({ id, createdAt: made, expiresAt: expires, body: '{}', schemaVersion: 1, designs: [], event: { type: event.type, subject: `handoff/${id}`, payload: JSON.stringify(event), createdAt: made } });
    }
  }

  it('renews the lease of a try that outlasts it: another console takes none of its rows meanwhile', async () => {
    clock = new Date();
    const secret = createWebhookSecret();
    // Every try waits for the endpoint's timeout (4 leases long), then counts as a retry.
    const receiver = await startWebhookReceiver(secret, () => 'hang');
    const real = () => new Date();
    const holder = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now: real, logger: silent, deliverDeps: { webhookTimeoutMs: 1200 }, leaseMs: 300 });
    const other = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now: real, logger: silent, leaseMs: 300 });
    try {
      await handoffsFor(receiver.url, secret, 2, clock);
      const round = holder.runOnce();
      const takenByOther: string[] = [];
      let settled = false;
      void round.finally(() => {
        settled = true;
      });
      while (!settled) {
        takenByOther.push(...(await other.runOnce()).map((row) => row.id));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await round).length).toBe(2);
      expect(takenByOther).toEqual([]);
      expect(receiver.received).toHaveLength(2);
      const rows = await storage.outbox.list({ limit: 10 });
      expect(rows.map((row) => row.attempts)).toEqual([1, 1]);
    } finally {
      await holder.stop();
      await other.stop();
      await receiver.close();
    }
  }, 20_000);

  it('a console killed holding claims: its rows go out from another within the lease, each once, with the same webhook-id', async () => {
    clock = new Date();
    const secret = createWebhookSecret();
    let answering = false;
    // Held while the first console runs (it is killed with the tries under way), answered after.
    const receiver = await startWebhookReceiver(secret, () => (answering ? { status: 204 } : 'hang'));
    await handoffsFor(receiver.url, secret, 3, clock);
    // tsx as a loader in this one process (its cli would run the script in a child of its own, which a kill would miss).
    const child = spawn(process.execPath, ['--conditions=@shop/source', '--import', 'tsx', path.join(__dirname, '../test/fixtures/delivery-process.ts'), 'file:./shop.db', dir, '1000'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      // The three tries (the endpoint's three slots) are under way in the child.
      for (let waited = 0; receiver.received.length < 3 && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(receiver.received).toHaveLength(3);
      child.kill('SIGKILL');
      await exited;
      answering = true;

      const other = createDeliveryLoop({ outbox: storage.outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now: () => new Date(), logger: silent });
      const sent: string[] = [];
      try {
        // The dead console's claims run out within its lease; then this one takes them.
        for (let tries = 0; sent.length < 3 && tries < 200; tries += 1) {
          sent.push(...(await other.runOnce()).map((row) => row.id));
          if (sent.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await other.stop();
      }
      expect(sent.sort()).toHaveLength(3);
      const rows = await storage.outbox.list({ limit: 10 });
      expect(rows.map((row) => [row.state, row.attempts])).toEqual(Array(3).fill(['sent', 1]));
      // Each row reached the endpoint twice (the cut try and the one that went through), under one webhook-id.
      const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
      expect(ids).toHaveLength(6);
      expect([...new Set(ids)].sort()).toEqual(rows.map((row) => row.id).sort());
      for (const row of rows) expect(ids.filter((id) => id === row.id)).toHaveLength(2);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await receiver.close();
    }
  }, 60_000);

  it('stores a try again when the database is away at its first store, so the row is not sent twice', async () => {
    clock = new Date();
    const secret = createWebhookSecret();
    const receiver = await startWebhookReceiver(secret, () => ({ status: 204 }));
    let refused = 0;
    // The real outbox, its first settle failing as a dropped connection makes it fail.
    const outbox = {
      ...storage.outbox,
      settle: (...args: Parameters<Storage['outbox']['settle']>) => {
        if (refused++ === 0) return Promise.reject(new StorageUnavailable('The database could not store the notification try: Connection terminated unexpectedly'));
        return storage.outbox.settle(...args);
      },
    };
    const loop = createDeliveryLoop({ outbox, webhooks: storage.webhooks, webhookAllowHosts: LOOPBACK, mail: null, now, logger: silent });
    try {
      await handoffsFor(receiver.url, secret, 1, clock);
      expect(await loop.runOnce()).toHaveLength(1);
      const [row] = await storage.outbox.list({ limit: 10 });
      expect(row).toMatchObject({ state: 'sent', attempts: 1 });
      expect(refused).toBe(2);
      expect(receiver.received).toHaveLength(1);
      // Nothing is left claimed or due: another round sends nothing again.
      expect(await loop.runOnce()).toEqual([]);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await loop.stop();
      await receiver.close();
    }
  });
});
