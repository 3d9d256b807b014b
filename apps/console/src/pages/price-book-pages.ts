// The price book's pages: the version in force, those scheduled, the history and the upload form;
// and one version's diff against the version in force, with the publish form.
import type { BookProblem, PriceBookDiff, PriceBookVersionView, PriceChange } from '@shop/service';
import { html, type SafeHtml } from '@shop/runtime';
import { BOOK_UPLOAD_BYTES } from '../http/book-upload';
import { utcToTorontoLocal } from '../toronto-time';
import { csrfField, notice, renderConsolePage, when, type Viewer } from './layout';
import { bookFigure } from './staff-words';

const STATUS_LABELS: Record<PriceBookVersionView['status'], string> = { in_force: 'In force', scheduled: 'Scheduled', earlier: 'Earlier', unpublished: 'Not published' };

export interface PriceBookMessage {
  error?: string | null;
  ok?: string | null;
  /** Every problem of a refused book, with its path. */
  problems?: BookProblem[];
}

/** Whole cents as dollars, e.g. 123456 -> $1,234.56 (integer arithmetic). */
function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${sign}$${whole.toLocaleString('en-CA')}.${rest}`;
}

/** A price's change in words: `+$1.20 (+9.8%)`, `no change`, or `—` when either side has no price. */
function changeOf({ beforeCents, afterCents }: PriceChange): string {
  if (beforeCents === null || afterCents === null) return '—';
  const delta = afterCents - beforeCents;
  if (delta === 0) return 'no change';
  const sign = delta > 0 ? '+' : '-';
  const percent = beforeCents === 0 ? '' : ` (${sign}${((Math.abs(delta) / beforeCents) * 100).toFixed(1)}%)`;
  return `${sign}${dollars(Math.abs(delta))}${percent}`;
}

const priceOf = (cents: number | null) => (cents === null ? 'not sold' : dollars(cents));

const nameOf = (names: Map<string, string>, id: string | null) => (id === null ? 'the release' : (names.get(id) ?? id));

function versionLink(version: string): SafeHtml {
  return html`<a href="/price-book/${encodeURIComponent(version)}">${version}</a>`;
}

/** Publishing again, or going back, starts on the version's diff page: its review and its publish form. */
function reviewLink(row: PriceBookVersionView): SafeHtml {
  const label = row.status === 'earlier' ? 'Review going back to this version' : 'Review and publish';
  return html`<a class="button" href="/price-book/${encodeURIComponent(row.version)}#publish">${label}<span class="visually-hidden"> (${row.version})</span></a>`;
}

export function renderPriceBookPage(shopName: string, viewer: Viewer, history: PriceBookVersionView[], names: Map<string, string>, message: PriceBookMessage = {}): string {
  const owner = viewer.staff.role === 'owner';
  const inForce = history.find((row) => row.status === 'in_force');
  const scheduled = history.filter((row) => row.status === 'scheduled').sort((a, b) => a.effectiveFrom!.getTime() - b.effectiveFrom!.getTime());
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Price book',
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
${message.problems && message.problems.length > 0
  ? html`<ul class="problems">${message.problems.map((problem) => html`<li><code>${problem.param === '' ? '(the file)' : problem.param}</code>: ${problem.message}</li>`)}</ul>`
  : null}
<h2>In force</h2>
${inForce
  ? html`<p class="card">Version ${versionLink(inForce.version)}, in force since ${when(inForce.effectiveFrom!)}; published by ${nameOf(names, inForce.publishedBy)}.${inForce.note ? html` Note: ${inForce.note}` : null}</p>`
  : html`<p>No version is published yet: new quotes use the book bundled with the release.</p>`}
<h2>Scheduled</h2>
${scheduled.length === 0
  ? html`<p>Nothing is scheduled.</p>`
  : html`<ul>${scheduled.map((row) => html`<li>${versionLink(row.version)} takes force ${when(row.effectiveFrom!)} (published by ${nameOf(names, row.publishedBy)})</li>`)}</ul>`}
${owner
  ? html`<h2>Upload a new version</h2>
