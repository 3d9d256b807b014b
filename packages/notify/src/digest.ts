// The shop's hourly e-mail cap (NOTIFY_DIGEST_AFTER, DESIGN 10.4): up to that many request e-mails
// an hour go one by one; past it, each new request's row is held in the outbox until the hour ends,
// and the first held row tried then sends one digest of every request held, the others marked as
// sent in it. Requests are always kept; only their e-mails are folded. The counts live in the
// process sending them (one console): a console that restarts sends the held rows it does not know
// one by one again, under the same cap, so nothing is lost.
import type { RequestEvent } from './events';

export const DEFAULT_DIGEST_AFTER = 30;
const HOUR_MS = 3_600_000;

/** What to do with one request e-mail now. */
export type DigestDecision =
  | { kind: 'alone' }
  /** Held in the outbox until `until` (the end of this hour). */
  | { kind: 'hold'; until: Date; held: number }
  /** Already sent in a digest: done without sending. */
  | { kind: 'included' }
  /** Send these requests as one digest now (this row's among them). */
  | { kind: 'digest'; entries: Array<{ rowId: string; event: RequestEvent }>; since: Date };

export interface MailDigest {
  readonly after: number;
  decide(rowId: string, event: RequestEvent, now: Date): DigestDecision;
  /** After the try of a decision: a failed send gives back its place in the hour and keeps the held rows held. */
  settle(decision: DigestDecision, delivered: boolean, now: Date): void;
}

/** NOTIFY_DIGEST_AFTER: request e-mails an hour before the digest; throws naming a value that cannot work. */
export function readDigestAfter(env: Readonly<Record<string, string | undefined>>): number {
  const text = env.NOTIFY_DIGEST_AFTER?.trim();
  if (!text) return DEFAULT_DIGEST_AFTER;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 10_000) throw new Error(`NOTIFY_DIGEST_AFTER must be a whole number from 1 to 10000, not ${text}`);
  return value;
}

export function createMailDigest(after: number = DEFAULT_DIGEST_AFTER): MailDigest {
  /** Mails sent (or being sent) in the hour starting at `hour`. */
  let hour = -1;
  let sentThisHour = 0;
  /** Rows held, by id, with the hour they were held in. */
  const held = new Map<string, { event: RequestEvent; hour: number }>();
  /** Rows already sent in a digest (kept a day: their held rows come back within minutes). */
  const included = new Map<string, number>();

  const hourOf = (now: Date) => Math.floor(now.getTime() / HOUR_MS);
  const roll = (now: Date) => {
    const current = hourOf(now);
    if (current !== hour) {
      hour = current;
      sentThisHour = 0;
      for (const [id, at] of included) if (at < current - 24) included.delete(id);
    }
  };

  return {
    after,
    decide(rowId, event, now) {
      roll(now);
      if (included.has(rowId)) return { kind: 'included' };
      const earlier = [...held.entries()].filter(([, entry]) => entry.hour < hour);
      if (earlier.length > 0 || (held.has(rowId) && held.get(rowId)!.hour < hour)) {
        // An hour has ended with rows held: one mail for all of them (this row too).
        const entries = new Map(earlier.map(([id, entry]) => [id, entry.event]));
        entries.set(rowId, event);
        sentThisHour += 1;
        const since = new Date(Math.min(...earlier.map(([, entry]) => entry.hour), hour) * HOUR_MS);
        return { kind: 'digest', entries: [...entries].map(([id, e]) => ({ rowId: id, event: e })), since };
      }
      if (sentThisHour < after && !held.has(rowId)) {
        sentThisHour += 1;
        return { kind: 'alone' };
      }
      held.set(rowId, { event, hour });
      return { kind: 'hold', until: new Date((hour + 1) * HOUR_MS), held: held.size };
    },
    settle(decision, delivered, now) {
      if (decision.kind === 'alone' && !delivered) sentThisHour = Math.max(0, sentThisHour - 1);
      if (decision.kind !== 'digest') return;
      if (!delivered) {
        sentThisHour = Math.max(0, sentThisHour - 1);
        return;
      }
      const at = hourOf(now);
      for (const { rowId } of decision.entries) {
        held.delete(rowId);
        included.set(rowId, at);
      }
    },
  };
}
