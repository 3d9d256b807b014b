// The quote-request form behind an rfq link and its thank-you page.
import { PUBLIC_PATHS } from '@shop/contracts';
import type { StoredRfqLink } from '@shop/contracts';
import { formatDate } from './format';
import { html } from '@shop/runtime';
import type { SafeHtml } from '@shop/runtime';
import { renderPage } from './layout';

export const RFQ_FIELDS = ['description', 'material', 'thickness_in', 'quantity', 'name', 'email', 'phone', 'company'] as const;
export type RfqField = (typeof RFQ_FIELDS)[number];
export type RfqFormValues = Record<RfqField, string>;

export const RFQ_FIELD_LABELS: Record<RfqField, string> = {
  description: 'Description',
  material: 'Material',
  thickness_in: 'Thickness (in)',
  quantity: 'Quantity',
  name: 'Your name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
};

export interface RfqFormView {
  shopName: string;
  rfqId: string;
  expiresAt: string;
  values: RfqFormValues;
  formToken: string;
  /** Messages by field, from the server's check of a sent form. */
  errors: Partial<Record<RfqField, string>>;
  /** A problem not tied to one field. */
  formError: string | null;
}

/** The job as the link was made, ready to be edited. */
export function valuesFromLink(stored: StoredRfqLink): RfqFormValues {
  const { request } = stored;
  return {
    description: request.description,
    material: request.material ?? '',
    thickness_in: request.thickness_in === null ? '' : String(request.thickness_in),
    quantity: request.quantity === null ? '' : String(request.quantity),
    name: '',
    email: '',
    phone: '',
    company: '',
  };
}

interface FieldSpec {
  type: 'text' | 'email' | 'tel' | 'number' | 'textarea';
  attrs: SafeHtml;
  hint?: string;
}

// Browser checks mirror the server's (RfqSubmissionForm); the server checks again regardless.
const SPECS: Record<RfqField, FieldSpec> = {
  description: { type: 'textarea', attrs: html`required maxlength="2000" rows="6"`, hint: 'Sizes, material, finish, how many, when you need it.' },
  material: { type: 'text', attrs: html`maxlength="60"` },
  thickness_in: { type: 'number', attrs: html`min="0.001" max="12" step="any" inputmode="decimal"` },
  quantity: { type: 'number', attrs: html`min="1" max="100000" step="1" inputmode="numeric"` },
  name: { type: 'text', attrs: html`required maxlength="100" autocomplete="name"` },
  email: { type: 'email', attrs: html`required maxlength="254" autocomplete="email"` },
  phone: { type: 'tel', attrs: html`maxlength="40" pattern="[0-9 .x+\\(\\)\\-]*" autocomplete="tel"`, hint: 'Optional. Digits, spaces and + ( ) . - x.' },
  company: { type: 'text', attrs: html`maxlength="100" autocomplete="organization"`, hint: 'Optional.' },
};

function renderField(view: RfqFormView, field: RfqField): SafeHtml {
  const spec = SPECS[field];
  const id = `f-${field}`;
  const error = view.errors[field];
  const describedBy = [spec.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  const common = html`id="${id}" name="${field}" ${spec.attrs}${describedBy ? html` aria-describedby="${describedBy}"` : null}${error ? html` aria-invalid="true"` : null}`;
  const control =
    spec.type === 'textarea'
      ? html`<textarea ${common}>${view.values[field]}</textarea>`
      : html`<input type="${spec.type}" ${common} value="${view.values[field]}">`;
  return html`<div class="field${error ? ' has-error' : ''}">
<label for="${id}">${RFQ_FIELD_LABELS[field]}</label>
${control}
${spec.hint ? html`<p class="hint" id="${id}-hint">${spec.hint}</p>` : null}
${error ? html`<p class="field-error" id="${id}-error">${error}</p>` : null}
</div>`;
}

export function renderRfqForm(view: RfqFormView): string {
  const errorCount = Object.keys(view.errors).length;
  return renderPage({
    shopName: view.shopName,
    title: 'Request a quote',
    main: html`<h1>Request a quote</h1>
<p>Check the job below, change anything that is not right, and add how the shop can reach you. The shop replies with a price; nothing is bought or paid here.</p>
${errorCount > 0 || view.formError
  ? html`<div class="notice error" role="alert">${view.formError ?? `Please correct ${errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked below.`}</div>`
  : null}
<form class="card rfq-form" method="post" action="${PUBLIC_PATHS.rfqForm(view.rfqId)}">
<input type="hidden" name="form_token" value="${view.formToken}">
<fieldset>
<legend>The job</legend>
${renderField(view, 'description')}
<div class="row">
${renderField(view, 'material')}
${renderField(view, 'thickness_in')}
${renderField(view, 'quantity')}
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
</fieldset>
<button type="submit" class="button">Send the request</button>
<p class="small muted">Your details go only to ${view.shopName}, to answer this request. This link works until ${formatDate(view.expiresAt)}.</p>
</form>`,
  });
}

export interface RfqThanksView {
  shopName: string;
  reference: string;
  name: string;
  email: string;
  /** False when the same form had been sent already. */
  created: boolean;
}

export function renderRfqThanks(view: RfqThanksView): string {
  if (!view.created) {
    // The same form sent again (a double click, a reload, another tab): the first one stands, and
    // what this sender typed is not kept, so nothing here may read as if it had been accepted.
    return renderPage({
      shopName: view.shopName,
      title: 'Already sent',
      main: html`<section class="card thanks">
<h1>This form was already sent</h1>
<p>${view.shopName} already has the quote request sent from this form, reference <strong class="reference">${view.reference}</strong>. What was sent just now was not kept.</p>
<p>If you changed something, open the quote-request link again and send the new form from there.</p>
</section>`,
    });
  }
  return renderPage({
    shopName: view.shopName,
    title: 'Request sent',
    main: html`<section class="card thanks">
<h1>Thank you, ${view.name}</h1>
<p>Your quote request reached ${view.shopName}. The shop will reply to <strong>${view.email}</strong>.</p>
<p>Your reference: <strong class="reference">${view.reference}</strong></p>
<p class="small muted">Quote this reference if you write or call about this request.</p>
</section>`,
  });
}
