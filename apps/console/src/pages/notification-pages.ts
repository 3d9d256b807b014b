// The notifications' outbox (newest first, one row's every try) and the owners' webhook endpoints.
import type { OutboxAttemptRecord, OutboxRowRecord, OutboxState, WebhookEndpointRecord } from '@shop/storage';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { csrfField, errorSummary, fieldError, fieldState, notice, renderConsolePage, when, type FieldProblem, type Viewer } from './layout';

const STATE_LABELS: Record<OutboxState, string> = { pending: 'Waiting', sent: 'Sent', dead: 'Dead' };

/** Where a row's subject is shown in the console, when it is. */
function subjectLink(subject: string): SafeHtml {
  const [kind, id] = subject.split('/', 2);
  if ((kind === 'order' || kind === 'quote') && id) return html`<a href="/inbox/${kind}/${encodeURIComponent(id)}">${subject}</a>`;
  return html`${subject}`;
}

function targetOf(row: OutboxRowRecord, endpoints: Map<string, WebhookEndpointRecord>): string {
  if (row.kind === 'email') return `mail to ${row.target}`;
  const endpoint = endpoints.get(row.target);
  return endpoint ? `webhook ${endpoint.name} (${endpoint.url})` : `webhook ${row.target} (removed)`;
}

/** Where new requests are told: whether e-mail is set up (SMTP_URL and the rest) and the webhook endpoints. */
export interface NotificationChannels {
  mail: boolean;
}

/** Said when nothing is set up: nobody hears of a new request, and how to change that. */
function nobodyIsTold(viewer: Viewer): SafeHtml {
  return html`<div class="notice error" role="status" id="nobody-told">
<p><strong>Nobody is being told of new requests.</strong> No e-mail is set up and no webhook endpoint is enabled, so order requests and quote requests only wait in the <a href="/inbox">inbox</a>.</p>
<p>To have the shop mailed, set <code>SMTP_URL</code>, <code>MAIL_FROM</code> and <code>SHOP_NOTIFY_EMAIL</code> where the console runs (and the REST and MCP apps, which write the notifications), then restart them: the README's configuration table and docs/deploy.md ("The console") say how. To send each event to another system, ${viewer.staff.role === 'owner' ? html`add an endpoint on <a href="/webhooks">Webhooks</a>` : 'ask an owner to add a webhook endpoint'}, or set <code>WEBHOOK_URL</code> and <code>WEBHOOK_SECRET</code>.</p>
</div>`;
}

export function renderNotificationsPage(
  shopName: string,
  viewer: Viewer,
  rows: OutboxRowRecord[],
  endpoints: Map<string, WebhookEndpointRecord>,
  state: OutboxState | null,
  channels: NotificationChannels = { mail: true },
): string {
  const told = channels.mail || [...endpoints.values()].some((endpoint) => endpoint.disabledAt === null);
  const filters = ([null, 'pending', 'sent', 'dead'] as const).map((option) =>
    option === state ? html`<strong>${option === null ? 'All' : STATE_LABELS[option]}</strong>` : html`<a href="/notifications${option === null ? '' : `?state=${option}`}">${option === null ? 'All' : STATE_LABELS[option]}</a>`,
  );
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Notifications',
    main: html`${told ? null : nobodyIsTold(viewer)}<p>Every e-mail and webhook the shop sends, newest first. A try that fails is made again after 1 min, 5 min, 30 min, 2 h and 12 h; after the sixth the notification is dead.</p>
<p class="filters">${filters.map((filter, index) => (index === 0 ? filter : html` · ${filter}`))}</p>
${rows.length === 0
  ? html`<p>No notifications${state ? html` in this state` : null}${told ? null : ' (none can be made until e-mail or a webhook is set up)'}.</p>`
  : html`<table class="list"><thead><tr><th>Made</th><th>Event</th><th>About</th><th>To</th><th>State</th><th>Tries</th><th>Next try</th><th>Last error</th></tr></thead><tbody>
${rows.map((row) => html`<tr><td data-label="Made"><a href="/notifications/${encodeURIComponent(row.id)}">${when(row.createdAt)}</a></td><td data-label="Event">${row.eventType}</td><td data-label="About">${subjectLink(row.subject)}</td><td data-label="To">${targetOf(row, endpoints)}</td><td data-label="State">${STATE_LABELS[row.state]}</td><td data-label="Tries">${row.attempts}</td><td data-label="Next try">${row.nextAttemptAt ? when(row.nextAttemptAt) : ''}</td><td data-label="Last error">${row.lastError ?? ''}</td></tr>`)}
</tbody></table>`}`,
  });
}

