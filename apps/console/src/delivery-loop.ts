// The notifications' delivery loop, run by the console process: claims the outbox rows that are due,
// gives each one try (`deliver` of @shop/notify), and stores the try and the row's new state in one
// write. A claim is a lease: it holds a row for LEASE_MS and is renewed every RENEW_MS while the
// try runs, so two consoles never try the same row at once however long a try takes, and a console
// that dies leaves its rows to the other within LEASE_MS (the row is then sent again with the same
// webhook-id or Message-ID, so the receiver can drop the repeat). Tries run side by side, up
// to SLOTS at once and PER_TARGET to one endpoint or mail server, and each slot is filled again as
// soon as its try ends: an endpoint that never answers holds its own slots only, not the others.
import { randomBytes } from 'node:crypto';
import { createMailDigest, createMailer, deliver, type DeliverDeps, type MailConfig, type OutboxRow } from '@shop/notify';
import type { OutboxRepository, OutboxRowRecord, WebhookEndpointRepository } from '@shop/storage';
import type { Logger } from 'pino';

/** How often the loop looks for due rows when nothing wakes it. */
const POLL_MS = 5000;
/** Tries under way at once. */
const SLOTS = 10;
/** Tries under way at once to one target (across consoles, as the claims count them). */
const PER_TARGET = 3;
/** How long a claim holds a row unless renewed: how soon a dead console's rows go to another. */
const LEASE_MS = 15_000;
/** How many times a lease is renewed within its length (so one late or failed renewal does not lose it). */
const RENEWALS_PER_LEASE = 3;
/** Storing a try's outcome is tried again this often, this many times, while the database is away. */
const SETTLE_RETRY_MS = 1_000;
const SETTLE_TRIES = 3;

export interface DeliveryLoopOptions {
  outbox: OutboxRepository;
  webhooks: Pick<WebhookEndpointRepository, 'secretOf'>;
  /** The mail settings; null when SMTP_URL is unset (e-mail rows then wait). */
  mail: MailConfig | null;
  now: () => Date;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** WEBHOOK_ALLOW_HOSTS: hosts a webhook may reach inside the shop's network (default none). */
  webhookAllowHosts?: readonly string[];
  /** Passed to `deliver` (tests shorten the webhook timeout, or give a mailer of their own). */
  deliverDeps?: Partial<DeliverDeps>;
  pollMs?: number;
  /** How long a claim lasts unless renewed (default LEASE_MS); renewed a third of it apart. */
  leaseMs?: number;
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
    // Past NOTIFY_DIGEST_AFTER request e-mails in an hour, the rest go as one digest (@shop/notify).
    ...(mailer && options.mail ? { mail: { mailer, consoleUrl: options.mail.consoleUrl, digest: createMailDigest(options.mail.digestAfter) } } : {}),
    webhookEndpoint: (target) => webhooks.secretOf(target),
    webhookAllowHosts: options.webhookAllowHosts ?? [],
    now,
    ...options.deliverDeps,
  };
  const pollMs = options.pollMs ?? POLL_MS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let timer: NodeJS.Timeout | null = null;
  /** Renews the leases of the tries under way; runs only while there are some. */
  let renewal: NodeJS.Timeout | null = null;
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
    const kept = await settle(row, { ...attempt, attempts, nextAttemptAt });
    if (!kept) logger.warn({ row: row.id }, 'a notification try was not stored: another process took the row over');
    else if (attempt.outcome === 'dead') logger.warn({ row: row.id, kind: row.kind, error: attempt.error }, 'a notification is dead: no more tries');
  }

  /**
   * Stores a try's outcome; while the database is away it is tried again (the lease renewed
   * meanwhile), since a try not stored is a try made again by whoever claims the row next.
   */
  async function settle(row: OutboxRowRecord, settlement: Parameters<OutboxRepository['settle']>[2]): Promise<boolean> {
    for (let tried = 1; ; tried += 1) {
      try {
        return await outbox.settle(row, claimant, settlement);
      } catch (error) {
        if (tried >= SETTLE_TRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
      }
    }
  }

  function renewLeases(): void {
    const ids = [...inFlight.keys()];
    if (ids.length === 0) return;
    outbox.renew(claimant, ids, new Date(now().getTime() + leaseMs)).catch((error: unknown) => {
      // Renewed again a third of a lease later; if none gets through, another console takes the rows.
      logger.warn({ err: error }, 'the claims on the notifications under way could not be renewed');
    });
  }

  function startTry(row: OutboxRowRecord): void {
    const running = tryRow(row)
      .catch((error: unknown) => {
        // The try's outcome could not be stored (the database away): the claim runs out and the row is tried again.
        logger.error({ err: error, row: row.id }, 'a notification try failed to be stored');
      })
      .finally(() => {
        inFlight.delete(row.id);
        if (inFlight.size === 0 && renewal !== null) {
          clearInterval(renewal);
          renewal = null;
        }
        // A slot is free: fill it now rather than at the next poll.
        if (started && !stopped) wake();
      });
    inFlight.set(row.id, running);
    if (renewal === null) {
      renewal = setInterval(renewLeases, Math.max(1, Math.floor(leaseMs / RENEWALS_PER_LEASE)));
      renewal.unref();
    }
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
      const rows = await outbox.claimDue(claimant, now(), { limit: free, claimMs: leaseMs, perTarget: PER_TARGET });
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
