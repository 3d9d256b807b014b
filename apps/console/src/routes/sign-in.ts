// Before a session: sign in (with its own CSRF token), the welcome link that sets a first password;
// and sign out.
import { isIP } from 'node:net';
import { Router } from 'express';
import type { Request } from 'express';
import { AccountProblem, describeShortWait, describeWait, lookUpWelcome, setPasswordWithWelcome, signIn, signOut, type ConsoleDeps, type SignInScope } from '../accounts';
import { clearSessionCookie, requireSignIn, setSessionCookie, signedInOf, type SessionCookie } from '../http/session';
import { requireCsrfToken, type PreSessionTokens } from '../http/security';
import { renderSignInPage, renderWelcomePage } from '../pages/auth-pages';
import { renderMessagePage } from '../pages/message-page';

/** A form field as text ('' when missing or repeated). */
export function field(req: Request, name: string): string {
  const body: unknown = req.body;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/** The client's address as express found it (see consoleTrustProxy); always an IP address or `unknown`. */
export const clientIp = (req: Request): string => {
  const address = req.ip ?? req.socket.remoteAddress ?? '';
  return isIP(address) ? address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') : 'unknown';
};

function limitedMessage(scope: SignInScope, waitMs: number): string {
  if (scope === 'account') {
    return `Many failed sign-ins for this account, from several addresses: each try now waits a little. Try again in ${describeShortWait(waitMs)}.`;
  }
  const who = scope === 'pair' ? 'this account from your address' : 'your address';
  return `Too many failed sign-ins for ${who} in 15 minutes. Try again in ${describeWait(waitMs)}.`;
}

const LINK_NOT_VALID = 'This link has been used or has expired. Ask an owner for a new one.';

export function signInRoutes(deps: ConsoleDeps, cookie: SessionCookie, preSession: PreSessionTokens, shopName: string): Router {
  const router = Router();

  router.get('/sign-in', (req, res) => {
    if (signedInOf(req)) return res.redirect(303, '/');
    const csrfToken = preSession.issue(req, res);
    res.type('html').send(renderSignInPage(shopName, csrfToken, req.query.welcome === '1' ? { ok: 'Your password is set. Sign in with it.' } : {}));
  });

  router.post('/sign-in', async (req, res) => {
    const page = (status: number, message: { error?: string; ok?: string }) => res.status(status).type('html').send(renderSignInPage(shopName, preSession.issue(req, res), message));
    // Login CSRF: without the form's own token another site could sign this browser in to its account.
    if (!preSession.check(req)) {
      return page(403, { error: 'This sign-in form was out of date or did not come from the console. Sign in again with this one.' });
    }
    const result = await signIn(deps, { email: field(req, 'email'), password: field(req, 'password'), ip: clientIp(req), userAgent: req.get('user-agent') ?? '' });
    if (result.outcome === 'limited') {
      res.setHeader('Retry-After', String(Math.ceil(result.waitMs / 1000)));
      return page(429, { error: limitedMessage(result.scope, result.waitMs) });
    }
    if (result.outcome === 'refused') {
      // The same answer whether the e-mail is unknown or the password wrong.
      return page(401, { error: 'That e-mail and password do not match an account that may sign in.' });
    }
    // The session this browser had before (if any) ends: one browser, one session.
    const previous = signedInOf(req);
    if (previous) await deps.staff.deleteSession(previous.session.id);
    setSessionCookie(res, cookie, result.token, result.session.expiresAt.getTime() - result.session.createdAt.getTime());
    return res.redirect(303, '/');
  });

  /** The link's person, or the answer already sent (404, or 429 past the address's limit). */
  const welcomeOf = async (req: Request, res: Parameters<Parameters<typeof router.get>[1]>[1]) => {
    const found = await lookUpWelcome(deps, String(req.params.token), clientIp(req));
    if (found.outcome === 'found') return found.staff;
    if (found.outcome === 'limited') {
      res.setHeader('Retry-After', String(Math.ceil(found.waitMs / 1000)));
      res.status(429).type('html').send(renderMessagePage(shopName, 'Too many links tried', `Too many links that do not exist were tried from your address. Try again in ${describeWait(found.waitMs)}.`));
    } else {
      res.status(404).type('html').send(renderMessagePage(shopName, 'Link not valid', LINK_NOT_VALID));
    }
    return null;
  };

  router.get('/welcome/:token', async (req, res) => {
    const staff = await welcomeOf(req, res);
    if (staff) res.type('html').send(renderWelcomePage(shopName, { name: staff.name, email: staff.email }));
  });

  router.post('/welcome/:token', async (req, res) => {
    // The link is looked up (and counted) before anything is hashed: a made-up link costs a lookup.
    const staff = await welcomeOf(req, res);
    if (!staff) return;
    try {
      await setPasswordWithWelcome(deps, String(req.params.token), { password: field(req, 'password'), confirm: field(req, 'confirm') }, clientIp(req));
    } catch (error) {
      if (!(error instanceof AccountProblem)) throw error;
      if (error.status !== 400) return res.status(404).type('html').send(renderMessagePage(shopName, 'Link not valid', LINK_NOT_VALID));
      return res.status(400).type('html').send(renderWelcomePage(shopName, { name: staff.name, email: staff.email, error: error.message }));
    }
    return res.redirect(303, '/sign-in?welcome=1');
  });

  router.post('/sign-out', requireSignIn, requireCsrfToken, async (req, res) => {
    await signOut(deps, signedInOf(req)!, clientIp(req));
    clearSessionCookie(res, cookie);
    res.redirect(303, '/sign-in');
  });

  return router;
}
