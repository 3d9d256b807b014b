// The signed-in pages: home, the person's account, and for owners the staff list and the audit log.
import type { AuditEntry, SignInCounterRecord, StaffRecord } from '@shop/storage';
import { PASSWORD_MAX, PASSWORD_MIN } from '../passwords';
import { html, type SafeHtml } from '@shop/runtime';
import type { AuditFilterForm } from '../audit-filter';
import { SIGN_IN_TRIES_PER_PAIR, SIGN_IN_WINDOW_MS } from '../accounts';
import { csrfField, errorSummary, fieldError, fieldState, notice, renderConsolePage, when, type FieldProblem, type Viewer } from './layout';

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
<li><a href="/staff">Staff</a>: who may sign in and their failed sign-ins; add someone, give a new link or reset a password, disable or enable an account.</li>
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

/** A person's failed sign-ins as an owner reads them: addresses refused, the account's back-off. */
function signInState(counts: SignInCounterRecord[], now: Date): SafeHtml | null {
  const refused = counts.filter((row) => row.kind === 'pair' && row.failures >= SIGN_IN_TRIES_PER_PAIR);
  const account = counts.find((row) => row.kind === 'account');
  const parts: SafeHtml[] = [];
  if (account && account.failures > 0) parts.push(html`${account.failures} failed ${account.failures === 1 ? 'try' : 'tries'} in 15 minutes`);
  if (account && account.nextTryAt.getTime() > now.getTime()) parts.push(html`slowed down: next try after ${when(account.nextTryAt)}`);
  for (const row of refused) {
    parts.push(html`refused from ${row.ip} until ${when(new Date(row.windowStartedAt.getTime() + SIGN_IN_WINDOW_MS))}${row.refusals > 0 ? ` (${row.refusals} refused)` : ''}`);
  }
  return parts.length === 0 ? null : html`<span class="sign-in-state">${parts.map((part, index) => html`${index > 0 ? '; ' : ''}${part}`)}</span>`;
}

function rowAction(viewer: Viewer, person: StaffRecord, action: string, label: string, danger = false): SafeHtml {
  return html`<form method="post" action="/staff/${person.id}/${action}" class="inline">${csrfField(viewer)}<button type="submit"${danger ? html` class="danger"` : null}>${label}<span class="visually-hidden"> for ${person.email}</span></button></form>`;
}

export function renderStaffPage(
  shopName: string,
  viewer: Viewer,
  staff: StaffRecord[],
  signIns: { counts: SignInCounterRecord[]; now: Date },
  message: { error?: string; ok?: string; welcomeLink?: string | null; problems?: FieldProblem[]; form?: { name: string; email: string; role: string } } = {},
): string {
  const problems = message.problems ?? [];
  const form = message.form ?? { name: '', email: '', role: 'staff' };
  const rows = staff.map((person) => {
    const counts = signIns.counts.filter((row) => row.subject === person.email);
    const state = signInState(counts, signIns.now);
    const self = person.id === viewer.staff.id;
    const actions: SafeHtml[] = [];
    if (person.disabledAt) actions.push(rowAction(viewer, person, 'enable', 'Enable'));
    else {
      if (!person.passwordHash) actions.push(rowAction(viewer, person, 'welcome-link', 'New welcome link'));
      else if (!self) actions.push(rowAction(viewer, person, 'reset-password', 'Reset password'));
      if (!self) actions.push(rowAction(viewer, person, 'disable', 'Disable', true));
    }
    if (counts.length > 0) actions.push(rowAction(viewer, person, 'clear-sign-in', 'Clear failed sign-ins'));
    return html`<tr>
<td data-label="Name">${person.name}</td>
<td data-label="E-mail">${person.email}</td>
<td data-label="Role">${person.role}</td>
<td data-label="State">${person.disabledAt ? html`disabled ${when(person.disabledAt)}` : person.passwordHash ? 'active' : 'no password yet'}</td>
<td data-label="Sign-in">${state ?? 'no failed tries'}</td>
<td data-label="">${actions}</td>
</tr>`;
  });
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Staff',
    main: html`${errorSummary(problems)}${notice('error', message.error)}${notice('ok', message.ok)}
${message.welcomeLink ? html`<div class="card welcome-link"><p>Give this link to the person, by a channel you trust. It sets their password once and works for 24 hours; it is not shown again.</p><p><code>${message.welcomeLink}</code></p></div>` : null}
<table class="list">
<thead><tr><th>Name</th><th>E-mail</th><th>Role</th><th>State</th><th>Sign-in</th><th></th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p class="hint">Failed sign-ins are counted for 15 minutes: an address is refused after ${SIGN_IN_TRIES_PER_PAIR} for one account, and an account tried from several addresses slows down (a wait of seconds, never a lock). Clearing lets every address try again now.</p>
<h2>Add someone</h2>
<form method="post" action="/staff" class="card">${csrfField(viewer)}
<label for="staff-name">Name</label>
<input id="staff-name" type="text" name="name" required maxlength="100" value="${form.name}"${fieldState('staff-name', problems)}>
${fieldError('staff-name', problems)}
<label for="staff-email">E-mail</label>
<input id="staff-email" type="email" name="email" required maxlength="254" value="${form.email}"${fieldState('staff-email', problems)}>
${fieldError('staff-email', problems)}
<label for="staff-role">Role</label>
<select id="staff-role" name="role">${option('staff', 'staff', form.role)}${option('owner', 'owner', form.role)}</select>
<button type="submit">Add and make a welcome link</button>
</form>`,
  });
}