/** One try; the start of the answer only for an owner (an endpoint's answer may say what it should not), the status for all. */
function attemptRow(attempt: OutboxAttemptRecord, owner: boolean): SafeHtml {
  const answer = owner ? html`<code>${attempt.response ?? ''}</code>` : attempt.response ? 'shown to owners' : '';
  return html`<tr><td data-label="#">${attempt.attempt}</td><td data-label="When">${when(attempt.at)}</td><td data-label="Outcome">${attempt.outcome}</td><td data-label="Status">${attempt.status ?? ''}</td><td data-label="Took">${attempt.durationMs} ms</td><td data-label="Error">${attempt.error ?? ''}</td><td data-label="Answer">${answer}</td></tr>`;
}

export function renderNotificationPage(
  shopName: string,
  viewer: Viewer,
  found: { row: OutboxRowRecord; attempts: OutboxAttemptRecord[] },
  endpoints: Map<string, WebhookEndpointRecord>,
  message: { error?: string; ok?: string } = {},
): string {
  const { row, attempts } = found;
  const owner = viewer.staff.role === 'owner';
  return renderConsolePage({
    shopName,
    viewer,
    title: `Notification ${row.id}`,
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
<dl class="facts">
<dt>Event</dt><dd>${row.eventType}</dd>
<dt>About</dt><dd>${subjectLink(row.subject)}</dd>
<dt>To</dt><dd>${targetOf(row, endpoints)}</dd>
<dt>State</dt><dd>${STATE_LABELS[row.state]}${row.sentAt ? html`, ${when(row.sentAt)}` : null}</dd>
<dt>Made</dt><dd>${when(row.createdAt)}</dd>
<dt>Next try</dt><dd>${row.nextAttemptAt ? when(row.nextAttemptAt) : 'none'}</dd>
</dl>
${row.state === 'dead' && owner
  ? html`<form method="post" action="/notifications/${encodeURIComponent(row.id)}/retry" class="card">${csrfField(viewer)}<p>No more tries are due. Once the mail server or endpoint is fixed, try again: the same six tries start over.</p><button type="submit">Retry now</button></form>`
  : null}
<h2>Tries</h2>
${attempts.length === 0
  ? html`<p>None yet.</p>`
  : html`<table class="list"><thead><tr><th>#</th><th>When</th><th>Outcome</th><th>Status</th><th>Took</th><th>Error</th><th>Answer</th></tr></thead><tbody>${attempts.map((attempt) => attemptRow(attempt, owner))}</tbody></table>`}
<h2>Body</h2>
<pre>${row.payload}</pre>`,
  });
}

/** What the add form held when it was refused, given back to the owner as typed. */
export interface WebhookForm {
  name: string;
  url: string;
  events: string[];
}

export function renderWebhooksPage(
  shopName: string,
  viewer: Viewer,
  endpoints: WebhookEndpointRecord[],
  eventTypes: readonly string[],
  message: { error?: string; ok?: string; secret?: string; problems?: FieldProblem[]; form?: WebhookForm } = {},
): string {
  const problems = message.problems ?? [];
  const form = message.form ?? null;
  const ticked = (type: string) => (form === null ? true : form.events.includes(type));
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Webhooks',
    main: html`${errorSummary(problems)}${notice('error', message.error)}${notice('ok', message.ok)}
${message.secret
  ? html`<div class="card secret" role="status"><p>The endpoint's signing secret, shown this once: give it to the receiver now (it checks each request's <code>webhook-signature</code> with it).</p><p><code>${message.secret}</code></p></div>`
  : null}
<p>Each event is POSTed as JSON <code>{type, timestamp, data}</code>, signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).</p>
${endpoints.length === 0
  ? html`<p>No endpoints yet.</p>`
  : html`<table class="list"><thead><tr><th>Name</th><th>URL</th><th>Events</th><th>State</th><th>Added</th><th>Actions</th></tr></thead><tbody>
${endpoints.map(
  (endpoint) => html`<tr><td data-label="Name">${endpoint.name}</td><td data-label="URL">${endpoint.url}</td><td data-label="Events">${endpoint.events.join(', ')}</td><td data-label="State">${endpoint.disabledAt ? html`disabled ${when(endpoint.disabledAt)}` : 'enabled'}</td><td data-label="Added">${when(endpoint.createdAt)}</td><td data-label="Actions"><div class="button-row">
${endpoint.disabledAt ? null : html`<form method="post" action="/webhooks/${endpoint.id}/disable" class="inline">${csrfField(viewer)}<button type="submit">Disable<span class="visually-hidden"> ${endpoint.name}</span></button></form>`}
<form method="get" action="/webhooks/${endpoint.id}/delete" class="inline"><button type="submit" class="danger-outline">Delete<span class="visually-hidden"> ${endpoint.name}</span>…</button></form></div></td></tr>`,
)}
</tbody></table>`}
<h2>Add an endpoint</h2>
<form method="post" action="/webhooks" class="card">${csrfField(viewer)}
<label for="webhook-name">Name</label>
<input id="webhook-name" name="name" required maxlength="60" value="${form?.name ?? ''}"${fieldState('webhook-name', problems)}>
${fieldError('webhook-name', problems)}
<label for="webhook-url">URL (https://, or http:// on a private network)</label>
<input id="webhook-url" name="url" type="url" required maxlength="2000" value="${form?.url ?? ''}"${fieldState('webhook-url', problems)}>
${fieldError('webhook-url', problems)}
<fieldset id="webhook-events"${fieldState('webhook-events', problems)}><legend>Events</legend>
${fieldError('webhook-events', problems)}
${eventTypes.map((type) => html`<label><input type="checkbox" name="events" value="${type}"${ticked(type) ? html` checked` : null}> ${type}</label>`)}
</fieldset>
<button type="submit">Add</button>
<p class="hint">A signing secret is made for it and shown once.</p>
</form>`,
  });
}

/** The step before a delete: which endpoint, what deleting it does, and a button that says so. */
export function renderWebhookDeletePage(shopName: string, viewer: Viewer, endpoint: WebhookEndpointRecord): string {
  return renderConsolePage({
    shopName,
    viewer,
    title: `Delete the endpoint ${endpoint.name}?`,
    main: html`<div class="card confirm">
<p>Deleting <strong>${endpoint.name}</strong> (<code>${endpoint.url}</code>) cannot be undone: no event is sent to it again, notifications still waiting for it are not sent, and its signing secret is gone (adding it again makes a new one). To stop it for a while instead, disable it.</p>
<form method="post" action="/webhooks/${endpoint.id}/delete" class="button-row">${csrfField(viewer)}<input type="hidden" name="confirm" value="yes">
<button type="submit" class="danger">Delete ${endpoint.name}</button>
<a href="/webhooks">Keep it</a>
</form>
</div>`,
  });
}

/** The notifications about one request, for its timeline. */
export function notificationsOfLead(rows: OutboxRowRecord[]): SafeHtml | null {
  if (rows.length === 0) return null;
  return html`<h2>Notifications</h2>
<ul class="notifications">${rows.map((row) => html`<li><a href="/notifications/${encodeURIComponent(row.id)}">${row.kind === 'email' ? 'E-mail' : 'Webhook'} ${row.eventType}</a>: ${STATE_LABELS[row.state]}${row.sentAt ? html` ${when(row.sentAt)}` : null}${row.state !== 'sent' ? html`, ${row.attempts} ${row.attempts === 1 ? 'try' : 'tries'}` : null}</li>`)}</ul>`;
}
