// The inbox's pages: the leads, one lead, and its state change and notes (staff, CSRF-checked forms).
import { Router } from 'express';
import type { Request, Response } from 'express';
import { isInboxState, type StaffRepository } from '@shop/storage';
import { InboxProblem, addNote, changeState, isRequestKind, leadDetail, listLeads, type InboxDeps } from '../inbox';
import { signedInOf } from '../http/session';
import { renderMessagePage } from '../pages/message-page';
import { renderInboxPage, renderLeadPage } from '../pages/inbox-pages';
import { clientIp, field } from './sign-in';

const SEARCH_MAX = 200;

export function inboxRoutes(deps: InboxDeps, staff: StaffRepository, shopName: string): Router {
  const router = Router();

  router.get('/inbox', async (req, res) => {
    const signedIn = signedInOf(req)!;
    const state = isInboxState(req.query.state) ? req.query.state : null;
    const search = typeof req.query.q === 'string' ? req.query.q.slice(0, SEARCH_MAX) : '';
    const leads = await listLeads(deps, { state, search });
    res.type('html').send(renderInboxPage(shopName, { staff: signedIn.staff, csrfToken: signedIn.csrfToken }, leads, { state, search }, deps.now()));
  });

  const sendLead = async (req: Request, res: Response, status: number, message: { error?: string; ok?: string } = {}) => {
    const signedIn = signedInOf(req)!;
    const viewer = { staff: signedIn.staff, csrfToken: signedIn.csrfToken };
    const kind = req.params.kind;
    const lead = isRequestKind(kind) ? await leadDetail(deps, kind, req.params.id as string) : null;
    if (!lead) return res.status(404).type('html').send(renderMessagePage(shopName, 'Request not found', 'There is no such request in the inbox.', viewer));
    const names = new Map((await staff.list()).map((person) => [person.id, person.name]));
    return res.status(status).type('html').send(renderLeadPage(shopName, viewer, lead, names, deps.now(), message));
  };

  router.get('/inbox/:kind/:id', (req, res) => sendLead(req, res, 200));

  const act = (name: 'state' | 'notes') =>
    router.post(`/inbox/:kind/:id/${name}`, async (req, res) => {
      const signedIn = signedInOf(req)!;
      const kind = req.params.kind;
      const id = req.params.id as string;
      if (!isRequestKind(kind)) return sendLead(req, res, 404);
      const actor = { staffId: signedIn.staff.id, ip: clientIp(req) };
      try {
        if (name === 'state') await changeState(deps, kind, id, { state: field(req, 'state'), reason: field(req, 'reason') }, actor);
        else await addNote(deps, kind, id, field(req, 'note'), actor);
      } catch (error) {
        if (!(error instanceof InboxProblem)) throw error;
        return sendLead(req, res, error.status, { error: error.message });
      }
      return res.redirect(303, `/inbox/${kind}/${encodeURIComponent(id)}`);
    });
  act('state');
  act('notes');

  return router;
}
