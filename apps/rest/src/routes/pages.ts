// The pages behind the links: each handler reads the request, calls one use case and renders.
// Failures become HTML pages here (the API keeps its JSON envelope).
import path from 'node:path';
import { ServiceError } from '@shop/contracts';
import type { Clock, Config, RequestContext, Service } from '@shop/service';
import express, { Router } from 'express';
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from 'express';
import { handleError } from '../http/errors';
import { setPageSecurityHeaders } from '../http/security-headers';
import { describePageError, renderErrorPage } from '../pages/error-page';
import { formatDate } from '../pages/format';
import {
  FORM_COOKIE,
  buildFormCookie,
  buildFormToken,
  isWellFormedToken,
  matchesCookie,
  newToken,
  readCookie,
  toIdempotencyKey,
} from '../pages/form-token';
import { hasExternalShop, toLocalHref } from '../pages/links';
import { renderOrderPage } from '../pages/order-page';
import { describePrice, renderPlatePage } from '../pages/plate-page';
import { readProductChoice, renderProductPage } from '../pages/product-page';
import { RFQ_FIELDS, RFQ_FIELD_LABELS, renderRfqForm, renderRfqThanks, valuesFromLink } from '../pages/rfq-page';
import type { RfqField, RfqFormValues } from '../pages/rfq-page';

const PUBLIC_DIR = path.join(__dirname, '..', '..', 'public');
const PAGE_PREFIXES = ['/o', '/plate', '/r', '/products', '/assets', '/images'];
const FORM_LIMIT = '64kb';

export interface PageDeps {
  config: Config;
  service: Service;
  clock: Clock;
}

type PageHandler = (req: Request, res: Response) => Promise<void>;

