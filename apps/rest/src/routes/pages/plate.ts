// The plate quoter: a plate design priced again at today's prices and any quantity, the price its
// script asks for, and the quote request made from it.
import { BOUNDS, PAGE_ROUTES, PlatePrice } from '@shop/contracts';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { PLATE_FORM_COOKIE } from '../../pages/form-token';
import { toLocalHref } from '../../pages/links';
import { describePrice, renderPlatePage } from '../../pages/plate-page';
import { checkFormToken, formField, issueFormToken, refuseCrossSite } from './kit';
import type { PageKit } from './kit';

export function mountPlatePages({ router, run, service, ctx, config, target, sendPage, parseForm }: PageKit): void {
  router.get(
    PAGE_ROUTES.plateQuoter,
    setPageSecurityHeaders,
    run(async (req, res) => {
      // One call: the design read once, drawn, and priced at the quantity asked (or at the quoted one).
      const page = await service.getPlateQuoter(String(req.params.design_id), req.query.quantity, ctx(req));
      const quantityError =
        page.quantityRefused === null ? null : { value: String(req.query.quantity), message: `Enter a whole number from 1 to ${BOUNDS.plateQuantity} (${page.quantityRefused})` };
      const formToken = issueFormToken(req, res, PLATE_FORM_COOKIE);
      sendPage(res, quantityError ? 422 : 200, renderPlatePage({ shopName: config.shopName, target, page, reprice: page.reprice, quantityError, formToken }));
    }),
  );

  // The quoter's script asks here for today's price at another quantity (JSON, errors too).
  router.get(
    PAGE_ROUTES.platePrice,
    setPageSecurityHeaders,
    (_req, res, next) => {
      res.locals.jsonErrors = true;
      next();
    },
    run(async (req, res) => {
      const designId = String(req.params.design_id);
      const reprice = await service.repricePlate(designId, req.query.quantity, ctx(req));
      const { item } = reprice;
      const price: PlatePrice = {
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
      };
      res.json(PlatePrice.parse(price));
    }),
  );

  router.post(
    PAGE_ROUTES.plateQuoteRequest,
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      checkFormToken(req, PLATE_FORM_COOKIE, formField(req, 'form_token'));
      const link = await service.requestPlateQuote(String(req.params.design_id), formField(req, 'quantity'), ctx(req));
      res.redirect(303, toLocalHref(link.url, config.publicUrl));
    }),
  );
}
