// The online plate orders switch: how it stands (and what customers read), and the owners' form.
import type { PlateOrdersStatus } from '@shop/service';
import { html } from '@shop/runtime';
import { utcToTorontoLocal } from '../toronto-time';
import { csrfField, notice, renderConsolePage, when, type Viewer } from './layout';

export interface PlateOrdersForm {
  state: string;
  from: string;
  until: string;
  message: string;
}

function standing(status: PlateOrdersStatus) {
  if (status.closedBySetting) return html`<strong>Off</strong> by the server's setting (PLATE_ORDERS_ENABLED=false): only that setting opens them.`;
  if (status.state === 'paused') {
    const window = html`from ${when(status.pausedFrom!)} until ${when(status.pausedUntil!)}`;
    return status.open ? html`<strong>On</strong> for now; paused ${window}.` : html`<strong>Paused</strong> ${window}.`;
  }
  return status.state === 'off' ? html`<strong>Off</strong> until an owner switches them on.` : html`<strong>On</strong>: plate items are quoted online.`;
}

export function renderPlateOrdersPage(
  shopName: string,
  viewer: Viewer,
  status: PlateOrdersStatus,
  names: Map<string, string>,
  now: Date,
  message: { error?: string | null; ok?: string | null; form?: PlateOrdersForm } = {},
): string {
  const owner = viewer.staff.role === 'owner';
  const form: PlateOrdersForm = message.form ?? {
    state: status.state,
    from: utcToTorontoLocal(status.pausedFrom ?? now),
    until: utcToTorontoLocal(status.pausedUntil ?? new Date(now.getTime() + 7 * 86_400_000)),
    message: status.message,
  };
  const option = (state: string, label: string) => html`<label><input type="radio" name="state" value="${state}"${form.state === state ? html` checked` : null}> ${label}</label>`;
  return renderConsolePage({
    shopName,
    viewer,
    title: 'Online plate orders',
    main: html`${notice('error', message.error)}${notice('ok', message.ok)}
<p class="card">${standing(status)}${status.updatedAt ? html` Set ${when(status.updatedAt)} by ${status.updatedBy === null ? 'nobody' : (names.get(status.updatedBy) ?? status.updatedBy)}.` : null}</p>
${status.notice === null
  ? html`<p>Customers can quote and order plate parts online.</p>`
  : html`<p>What customers read now: <q>${status.notice}</q></p><p class="hint">The materials list (GET /materials, list_materials) is empty and a plate item is refused with this notice and a quote request as the way to go; products, stored quotes and their pages keep working.</p>`}
${owner
  ? html`<h2>Switch</h2>
<form method="post" action="/plate-orders" class="card">${csrfField(viewer)}
${option('on', 'On')}
${option('off', 'Off until switched on again')}
${option('paused', 'Paused from a date to a date (Toronto time)')}
<label>From <input type="datetime-local" name="from" value="${form.from}"></label>
<label>Until <input type="datetime-local" name="until" value="${form.until}"></label>
<label>Message to customers (off or paused; at most 500 characters) <input type="text" name="message" maxlength="500" value="${form.message}"></label>
<button type="submit">Save</button>
</form>`
  : null}`,
  });
}
