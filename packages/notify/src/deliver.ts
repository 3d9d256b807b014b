// One try of one outbox row: what the delivery loop stores after it, the try and when to try next.
import { NotificationEvent, isRequestEvent, orderRequestReference } from './events';
import type { RequestEvent } from './events';
import { parseRecipients } from './mail';
import type { Mailer } from './mail';
import type { Outcome, SendResult } from './outcome';
import type { MailDigest } from './digest';
import { renderDigestMail, renderRequestMail } from './render-mail';
import { MAX_ATTEMPTS, nextAttemptAt } from './schedule';
import { sendWebhook } from './webhook';
import type { WebhookEndpoint } from './webhook';

export const OUTBOX_KINDS = ['email', 'webhook'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

export interface OutboxRow {
  /** Also the `webhook-id` and the mail's Message-ID: the same on every try, so repeats can be dropped. */
  id: string;
  kind: OutboxKind;
  /** email: the recipients, a comma list; webhook: the endpoint, as `DeliverDeps.webhookEndpoint` knows it. */
  target: string;
  /** The event body, `{type, timestamp, data}`. */
  payload: unknown;
  /** Tries made before this one. */
  attempts: number;
}

export interface DeliverDeps {
  /** The mail sender and the console's address for links; absent when no SMTP_URL is set. */
  mail?: { mailer: Mailer; consoleUrl: string; digest?: MailDigest };
  /** The URL and secret of a webhook row's target; null once the endpoint is removed. */
  webhookEndpoint?: (target: string) => WebhookEndpoint | null | Promise<WebhookEndpoint | null>;
  webhookTimeoutMs?: number;
  /** Hosts (or host:port) webhooks may reach inside the shop's network (WEBHOOK_ALLOW_HOSTS); default none. */
  webhookAllowHosts?: readonly string[];
  now?: () => Date;
}

export interface DeliveryAttempt {
  rowId: string;
  /** 1 for the first try. */
  attempt: number;
  /** `dead` also when a try worth retrying was the last one. */
  outcome: Outcome;
  status: number | null;
  error: string | null;
  response: string | null;
  durationMs: number;
  attemptedAt: Date;
}

export interface Delivery {
  attempt: DeliveryAttempt;
  /** The row's tries after this one. */
  attempts: number;
  /** When to try again; null when delivered or dead. */
  nextAttemptAt: Date | null;
}

export async function deliver(row: OutboxRow, deps: DeliverDeps): Promise<Delivery> {
  if (row.attempts >= MAX_ATTEMPTS) throw new RangeError(`outbox row ${row.id} has had all ${MAX_ATTEMPTS} tries`);
  const now = deps.now ?? (() => new Date());
  const attemptedAt = now();
  const sent = await send(row, deps, now);
  const attempts = row.attempts + 1;
  const next = sent.outcome === 'retry' ? (sent.retryAt ?? nextAttemptAt(attempts, now())) : null;
  const outcome: Outcome = sent.outcome === 'retry' && next === null ? 'dead' : sent.outcome;
  return {
    attempt: { rowId: row.id, attempt: attempts, ...sent, outcome, attemptedAt },
    attempts,
    nextAttemptAt: next,
  };
}

async function send(row: OutboxRow, deps: DeliverDeps, now: () => Date): Promise<SendResult> {
  const parsed = NotificationEvent.safeParse(withReference(row.payload));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    return refused(`The payload is not a notification event${where}: ${first?.message ?? 'invalid'}.`);
  }
  const event = parsed.data;
  switch (row.kind) {
    case 'email': {
      if (!isRequestEvent(event)) return refused(`No mail is sent for ${event.type}.`);
      // Kept for a later try: the row was written while mail was set, and may be again.
      if (!deps.mail) return { outcome: 'retry', status: null, error: 'No mail server is set (SMTP_URL).', response: null, durationMs: 0 };
      let to: string[];
      try {
        to = parseRecipients(row.target);
      } catch (error) {
        return refused(`The row's recipients are not usable: ${(error as Error).message}.`);
      }
      if (to.length === 0) return refused('The row names no recipients.');
      const { digest } = deps.mail;
      if (!digest) return deps.mail.mailer.send({ to, ...renderRequestMail(event, deps.mail.consoleUrl, row.id), messageId: messageIdFor(row.id, deps.mail.mailer.from) });
      return sendUnderDigest(row, event, to, deps.mail as Required<NonNullable<DeliverDeps['mail']>>, now);
    }
    case 'webhook': {
      let endpoint: WebhookEndpoint | null;
      try {
        endpoint = deps.webhookEndpoint ? await deps.webhookEndpoint(row.target) : null;
      } catch (error) {
        // Reading the endpoint failed (storage down, say): the row waits rather than dies.
        return { outcome: 'retry', status: null, error: `Could not read the webhook endpoint: ${(error as Error).message}`.slice(0, 300), response: null, durationMs: 0 };
      }
      if (!endpoint) return refused('The webhook endpoint no longer exists.');
      return sendWebhook(endpoint, { id: row.id, body: JSON.stringify(event) }, {
        now,
        ...(deps.webhookTimeoutMs !== undefined ? { timeoutMs: deps.webhookTimeoutMs } : {}),
        ...(deps.webhookAllowHosts !== undefined ? { allowHosts: deps.webhookAllowHosts } : {}),
      });
    }
    default:
      return refused(`Unknown outbox kind ${String((row as { kind: unknown }).kind)}.`);
  }
}

