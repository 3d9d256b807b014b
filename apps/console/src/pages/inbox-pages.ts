// The inbox: the list of leads with its filters, and one lead's page with its timeline and actions.
import { INBOX_PAGE_SIZE, INBOX_STATES, type InboxState, type OutboxRowRecord } from '@shop/storage';
import { EXPORT_MAX_ROWS, type Lead, type LeadDetail } from '../inbox';
import { itemReference } from '@shop/notify';
import { html, type SafeHtml } from '@shop/runtime';
import { csrfField, notice, renderConsolePage, when, type Viewer } from './layout';
import { notificationsOfLead } from './notification-pages';
import { inchesOf, materialLabel } from './staff-words';

const STATE_LABELS: Record<InboxState, string> = { new: 'New', in_progress: 'In progress', quoted: 'Quoted', won: 'Won', lost: 'Lost', closed: 'Closed' };
const KIND_LABELS = { order: 'Order request', quote: 'Quote request' } as const;

/** Whole cents as dollars, e.g. 123456 -> $1,234.56 (integer arithmetic). */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}$${whole.toLocaleString('en-CA')}.${rest}`;
}

/** How long ago, in words: "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
function ageInWords(from: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - from.getTime()) / 60_000);
  const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return ago(minutes, 'minute');
  if (minutes < 48 * 60) return ago(Math.floor(minutes / 60), 'hour');
  return ago(Math.floor(minutes / (24 * 60)), 'day');
}

function leadHref(lead: Pick<Lead, 'kind' | 'id'>): string {
  return `/inbox/${lead.kind}/${encodeURIComponent(lead.id)}`;
}

/** The list's query string for these filters ('' for none), e.g. `?state=new&q=plate&mine=1`. */
function filterQuery(filter: { state: InboxState | null; search: string; mine: boolean }): string {
  const query = new URLSearchParams();
  if (filter.state) query.set('state', filter.state);
  if (filter.search) query.set('q', filter.search);
  if (filter.mine) query.set('mine', '1');
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function renderInboxPage(
  shopName: string,
  viewer: Viewer,
  { leads, nextBefore }: { leads: Lead[]; nextBefore: string | null },
  names: Map<string, string>,
  filter: { state: InboxState | null; search: string; mine: boolean },
  now: Date,
): string {
  const query = filterQuery(filter);
  const older = nextBefore === null ? null : `/inbox${query ? `${query}&` : '?'}before=${encodeURIComponent(nextBefore)}`;
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Inbox',
    main: html`<form method="get" action="/inbox" class="card filters">
<label>State <select name="state"><option value="">Any</option>${INBOX_STATES.map((state) => html`<option value="${state}"${filter.state === state ? html` selected` : null}>${STATE_LABELS[state]}</option>`)}</select></label>
<label>Search <input type="search" name="q" value="${filter.search}" maxlength="200"></label>
<label><input type="checkbox" name="mine" value="1"${filter.mine ? html` checked` : null}> Assigned to me</label>
<button type="submit">Show</button>
</form>
<p><a href="/inbox.csv${query}">Export CSV</a> (the whole list, up to ${EXPORT_MAX_ROWS.toLocaleString('en-CA')} rows)</p>
${leads.length === 0
  ? html`<p>No requests match.</p>`
  : html`<table class="list">
<thead><tr><th>Received</th><th>Kind</th><th>Name</th><th>Company</th><th>State</th><th>Total</th><th>Assignee</th></tr></thead>
<tbody>${leads.map((lead) => html`<tr><td data-label="Received">${ageInWords(lead.createdAt, now)}</td><td data-label="Kind">${KIND_LABELS[lead.kind]}</td><td data-label="Name"><a href="${leadHref(lead)}">${lead.erasedAt ? 'contact erased' : lead.name}</a></td><td data-label="Company">${lead.company ?? ''}</td><td data-label="State">${STATE_LABELS[lead.status.state]}</td><td data-label="Total">${lead.totalCents === null ? '' : dollars(lead.totalCents)}</td><td data-label="Assignee">${lead.status.assigneeId === null ? '' : (names.get(lead.status.assigneeId) ?? lead.status.assigneeId)}</td></tr>`)}</tbody>
</table>`}
${older === null ? null : html`<p><a href="${older}">Older requests</a> (${INBOX_PAGE_SIZE} a page)</p>`}`,
  });
}

function timelineEntry(event: LeadDetail['timeline'][number], names: Map<string, string>): SafeHtml {
  const who = event.staffId === null ? 'the service' : (names.get(event.staffId) ?? event.staffId);
  const detail = event.detail;
  const what =
    event.event === 'state'
      ? html`state ${STATE_LABELS[detail.from as InboxState] ?? String(detail.from)} → ${STATE_LABELS[detail.to as InboxState] ?? String(detail.to)}${detail.reason ? html` (reason: ${String(detail.reason)})` : null}`
      : event.event === 'note'
        ? detail.erased === true
          ? html`note (erased with the contact details)`
          : html`note: ${String(detail.text)}`
        : html`assigned to ${detail.to === null ? 'nobody' : (names.get(String(detail.to)) ?? String(detail.to))}`;
  return html`<li>${when(event.at)} · ${who}: ${what}</li>`;
}

const JOB_LABELS: Record<string, string> = { description: 'Description', material: 'Material', thickness_in: 'Thickness', quantity: 'Quantity' };

/** A quote request's job in words: its fields by name, a material code by its name, inches with their unit, "not given" for what was left out. */
function jobList(job: Record<string, unknown>): SafeHtml {
  const value = (key: string, raw: unknown): string => {
    if (raw === null || raw === undefined || raw === '') return 'not given';
    if (key === 'material' && typeof raw === 'string') return materialLabel(raw);
    if (key === 'thickness_in' && typeof raw === 'number') return inchesOf(raw);
    return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
  };
  return html`<dl class="job">${Object.entries(job).map(([key, raw]) => html`<dt>${JOB_LABELS[key] ?? key.replace(/_/g, ' ')}</dt><dd>${value(key, raw)}</dd>`)}</dl>`;
}

export function renderLeadPage(
  shopName: string,
  viewer: Viewer,
  lead: LeadDetail,
  names: Map<string, string>,
  activeStaff: { id: string; name: string }[],
  lostReasons: { id: number; label: string }[],
  now: Date,
  message: { error?: string; ok?: string } = {},
  notifications: OutboxRowRecord[] = [],
): string {
  const action = leadHref(lead);
  const job = lead.order
    ? html`<table class="list"><thead><tr><th>Item</th><th>Quote</th><th>Quantity</th><th>Unit price</th><th>Amount</th></tr></thead>
