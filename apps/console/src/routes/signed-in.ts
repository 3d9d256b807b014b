// The pages behind a session: home, the person's account, and the owners' staff list and audit log.
import { Router } from 'express';
import type { Response } from 'express';
import { AUDIT_PAGE_MAX } from '@shop/storage';
import { AccountProblem, addStaff, changePassword, disableStaff, signOutEverywhere, type ConsoleDeps } from '../accounts';
import { clearSessionCookie, requireOwner, signedInOf, type SessionCookie, type SignedInRequest } from '../http/session';
import { renderAccountPage, renderAuditPage, renderHomePage, renderStaffPage } from '../pages/account-pages';
import { clientIp, field } from './sign-in';

const AUDIT_PAGE_SIZE = 50;

export function signedInRoutes(deps: ConsoleDeps, cookie: SessionCookie, shopName: string): Router {
  const router = Router();
  const viewer = (signedIn: SignedInRequest) => ({ staff: signedIn.staff, csrfToken: signedIn.csrfToken });

  router.get('/', (req, res) => {
    res.type('html').send(renderHomePage(shopName, viewer(signedInOf(req)!)));
  });

  router.get('/account', (req, res) => {
    res.type('html').send(renderAccountPage(shopName, viewer(signedInOf(req)!), req.query.changed === '1' ? { ok: 'Your password is changed; your other sessions have ended.' } : {}));
  });

  router.post('/account/password', async (req, res) => {
    const signedIn = signedInOf(req)!;
    try {
      await changePassword(deps, signedIn, { current: field(req, 'current'), next: field(req, 'password'), confirm: field(req, 'confirm') }, clientIp(req));
    } catch (error) {
      if (!(error instanceof AccountProblem)) throw error;
      return res.status(error.status).type('html').send(renderAccountPage(shopName, viewer(signedIn), { error: error.message }));
    }
    return res.redirect(303, '/account?changed=1');
  });

  router.post('/account/sign-out-everywhere', async (req, res) => {
    await signOutEverywhere(deps, signedInOf(req)!, clientIp(req));
    clearSessionCookie(res, cookie);
    res.redirect(303, '/sign-in');
  });

  const sendStaffPage = async (res: Response, signedIn: SignedInRequest, status: number, message: Parameters<typeof renderStaffPage>[3] = {}) => {
    res.status(status).type('html').send(renderStaffPage(shopName, viewer(signedIn), await deps.staff.list(), message));
  };

  router.get('/staff', requireOwner, async (req, res) => {
    await sendStaffPage(res, signedInOf(req)!, 200);
  });

  router.post('/staff', requireOwner, async (req, res) => {
    const signedIn = signedInOf(req)!;
    try {
      const role = field(req, 'role') === 'owner' ? 'owner' : 'staff';
      const added = await addStaff(deps, { email: field(req, 'email'), name: field(req, 'name'), role, password: null }, { staffId: signedIn.staff.id, ip: clientIp(req) });
      // The link is shown in this answer only: it is stored hashed.
      await sendStaffPage(res, signedIn, 201, { ok: `${added.staff.name} (${added.staff.email}) is added as ${added.staff.role}.`, welcomeLink: added.welcomeLink });
    } catch (error) {
      if (!(error instanceof AccountProblem)) throw error;
      await sendStaffPage(res, signedIn, error.status, { error: error.message });
    }
  });

  router.post('/staff/:id/disable', requireOwner, async (req, res) => {
    const signedIn = signedInOf(req)!;
    try {
      const staff = await disableStaff(deps, req.params.id as string, { staffId: signedIn.staff.id, ip: clientIp(req) });
      await sendStaffPage(res, signedIn, 200, { ok: `${staff.email} is disabled and signed out everywhere.` });
    } catch (error) {
      if (!(error instanceof AccountProblem)) throw error;
      await sendStaffPage(res, signedIn, error.status, { error: error.message });
    }
  });

  router.get('/audit', requireOwner, async (req, res) => {
    const signedIn = signedInOf(req)!;
    const before = typeof req.query.before === 'string' && /^[1-9]\d{0,15}$/.test(req.query.before) ? Number(req.query.before) : null;
    const page = await deps.audit.list({ limit: Math.min(AUDIT_PAGE_SIZE, AUDIT_PAGE_MAX), before });
    const names = new Map((await deps.staff.list()).map((person) => [person.id, `${person.name} (${person.email})`]));
    res.type('html').send(renderAuditPage(shopName, viewer(signedIn), page.entries, names, page.nextBefore));
  });

  return router;
}
