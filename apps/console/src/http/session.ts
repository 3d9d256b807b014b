// The session cookie: reading it into the request's signed-in person, setting and clearing it,
// and the guards of the pages that need a session or an owner.
import type { Request, RequestHandler, Response } from 'express';
import { findSignedIn, type ConsoleDeps, type SignedIn } from '../accounts';
import { csrfTokenFor } from '../tokens';
import { bindCsrfToken } from './security';

export interface SessionCookie {
  name: string;
  secure: boolean;
}

/** `__Host-` and Secure when the console is served over https (the prefix requires both). */
export function sessionCookie(consoleUrl: string): SessionCookie {
  const secure = new URL(consoleUrl).protocol === 'https:';
  return { name: secure ? '__Host-console_session' : 'console_session', secure };
}

function readCookie(req: Request, name: string): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** Max-Age (a count of seconds) rather than a date: a browser whose clock is off keeps it as long. */
export function setSessionCookie(res: Response, cookie: SessionCookie, token: string, lifetimeMs: number): void {
  res.cookie(cookie.name, token, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/', maxAge: lifetimeMs });
}

export function clearSessionCookie(res: Response, cookie: SessionCookie): void {
  res.clearCookie(cookie.name, { httpOnly: true, sameSite: 'lax', secure: cookie.secure, path: '/' });
}

export interface SignedInRequest extends SignedIn {
  csrfToken: string;
}

const signedInRequests = new WeakMap<Request, SignedInRequest>();

/** The person signed in on this request, or null. */
export function signedInOf(req: Request): SignedInRequest | null {
  return signedInRequests.get(req) ?? null;
}

/** Opens the cookie's session, if it is live; an ended one is cleared from the browser too. */
export function loadSession(deps: ConsoleDeps, cookie: SessionCookie): RequestHandler {
  return async (req, res, next) => {
    const token = readCookie(req, cookie.name);
    if (token === null || !/^[a-z2-7]{32}$/.test(token)) return next();
    const signedIn = await findSignedIn(deps, token);
    if (!signedIn) {
      clearSessionCookie(res, cookie);
      return next();
    }
    const csrfToken = csrfTokenFor(token);
    bindCsrfToken(req, csrfToken);
    signedInRequests.set(req, { ...signedIn, csrfToken });
    next();
  };
}

/** Pages need a session: without one the person is sent to sign in. */
export const requireSignIn: RequestHandler = (req, res, next) => {
  if (signedInOf(req)) return next();
  res.redirect(303, '/sign-in');
};

/** Marks what only an owner may see or do. */
export class OwnersOnly extends Error {
  constructor() {
    super('Only an owner may open this page.');
  }
}

/** For owners only: staff get 403. */
export const requireOwner: RequestHandler = (req, _res, next) => {
  if (signedInOf(req)?.staff.role === 'owner') return next();
  next(new OwnersOnly());
};
