// The order-request form of an order link (where no external shop takes orders) and the
// confirmation of a kept request. The form is sent once per rendering (its token is the key).
import { PAGE_ROUTES, PUBLIC_PATHS, ServiceError } from '@shop/contracts';
import type { Request } from 'express';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { orderFormCookie, toIdempotencyKey } from '../../pages/form-token';
import { EMPTY_ORDER_FORM, ORDER_FIELDS, ORDER_FIELD_LABELS, renderOrderRequestConfirmation, renderOrderRequestForm } from '../../pages/order-request-page';
import type { OrderField, OrderFormValues } from '../../pages/order-request-page';
import { hasExternalShop } from '../../pages/links';
import { checkFormToken, formField, issueFormToken, refuseCrossSite } from './kit';
import type { PageKit } from './kit';

export function mountOrderRequestPages({ router, run, service, ctx, config, target, sendPage, parseForm }: PageKit): void {
  // With a shop of its own, the operator's checkout takes the orders: no form here.
  const external = hasExternalShop(target);
  const refuseWithExternalShop = () => {
    if (external) throw new ServiceError('route_not_found', 'Orders are taken by the shop\'s own checkout: open the order page and follow its buttons.');
  };

  router.get(
    PAGE_ROUTES.orderRequestForm,
    setPageSecurityHeaders,
    run(async (req, res) => {
      refuseWithExternalShop();
      const handoffId = String(req.params.handoff_id);
      const draft = await service.getOrderRequestForm(handoffId, ctx(req));
      const formToken = issueFormToken(req, res, orderFormCookie(handoffId));
      sendPage(res, 200, renderOrderRequestForm({ shopName: config.shopName, draft, values: EMPTY_ORDER_FORM, formToken, errors: {} }));
    }),
  );

  router.post(
    PAGE_ROUTES.orderRequestForm,
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      refuseWithExternalShop();
      const handoffId = String(req.params.handoff_id);
      const formToken = formField(req, 'form_token');
      checkFormToken(req, orderFormCookie(handoffId), formToken);
      const values = readFormValues(req);
      try {
        const result = await service.createOrderRequest(handoffId, toSubmission(values), toIdempotencyKey(formToken as string), ctx(req));
        res.redirect(303, PUBLIC_PATHS.orderRequest(result.id));
      } catch (error) {
        if (!(error instanceof ServiceError) || error.status !== 422) throw error;
        // The items and prices shown again as the server has them; the person's input kept.
        const draft = await service.getOrderRequestForm(handoffId, ctx(req));
        sendPage(res, 422, renderOrderRequestForm({ shopName: config.shopName, draft, values, formToken: formToken as string, errors: toFieldErrors(error) }));
      }
    }),
  );

  router.get(
    PAGE_ROUTES.orderRequest,
    setPageSecurityHeaders,
    run(async (req, res) => {
      const request = await service.getOrderRequest(String(req.params.order_request_id), ctx(req));
      // The id is the page's secret: no shared cache keeps it.
      res.setHeader('Cache-Control', 'private, no-store');
      sendPage(res, 200, renderOrderRequestConfirmation({ shopName: config.shopName, request }));
    }),
  );
}

function readFormValues(req: Request): OrderFormValues {
  return Object.fromEntries(ORDER_FIELDS.map((field) => [field, formField(req, field) ?? ''])) as OrderFormValues;
}

/** The form's fields as the service reads them: nothing else the post carried is passed on. */
function toSubmission(values: OrderFormValues): Record<string, string> {
  return Object.fromEntries(ORDER_FIELDS.map((field) => [field, values[field]]));
}

/** The 422's problems by form field, worded with the field's label. */
function toFieldErrors(error: ServiceError): Partial<Record<OrderField, string>> {
  const listed = (error.details?.errors as Array<{ param: string | null; message: string }> | undefined) ?? [{ param: error.param, message: error.message }];
  const errors: Partial<Record<OrderField, string>> = {};
  for (const problem of listed) {
    const field = ORDER_FIELDS.find((f) => f === problem.param);
    if (field === undefined || errors[field] !== undefined) continue;
    errors[field] = problem.message.startsWith(field) ? `${ORDER_FIELD_LABELS[field]}${problem.message.slice(field.length)}` : problem.message;
  }
  if (Object.keys(errors).length === 0) errors.name = error.message;
  return errors;
}