function option(value: string, label: string, chosen: string): SafeHtml {
  return html`<option value="${value}"${value === chosen ? html` selected` : null}>${label}</option>`;
}

export function renderAuditPage(
  shopName: string,
  viewer: Viewer,
  page: {
    entries: AuditEntry[];
    names: Map<string, string>;
    nextBefore: number | null;
    form: AuditFilterForm;
    /** The filter as a query string, kept by the pager. */
    query: string;
    staff: StaffRecord[];
    actions: string[];
    problems: FieldProblem[];
  },
): string {
  const { entries, names, nextBefore, form } = page;
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
  const actions = form.action !== '' && !page.actions.includes(form.action) ? [...page.actions, form.action] : page.actions;
  const filtered = page.query !== '';
  const older = nextBefore !== null ? `/audit?${page.query}${filtered ? '&' : ''}before=${nextBefore}` : null;
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Audit log',
    main: html`${errorSummary(page.problems)}<form method="get" action="/audit" class="card filters">
<label for="audit-who">Person ${fieldError('audit-who', page.problems)}<select id="audit-who" name="who"${fieldState('audit-who', page.problems)}>${option('', 'Anyone', form.who)}${option('nobody', '(not signed in)', form.who)}${page.staff.map((person) => option(person.id, `${person.name} (${person.email})`, form.who))}</select></label>
<label for="audit-action">Action ${fieldError('audit-action', page.problems)}<select id="audit-action" name="action"${fieldState('audit-action', page.problems)}>${option('', 'Any', form.action)}${actions.map((action) => option(action, action, form.action))}</select></label>
<label for="audit-subject">Subject <input id="audit-subject" type="text" name="subject" value="${form.subject}" maxlength="254" placeholder="e-mail"></label>
<label for="audit-from">From ${fieldError('audit-from', page.problems)}<input id="audit-from" type="date" name="from" value="${form.from}"${fieldState('audit-from', page.problems)}></label>
<label for="audit-to">To ${fieldError('audit-to', page.problems)}<input id="audit-to" type="date" name="to" value="${form.to}"${fieldState('audit-to', page.problems)}></label>
<button type="submit">Filter</button>${filtered ? html` <a href="/audit">Clear</a>` : null}
</form>
${entries.length === 0 ? html`<p>${filtered ? 'No entry matches.' : 'Nothing yet.'}</p>` : html`<table class="list">
<thead><tr><th>When</th><th>Who</th><th>Action</th><th>Subject</th><th>From</th><th>Detail</th></tr></thead>
<tbody>${rows}</tbody>
</table>`}
<p class="pager"><a href="/audit${filtered ? `?${page.query}` : ''}">Newest</a>${older !== null ? html` · <a href="${older}">Older</a>` : null}</p>`,
  });
}
