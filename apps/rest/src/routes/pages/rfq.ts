// The quote-request form behind an rfq link: shown with the job filled in, sent once per browser
// and link (its token is the idempotency key), thanked or shown again with what to fix.
import { PAGE_ROUTES, ServiceError } from '@shop/contracts';
import type { Request } from 'express';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { formatDate } from '../../pages/format';
import {
  FORM_COOKIE,
  buildFormCookie,
  buildFormToken,
  isWellFormedToken,
  matchesCookie,
  newToken,
  readCookie,
  rfqFormCookie,
  toIdempotencyKey,
} from '../../pages/form-token';
import { RFQ_FIELDS, RFQ_FIELD_LABELS, renderRfqForm, renderRfqThanks, valuesFromLink } from '../../pages/rfq-page';
import type { RfqField, RfqFormValues } from '../../pages/rfq-page';
import { formField, refuseCrossSite } from './kit';
import type { PageKit } from './kit';

export function mountRfqForm({ router, run, service, ctx, config, clock, sendPage, parseForm }: PageKit): void {
  router.get(
    PAGE_ROUTES.rfqForm,
    setPageSecurityHeaders,
    run(async (req, res) => {
      const rfqId = String(req.params.rfq_id);
      const now = clock.now();
      const form = await service.getRfqForm(rfqId, ctx(req));
      if (form.expired) throw linkExpired(form.stored.link.expires_at);
      // One token per browser and link, so two open tabs can both send.
      const existing = readCookie(req.headers.cookie, FORM_COOKIE);
      const token = isWellFormedToken(existing) ? existing : newToken();
      const maxAgeSeconds = (Date.parse(form.stored.link.expires_at) - now.getTime()) / 1000;
      res.setHeader('Set-Cookie', buildFormCookie(rfqFormCookie(rfqId), token, { secure: config.publicUrl.startsWith('https:'), maxAgeSeconds }));
      sendPage(
        res,
        200,
        renderRfqForm({
          shopName: config.shopName,
          rfqId,
          expiresAt: form.stored.link.expires_at,
          values: valuesFromLink(form.stored),
          formToken: buildFormToken(token),
          errors: {},
          formError: null,
        }),
      );
    }),
  );

  router.post(
    PAGE_ROUTES.rfqForm,
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      const rfqId = String(req.params.rfq_id);
      const form = await service.getRfqForm(rfqId, ctx(req));
      if (form.expired) throw linkExpired(form.stored.link.expires_at);
      const formToken = formField(req, 'form_token');
      if (!matchesCookie(formToken, readCookie(req.headers.cookie, FORM_COOKIE))) {
        throw new ServiceError(
          'cross_site_request',
          'This form was not sent from its own page in this browser (or the browser did not send its cookie), so nothing was kept.',
        );
      }
      const values = readFormValues(req);
      try {
        const result = await service.submitRfq(rfqId, toSubmission(values), toIdempotencyKey(formToken), ctx(req));
        sendPage(
          res,
          result.created ? 201 : 200,
          renderRfqThanks({ shopName: config.shopName, reference: result.id, name: values.name.trim(), email: values.email.trim(), created: result.created }),
        );
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status !== 422) throw error;
        sendPage(
          res,
          422,
          renderRfqForm({
            shopName: config.shopName,
            rfqId,
            expiresAt: form.stored.link.expires_at,
            values,
            formToken,
            errors: toFieldErrors(error),
            formError: null,
          }),
        );
      }
    }),
  );
}

function linkExpired(expiresAt: string): ServiceError {
  return new ServiceError(
    'link_expired',
    `This quote-request link expired on ${formatDate(expiresAt)} (links work for 30 days), so the form can no longer be sent.`,
    { details: { link: 'quote_request' } },
  );
}

function readFormValues(req: Request): RfqFormValues {
  return Object.fromEntries(RFQ_FIELDS.map((field) => [field, formField(req, field) ?? ''])) as RfqFormValues;
}

/** Form text to the submission's types: blank optional fields are null, numbers are numbers. */
function toSubmission(values: RfqFormValues): Record<string, unknown> {
  const optional = (value: string) => (value.trim() === '' ? null : value);
  const numeric = (value: string) => {
    if (value.trim() === '') return null;
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  };
  return {
    description: values.description,
    material: optional(values.material),
    thickness_in: numeric(values.thickness_in),
    quantity: numeric(values.quantity),
    name: values.name,
    email: values.email.trim(),
    phone: optional(values.phone),
    company: optional(values.company),
  };
}

/** The 422's problems by form field, worded with the field's label. */
function toFieldErrors(error: ServiceError): Partial<Record<RfqField, string>> {
  const listed = (error.details?.errors as Array<{ param: string | null; message: string }> | undefined) ?? [
    { param: error.param, message: error.message },
  ];
  const errors: Partial<Record<RfqField, string>> = {};
  for (const problem of listed) {
    const field = RFQ_FIELDS.find((f) => f === problem.param);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = problem.message.startsWith(field) ? `${RFQ_FIELD_LABELS[field]}${problem.message.slice(field.length)}` : problem.message;
  }
  if (Object.keys(errors).length === 0) errors.description = error.message;
  return errors;
}
