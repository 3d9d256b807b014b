// The inbox's pages: the leads (and as CSV), one lead, and its state change, notes and assignee (staff, CSRF-checked forms).
import { Router } from 'express';
import type { Request, Response } from 'express';
import { isInboxState, type OutboxRowRecord, type StaffRepository } from '@shop/storage';
import { EXPORT_MAX_ROWS, InboxProblem, addNote, assignLead, changeState, exportLeads, isRequestKind, leadDetail, listLeads, type InboxDeps, type LeadFilter } from '../inbox';
import { leadsCsv } from '../inbox-csv';
import { signedInOf } from '../http/session';
import { renderMessagePage } from '../pages/message-page';
import { renderInboxPage, renderLeadPage } from '../pages/inbox-pages';
import { clientIp, field } from './sign-in';

const SEARCH_MAX = 200;
/** A `before` cursor is a timestamp, a kind and an id: far under this. */
const CURSOR_MAX = 300;

/** The list's filters from the query: `state`, `q` (search words), `mine=1` (assigned to the viewer). */
function filterOf(req: Request, viewerId: string): LeadFilter & { mine: boolean } {
  const state = isInboxState(req.query.state) ? req.query.state : null;
  const search = typeof req.query.q === 'string' ? req.query.q.slice(0, SEARCH_MAX) : '';
  const mine = req.query.mine === '1';
  return { state, search, mine, assigneeId: mine ? viewerId : null };
}

const staffNames = async (staff: StaffRepository) => new Map((await staff.list()).map((person) => [person.id, person.name]));

export function inboxRoutes(
  deps: InboxDeps,
  staff: StaffRepository,
  shopName: string,
  consoleUrl: string,
  /** The notifications about a request (`order/or_...`, `quote/sub_...`), for its timeline. */
  notificationsOf: (subject: string) => Promise<OutboxRowRecord[]>,
): Router {
  const router = Router();

  router.get('/inbox', async (req, res) => {
    const signedIn = signedInOf(req)!;
    const filter = filterOf(req, signedIn.staff.id);
    const before = typeof req.query.before === 'string' && req.query.before.length <= CURSOR_MAX ? req.query.before : null;
    let page;
    try {
      page = await listLeads(deps, filter, before);
    } catch (error) {
      // A cursor not made by this list: show its first page.
      if (!(error instanceof RangeError)) throw error;
      page = await listLeads(deps, filter);
    }
    res.type('html').send(renderInboxPage(shopName, { staff: signedIn.staff, csrfToken: signedIn.csrfToken }, page, await staffNames(staff), filter, deps.now()));
  });

  router.get('/inbox.csv', async (req, res) => {
    const signedIn = signedInOf(req)!;
    const filter = filterOf(req, signedIn.staff.id);
    const { leads, more } = await exportLeads(deps, filter);
    const body = leadsCsv(leads, await staffNames(staff), consoleUrl, more ? EXPORT_MAX_ROWS : null);
    const at = deps.now();
    await deps.audit.append({ at, staffId: signedIn.staff.id, action: 'inbox_exported', subject: 'inbox', detail: { state: filter.state, search: filter.search, mine: filter.mine, rows: leads.length, capped: more }, ip: clientIp(req) });
    res
      .status(200)
      .set('Content-Type', 'text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="inbox-${at.toISOString().slice(0, 10)}.csv"`)
      .set('Cache-Control', 'no-store')
      .send(body);
  });

  const sendLead = async (req: Request, res: Response, status: number, message: { error?: string; ok?: string } = {}) => {
    const signedIn = signedInOf(req)!;
    const viewer = { staff: signedIn.staff, csrfToken: signedIn.csrfToken };
    const kind = req.params.kind;
    const lead = isRequestKind(kind) ? await leadDetail(deps, kind, req.params.id as string) : null;
    if (!lead) return res.status(404).type('html').send(renderMessagePage(shopName, 'Request not found', 'There is no such request in the inbox.', viewer));
    const people = await staff.list();
    const names = new Map(people.map((person) => [person.id, person.name]));
    const active = people.filter((person) => person.disabledAt === null).map((person) => ({ id: person.id, name: person.name }));
    const reasons = (await deps.lostReasons.list()).filter((reason) => reason.retiredAt === null);
    const notifications = await notificationsOf(`${kind}/${lead.id}`);
    return res.status(status).type('html').send(renderLeadPage(shopName, viewer, lead, names, active, reasons, deps.now(), message, notifications));
  };

  router.get('/inbox/:kind/:id', (req, res) => sendLead(req, res, 200));

  const act = (name: 'state' | 'notes' | 'assignee') =>
    router.post(`/inbox/:kind/:id/${name}`, async (req, res) => {
      const signedIn = signedInOf(req)!;
      const kind = req.params.kind;
      const id = req.params.id as string;
      if (!isRequestKind(kind)) return sendLead(req, res, 404);
      const actor = { staffId: signedIn.staff.id, ip: clientIp(req) };
      try {
        if (name === 'state') await changeState(deps, kind, id, { state: field(req, 'state'), reason: field(req, 'reason') }, actor);
        else if (name === 'notes') await addNote(deps, kind, id, field(req, 'note'), actor);
        else await assignLead(deps, staff, kind, id, field(req, 'assignee'), actor);
      } catch (error) {
        if (!(error instanceof InboxProblem)) throw error;
        return sendLead(req, res, error.status, { error: error.message });
      }
      return res.redirect(303, `/inbox/${kind}/${encodeURIComponent(id)}`);
    });
  act('state');
  act('notes');
  act('assignee');

  return router;
}