<form method="post" action="/price-book" enctype="multipart/form-data" class="card">${csrfField(viewer)}
<label>The book as a JSON file (at most ${BOOK_UPLOAD_BYTES / 1024 / 1024} MiB) <input type="file" name="book_file" accept="application/json,.json"></label>
<label>Or paste it here <textarea name="book_text" rows="8" spellcheck="false"></textarea></label>
<label>What changed (kept with the version) <input type="text" name="note" maxlength="500"></label>
<button type="submit">Upload and compare</button>
<p class="hint">Nothing changes for customers until you publish: the next page shows what the book changes first. A changed book needs a new version (the date and a serial, e.g. 2026-12-01.1).</p>
</form>`
  : null}
<h2>History</h2>
<table class="list">
<thead><tr><th>Version</th><th>Status</th><th>Uploaded</th><th>Published</th><th>In force from</th><th>Note</th>${owner ? html`<th></th>` : null}</tr></thead>
<tbody>${history.map(
  (row) => html`<tr><td data-label="Version">${versionLink(row.version)}</td><td data-label="Status">${STATUS_LABELS[row.status]}</td><td data-label="Uploaded">${when(row.uploadedAt)} by ${nameOf(names, row.uploadedBy)}</td><td data-label="Published">${row.publishedAt ? html`${when(row.publishedAt)} by ${nameOf(names, row.publishedBy)}` : '—'}</td><td data-label="In force from">${row.effectiveFrom ? when(row.effectiveFrom) : '—'}</td><td data-label="Note">${row.note}</td>${owner ? html`<td>${row.status === 'in_force' ? null : reviewLink(row)}</td>` : null}</tr>`,
)}</tbody>
</table>
${inForce ? html`<p><a href="/price-book/${encodeURIComponent(inForce.version)}/book.json">Download the book in force (JSON)</a></p>` : null}`,
  });
}

export interface DiffPageInput {
  version: PriceBookVersionView;
  diff: PriceBookDiff;
  /** Now, for the publish form's default time. */
  now: Date;
  /** What the owner's publish form held (kept when it is shown again). */
  form?: PublishForm;
}

export interface PublishForm {
  when: string;
  at: string;
  note: string;
  /** The largest change of a reference part's price, in percent, published without a confirmation. */
  thresholdPercent: number;
}

/** Reference parts' price changes past this percentage ask for a confirmation before publishing (the form's default). */
export const CONFIRM_ABOVE_PERCENT = 20;

/** A change in percent, after / before - 1 (null when either price is missing or the old one is 0). */
function percentChange({ beforeCents, afterCents }: PriceChange): number | null {
  if (beforeCents === null || afterCents === null || beforeCents === 0) return null;
  return ((afterCents - beforeCents) / beforeCents) * 100;
}

/** Each reference part and quantity whose price moves by more than `threshold` percent (either way), in the book's order. */
export function changesPast(diff: PriceBookDiff, threshold: number): Array<{ name: string; quantity: number; percent: number }> {
  return diff.referenceParts.flatMap((part) =>
    part.quantities.flatMap((row) => {
      const percent = percentChange(row);
      return percent !== null && Math.abs(percent) > threshold ? [{ name: part.name, quantity: row.quantity, percent }] : [];
    }),
  );
}

const signedPercent = (percent: number | null) => (percent === null ? '—' : `${percent > 0 ? '+' : percent < 0 ? '-' : ''}${Math.abs(percent).toFixed(1)}%`);

