// The owners' list of lost reasons: add, rename and retire.
import type { LostReasonRecord } from '@shop/storage';
import { html } from '@shop/runtime';
import { LOST_REASON_MAX } from '../lost-reasons';
import { csrfField, notice, renderConsolePage, when, type Viewer } from './layout';

export function renderLostReasonsPage(shopName: string, viewer: Viewer, reasons: LostReasonRecord[], message: { error?: string; ok?: string } = {}): string {
  const row = (reason: LostReasonRecord) => html`<tr>
<td data-label="Reason"><form method="post" action="/settings/lost-reasons/${reason.id}/rename" class="inline">${csrfField(viewer)}<input type="text" name="label" value="${reason.label}" required maxlength="${LOST_REASON_MAX}" aria-label="Name of the reason"> <button type="submit">Rename</button></form></td>
<td data-label="State">${reason.retiredAt ? html`retired ${when(reason.retiredAt)}` : 'offered'}</td>
<td data-label="">${reason.retiredAt ? null : html`<form method="post" action="/settings/lost-reasons/${reason.id}/retire" class="inline">${csrfField(viewer)}<button type="submit" class="danger">Retire</button></form>`}</td>
</tr>`;
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Lost reasons',
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
<p>The reasons offered when a request is marked lost. A retired reason is no longer offered; the requests lost for it keep it, and keep the words they were given when a reason is renamed.</p>
<table class="list"><thead><tr><th>Reason</th><th>State</th><th></th></tr></thead><tbody>${reasons.map(row)}</tbody></table>
<h2>Add a reason</h2>
<form method="post" action="/settings/lost-reasons" class="card">${csrfField(viewer)}
<label>Reason <input type="text" name="label" required maxlength="${LOST_REASON_MAX}"></label>
<button type="submit">Add</button>
</form>`,
  });
}
