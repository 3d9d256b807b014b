// The order-request form of an order link (every item at today's firm price, read-only; pickup
// or a delivery address; the person's details) and the confirmation page of a kept request.
import { PROVINCES, PUBLIC_PATHS } from '@shop/contracts';
import type { LeadTime } from '@shop/contracts';
import type { OrderLine, OrderRequestDocument, OrderRequestDraft } from '@shop/service';
import { customerWords, formatCents, formatDate, formatLeadTime, unitRoundingNote } from './format';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { renderPage } from './layout';

export const ORDER_FIELDS = ['fulfilment', 'address_line1', 'address_line2', 'city', 'province', 'postal_code', 'name', 'email', 'phone', 'company', 'note'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];
export type OrderFormValues = Record<OrderField, string>;

export const ORDER_FIELD_LABELS: Record<OrderField, string> = {
  fulfilment: 'Pickup or delivery',
  address_line1: 'Street address',
  address_line2: 'Unit, suite (optional)',
  city: 'City or town',
  province: 'Province',
  postal_code: 'Postal code',
  name: 'Your name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  note: 'Note to the shop',
};

export const EMPTY_ORDER_FORM: OrderFormValues = {
  fulfilment: 'pickup',
  address_line1: '',
  address_line2: '',
  city: '',
  province: 'ON',
  postal_code: '',
  name: '',
  email: '',
  phone: '',
  company: '',
  note: '',
};

/** Why an item of the link is not on the form, in words. */
const LEFT_OUT_REASONS: Record<OrderRequestDraft['leftOut'][number]['reason'], string> = {
  expired: 'its quote expired',
  removed: 'its quote is gone',
  not_priced: 'the shop\'s prices today do not price it online',
};

export const FREIGHT_NOTE = 'Freight is not in these prices: for delivery the shop quotes it after the order, before anything ships. Pickup at the shop is free.';

export interface OrderRequestFormView {
  shopName: string;
  draft: OrderRequestDraft;
  values: OrderFormValues;
  formToken: string;
  /** Messages by field, from the server's check of a sent form. */
  errors: Partial<Record<OrderField, string>>;
}

interface FieldSpec {
  type: 'text' | 'email' | 'tel' | 'textarea';
  attrs: SafeHtml;
  hint?: string;
}

// Browser checks mirror the server's (OrderRequestForm); the server checks again regardless. The
// address is required by the server for delivery only, so the browser does not require it.
const SPECS: Record<Exclude<OrderField, 'fulfilment' | 'province'>, FieldSpec> = {
  address_line1: { type: 'text', attrs: html`maxlength="100" autocomplete="address-line1"`, hint: 'Required for delivery.' },
  address_line2: { type: 'text', attrs: html`maxlength="100" autocomplete="address-line2"` },
  city: { type: 'text', attrs: html`maxlength="60" autocomplete="address-level2"` },
  postal_code: { type: 'text', attrs: html`maxlength="10" autocomplete="postal-code" autocapitalize="characters"`, hint: 'e.g. N1H 2A1' },
  name: { type: 'text', attrs: html`required maxlength="100" autocomplete="name"` },
  email: { type: 'email', attrs: html`required maxlength="254" autocomplete="email"` },
  phone: { type: 'tel', attrs: html`maxlength="40" pattern="[0-9 .x+\\(\\)\\-]*" autocomplete="tel"`, hint: 'Optional. Digits, spaces and + ( ) . - x.' },
  company: { type: 'text', attrs: html`maxlength="100" autocomplete="organization"`, hint: 'Optional.' },
  note: { type: 'textarea', attrs: html`maxlength="1000" rows="3"`, hint: 'Optional: when you need it, how to reach the site.' },
};

function describedBy(id: string, hint: boolean, error: boolean): SafeHtml | null {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return ids ? html` aria-describedby="${ids}"` : null;
}

function renderField(view: OrderRequestFormView, field: keyof typeof SPECS): SafeHtml {
  const spec = SPECS[field];
  const id = `f-${field}`;
  const error = view.errors[field];
  const common = html`id="${id}" name="${field}" ${spec.attrs}${describedBy(id, spec.hint !== undefined, error !== undefined)}${error ? html` aria-invalid="true"` : null}`;
  const control = spec.type === 'textarea' ? html`<textarea ${common}>${view.values[field]}</textarea>` : html`<input type="${spec.type}" ${common} value="${view.values[field]}">`;
  return html`<div class="field${error ? ' has-error' : ''}">
<label for="${id}">${ORDER_FIELD_LABELS[field]}</label>
${control}
${spec.hint ? html`<p class="hint" id="${id}-hint">${spec.hint}</p>` : null}
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : null}
</div>`;
}

