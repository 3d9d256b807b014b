// Webhooks signed per the Standard Webhooks spec (the `standardwebhooks` package): one POST per try,
// bounded in time, to a host checked at the try (never inside the shop's network unless
// WEBHOOK_ALLOW_HOSTS names it), never following a redirect, its outcome classified for the retry
// schedule.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { checkWebhookDestination } from './destination';
import type { ResolvedAddress, Resolver } from './destination';
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
  /** The whole try, resolving the host and reading the answer included. Default 10 s. */
  timeoutMs?: number;
  /** The time signed into `webhook-timestamp`. Default the system clock. */
  now?: () => Date;
  /** Hosts (or host:port) that may resolve inside the shop's network (WEBHOOK_ALLOW_HOSTS, `readWebhookAllowHosts`); default none. */
  allowHosts?: readonly string[];
  /** How host names are resolved; default the system's resolver. */
  resolve?: Resolver;
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
  try {
    // Resolved and checked now, at every try (a name may point elsewhere since the endpoint was added);
    // the connection then goes to the checked addresses only.
    const destination = await abortable(checkWebhookDestination(url, { ...(options.allowHosts ? { allowHosts: options.allowHosts } : {}), ...(options.resolve ? { resolve: options.resolve } : {}) }), signal);
    if (!destination.ok) {
      return destination.reason === 'refused' ? result('dead', null, destination.error) : result('retry', null, `Could not reach the endpoint: ${destination.error}`);
    }
    const answer = await post(url, destination.addresses, headers, message.body, signal);
    if (answer.status >= 300 && answer.status < 400) {
      // Never followed: the checked address is the only one the console sends to.
      const where = answer.location === null ? '' : ` to ${answer.location.slice(0, 300)}`;
      return result('dead', answer.status, `The endpoint answered ${answer.status}, a redirect${where}; redirects are not followed, so set the endpoint to the address that answers.`, answer.excerpt);
    }
    const outcome = classifyHttpStatus(answer.status);
    return result(outcome, answer.status, outcome === 'ok' ? null : `The endpoint answered ${answer.status}.`, answer.excerpt);
  } catch (error) {
    if (signal.aborted) return result('retry', null, `The endpoint did not answer within ${timeoutMs} ms.`);
    return result('retry', null, `Could not reach the endpoint: ${describeNetworkError(error)}.`);
  }
}

/** Rejects when the signal aborts (the system resolver cannot be cancelled, only left behind). */
function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

interface PostAnswer {
  status: number;
  location: string | null;
  excerpt: string;
}

/**
 * One POST to `url`, connecting only to `addresses` (the checked ones): the request's own `lookup`
 * answers with them, so no second DNS answer is ever used. TLS still checks the certificate against
 * the URL's host name.
 */
function post(url: URL, addresses: ResolvedAddress[], headers: Record<string, string>, body: string, signal: AbortSignal): Promise<PostAnswer> {
  const pinned: LookupFunction = (_host, options, callback) => {
    const first = addresses[0]!;
    if ((options as { all?: boolean }).all) (callback as (error: null, all: ResolvedAddress[]) => void)(null, addresses);
    else callback(null, first.address, first.family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostAnswer>((resolve, reject) => {
    const request = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      // A connection of its own: nothing pooled from another try is reused.
      agent: false,
      signal,
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = typeof response.headers.location === 'string' ? response.headers.location : null;
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        resolve({ status, location, excerpt: clipBytes(Buffer.concat(chunks), RESPONSE_EXCERPT_BYTES) });
        request.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Read no more than the excerpt needs.
        if (size > RESPONSE_EXCERPT_BYTES) finish();
      });
      response.on('end', finish);
      // A body cut short by the timeout or the peer still leaves what came before it.
      response.on('error', finish);
      response.on('aborted', finish);
      request.on('close', finish);
    });
    request.end(body);
  });
}

function describeNetworkError(error: unknown): string {
  // Duck-typed: a socket's errors may come from another realm than this module's Error.
  const { message, code, cause } = (error ?? {}) as { message?: unknown; code?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (typeof code === 'string') return code;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return typeof message === 'string' ? message : String(error);
}
