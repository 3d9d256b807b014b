// The notifications' outbox (newest first, one row's every try) and the owners' webhook endpoints.
import type { OutboxAttemptRecord, OutboxRowRecord, OutboxState, WebhookEndpointRecord } from '@shop/storage';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { csrfField, notice, renderConsolePage, when, type Viewer } from './layout';

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

export function renderNotificationsPage(
  shopName: string,
  viewer: Viewer,
  rows: OutboxRowRecord[],
  endpoints: Map<string, WebhookEndpointRecord>,
  state: OutboxState | null,
): string {
  const filters = ([null, 'pending', 'sent', 'dead'] as const).map((option) =>
    option === state ? html`<strong>${option === null ? 'All' : STATE_LABELS[option]}</strong>` : html`<a href="/notifications${option === null ? '' : `?state=${option}`}">${option === null ? 'All' : STATE_LABELS[option]}</a>`,
  );
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Notifications',
    main: html`<p>Every e-mail and webhook the shop sends, newest first. A try that fails is made again after 1 min, 5 min, 30 min, 2 h and 12 h; after the sixth the notification is dead.</p>
<p class="filters">${filters.map((filter, index) => (index === 0 ? filter : html` · ${filter}`))}</p>
${rows.length === 0
  ? html`<p>No notifications${state ? html` in this state` : null}.</p>`
  : html`<table class="list"><thead><tr><th>Made</th><th>Event</th><th>About</th><th>To</th><th>State</th><th>Tries</th><th>Next try</th><th>Last error</th></tr></thead><tbody>
${rows.map((row) => html`<tr><td data-label="Made"><a href="/notifications/${encodeURIComponent(row.id)}">${when(row.createdAt)}</a></td><td data-label="Event">${row.eventType}</td><td data-label="About">${subjectLink(row.subject)}</td><td data-label="To">${targetOf(row, endpoints)}</td><td data-label="State">${STATE_LABELS[row.state]}</td><td data-label="Tries">${row.attempts}</td><td data-label="Next try">${row.nextAttemptAt ? when(row.nextAttemptAt) : ''}</td><td data-label="Last error">${row.lastError ?? ''}</td></tr>`)}
</tbody></table>`}`,
  });
}

function attemptRow(attempt: OutboxAttemptRecord): SafeHtml {
  return html`<tr><td data-label="#">${attempt.attempt}</td><td data-label="When">${when(attempt.at)}</td><td data-label="Outcome">${attempt.outcome}</td><td data-label="Status">${attempt.status ?? ''}</td><td data-label="Took">${attempt.durationMs} ms</td><td data-label="Error">${attempt.error ?? ''}</td><td data-label="Answer"><code>${attempt.response ?? ''}</code></td></tr>`;
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
  : html`<table class="list"><thead><tr><th>#</th><th>When</th><th>Outcome</th><th>Status</th><th>Took</th><th>Error</th><th>Answer</th></tr></thead><tbody>${attempts.map(attemptRow)}</tbody></table>`}
<h2>Body</h2>
<pre>${row.payload}</pre>`,
  });
}

export function renderWebhooksPage(
  shopName: string,
  viewer: Viewer,
  endpoints: WebhookEndpointRecord[],
  eventTypes: readonly string[],
  message: { error?: string; ok?: string; secret?: string } = {},
): string {
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Webhooks',
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
${message.secret
  ? html`<div class="card secret" role="status"><p>The endpoint's signing secret, shown this once: give it to the receiver now (it checks each request's <code>webhook-signature</code> with it).</p><p><code>${message.secret}</code></p></div>`
  : null}
<p>Each event is POSTed as JSON <code>{type, timestamp, data}</code>, signed per Standard Webhooks (<code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>).</p>
${endpoints.length === 0
  ? html`<p>No endpoints yet.</p>`
  : html`<table class="list"><thead><tr><th>Name</th><th>URL</th><th>Events</th><th>State</th><th>Added</th><th></th></tr></thead><tbody>
${endpoints.map(
  (endpoint) => html`<tr><td data-label="Name">${endpoint.name}</td><td data-label="URL">${endpoint.url}</td><td data-label="Events">${endpoint.events.join(', ')}</td><td data-label="State">${endpoint.disabledAt ? html`disabled ${when(endpoint.disabledAt)}` : 'enabled'}</td><td data-label="Added">${when(endpoint.createdAt)}</td><td>
${endpoint.disabledAt ? null : html`<form method="post" action="/webhooks/${endpoint.id}/disable" class="inline">${csrfField(viewer)}<button type="submit">Disable</button></form>`}
<form method="post" action="/webhooks/${endpoint.id}/delete" class="inline">${csrfField(viewer)}<button type="submit">Delete</button></form></td></tr>`,
)}
</tbody></table>`}
<h2>Add an endpoint</h2>
<form method="post" action="/webhooks" class="card">${csrfField(viewer)}
<label>Name <input name="name" required maxlength="60"></label>
<label>URL (https://, or http:// on a private network) <input name="url" type="url" required maxlength="2000"></label>
<fieldset><legend>Events</legend>
${eventTypes.map((type) => html`<label><input type="checkbox" name="events" value="${type}" checked> ${type}</label>`)}
</fieldset>
<button type="submit">Add</button>
<p class="hint">A signing secret is made for it and shown once.</p>
</form>`,
  });
}

/** The notifications about one request, for its timeline. */
export function notificationsOfLead(rows: OutboxRowRecord[]): SafeHtml | null {
  if (rows.length === 0) return null;
  return html`<h2>Notifications</h2>
<ul class="notifications">${rows.map((row) => html`<li><a href="/notifications/${encodeURIComponent(row.id)}">${row.kind === 'email' ? 'E-mail' : 'Webhook'} ${row.eventType}</a>: ${STATE_LABELS[row.state]}${row.sentAt ? html` ${when(row.sentAt)}` : null}${row.state !== 'sent' ? html`, ${row.attempts} ${row.attempts === 1 ? 'try' : 'tries'}` : null}</li>`)}</ul>`;
}