function renderProvince(view: OrderRequestFormView): SafeHtml {
  const error = view.errors.province;
  const chosen = view.values.province.toUpperCase();
  return html`<div class="field${error ? ' has-error' : ''}">
<label for="f-province">${ORDER_FIELD_LABELS.province}</label>
<select id="f-province" name="province" autocomplete="address-level1"${describedBy('f-province', false, error !== undefined)}${error ? html` aria-invalid="true"` : null}>
${Object.entries(PROVINCES).map(([code, name]) => html`<option value="${code}"${code === chosen ? html` selected` : null}>${name}</option>`)}
</select>
${error ? html`<p class="field-error" id="f-province-error">${error}</p>` : null}
</div>`;
}

function renderFulfilment(view: OrderRequestFormView): SafeHtml {
  const error = view.errors.fulfilment;
  const choice = (value: 'pickup' | 'delivery', label: string) =>
    html`<label class="choice"><input type="radio" id="f-fulfilment-${value}" name="fulfilment" value="${value}"${view.values.fulfilment === value ? html` checked` : null}> ${label}</label>`;
  return html`<fieldset class="choices fulfilment${error ? ' has-error' : ''}">
<legend>${ORDER_FIELD_LABELS.fulfilment}</legend>
${choice('pickup', 'I pick the order up at the shop')}
${choice('delivery', 'Deliver it: the shop quotes freight after the order')}
${error ? html`<p class="field-error" id="f-fulfilment-error">${error}</p>` : null}
</fieldset>`;
}

/** Unit price x quantity can miss the amount by the unit's rounding: say so beside it. */
function renderUnit(line: Pick<OrderLine, 'unitAmountCents' | 'quantity' | 'amountCents'>): SafeHtml {
  const note = unitRoundingNote(line.unitAmountCents, line.quantity, line.amountCents);
  return html`${formatCents(line.unitAmountCents)}${note === null ? null : html` <span class="note">${note}</span>`}`;
}

/** The items at the prices of the order; the form's also say their lead time and the quoted amount when it differs. */
function renderLines(lines: ReadonlyArray<OrderLine & { leadTime?: LeadTime | null; quotedAmountCents?: number }>): SafeHtml {
  return html`<ol class="order-lines">
${lines.map(
  (line) => html`<li class="card order-line" data-quote="${line.quoteId}" data-index="${line.index}">
<h3>${line.label ?? customerWords(line.description)}</h3>
${line.label === null ? null : html`<p class="description">${customerWords(line.description)}</p>`}
<dl class="figures">
<div><dt>Quote reference</dt><dd class="reference">${line.quoteId}, item ${line.index + 1}</dd></div>
<div><dt>Quantity</dt><dd data-field="quantity">${line.quantity}</dd></div>
<div><dt>Unit price</dt><dd data-field="unit">${renderUnit(line)}</dd></div>
<div><dt>Amount (before HST)</dt><dd data-field="amount">${formatCents(line.amountCents)}${line.quotedAmountCents === undefined || line.quotedAmountCents === line.amountCents ? null : html` <span class="note" data-field="quoted">quoted ${formatCents(line.quotedAmountCents)}</span>`}</dd></div>
${line.leadTime === undefined ? null : html`<div><dt>Lead time</dt><dd>${formatLeadTime(line.leadTime)}</dd></div>`}
</dl>
</li>`,
)}
</ol>`;
}

function renderTotals(totals: { subtotalCents: number; taxCents: number; totalCents: number }): SafeHtml {
  return html`<dl class="figures totals" aria-label="Totals">
<div><dt>Subtotal (before HST)</dt><dd data-field="subtotal">${formatCents(totals.subtotalCents)}</dd></div>
<div><dt>HST 13% (Ontario)</dt><dd data-field="tax">${formatCents(totals.taxCents)}</dd></div>
<div class="total"><dt>Total with HST</dt><dd data-field="total">${formatCents(totals.totalCents)}</dd></div>
</dl>`;
}