<tbody>${lead.order.items.map((item) => html`<tr><td data-label="Item">${item.description}${item.label ? html` (${item.label})` : null}</td><td data-label="Quote">${itemReference(item.quoteId, item.itemIndex)}</td><td data-label="Quantity">${item.quantity}</td><td data-label="Unit price">${dollars(item.unitAmountCents)}</td><td data-label="Amount">${dollars(item.amountCents)}</td></tr>`)}</tbody></table>
<p>Subtotal ${dollars(lead.order.subtotalCents)} · tax ${dollars(lead.order.taxCents)} · total ${dollars(lead.order.totalCents)} · price book ${lead.order.priceBook}</p>
<p>${lead.order.fulfilment === 'pickup' ? 'Pickup' : lead.erasedAt ? 'Delivery (address erased)' : html`Delivery to ${[lead.order.address?.line1, lead.order.address?.line2, lead.order.address?.city, lead.order.address?.province, lead.order.address?.postalCode].filter(Boolean).join(', ')}`}</p>
<p>From order link <code>${lead.order.handoffId}</code></p>`
    : html`${jobList(lead.quote?.form ?? {})}
<p>From quote request link <code>${lead.quote?.rfqLinkId ?? ''}</code></p>
${lead.quote?.job && typeof lead.quote.job === 'object' ? html`<p>The job as the link was made (before the person edited it):</p>${jobList(lead.quote.job as Record<string, unknown>)}` : null}`;
  return renderConsolePage({
    shopName,
    viewer,
    title: lead.erasedAt ? `${KIND_LABELS[lead.kind]} ${lead.id}` : `${KIND_LABELS[lead.kind]} from ${lead.name}`,
    main: html`<p><a href="/inbox">← Inbox</a></p>
${notice('error', message.error)}${notice('ok', message.ok)}
<p>Received ${when(lead.createdAt)} (${ageInWords(lead.createdAt, now)}) · state <strong>${STATE_LABELS[lead.status.state]}</strong>${lead.status.lostReason ? html` (${lead.status.lostReason})` : null} · assigned to ${lead.status.assigneeId === null ? 'nobody' : (names.get(lead.status.assigneeId) ?? lead.status.assigneeId)}</p>
<h2>Contact</h2>
${lead.erasedAt
  ? html`<p class="erased">Contact details erased on ${when(lead.erasedAt)}.</p>`
  : html`<p>${lead.name} · <a href="mailto:${lead.email}">${lead.email}</a>${lead.phone ? html` · ${lead.phone}` : null}${lead.company ? html` · ${lead.company}` : null}</p>`}
${lead.note !== null && lead.note.trim() !== '' && !lead.erasedAt ? html`<h2>Note to the shop</h2>
<blockquote class="customer-note">${lead.note.split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').map((line) => html`<p>${line}</p>`)}</blockquote>` : null}
<h2>The job</h2>
${job}
<h2>Change the state</h2>
<form method="post" action="${action}/state" class="card">${csrfField(viewer)}
<label>State <select name="state">${INBOX_STATES.map((state) => html`<option value="${state}"${lead.status.state === state ? html` selected` : null}>${STATE_LABELS[state]}</option>`)}</select></label>
<label>Reason (when lost) <select name="reason"><option value="">—</option>${lostReasons.map((reason) => html`<option value="${reason.id}">${reason.label}</option>`)}</select></label>
<button type="submit">Save</button>
</form>
<h2>Assignee</h2>
<form method="post" action="${action}/assignee" class="card">${csrfField(viewer)}
<label>Handled by <select name="assignee"><option value="">Nobody</option>${activeStaff.map((person) => html`<option value="${person.id}"${lead.status.assigneeId === person.id ? html` selected` : null}>${person.name}</option>`)}</select></label>
<button type="submit">Assign</button>
</form>
<h2>Add a note</h2>
<form method="post" action="${action}/notes" class="card">${csrfField(viewer)}
<label>Note <textarea name="note" required maxlength="2000"></textarea></label>
<button type="submit">Add</button>
</form>
<h2>Timeline</h2>
${lead.timeline.length === 0 ? html`<p>Nothing yet.</p>` : html`<ol class="timeline">${lead.timeline.map((event) => timelineEntry(event, names))}</ol>`}
${notificationsOfLead(notifications)}`,
  });
}
