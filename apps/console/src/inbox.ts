// The inbox's leads: order requests and quote requests (rfq submissions) side by side, newest
// first, with where the shop stands on each; and the changes staff make, each audited.
import type { InboxLead, InboxRepository, InboxState, InboxStatus, LostReasonRepository, OrderRequestRecord, OrderRequestRepository, PersonalDataRepository, RequestEvent, RequestKind, RfqSubmissionRepository } from '@shop/storage';
import { INBOX_PAGE_MAX, isInboxState } from '@shop/storage';
import type { AuditLog, StaffRepository } from '@shop/storage';

export interface InboxDeps {
  orders: OrderRequestRepository;
  quotes: Pick<RfqSubmissionRepository, 'get'>;
  states: InboxRepository;
  /** The reasons a lost request may be given. */
  lostReasons: Pick<LostReasonRepository, 'list' | 'get'>;
  /** When a request's contact details were erased. */
  personalData: Pick<PersonalDataRepository, 'erasedAt'>;
  audit: AuditLog;
  now: () => Date;
}

/** A lead of the list (the storage's row of either kind, with its status). */
export type Lead = InboxLead;

export interface LeadDetail extends Lead {
  order: OrderRequestRecord | null;
  /** A quote request's form as sent (description, material, thickness, quantity) and its link's job. */
  quote: { form: Record<string, unknown>; rfqLinkId: string; job: unknown } | null;
  timeline: RequestEvent[];
}

/** The most rows a CSV export holds; its last line says when the list had more. */
export const EXPORT_MAX_ROWS = 10_000;

export class InboxProblem extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export function isRequestKind(value: unknown): value is RequestKind {
  return value === 'order' || value === 'quote';
}

function orderLead(order: OrderRequestRecord, status: InboxStatus, erasedAt: Date | null): Lead {
  const { contact } = order;
  return { kind: 'order', id: order.id, createdAt: order.createdAt, name: contact.name, email: contact.email, phone: contact.phone, company: contact.company, note: contact.note, totalCents: order.totalCents, status, erasedAt };
}

interface QuoteBody {
  name?: string;
  email?: string;
  phone?: string | null;
  company?: string | null;
  erased_at?: string;
}

function quoteLead(row: { id: string; createdAt: Date; body: string }, status: InboxStatus): Lead {
  const body = JSON.parse(row.body) as QuoteBody;
  return { kind: 'quote', id: row.id, createdAt: row.createdAt, name: body.name ?? '', email: body.email ?? '', phone: body.phone ?? null, company: body.company ?? null, note: null, totalCents: null, status, erasedAt: body.erased_at ? new Date(body.erased_at) : null };
}

export interface LeadFilter {
  state: InboxState | null;
  search: string;
  /** Only the leads assigned to this staff member ("assigned to me"); null: everyone's. */
  assigneeId?: string | null;
}

/** One page of the list, filtered and searched in the database; `before` a previous page's `nextBefore`. */
export async function listLeads(deps: Pick<InboxDeps, 'states'>, filter: LeadFilter, before: string | null = null): Promise<{ leads: Lead[]; nextBefore: string | null }> {
  return deps.states.list({ state: filter.state, search: filter.search, assigneeId: filter.assigneeId ?? null, before });
}

/** The whole filtered list for an export, read a page at a time, up to `maxRows`; `more` when it went on. */
export async function exportLeads(deps: Pick<InboxDeps, 'states'>, filter: LeadFilter, maxRows = EXPORT_MAX_ROWS): Promise<{ leads: Lead[]; more: boolean }> {
  const leads: Lead[] = [];
  let before: string | null = null;
  do {
    const page = await deps.states.list({ state: filter.state, search: filter.search, assigneeId: filter.assigneeId ?? null, before, limit: Math.min(INBOX_PAGE_MAX, maxRows - leads.length) });
    leads.push(...page.leads);
    before = page.nextBefore;
  } while (before !== null && leads.length < maxRows);
  return { leads, more: before !== null };
}

