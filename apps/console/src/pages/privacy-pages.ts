// The owners' personal-data page: find by e-mail, then export what is held or erase it.
import type { ErasedCounts, HeldPersonalData } from '@shop/storage';
import { html } from '@shop/runtime';
import { csrfField, notice, renderConsolePage, when, type Viewer } from './layout';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function describeCounts(counts: ErasedCounts): string {
  return `${plural(counts.orderRequests, 'order request', 'order requests')}, ${plural(counts.quoteRequests, 'quote request', 'quote requests')}, ${plural(counts.notes, 'note', 'notes')}`;
}

export function renderPrivacyPage(
  shopName: string,
  viewer: Viewer,
  options: { retentionDays: number; email?: string; held?: HeldPersonalData; error?: string; ok?: string } = { retentionDays: 730 },
): string {
  const { held, email } = options;
  const results =
    held && email
      ? html`<h2>Held for ${email}</h2>
<p>${describeCounts({ orderRequests: held.orderRequests.length, quoteRequests: held.quoteRequests.length, notes: held.notes.length })}.</p>
${held.orderRequests.length + held.quoteRequests.length === 0
  ? null
  : html`<table class="list"><thead><tr><th>Request</th><th>Received</th><th>Name</th><th>E-mail</th></tr></thead>
<tbody>${held.orderRequests.map((order) => html`<tr><td><a href="/inbox/order/${encodeURIComponent(order.id)}">Order request ${order.id}</a></td><td>${when(order.createdAt)}</td><td>${order.contact.name}</td><td>${order.contact.email}</td></tr>`)}${held.quoteRequests.map(
      (quote) => html`<tr><td><a href="/inbox/quote/${encodeURIComponent(quote.id)}">Quote request ${quote.id}</a></td><td>${when(quote.createdAt)}</td><td>${String(quote.body.name ?? '')}</td><td>${String(quote.body.email ?? '')}</td></tr>`,
    )}</tbody></table>`}
${held.notes.length === 0 ? null : html`<h3>Notes</h3><ul>${held.notes.map((note) => html`<li>${when(note.at)} on <a href="/inbox/${note.requestKind}/${encodeURIComponent(note.requestId)}">${note.requestKind}/${note.requestId}</a>: ${note.text}</li>`)}</ul>`}
${held.orderRequests.length + held.quoteRequests.length + held.notes.length === 0
  ? null
  : html`<form method="post" action="/privacy/export" class="card">${csrfField(viewer)}<input type="hidden" name="email" value="${email}">
<p>Download everything listed here as one JSON file.</p>
<button type="submit">Export as JSON</button>
</form>
<form method="post" action="/privacy/erase" class="card">${csrfField(viewer)}<input type="hidden" name="email" value="${email}">
<p>Erase the contact details (name, e-mail, phone, company, delivery address, note) of these requests and these notes. The jobs, quantities and prices stay. This cannot be undone.</p>
<label><input type="checkbox" name="confirm" value="yes" required> I confirm: erase this person's data</label>
<button type="submit" class="danger">Erase</button>
</form>`}`
      : null;
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Personal data',
    main: html`${notice('error', options.error)}${notice('ok', options.ok)}
<p>Contact details of a request are erased by themselves ${options.retentionDays} days after it is won, lost or closed. Here a person's data can be found by their e-mail address, exported or erased at their request. Each search, export and erasure is in the audit log under the address's SHA-256, never the address itself.</p>
<form method="post" action="/privacy/find" class="card">${csrfField(viewer)}
<label>E-mail address (exact; capitals do not matter) <input type="email" name="email" required maxlength="254" value="${email ?? ''}"></label>
<button type="submit">Find</button>
</form>
${results}`,
  });
}