export function renderDiffPage(shopName: string, viewer: Viewer, { version, diff, now, form }: DiffPageInput, message: PriceBookMessage = {}): string {
  const owner = viewer.staff.role === 'owner';
  const threshold = form?.thresholdPercent ?? CONFIRM_ABOVE_PERCENT;
  const past = changesPast(diff, threshold);
  const same = diff.from === diff.to;
  return renderConsolePage({
    shopName,
    viewer,
    title: `Price book ${version.version}`,
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
<p>${STATUS_LABELS[version.status]}${version.effectiveFrom ? html` · in force from ${when(version.effectiveFrom)}` : null} · uploaded ${when(version.uploadedAt)}${version.note ? html` · ${version.note}` : null} · <a href="/price-book/${encodeURIComponent(version.version)}/book.json">the book (JSON)</a></p>
${same
  ? html`<p>This is the version in force: nothing to compare.</p>`
  : html`<p>Compared with <strong>${diff.from}</strong>, the version in force.</p>
<h2>Figures changed (${diff.figures.length})</h2>
${diff.figures.length === 0
  ? html`<p>No figure differs.</p>`
  : html`<table class="list figures"><thead><tr><th>Path</th><th>Was</th><th>Becomes</th></tr></thead>
<tbody>${diff.figures.map((row) => html`<tr><td data-label="Path"><code>${row.path}</code></td><td data-label="Was">${bookFigure(row.path, row.before)}</td><td data-label="Becomes">${bookFigure(row.path, row.after)}</td></tr>`)}</tbody></table>`}
<h2>Reference parts, unit price</h2>
<table class="list reference-parts"><thead><tr><th>Part</th><th>Quantity</th><th>Was</th><th>Becomes</th><th>Change</th><th>Change in percent</th></tr></thead>
<tbody>${diff.referenceParts.flatMap((part) =>
  part.quantities.map((row) => html`<tr><td data-label="Part">${part.name}</td><td data-label="Quantity">${row.quantity}</td><td data-label="Was">${priceOf(row.beforeCents)}</td><td data-label="Becomes">${priceOf(row.afterCents)}</td><td data-label="Change">${changeOf(row)}</td><td data-label="Change in percent">${signedPercent(percentChange(row))}</td></tr>`),
)}</tbody></table>
<h2>Kits</h2>
<table class="list kits"><thead><tr><th>Kit</th><th>Kit was</th><th>Kit becomes</th><th>Change</th><th>Welded</th></tr></thead>
<tbody>${diff.kits.map(
  (kit) => html`<tr><td data-label="Kit">${kit.name}</td><td data-label="Kit was">${priceOf(kit.kit.beforeCents)}</td><td data-label="Kit becomes">${priceOf(kit.kit.afterCents)}</td><td data-label="Change">${changeOf(kit.kit)}</td><td data-label="Welded">${kit.welded ? html`${priceOf(kit.welded.beforeCents)} → ${priceOf(kit.welded.afterCents)} (${changeOf(kit.welded)})` : '—'}</td></tr>`,
)}</tbody></table>`}
${owner && version.status !== 'in_force'
  ? html`<h2>Publish</h2>
<form method="post" action="/price-book/${encodeURIComponent(version.version)}/publish" class="card" id="publish">${csrfField(viewer)}
<fieldset><legend>When it takes force (choose one)</legend>
<label><input type="radio" name="when" value="now" required${form?.when === 'now' ? html` checked` : null}> Now: new quotes and order pages use it at once</label>
<label><input type="radio" name="when" value="at"${form?.when === 'at' ? html` checked` : null}> At a set time (Toronto time) <input type="datetime-local" name="at" value="${form?.at || utcToTorontoLocal(new Date(now.getTime() + 86_400_000))}"></label>
</fieldset>
<label>Ask me to confirm when a reference part's price moves by more than (percent) <input type="number" name="threshold" min="0" max="1000" step="1" value="${String(threshold)}" inputmode="numeric"></label>
${past.length > 0
  ? html`<div class="card confirm"><p><strong>${past.length === 1 ? 'One reference price moves' : `${past.length} reference prices move`} by more than ${String(threshold)}%:</strong></p>
<ul>${past.map((row) => html`<li>${row.name}, ${row.quantity === 1 ? 'one piece' : `${row.quantity} pieces`}: ${signedPercent(row.percent)}</li>`)}</ul>
<label><input type="checkbox" name="confirm" value="yes"> I have checked these changes and mean to publish them</label></div>`
  : null}
<label>Why (kept in the audit log) <input type="text" name="note" maxlength="500" value="${form?.note ?? ''}"></label>
<button type="submit">Publish ${version.version}</button>
<p class="hint">Stored quotes keep the prices they were given; going back later is publishing an earlier version.</p>
</form>`
  : null}
<p><a href="/price-book">Back to the price book</a></p>`,
  });
}
