// Before a session: sign in, the welcome link that sets a first password; and sign out.
import { Router } from 'express';
import type { Request } from 'express';
import { AccountProblem, describeWait, findWelcome, setPasswordWithWelcome, signIn, signOut, type ConsoleDeps } from '../accounts';
import { clearSessionCookie, requireSignIn, setSessionCookie, signedInOf, type SessionCookie } from '../http/session';
import { requireCsrfToken } from '../http/security';
import { renderSignInPage, renderWelcomePage } from '../pages/auth-pages';
import { renderMessagePage } from '../pages/message-page';

/** A form field as text ('' when missing or repeated). */
export function field(req: Request, name: string): string {
  const body: unknown = req.body;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

export function signInRoutes(deps: ConsoleDeps, cookie: SessionCookie, shopName: string): Router {
  const router = Router();

  router.get('/sign-in', (req, res) => {
    if (signedInOf(req)) return res.redirect(303, '/');
    res.type('html').send(renderSignInPage(shopName, req.query.welcome === '1' ? { ok: 'Your password is set. Sign in with it.' } : {}));
  });

  router.post('/sign-in', async (req, res) => {
    const result = await signIn(deps, { email: field(req, 'email'), password: field(req, 'password'), ip: clientIp(req), userAgent: req.get('user-agent') ?? '' });
    if (result.outcome === 'limited') {
      const who = result.scope === 'account' ? 'this account' : 'your address';
      res.setHeader('Retry-After', String(Math.ceil(result.waitMs / 1000)));
      return res
        .status(429)
        .type('html')
        .send(renderSignInPage(shopName, { error: `Too many failed sign-ins for ${who} in 15 minutes. Try again in ${describeWait(result.waitMs)}.` }));
    }
    if (result.outcome === 'refused') {
      // The same answer whether the e-mail is unknown or the password wrong.
      return res.status(401).type('html').send(renderSignInPage(shopName, { error: 'That e-mail and password do not match an account that may sign in.' }));
    }
    // The session this browser had before (if any) ends: one browser, one session.
    const previous = signedInOf(req);
    if (previous) await deps.staff.deleteSession(previous.session.id);
    setSessionCookie(res, cookie, result.token, result.session.expiresAt.getTime() - result.session.createdAt.getTime());
    return res.redirect(303, '/');
  });

  router.get('/welcome/:token', async (req, res) => {
    const staff = await findWelcome(deps, req.params.token);
    if (!staff) return res.status(404).type('html').send(renderMessagePage(shopName, 'Link not valid', 'This link has been used or has expired. Ask an owner for a new one.'));
    return res.type('html').send(renderWelcomePage(shopName, { name: staff.name, email: staff.email }));
  });

  router.post('/welcome/:token', async (req, res) => {
    try {
      await setPasswordWithWelcome(deps, req.params.token, { password: field(req, 'password'), confirm: field(req, 'confirm') }, clientIp(req));
    } catch (error) {
      if (!(error instanceof AccountProblem)) throw error;
      const staff = error.status === 400 ? await findWelcome(deps, req.params.token) : null;
      if (!staff) return res.status(404).type('html').send(renderMessagePage(shopName, 'Link not valid', 'This link has been used or has expired. Ask an owner for a new one.'));
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