export function mountPages(app: Express, deps: PageDeps): void {
  const { config, service } = deps;
  const target = { shopUrl: config.shopUrl, publicUrl: config.publicUrl };
  const ctx = (req: Request): RequestContext => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown', now: deps.clock.now() });
  const run = (handler: PageHandler): RequestHandler => (req, res, next) => {
    handler(req, res).catch(next);
  };
  const sendPage = (res: Response, status: number, body: string) => {
    res.status(status).type('html').send(body);
  };
  const parseForm = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 });
  const router = Router({ strict: false });

  const staticOptions = { index: false, maxAge: '1h', fallthrough: true } as const;
  router.use('/assets', setPageSecurityHeaders, express.static(path.join(PUBLIC_DIR, 'assets'), staticOptions));
  router.use('/images', setPageSecurityHeaders, express.static(path.join(PUBLIC_DIR, 'images'), staticOptions));

  router.get(
    '/o/:handoff_id',
    setPageSecurityHeaders,
    run(async (req, res) => {
      const page = await service.getOrderPage(String(req.params.handoff_id), ctx(req));
      if (page.expired) {
        throw new ServiceError(
          'link_expired',
          `The quotes on this order page expired on ${formatDate(page.handoff.expires_at)}: quotes hold their prices for 7 days.`,
          { details: { link: 'order' } },
        );
      }
      sendPage(res, 200, renderOrderPage({ shopName: config.shopName, publicUrl: config.publicUrl, page }));
    }),
  );

  router.get(
    '/plate/:design_id',
    setPageSecurityHeaders,
    run(async (req, res) => {
      const designId = String(req.params.design_id);
      const page = await service.getPlateQuoter(designId, ctx(req));
      let quantityError: { value: string; message: string } | null = null;
      let reprice;
      try {
        reprice = await service.repricePlate(designId, req.query.quantity, ctx(req));
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status !== 422) throw error;
        quantityError = { value: String(req.query.quantity), message: `Enter a whole number from 1 to 999 (${error.message})` };
        reprice = await service.repricePlate(designId, undefined, ctx(req));
      }
      const materialName = service.catalog.getMaterial(page.design.item.material)?.name ?? page.design.item.material;
      sendPage(res, quantityError ? 422 : 200, renderPlatePage({ shopName: config.shopName, target, materialName, page, reprice, quantityError }));
    }),
  );

  // The quoter's script asks here for today's price at another quantity.
  router.get(
    '/plate/:design_id/price',
    setPageSecurityHeaders,
    (_req, res, next) => {
      res.locals.jsonErrors = true;
      next();
    },
    run(async (req, res) => {
      const designId = String(req.params.design_id);
      const reprice = await service.repricePlate(designId, req.query.quantity, ctx(req));
      const { item } = reprice;
      res.json({
        object: 'plate_price',
        design_id: designId,
        quantity: reprice.quantity,
        status: item.status,
        unit_amount_cents: item.unit_amount_cents,
        amount_cents: item.amount_cents,
        tax_cents: reprice.taxCents,
        total_cents: item.amount_cents === null || reprice.taxCents === null ? null : item.amount_cents + reprice.taxCents,
        lead_time: item.lead_time,
        change_since_quote_cents: reprice.changeSinceQuoteCents,
        issues: item.issues,
        display: describePrice(target, designId, reprice),
      });
    }),
  );

  router.post(
    '/plate/:design_id/quote-request',
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      const link = await service.requestPlateQuote(String(req.params.design_id), formField(req, 'quantity'), ctx(req));
      res.redirect(303, toLocalHref(link.url, config.publicUrl));
    }),
  );

  router.get(
    '/products/:slug',
    setPageSecurityHeaders,
    run(async (req, res) => {
      const product = await service.getProduct(String(req.params.slug), ctx(req));
      const choice = readProductChoice(req.query);
      const choiceLeadTime = choice ? service.productLeadTime(product, choice.tier, choice.quantity) : null;
      sendPage(
        res,
        200,
        renderProductPage({ shopName: config.shopName, publicUrl: config.publicUrl, product, choice, choiceLeadTime, ordersHere: !hasExternalShop(target) }),
      );
    }),
  );

  router.post(
    '/products/:slug/quote-request',
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      const choice = { tier: formField(req, 'tier'), quantity: formField(req, 'quantity') };
      const link = await service.requestProductQuote(String(req.params.slug), choice, ctx(req));
      res.redirect(303, toLocalHref(link.url, config.publicUrl));
    }),
  );

  router.get(
    '/r/:rfq_id',
    setPageSecurityHeaders,
    run(async (req, res) => {
      const rfqId = String(req.params.rfq_id);
      const now = deps.clock.now();
      const form = await service.getRfqForm(rfqId, ctx(req));
      if (form.expired) throw linkExpired(form.stored.link.expires_at);
      // One token per browser and link, so two open tabs can both send.
      const existing = readCookie(req.headers.cookie, FORM_COOKIE);
      const token = isWellFormedToken(existing) ? existing : newToken();
      const maxAgeSeconds = (Date.parse(form.stored.link.expires_at) - now.getTime()) / 1000;
      res.setHeader('Set-Cookie', buildFormCookie(token, rfqId, { secure: config.publicUrl.startsWith('https:'), maxAgeSeconds }));
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
    '/r/:rfq_id',
    setPageSecurityHeaders,
    parseForm,
    run(async (req, res) => {
      const rfqId = String(req.params.rfq_id);
      const form = await service.getRfqForm(rfqId, ctx(req));
      if (form.expired) throw linkExpired(form.stored.link.expires_at);
      const formToken = formField(req, 'form_token');
      if (!matchesCookie(formToken, readCookie(req.headers.cookie, FORM_COOKIE))) {
        sendPage(
          res,
          403,
          renderErrorPage(
            config.shopName,
            403,
            {
              title: 'The form could not be checked',
              message: 'This form was not sent from its own page in this browser (or the browser did not send its cookie), so nothing was kept.',
              advice: 'Open the quote-request link again and send the form from there.',
            },
            res.locals.requestId as string,
          ),
        );
        return;
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

  // Anything else under a page prefix is a page that does not exist.
  router.all(
    PAGE_PREFIXES.flatMap((prefix) => [prefix, `${prefix}/{*rest}`]),
    setPageSecurityHeaders,
    (req, _res, next) => {
      next(new ServiceError('route_not_found', `No page at ${req.path}.`));
    },
  );

  const handlePageError: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.locals.jsonErrors === true || res.headersSent) {
      handleError(error, req, res, next);
      return;
    }
    const parserError = error as { type?: string };
    let mapped: ServiceError;
    if (error instanceof ServiceError) mapped = error;
    else if (error instanceof URIError) {
      // A malformed percent-escape in the path (/r/%): no page has such an address.
      mapped = new ServiceError('route_not_found', 'No page has this address: it has a malformed percent-escape.');
    } else if (parserError.type === 'entity.too.large' || parserError.type === 'parameters.too.many') {
      mapped = new ServiceError('body_too_large', 'The form sent was larger than this page takes.');
    } else {
      res.locals.unhandledError = error;
      mapped = new ServiceError('internal_error', 'Something went wrong on our side.');
    }
    if (mapped.retryAfterSeconds !== null) res.setHeader('Retry-After', String(mapped.retryAfterSeconds));
    setPageSecurityHeaders(req, res, () => undefined);
    sendPage(res, mapped.status, renderErrorPage(config.shopName, mapped.status, describePageError(mapped), res.locals.requestId as string));
  };
  router.use(handlePageError);

  app.use(router);
}

/** The order buttons post only from these pages; a browser marks a post from another site. */
const refuseCrossSite: RequestHandler = (req, _res, next) => {
  if (req.get('sec-fetch-site') === 'cross-site') {
    next(new ServiceError('parameter_invalid', 'This button works only from its own page; open the page and press it there.'));
    return;
  }
  next();
};

function linkExpired(expiresAt: string): ServiceError {
  return new ServiceError(
    'link_expired',
    `This quote-request link expired on ${formatDate(expiresAt)} (links work for 30 days), so the form can no longer be sent.`,
    { details: { link: 'quote_request' } },
  );
}

/** One text field of a posted form; anything but a single string reads as absent. */
function formField(req: Request, name: string): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : undefined;
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
