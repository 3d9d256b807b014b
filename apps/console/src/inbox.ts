// The inbox's leads: order requests and quote requests (rfq submissions) side by side, newest
// first, with where the shop stands on each; and the changes staff make, each audited.
import type { InboxRepository, InboxState, InboxStatus, LostReasonRepository, OrderRequestRecord, OrderRequestRepository, PersonalDataRepository, RequestEvent, RequestKind, RfqSubmissionRepository } from '@shop/storage';
import { isInboxState } from '@shop/storage';
import type { AuditLog, StaffRepository } from '@shop/storage';

export interface InboxDeps {
  orders: OrderRequestRepository;
  quotes: Pick<RfqSubmissionRepository, 'list'>;
  states: InboxRepository;
  /** The reasons a lost request may be given. */
  lostReasons: Pick<LostReasonRepository, 'list' | 'get'>;
  /** When a request's contact details were erased. */
  personalData: Pick<PersonalDataRepository, 'erasedAt'>;
  audit: AuditLog;
  now: () => Date;
}

export interface Lead {
  kind: RequestKind;
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  /** Order requests only. */
  totalCents: number | null;
  status: InboxStatus;
  /** When its contact details were erased (retention, or the person's request); null while held. */
  erasedAt: Date | null;
  /** The words searched: name, e-mail, company and the job's text. */
  text: string;
}

export interface LeadDetail extends Lead {
  order: OrderRequestRecord | null;
  /** A quote request's form as sent (description, material, thickness, quantity) and its link's job. */
  quote: { form: Record<string, unknown>; rfqLinkId: string; job: unknown } | null;
  timeline: RequestEvent[];
}

/** How many of each kind the inbox reads. */
const INBOX_READ_LIMIT = 500;

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
  const words = [contact.name, contact.email, contact.company, contact.note, ...order.items.flatMap((item) => [item.description, item.label])];
  return { kind: 'order', id: order.id, createdAt: order.createdAt, name: contact.name, email: contact.email, phone: contact.phone, company: contact.company, totalCents: order.totalCents, status, erasedAt, text: words.filter(Boolean).join(' ') };
}

interface QuoteBody {
  name?: string;
  email?: string;
  phone?: string | null;
  company?: string | null;
  description?: string;
  material?: string | null;
  erased_at?: string;
}

function quoteLead(row: { id: string; createdAt: Date; body: string }, status: InboxStatus): Lead {
  const body = JSON.parse(row.body) as QuoteBody;
  const words = [body.name, body.email, body.company, body.description, body.material];
  return { kind: 'quote', id: row.id, createdAt: row.createdAt, name: body.name ?? '', email: body.email ?? '', phone: body.phone ?? null, company: body.company ?? null, totalCents: null, status, erasedAt: body.erased_at ? new Date(body.erased_at) : null, text: words.filter(Boolean).join(' ') };
}

/** Every word of `search` (case-insensitive) appears in the lead's text. */
function matches(lead: Lead, search: string): boolean {
  const text = lead.text.toLowerCase();
  return search.toLowerCase().split(/\s+/).filter(Boolean).every((word) => text.includes(word));
}

export interface LeadFilter {
  state: InboxState | null;
  search: string;
  /** Only the leads assigned to this staff member ("assigned to me"); null: everyone's. */
  assigneeId?: string | null;
}

export async function listLeads(deps: InboxDeps, filter: LeadFilter): Promise<Lead[]> {
  const [orders, quotes] = await Promise.all([deps.orders.list({ limit: INBOX_READ_LIMIT }), deps.quotes.list({ limit: INBOX_READ_LIMIT })]);
  const [orderStates, quoteStates] = await Promise.all([deps.states.statuses('order', orders.map((order) => order.id)), deps.states.statuses('quote', quotes.map((quote) => quote.id))]);
  const erased = await deps.personalData.erasedAt('order', orders.map((order) => order.id));
  const leads = [
    ...orders.map((order) => orderLead(order, orderStates.get(order.id)!, erased.get(order.id) ?? null)),
    ...quotes.map((quote) => quoteLead(quote, quoteStates.get(quote.id)!)),
  ];
  return leads
    .filter((lead) => (filter.state === null || lead.status.state === filter.state) && (!filter.assigneeId || lead.status.assigneeId === filter.assigneeId) && matches(lead, filter.search))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
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
  // Quote requests are read from the newest; one beyond the inbox's reach is not shown.
  const row = (await deps.quotes.list({ limit: INBOX_READ_LIMIT })).find((quote) => quote.id === id);
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
