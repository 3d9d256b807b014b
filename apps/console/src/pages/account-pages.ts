// The signed-in pages: home, the person's account, and for owners the staff list and the audit log.
import type { AuditEntry, StaffRecord } from '@shop/storage';
import { PASSWORD_MAX, PASSWORD_MIN } from '../passwords';
import { html } from '@shop/runtime';
import { csrfField, notice, renderConsolePage, when, type Viewer } from './layout';

export function renderHomePage(shopName: string, viewer: Viewer): string {
  const owner = viewer.staff.role === 'owner';
  return renderConsolePage({
    shopName,
    viewer,
    title: `Hello, ${viewer.staff.name}`,
    main: html`<ul class="sections-list">
<li><a href="/inbox">Inbox</a>: order requests and quote requests, newest first; their state, notes and timeline.</li>
<li><a href="/quotes">Quotes</a>: every quote made, newest first, filtered by date, status, material, total and source; each with its items, drawings and order links.</li>
<li><a href="/handoffs">Order links</a>: the order links made, newest first, with how often each page was opened.</li>
<li><a href="/price-book">Price book</a>: the version in force, those scheduled and the history${owner ? '; upload a new version, compare it and publish it, or go back' : ''}.</li>
<li><a href="/plate-orders">Online plate orders</a>: on, off or paused, and what customers read${owner ? '; switch them' : ''}.</li>
<li><a href="/notifications">Notifications</a>: the e-mails and webhooks sent about new requests, order links and price books, their tries and errors.</li>
${owner ? html`<li><a href="/webhooks">Webhooks</a>: where events are sent; add an endpoint, disable or delete one.</li>
<li><a href="/staff">Staff</a>: who may sign in; add someone or disable an account.</li>
<li><a href="/audit">Audit log</a>: what was done in the console, by whom, when and from where.</li>` : null}
${owner ? html`<li><a href="/privacy">Personal data</a>: find, export or erase a person's data by e-mail.</li>
<li><a href="/settings/lost-reasons">Lost reasons</a>: the reasons offered when a request is lost.</li>` : null}
<li><a href="/account">Your account</a>: change your password, sign out on every device.</li>
</ul>`,
  });
}

export function renderAccountPage(shopName: string, viewer: Viewer, message: { error?: string; ok?: string } = {}): string {
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Your account',
    main: html`<p>${viewer.staff.name} · ${viewer.staff.email} · ${viewer.staff.role}</p>
${notice('error', message.error)}${notice('ok', message.ok)}
<h2>Change your password</h2>
<form method="post" action="/account/password" class="card">${csrfField(viewer)}
<input type="hidden" name="email" value="${viewer.staff.email}" autocomplete="username">
<label>Current password <input type="password" name="current" autocomplete="current-password" required maxlength="${PASSWORD_MAX}"></label>
<label>New password (${PASSWORD_MIN} to ${PASSWORD_MAX} characters) <input type="password" name="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"></label>
<label>The new password again <input type="password" name="confirm" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}"></label>
<button type="submit">Change password</button>
<p class="hint">Your other sessions end; this one stays signed in.</p>
</form>
<h2>Sign out everywhere</h2>
<form method="post" action="/account/sign-out-everywhere" class="card">${csrfField(viewer)}
<p>Ends every session of your account, on every device, this one included.</p>
<button type="submit">Sign out everywhere</button>
</form>`,
  });
}

export function renderStaffPage(
  shopName: string,
  viewer: Viewer,
  staff: StaffRecord[],
  message: { error?: string; ok?: string; welcomeLink?: string | null } = {},
): string {
  const rows = staff.map(
    (person) => html`<tr>
<td data-label="Name">${person.name}</td>
<td data-label="E-mail">${person.email}</td>
<td data-label="Role">${person.role}</td>
<td data-label="State">${person.disabledAt ? html`disabled ${when(person.disabledAt)}` : person.passwordHash ? 'active' : 'no password yet'}</td>
<td data-label="">${person.disabledAt || person.id === viewer.staff.id ? null : html`<form method="post" action="/staff/${person.id}/disable" class="inline">${csrfField(viewer)}<button type="submit" class="danger">Disable</button></form>`}</td>
</tr>`,
  );
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Staff',
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
${message.welcomeLink ? html`<div class="card welcome-link"><p>Give this link to the person, by a channel you trust. It sets their password once and works for 24 hours; it is not shown again.</p><p><code>${message.welcomeLink}</code></p></div>` : null}
<table class="list">
<thead><tr><th>Name</th><th>E-mail</th><th>Role</th><th>State</th><th></th></tr></thead>
<tbody>${rows}</tbody>
</table>
<h2>Add someone</h2>
<form method="post" action="/staff" class="card">${csrfField(viewer)}
<label>Name <input type="text" name="name" required maxlength="100"></label>
<label>E-mail <input type="email" name="email" required maxlength="254"></label>
<label>Role <select name="role"><option value="staff">staff</option><option value="owner">owner</option></select></label>
<button type="submit">Add and make a welcome link</button>
</form>`,
  });
}

export function renderAuditPage(
  shopName: string,
  viewer: Viewer,
  entries: AuditEntry[],
  names: Map<string, string>,
  nextBefore: number | null,
): string {
  const rows = entries.map(
    (entry) => html`<tr>
<td data-label="When">${when(entry.at)}</td>
<td data-label="Who">${entry.staffId ? (names.get(entry.staffId) ?? entry.staffId) : '(not signed in)'}</td>
<td data-label="Action">${entry.action}</td>
<td data-label="Subject">${entry.subject}</td>
<td data-label="From">${entry.ip}</td>
<td data-label="Detail">${Object.keys(entry.detail).length ? html`<code>${JSON.stringify(entry.detail)}</code>` : null}</td>
</tr>`,
  );
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Audit log',
    main: html`${entries.length === 0 ? html`<p>Nothing yet.</p>` : html`<table class="list">
<thead><tr><th>When</th><th>Who</th><th>Action</th><th>Subject</th><th>From</th><th>Detail</th></tr></thead>
<tbody>${rows}</tbody>
</table>`}
<p class="pager"><a href="/audit">Newest</a>${nextBefore !== null ? html` · <a href="/audit?before=${nextBefore}">Older</a>` : null}</p>`,
  });
}
