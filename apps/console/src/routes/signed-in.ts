// The pages behind a session: home, the person's account, and the owners' staff list and audit log.
import { Router } from 'express';
import type { Response } from 'express';
import { AUDIT_PAGE_MAX } from '@shop/storage';
import {
  AccountProblem,
  SIGN_IN_WINDOW_MS,
  addStaff,
  changePassword,
  clearSignInCounts,
  disableStaff,
  enableStaff,
  issueWelcomeLink,
  signOutEverywhere,
  type ConsoleDeps,
} from '../accounts';
import { auditFilterQuery, readAuditFilter } from '../audit-filter';
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

  const sendStaffPage = async (res: Response, signedIn: SignedInRequest, status: number, message: Parameters<typeof renderStaffPage>[4] = {}) => {
    const staff = await deps.staff.list();
    const now = deps.now();
    // Rows whose tries were all given back (right passwords) have nothing to show or clear.
    const counts = (await deps.staff.listSignInCounts(staff.map((person) => person.email), now, SIGN_IN_WINDOW_MS)).filter(
      (row) => row.failures > 0 || row.refusals > 0 || row.nextTryAt.getTime() > now.getTime(),
    );
    res.status(status).type('html').send(renderStaffPage(shopName, viewer(signedIn), staff, { counts, now }, message));
  };

  /** An owner's action on one person's row: the page again with what was done, or why not. */
  const staffAction = (path: string, act: (staffId: string, actor: { staffId: string; ip: string }) => Promise<Parameters<typeof renderStaffPage>[4]>) => {
    router.post(path, requireOwner, async (req, res) => {
      const signedIn = signedInOf(req)!;
      try {
        await sendStaffPage(res, signedIn, 200, await act(req.params.id as string, { staffId: signedIn.staff.id, ip: clientIp(req) }));
      } catch (error) {
        if (!(error instanceof AccountProblem)) throw error;
        await sendStaffPage(res, signedIn, error.status, { error: error.message });
      }
    });
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
      // The form again as typed, its problem linked to the field it is about (the name's, or else the e-mail's).
      const form = { name: field(req, 'name').slice(0, 200), email: field(req, 'email').slice(0, 300), role: field(req, 'role') === 'owner' ? 'owner' : 'staff' };
      const about = /^A name /.test(error.message) ? 'staff-name' : 'staff-email';
      await sendStaffPage(res, signedIn, error.status, { problems: [{ field: about, message: error.message }], form });
    }
  });

  staffAction('/staff/:id/disable', async (id, actor) => {
    const staff = await disableStaff(deps, id, actor);
    return { ok: `${staff.email} is disabled and signed out everywhere.` };
  });

  staffAction('/staff/:id/enable', async (id, actor) => {
    const staff = await enableStaff(deps, id, actor);
    return { ok: `${staff.email} is enabled again${staff.passwordHash ? '' : '; give them a new link to set a password'}.` };
  });

  staffAction('/staff/:id/welcome-link', async (id, actor) => {
    const issued = await issueWelcomeLink(deps, id, false, actor);
    return { ok: `A new link for ${issued.staff.email}; earlier links no longer work.`, welcomeLink: issued.welcomeLink };
  });

  staffAction('/staff/:id/reset-password', async (id, actor) => {
    const issued = await issueWelcomeLink(deps, id, true, actor);
    return { ok: `${issued.staff.email}'s password no longer works and their sessions have ended; the link below sets a new one.`, welcomeLink: issued.welcomeLink };
  });

  staffAction('/staff/:id/clear-sign-in', async (id, actor) => {
    const staff = await deps.staff.findById(id);
    if (!staff) throw new AccountProblem(404, 'There is no such person.');
    await clearSignInCounts(deps, staff.email, actor);
    return { ok: `${staff.email}'s failed sign-ins are cleared: every address may try again now.` };
  });

  router.get('/audit', requireOwner, async (req, res) => {
    const signedIn = signedInOf(req)!;
    const { form, filter, problems, before } = readAuditFilter(req.query as Record<string, unknown>);
    const staff = await deps.staff.list();
    const names = new Map(staff.map((person) => [person.id, `${person.name} (${person.email})`]));
    const actions = await deps.audit.actions();
    if (problems.length > 0) {
      return res.status(400).type('html').send(renderAuditPage(shopName, viewer(signedIn), { entries: [], names, nextBefore: null, form, query: '', staff, actions, problems }));
    }
    const page = await deps.audit.list({ limit: Math.min(AUDIT_PAGE_SIZE, AUDIT_PAGE_MAX), before, filter });
    return res.type('html').send(renderAuditPage(shopName, viewer(signedIn), { entries: page.entries, names, nextBefore: page.nextBefore, form, query: auditFilterQuery(form), staff, actions, problems }));
  });

  return router;
}
