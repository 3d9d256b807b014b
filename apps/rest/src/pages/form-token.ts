// Cross-site protection for the pages' forms (double submit): a random token in an HttpOnly,
// SameSite cookie scoped to the form's path, and the same token in a hidden field. Another site can
// neither read the cookie nor make the browser send it with a post.
// The hidden field is issued by the server: a time, a nonce and an HMAC over them and the cookie's
// token, so a script cannot make one up and must load the page for each (the client no longer
// chooses the one-time value). Its digest is the request's idempotency key: one rendered form sent
// twice is one request, and a token older than a day is refused.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PUBLIC_PATHS } from '@shop/contracts';

/** Where a form's cookie lives: its name, the path it is sent to, and its SameSite rule. */
export interface FormCookieSpec {
  name: string;
  path: string;
  sameSite: 'Strict' | 'Lax';
}

export const FORM_COOKIE = 'rfq_form';

/** The quote-request form of one link: its own cookie, sent only to its own page. */
export function rfqFormCookie(rfqId: string): FormCookieSpec {
  return { name: FORM_COOKIE, path: PUBLIC_PATHS.rfqForm(rfqId), sameSite: 'Strict' };
}

/** The order-request form of one order link: its own cookie, sent only to its own page. */
export function orderFormCookie(handoffId: string): FormCookieSpec {
  return { name: 'order_form', path: PUBLIC_PATHS.orderRequestForm(handoffId), sameSite: 'Strict' };
}

/**
 * The forms of the plate pages (the upload, an imported part's order, a design's quote request), all
 * under /plate, and those of the product pages. Lax: a person who follows a link to one of these
 * pages keeps the cookie of the tab already open; a post from another site still carries none.
 */
export const PLATE_FORM_COOKIE: FormCookieSpec = { name: 'plate_form', path: '/plate', sameSite: 'Lax' };
export const PRODUCT_FORM_COOKIE: FormCookieSpec = { name: 'product_form', path: '/products', sameSite: 'Lax' };
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isWellFormedToken(value: string | undefined): value is string {
  return value !== undefined && TOKEN_PATTERN.test(value);
}

/** How long a rendered form's token is accepted: a page left open overnight still sends. */
const FORM_TOKEN_TTL_SECONDS = 86_400;

/**
 * The key the tokens are signed with: FORM_TOKEN_SECRET (at least 32 characters; set the same on
 * every REST replica) or, without it, a random key of this process (a restart asks open forms to be
 * loaded again).
 */
let signingKey: Buffer = randomBytes(32);

/** Signs the forms with the configured key (the app does at start); without one, the process's random key stays. */
export function useFormTokenSecret(secret: string | null): void {
  if (secret !== null) signingKey = Buffer.from(secret);
}

function formKey(): Buffer {
  return signingKey;
}

function sign(issued: string, nonce: string, cookieToken: string): string {
  return createHmac('sha256', formKey()).update(`${issued}.${nonce}.${cookieToken}`).digest('base64url');
}

/** The hidden field's value: `${issued seconds, base 36}.${nonce}.${HMAC}`, bound to the cookie's token. */
export function buildFormToken(cookieToken: string, now: Date = new Date()): string {
  const issued = Math.floor(now.getTime() / 1000).toString(36);
  const nonce = newToken();
  return `${issued}.${nonce}.${sign(issued, nonce, cookieToken)}`;
}

/** Whether the field's token was issued here, for the cookie's token, within the last day. */
export function matchesCookie(formToken: unknown, cookieToken: string | undefined, now: Date = new Date()): formToken is string {
  if (typeof formToken !== 'string' || formToken.length > 120 || !isWellFormedToken(cookieToken)) return false;
  const [issued, nonce, mac, extra] = formToken.split('.');
  if (extra !== undefined || issued === undefined || !/^[0-9a-z]{1,10}$/.test(issued) || !isWellFormedToken(nonce) || !isWellFormedToken(mac)) return false;
  const age = now.getTime() / 1000 - parseInt(issued, 36);
  if (!(age >= -300 && age <= FORM_TOKEN_TTL_SECONDS)) return false;
  return timingSafeEqual(Buffer.from(mac), Buffer.from(sign(issued, nonce, cookieToken)));
}

/** What is stored as the idempotency key: a digest, so the token itself is never kept. */
export function toIdempotencyKey(formToken: string): string {
  return createHash('sha256').update(formToken).digest('base64url');
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function buildFormCookie(spec: FormCookieSpec, token: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  const parts = [`${spec.name}=${token}`, `Path=${spec.path}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`, 'HttpOnly', `SameSite=${spec.sameSite}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
