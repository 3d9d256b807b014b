// Headers on every answer, the Origin check on every form POST, and the session's CSRF token
// (csrf-sync, the synchroniser token pattern, the token bound to the session).
import { csrfSync } from 'csrf-sync';
import type { Request, RequestHandler } from 'express';

/** Only this origin's own stylesheet; no scripts at all; forms post back here only. */
export const CONSOLE_POLICY = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const setSecurityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Content-Security-Policy', CONSOLE_POLICY);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  next();
};

/** Why a request was refused before any handler saw it. */
export class RefusedRequest extends Error {
  constructor(
    readonly status: 403,
    message: string,
  ) {
    super(message);
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request sent from another site: an Origin other than the console's, or
 * `Sec-Fetch-Site: cross-site`. Under `Referrer-Policy: no-referrer` browsers send `Origin: null`
 * with the console's own forms, so `null` says nothing and Sec-Fetch-Site decides; requests from no
 * browser carry neither (the CSRF token still guards what needs a session).
 */
export function checkOrigin(consoleUrl: string): RequestHandler {
  const ownOrigin = new URL(consoleUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const crossSite = (origin !== undefined && origin !== 'null' && origin !== ownOrigin) || req.get('sec-fetch-site') === 'cross-site';
    if (crossSite) return next(new RefusedRequest(403, 'This form was sent from another site, so it was refused. Open the console yourself and send the form from there.'));
    next();
  };
}

const csrfTokens = new WeakMap<Request, string>();

/** Gives the request its session's CSRF token, for csrf-sync to compare and the pages to embed. */
export function bindCsrfToken(req: Request, token: string): void {
  csrfTokens.set(req, token);
}

const { csrfSynchronisedProtection } = csrfSync({
  getTokenFromState: (req) => csrfTokens.get(req),
  // The token is derived from the session's own (csrfTokenFor), so there is nothing to store.
  storeTokenInState: () => undefined,
  getTokenFromRequest: (req) => {
    const body: unknown = req.body;
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>)._csrf : undefined;
    return typeof value === 'string' ? value : undefined;
  },
  errorConfig: { statusCode: 403, message: 'The form is out of date or did not come from the console.', code: 'EBADCSRFTOKEN' },
});

/** Every form POST of a signed-in person carries the session's token in `_csrf`. */
export const requireCsrfToken: RequestHandler = csrfSynchronisedProtection;
