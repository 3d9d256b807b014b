// Cross-site protection for the pages' forms without a server secret (double submit): a random
// token in an HttpOnly, SameSite cookie scoped to the form's path, and the same token in a hidden
// field. Another site can neither read the cookie nor make the browser send it with a post.
// The hidden field also carries a per-rendering nonce, so one rendered quote-request form sent twice
// is one submission (the field is the idempotency key) while a fresh visit can send a new request.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** The hidden field's value: `${nonce}.${cookieToken}`. */
export function buildFormToken(cookieToken: string): string {
  return `${newToken()}.${cookieToken}`;
}

/** Whether the field's token carries the cookie's token. */
export function matchesCookie(formToken: unknown, cookieToken: string | undefined): formToken is string {
  if (typeof formToken !== 'string' || !isWellFormedToken(cookieToken)) return false;
  const [nonce, token, extra] = formToken.split('.');
  if (extra !== undefined || !isWellFormedToken(nonce) || !isWellFormedToken(token)) return false;
  return timingSafeEqual(Buffer.from(token), Buffer.from(cookieToken));
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
