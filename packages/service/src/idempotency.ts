// Idempotency-Key on the POSTs, the convention payment APIs set: the same key and body from the same
// client within 24 hours get the first answer again, byte for byte, without running the request (or
// spending a limit) again. Only a success is kept: a request that failed releases its key, so the
// same key can be sent again once the request is fixed. A use case that creates a record writes
// the answer in the record's own transaction (answerToKeep), so no crash can leave a record made
// and its key without an answer (a retry would then make it again).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { ServiceError } from '@shop/contracts';
import type { IdempotentAnswer, Storage } from '@shop/storage';
import { clientKey } from './client-key';
import { withStorage } from './storage-guard';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key and its answer are kept. */
const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
/** A first request still running after this long is taken as dead, and its key may be used again. */
const STALE_MS = 60_000;
/** The Retry-After of 409 idempotency_key_in_use: the first request usually ends well within it. */
const IN_USE_RETRY_SECONDS = 2;
/** The status a creating POST answers with (the answer a record's transaction keeps). */
const CREATED = 201;

/** The key an idempotent call holds while its request runs, for the use case that keeps the record. */
interface HeldKey {
  route: string;
  key: string;
  /** Set once a use case has put the answer in its record's transaction. */
  kept: boolean;
}

const heldKeys = new AsyncLocalStorage<HeldKey>();

/**
 * The answer to write with the record a use case is about to keep, when the request runs under an
 * Idempotency-Key of `route` (undefined otherwise, or once taken): `body` is the text the route
 * answers 201 with. Given to the repository's insert, it is written in the record's transaction;
 * the key is then not written again after the request.
 */
export function answerToKeep(route: string, body: string): IdempotentAnswer | undefined {
  const key = takeHeldKey(route);
  return key === undefined ? undefined : { key, status: CREATED, body };
}

/** The answer of an import made under an Idempotency-Key of `route`: the import itself, kept by reference in its write. */
export function importAnswerToKeep(route: string, importId: string): IdempotentAnswer | undefined {
  const key = takeHeldKey(route);
  return key === undefined ? undefined : { key, status: CREATED, body: '', plateImportId: importId };
}

/** The key this request holds for `route`, taken once (undefined without one, or once taken). */
function takeHeldKey(route: string): string | undefined {
  const held = heldKeys.getStore();
  if (held === undefined || held.kept || held.route !== route) return undefined;
  held.kept = true;
  return held.key;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface Answer {
  status: number;
  /** The body as sent: JSON text. */
  body: string;
  /** The body is this import's, byte for byte: the key keeps the reference, not a second copy. */
  plateImportId?: string;
}

export interface IdempotentCall {
  clientIp: string;
  /** Which POST, e.g. `/quotes`: the same key on another route is another key. */
  route: string;
  /** The header's value; undefined when the request sent none. */
  key: string | undefined;
  /** The parsed body: the same key with another body is refused. */
  body: unknown;
  now: Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new ServiceError(
      'parameter_invalid',
      `${IDEMPOTENCY_HEADER} must be 1 to 255 visible ASCII characters (no spaces); send a new random value, such as a UUID, for each new request.`,
      { param: IDEMPOTENCY_HEADER },
    );
  }
}

const scopeOf = (call: Pick<IdempotentCall, 'clientIp' | 'route'>, key: string) => sha256(`${clientKey(call.clientIp)}\n${call.route}\n${key}`);

export function createIdempotency(storage: Storage) {
  return {
    /**
     * Whether this client has an answer kept for this key on this route: asked before a large body
     * is read, so that a replay (which spends no limit) is told apart from a new request (which must
     * be within its limit before its body is read).
     */
    async hasKeptAnswer(call: Omit<IdempotentCall, 'body'>): Promise<boolean> {
      if (call.key === undefined) return false;
      checkKey(call.key);
      const found = await withStorage('check the idempotency key', () => storage.idempotencyKeys.find(scopeOf(call, call.key as string), call.now));
      return found?.answer !== null && found?.answer !== undefined;
    },


    /** Runs `produce` once per key; a repeat of a kept success gets it back with `replayed` true. */
    async run(call: IdempotentCall, produce: () => Promise<Answer>): Promise<Answer & { replayed: boolean }> {
      if (call.key === undefined) return { ...(await produce()), replayed: false };
      checkKey(call.key);
      const key = scopeOf(call, call.key);
      const requestHash = sha256(JSON.stringify(call.body ?? null));
      const outcome = await withStorage('check the idempotency key', () =>
        storage.idempotencyKeys.claim({ key, requestHash, now: call.now, keepMs: IDEMPOTENCY_KEEP_MS, staleMs: STALE_MS }),
      );
      if (!outcome.claimed) {
        if (outcome.requestHash !== requestHash) {
          throw new ServiceError(
            'idempotency_key_reused',
            `This ${IDEMPOTENCY_HEADER} was sent in the last 24 hours with another body to this route; a key stands for one request. Send a new key for a new request.`,
            { param: IDEMPOTENCY_HEADER },
          );
        }
        if (outcome.answer === null) {
          // It may be running in another process, or that process may have died before its record
          // was kept (nothing was): either way a retry soon gets the answer or runs it anew.
          throw new ServiceError(
            'idempotency_key_in_use',
            `The first request with this ${IDEMPOTENCY_HEADER} is still running; send it again in a moment to get its answer.`,
            { param: IDEMPOTENCY_HEADER, retryAfterSeconds: IN_USE_RETRY_SECONDS },
          );
        }
        return { ...outcome.answer, replayed: true };
      }
      let answer: Answer;
      const held: HeldKey = { route: call.route, key, kept: false };
      try {
        answer = await heldKeys.run(held, produce);
      } catch (error) {
        // A key whose answer was kept with its record is not released (release spares answered keys).
        await storage.idempotencyKeys.release(key).catch(() => undefined);
        throw error;
      }
      if (held.kept) return { ...answer, replayed: false };
      const kept = answer.plateImportId === undefined ? { status: answer.status, body: answer.body } : { status: answer.status, plateImportId: answer.plateImportId };
      await withStorage('keep the answer for its idempotency key', () => storage.idempotencyKeys.complete(key, kept));
      return { ...answer, replayed: false };
    },
  };
}
