// The owners' list of lost reasons: add, rename and retire.
import type { LostReasonRecord } from '@shop/storage';
import { html } from '@shop/runtime';
import { LOST_REASON_MAX } from '../lost-reasons';
import { csrfField, errorSummary, fieldError, fieldState, notice, renderConsolePage, when, type FieldProblem, type Viewer } from './layout';

/** The id of a reason's label field: `reason-new` for the add form. */
export const reasonFieldId = (id: string | number | null): string => `reason-${id ?? 'new'}`;

export function renderLostReasonsPage(
  shopName: string,
  viewer: Viewer,
  reasons: LostReasonRecord[],
  message: { error?: string; ok?: string; problems?: FieldProblem[]; /** What was typed in a refused form: the reason's id (null: the add form) and the label. */ typed?: { id: string | null; label: string } } = {},
): string {
  const problems = message.problems ?? [];
  const typedFor = (id: number | null) => (message.typed && message.typed.id === (id === null ? null : String(id)) ? message.typed.label : null);
  const row = (reason: LostReasonRecord) => {
    const id = reasonFieldId(reason.id);
    return html`<tr>
<td data-label="Reason"><form method="post" action="/settings/lost-reasons/${reason.id}/rename" class="inline">${csrfField(viewer)}<input id="${id}" type="text" name="label" value="${typedFor(reason.id) ?? reason.label}" required maxlength="${LOST_REASON_MAX}" aria-label="Name of the reason ${reason.label}"${fieldState(id, problems)}> <button type="submit">Rename<span class="visually-hidden"> ${reason.label}</span></button>${fieldError(id, problems)}</form></td>
<td data-label="State">${reason.retiredAt ? html`retired ${when(reason.retiredAt)}` : 'offered'}</td>
<td data-label="">${reason.retiredAt ? null : html`<form method="post" action="/settings/lost-reasons/${reason.id}/retire" class="inline">${csrfField(viewer)}<button type="submit" class="danger">Retire<span class="visually-hidden"> ${reason.label}</span></button></form>`}</td>
</tr>`;
  };
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Lost reasons',
    main: html`${errorSummary(problems)}${notice('error', message.error)}${notice('ok', message.ok)}
<p>The reasons offered when a request is marked lost. A retired reason is no longer offered; the requests lost for it keep it, and keep the words they were given when a reason is renamed.</p>
<table class="list"><thead><tr><th>Reason</th><th>State</th><th></th></tr></thead><tbody>${reasons.map(row)}</tbody></table>
<h2>Add a reason</h2>
<form method="post" action="/settings/lost-reasons" class="card">${csrfField(viewer)}
<label for="${reasonFieldId(null)}">Reason</label>
<input id="${reasonFieldId(null)}" type="text" name="label" required maxlength="${LOST_REASON_MAX}" value="${typedFor(null) ?? ''}"${fieldState(reasonFieldId(null), problems)}>
${fieldError(reasonFieldId(null), problems)}
<button type="submit">Add</button>
</form>`,
  });
}
