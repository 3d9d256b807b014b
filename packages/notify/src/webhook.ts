// Webhooks signed per the Standard Webhooks spec (the `standardwebhooks` package): one POST per try,
// bounded in time, never following a redirect to another host, its outcome classified for the retry
// schedule.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { RESPONSE_EXCERPT_BYTES, clipBytes } from './outcome';
import type { Outcome, SendResult } from './outcome';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;
const SECRET_PATTERN = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/** A new endpoint secret, `whsec_` + 32 random bytes in base64: shown once, then stored. */
export function createWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

/** True for `whsec_` + base64 of 24 to 64 bytes, the key sizes the spec allows. */
export function isWebhookSecret(secret: string): boolean {
  const base64 = SECRET_PATTERN.exec(secret)?.[1];
  if (base64 === undefined || base64.length % 4 !== 0) return false;
  const size = Buffer.from(base64, 'base64').length;
  return size >= 24 && size <= 64;
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface WebhookMessage {
  /** The `webhook-id`: the same on every try of one message, so a receiver can drop repeats. */
  id: string;
  /** The JSON body, sent and signed byte for byte. */
  body: string;
}

export interface WebhookSendOptions {
  /** The whole try, redirects and reading the answer included. Default 10 s. */
  timeoutMs?: number;
  /** Same-host 307/308 redirects followed at most. Default 3. */
  maxRedirects?: number;
  /** The time signed into `webhook-timestamp`. Default the system clock. */
  now?: () => Date;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;

/** The three Standard Webhooks headers for one message at one time. */
export function signWebhook(secret: string, message: WebhookMessage, at: Date): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(message.id, at, message.body),
  };
}

/** 2xx delivered; 408, 429 and 5xx worth a retry; any other 4xx will not change. */
export function classifyHttpStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 408 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'dead';
  return 'retry';
}

export async function sendWebhook(endpoint: WebhookEndpoint, message: WebhookMessage, options: WebhookSendOptions = {}): Promise<SendResult> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? 3;
  const started = performance.now();
  const result = (outcome: Outcome, status: number | null, error: string | null, response: string | null = null): SendResult => ({
    outcome,
    status,
    error,
    response,
    durationMs: Math.round(performance.now() - started),
  });

  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    return result('dead', null, 'The endpoint URL is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return result('dead', null, `The endpoint URL must be http or https, not ${url.protocol.slice(0, -1)}.`);
  }
  if (!isWebhookSecret(endpoint.secret)) {
    return result('dead', null, 'The endpoint secret is not whsec_ followed by base64 of 24 to 64 bytes.');
  }

  const signal = AbortSignal.timeout(timeoutMs);
  const headers = { 'content-type': 'application/json', ...signWebhook(endpoint.secret, message, (options.now ?? (() => new Date()))()) };
  let target = url;
  try {
    for (let hop = 0; ; hop += 1) {
      const answer = await fetch(target, { method: 'POST', headers, body: message.body, redirect: 'manual', signal });
      if (answer.status >= 300 && answer.status < 400) {
        await answer.body?.cancel();
        const location = answer.headers.get('location');
        const next = location === null ? null : parseUrl(location, target);
        if (next === null) return result('dead', answer.status, `The endpoint answered ${answer.status} without a usable Location.`);
        if (next.origin !== url.origin) {
          return result('dead', answer.status, `The endpoint redirects to another host (${next.origin}); redirects are followed only on ${url.origin}.`);
        }
        if (answer.status !== 307 && answer.status !== 308) {
          return result('dead', answer.status, `The endpoint answered ${answer.status}; only 307 and 308 keep the POST, so set the endpoint to ${next.href}.`);
        }
        if (hop >= maxRedirects) return result('dead', answer.status, `The endpoint redirected more than ${maxRedirects} times.`);
        target = next;
        continue;
      }
      const response = await readExcerpt(answer);
      const outcome = classifyHttpStatus(answer.status);
      return result(outcome, answer.status, outcome === 'ok' ? null : `The endpoint answered ${answer.status}.`, response);
    }
  } catch (error) {
    if (signal.aborted) return result('retry', null, `The endpoint did not answer within ${timeoutMs} ms.`);
    return result('retry', null, `Could not reach the endpoint: ${describeNetworkError(error)}.`);
  }
}

/** The start of an answer's body, reading no more than needed; '' if the body breaks off. */
async function readExcerpt(answer: Response): Promise<string> {
  if (!answer.body) return '';
  const reader = answer.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size <= RESPONSE_EXCERPT_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
    await reader.cancel();
  } catch {
    // A body cut short by the timeout or the peer still leaves what came before it.
  }
  return clipBytes(Buffer.concat(chunks), RESPONSE_EXCERPT_BYTES);
}

function parseUrl(text: string, base: URL): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

function describeNetworkError(error: unknown): string {
  // Duck-typed: fetch's errors may come from another realm than this module's Error.
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return typeof message === 'string' ? message : String(error);
}
