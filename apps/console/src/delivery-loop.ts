// The notifications' delivery loop, run by the console process: claims the outbox rows that are due,
// gives each one try (`deliver` of @shop/notify), and stores the try and the row's new state in one
// write. A claim holds a row for CLAIM_MS, so two consoles never try the same row at once, and a
// console that dies leaves its rows to the other once the claim runs out. Tries run side by side, up
// to SLOTS at once and PER_TARGET to one endpoint or mail server, and each slot is filled again as
// soon as its try ends: an endpoint that never answers holds its own slots only, not the others.
import { randomBytes } from 'node:crypto';
import { createMailer, deliver, type DeliverDeps, type MailConfig, type OutboxRow } from '@shop/notify';
import type { OutboxRepository, OutboxRowRecord, WebhookEndpointRepository } from '@shop/storage';
import type { Logger } from 'pino';

/** How often the loop looks for due rows when nothing wakes it. */
const POLL_MS = 5000;
/** Tries under way at once. */
const SLOTS = 10;
/** Tries under way at once to one target (across consoles, as the claims count them). */
const PER_TARGET = 3;
/** Longer than any one try can take (a webhook's 10 s, a mail server's 30 s socket timeout). */
const CLAIM_MS = 120_000;

export interface DeliveryLoopOptions {
  outbox: OutboxRepository;
  webhooks: Pick<WebhookEndpointRepository, 'secretOf'>;
  /** The mail settings; null when SMTP_URL is unset (e-mail rows then wait). */
  mail: MailConfig | null;
  now: () => Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Passed to `deliver` (tests shorten the webhook timeout, or give a mailer of their own). */
  deliverDeps?: Partial<DeliverDeps>;
  pollMs?: number;
}

export interface DeliveryLoop {
  /** This process's name on the rows it claims. */
  claimant: string;
  /** Starts polling; from then on each try that ends looks for more due rows at once. */
  start(): void;
  /** Looks for due rows now (a retry from the console). */
  wake(): void;
  /** One round: claims due rows for the free slots and tries each; resolves with the rows tried once their tries are stored. */
  runOnce(): Promise<OutboxRowRecord[]>;
  /** Stops polling, lets the tries under way finish and store their outcome, and gives back any claim left. */
  stop(): Promise<void>;
}

export function createDeliveryLoop(options: DeliveryLoopOptions): DeliveryLoop {
  const { outbox, webhooks, logger, now } = options;
  const claimant = `console-${process.pid}-${randomBytes(6).toString('hex')}`;
  const mailer = options.mail ? createMailer(options.mail) : null;
  const deps: DeliverDeps = {
    ...(mailer && options.mail ? { mail: { mailer, consoleUrl: options.mail.consoleUrl } } : {}),
    webhookEndpoint: (target) => webhooks.secretOf(target),
    now,
    ...options.deliverDeps,
  };
  const pollMs = options.pollMs ?? POLL_MS;
  let timer: NodeJS.Timeout | null = null;
  /** The tries under way, by row id. */
  const inFlight = new Map<string, Promise<void>>();
  let claiming: Promise<OutboxRowRecord[]> | null = null;
  let again = false;
  let started = false;
  let stopped = false;

  async function tryRow(row: OutboxRowRecord): Promise<void> {
    let payload: unknown;
    try {
      payload = JSON.parse(row.payload);
    } catch {
      payload = row.payload;
    }
    const outboxRow: OutboxRow = { id: row.id, kind: row.kind, target: row.target, payload, attempts: row.attempts };
    const { attempt, attempts, nextAttemptAt } = await deliver(outboxRow, deps);
    const kept = await outbox.settle(row, claimant, { ...attempt, attempts, nextAttemptAt });
    if (!kept) logger.warn({ row: row.id }, 'a notification try was not stored: another process took the row over');
    else if (attempt.outcome === 'dead') logger.warn({ row: row.id, kind: row.kind, error: attempt.error }, 'a notification is dead: no more tries');
  }

  function startTry(row: OutboxRowRecord): void {
    const running = tryRow(row)
      .catch((error: unknown) => {
        // The try's outcome could not be stored (the database away): the claim runs out and the row is tried again.
        logger.error({ err: error, row: row.id }, 'a notification try failed to be stored');
      })
      .finally(() => {
        inFlight.delete(row.id);
        // A slot is free: fill it now rather than at the next poll.
        if (started && !stopped) wake();
      });
    inFlight.set(row.id, running);
  }

  /** Claims due rows for the free slots (one claim at a time) and starts their tries. */
  function claim(): Promise<OutboxRowRecord[]> {
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      const free = SLOTS - inFlight.size;
      if (free <= 0) return [];
      const rows = await outbox.claimDue(claimant, now(), { limit: free, claimMs: CLAIM_MS, perTarget: PER_TARGET });
      for (const row of rows) startTry(row);
      return rows;
    })().finally(() => {
      claiming = null;
      if (again && !stopped) {
        again = false;
        wake();
      }
    });
    return claiming;
  }

  function wake(): void {
    if (!stopped) void claim().catch((error: unknown) => logger.error({ err: error }, 'the notifications could not be read'));
  }

  async function runOnce(): Promise<OutboxRowRecord[]> {
    const rows = await claim();
    await Promise.all(rows.map((row) => inFlight.get(row.id)));
    return rows;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      claim()
        .catch((error: unknown) => logger.error({ err: error }, 'the notifications could not be read'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    claimant,
    start() {
      stopped = false;
      started = true;
      schedule();
    },
    wake,
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      // The tries under way end within their own timeouts; their outcomes are stored.
      await claiming?.catch(() => []);
      await Promise.all(inFlight.values());
      await outbox.release(claimant).catch(() => 0);
      mailer?.close();
    },
  };
}