/** A request e-mail under the shop's hourly cap: sent alone, held until the hour ends, sent as the digest, or already in one. */
async function sendUnderDigest(row: OutboxRow, event: RequestEvent, to: string[], mail: { mailer: Mailer; consoleUrl: string; digest: MailDigest }, now: () => Date): Promise<SendResult> {
  const decision = mail.digest.decide(row.id, event, now());
  switch (decision.kind) {
    case 'included':
      return { outcome: 'ok', status: null, error: null, response: 'Sent in the hourly digest.', durationMs: 0 };
    case 'hold':
      return {
        outcome: 'retry',
        status: null,
        error: `Held for the hourly digest: more than ${mail.digest.after} request e-mails this hour (NOTIFY_DIGEST_AFTER); ${decision.held} held.`,
        response: null,
        durationMs: 0,
        retryAt: decision.until,
      };
    case 'alone': {
      const sent = await mail.mailer.send({ to, ...renderRequestMail(event, mail.consoleUrl, row.id), messageId: messageIdFor(row.id, mail.mailer.from) });
      mail.digest.settle(decision, sent.outcome === 'ok', now());
      return sent;
    }
    case 'digest': {
      const rendered = renderDigestMail(decision.entries, mail.consoleUrl, decision.since, mail.digest.after);
      const sent = await mail.mailer.send({ to, ...rendered, messageId: messageIdFor(`digest.${row.id}`, mail.mailer.from) });
      mail.digest.settle(decision, sent.outcome === 'ok', now());
      return sent;
    }
  }
}

/**
 * An order request's event written before it carried a `reference` (its data held the `or_` id,
 * the confirmation page's address): the reference in place of the id, so it still goes out, without it.
 */
function withReference(payload: unknown): unknown {
  const event = payload as { type?: unknown; data?: Record<string, unknown> } | null;
  if (event?.type !== 'order_request.created' || typeof event.data !== 'object' || event.data === null || typeof event.data.id !== 'string' || 'reference' in event.data) return payload;
  const { id, ...data } = event.data;
  return { ...event, data: { reference: orderRequestReference(id as string), ...data } };
}

function refused(error: string): SendResult {
  return { outcome: 'dead', status: null, error, response: null, durationMs: 0 };
}

/** `<row id@sender's domain>`: one Message-ID per row, whichever try gets through. */
export function messageIdFor(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${rowId.replace(/[^A-Za-z0-9._-]/g, '')}@${domain}>`;
}
