// Headers on every answer, the Origin check on every form POST, the session's CSRF token
// (csrf-sync, the synchroniser token pattern, the token bound to the session), the sign-in form's
// token before any session (a signed double-submit cookie), and which proxies' X-Forwarded-For is believed.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { csrfSync } from 'csrf-sync';
import type { Request, RequestHandler, Response } from 'express';

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
export function checkOrigin(ownOrigins: readonly string[]): RequestHandler {
  const own = new Set(ownOrigins.map((url) => new URL(url).origin));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const crossSite = (origin !== undefined && origin !== 'null' && !own.has(origin)) || req.get('sec-fetch-site') === 'cross-site';
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

/** How long a sign-in form stays good. */
const PRE_SESSION_MS = 12 * 3_600_000;

export interface PreSessionTokens {
  /** The form token for this browser, setting its signed cookie when it has none (or a bad one). */
  issue(req: Request, res: Response): string;
  /** Whether the form's `_csrf` is the token of the browser's cookie. */
  check(req: Request): boolean;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Login CSRF: before a session there is nothing to bind a token to, so the sign-in form's token
 * comes from a random cookie signed with a key of this process (a signed double-submit cookie,
 * OWASP's pattern). Another site can neither read the cookie nor make one the key signed, so it
 * cannot sign a browser in to an account of its choosing. A restart makes open forms out of date.
 */
export function preSessionTokens(secure: boolean): PreSessionTokens {
  const key = randomBytes(32);
  const name = secure ? '__Host-console_pre_session' : 'console_pre_session';
  const mac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const valueOf = (req: Request): string | null => {
    for (const part of (req.get('cookie') ?? '').split(';')) {
      const at = part.indexOf('=');
      if (at <= 0 || part.slice(0, at).trim() !== name) continue;
      const [random, signature] = part.slice(at + 1).trim().split('.');
      if (random && signature && /^[A-Za-z0-9_-]{22,64}$/.test(random) && sameText(signature, mac(`cookie:${random}`))) return random;
    }
    return null;
  };
  return {
    issue(req, res) {
      let random = valueOf(req);
      if (random === null) {
        random = randomBytes(18).toString('base64url');
        res.cookie(name, `${random}.${mac(`cookie:${random}`)}`, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: PRE_SESSION_MS });
      }
      return mac(`form:${random}`);
    },
    check(req) {
      const random = valueOf(req);
      const body: unknown = req.body;
      const sent = body && typeof body === 'object' ? (body as Record<string, unknown>)._csrf : undefined;
      return random !== null && typeof sent === 'string' && sameText(sent, mac(`form:${random}`));
    },
  };
}

// Where proxies sit: a hop count trusts a hop only from these (a client reaching the console
// directly, from anywhere else, cannot name its own address in X-Forwarded-For).
const PRIVATE_NETWORKS = new BlockList();
PRIVATE_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_NETWORKS.addSubnet('169.254.0.0', 16, 'ipv4');
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

/** Whether an address is loopback, private or link-local (IPv4 mapped into IPv6 included). */
function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  const text = mapped ? (mapped[1] as string) : address;
  const family = isIP(text);
  if (family === 0) return false;
  return PRIVATE_NETWORKS.check(text, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * express's `trust proxy` for the console. An address list (`loopback, 10.0.0.5`) is express's own:
 * only those peers' X-Forwarded-For is read. A hop count `n` trusts the nearest n hops only while
 * each is a loopback, private or link-local address, where a shop's proxy sits: a client reaching
 * the console directly from a public address gets its own address, whatever header it sends.
 * A proxy on a public address must be named in the list.
 */
export function consoleTrustProxy(setting: boolean | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (address, hop) => hop < hops && isPrivateAddress(address);
}