export function renderOrderRequestForm(view: OrderRequestFormView): string {
  const { draft } = view;
  const errorCount = Object.keys(view.errors).length;
  const count = draft.lines.length;
  return renderPage({
    shopName: view.shopName,
    title: 'Order',
    main: html`<p class="crumb"><a href="${PUBLIC_PATHS.order(draft.handoffId)}">Back to the order page</a></p>
<h1>Order</h1>
<p>Send this order to ${view.shopName}: ${count} ${count === 1 ? 'item' : 'items'} at today's firm prices, worked out again now from the shop's prices in force (as each item's own page shows them); the order keeps the prices it is sent at. This link takes orders until ${formatDate(draft.pricesHoldUntil)}. The shop confirms the order and when it is ready; nothing is paid here.</p>
${errorCount > 0 ? html`<div class="notice error" role="alert">Please correct ${errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked below; nothing was sent.</div>` : null}
<section class="card order-summary" aria-label="What you order">
<h2>What you order</h2>
${renderLines(draft.lines)}
${draft.leftOut.length === 0
  ? null
  : html`<p class="notice warn">Not in this order: ${draft.leftOut.map((line, i) => html`${i > 0 ? '; ' : ''}${line.label ?? customerWords(line.description)} (${LEFT_OUT_REASONS[line.reason]})`)}. Ask the shop for a new quote for ${draft.leftOut.length === 1 ? 'it' : 'them'}.</p>`}
${renderTotals(draft)}
<p class="small muted">${FREIGHT_NOTE}</p>
</section>
<form class="card order-form" method="post" action="${PUBLIC_PATHS.orderRequestForm(draft.handoffId)}">
<input type="hidden" name="form_token" value="${view.formToken}">
${renderFulfilment(view)}
<fieldset class="address">
<legend>Delivery address</legend>
<p class="small muted">Only for delivery. The shop quotes the freight to this address after the order.</p>
${renderField(view, 'address_line1')}
${renderField(view, 'address_line2')}
<div class="row">
${renderField(view, 'city')}
${renderProvince(view)}
${renderField(view, 'postal_code')}
</div>
</fieldset>
<fieldset>
<legend>How to reach you</legend>
<div class="row">
${renderField(view, 'name')}
${renderField(view, 'company')}
</div>
<div class="row">
${renderField(view, 'email')}
${renderField(view, 'phone')}
</div>
${renderField(view, 'note')}
</fieldset>
<button type="submit" class="button">Send the order</button>
<p class="small muted">Your details go only to ${view.shopName}, to take this order.</p>
</form>`,
  });
}

export interface OrderRequestConfirmationView {
  shopName: string;
  request: OrderRequestDocument;
}

export function renderOrderRequestConfirmation(view: OrderRequestConfirmationView): string {
  const { request } = view;
  const { address } = request;
  return renderPage({
    shopName: view.shopName,
    title: 'Order sent',
    main: html`<section class="card thanks">
<h1>Thank you, ${request.contact.name}</h1>
<p>Your order reached ${view.shopName} on ${formatDate(request.createdAt)}.</p>
<p>Your reference: <strong class="reference" id="reference">${request.id}</strong></p>
<p class="small muted">Quote this reference if you write or call about this order. Keep this page's address: it shows this order to anyone who has it.</p>
</section>
<section class="card order-summary" aria-label="Your order">
<h2>Your order, at these prices</h2>
<p class="small">The prices below are the firm prices of the day you sent the order, kept with it: they do not change.</p>
${renderLines(request.lines)}
${renderTotals(request)}
</section>
<section class="card" aria-label="What happens next">
<h2>What happens next</h2>
<ol>
<li>${view.shopName} checks the order and writes to <strong>${request.contact.email}</strong> to confirm it and the ready date.</li>
${request.fulfilment === 'delivery' && address !== null
  ? html`<li>Delivery to ${address.line1}${address.line2 === null ? null : html`, ${address.line2}`}, ${address.city}, ${address.province} ${address.postalCode}: the shop quotes the freight before anything ships.</li>`
  : html`<li>Pickup at the shop: you are told when the order is ready.</li>`}
<li>Payment is arranged with the shop; nothing was paid here.</li>
</ol>
</section>`,
  });
}