export async function leadDetail(deps: InboxDeps, kind: RequestKind, id: string): Promise<LeadDetail | null> {
  const status = (await deps.states.statuses(kind, [id])).get(id)!;
  const timeline = await deps.states.timeline(kind, id);
  if (kind === 'order') {
    const order = await deps.orders.get(id);
    if (!order) return null;
    const erased = (await deps.personalData.erasedAt('order', [id])).get(id) ?? null;
    return { ...orderLead(order, status, erased), order, quote: null, timeline };
  }
  const row = await deps.quotes.get(id);
  if (!row) return null;
  const body = JSON.parse(row.body) as Record<string, unknown>;
  const job = await deps.orders.rfqJob(id);
  const form = Object.fromEntries(['description', 'material', 'thickness_in', 'quantity'].map((key) => [key, body[key] ?? null]));
  return { ...quoteLead(row, status), order: null, quote: { form, rfqLinkId: String(body.rfq_link_id ?? ''), job: job === null ? null : (JSON.parse(job) as unknown) }, timeline };
}

const NOTE_MAX = 2000;

export async function changeState(deps: InboxDeps, kind: RequestKind, id: string, input: { state: string; reason: string }, actor: { staffId: string; ip: string }): Promise<void> {
  if (!isInboxState(input.state)) throw new InboxProblem(400, 'Choose one of the states listed.');
  // `reason` is the id of an offered lost reason; the request keeps its words.
  let reason = '';
  if (input.state === 'lost') {
    const chosen = /^[1-9]\d{0,9}$/.test(input.reason.trim()) ? await deps.lostReasons.get(Number(input.reason.trim())) : null;
    if (!chosen || chosen.retiredAt !== null) throw new InboxProblem(400, 'Say why the request was lost. Choose one of the reasons listed.');
    reason = chosen.label;
  }
  if ((await leadDetail(deps, kind, id)) === null) throw new InboxProblem(404, 'There is no such request.');
  const at = deps.now();
  await deps.states.setState(kind, id, { state: input.state, lostReason: input.state === 'lost' ? reason : null, staffId: actor.staffId, at });
  await deps.audit.append({ at, staffId: actor.staffId, action: 'request_state_changed', subject: `${kind}/${id}`, detail: input.state === 'lost' ? { state: input.state, reason } : { state: input.state }, ip: actor.ip });
}

export async function addNote(deps: InboxDeps, kind: RequestKind, id: string, text: string, actor: { staffId: string; ip: string }): Promise<void> {
  const note = text.trim();
  if (!note) throw new InboxProblem(400, 'Write the note first.');
  if (note.length > NOTE_MAX) throw new InboxProblem(400, `A note may be at most ${NOTE_MAX} characters.`);
  if ((await leadDetail(deps, kind, id)) === null) throw new InboxProblem(404, 'There is no such request.');
  const at = deps.now();
  await deps.states.addNote(kind, id, { text: note, staffId: actor.staffId, at });
  await deps.audit.append({ at, staffId: actor.staffId, action: 'request_note_added', subject: `${kind}/${id}`, detail: { length: note.length }, ip: actor.ip });
}

/** Hands the request to an active staff member, or to nobody (`assigneeId` empty); audited. */
export async function assignLead(deps: InboxDeps, staff: Pick<StaffRepository, 'findById'>, kind: RequestKind, id: string, assigneeId: string, actor: { staffId: string; ip: string }): Promise<void> {
  let to: string | null = null;
  if (assigneeId !== '') {
    const person = await staff.findById(assigneeId);
    if (!person || person.disabledAt !== null) throw new InboxProblem(400, 'Choose someone on the active staff, or nobody.');
    to = person.id;
  }
  const lead = await leadDetail(deps, kind, id);
  if (lead === null) throw new InboxProblem(404, 'There is no such request.');
  if (lead.status.assigneeId === to) return;
  const at = deps.now();
  await deps.states.assign(kind, id, { assigneeId: to, staffId: actor.staffId, at });
  await deps.audit.append({ at, staffId: actor.staffId, action: 'request_assigned', subject: `${kind}/${id}`, detail: { assignee: to }, ip: actor.ip });
}
