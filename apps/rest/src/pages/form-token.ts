// Cross-site protection for the quote-request form without a server secret (double submit): a
// random token in an HttpOnly, SameSite=Strict cookie scoped to the link's path, and the same
// token in a hidden field. Another site can neither read the cookie nor make the browser send it.
// The hidden field also carries a per-rendering nonce, so one rendered form sent twice is one
// submission (the field is the idempotency key) while a fresh visit can send a new request.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { PUBLIC_PATHS } from '@shop/contracts';

export const FORM_COOKIE = 'rfq_form';
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

export function buildFormCookie(token: string, rfqId: string, options: { secure: boolean; maxAgeSeconds: number }): string {
  const parts = [`${FORM_COOKIE}=${token}`, `Path=${PUBLIC_PATHS.rfqForm(rfqId)}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
