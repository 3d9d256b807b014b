// A catalog product's page, opened at a tier and quantity from the order page, and the quote
// request made from it.
import { PAGE_ROUTES } from '@shop/contracts';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { PRODUCT_FORM_COOKIE } from '../../pages/form-token';
import { hasExternalShop, toLocalHref } from '../../pages/links';
import { readProductChoice, renderProductPage } from '../../pages/product-page';
import { checkFormToken, formField, issueFormToken, refuseCrossSite } from './kit';
import type { PageKit } from './kit';

export function mountProductPages({ router, run, service, ctx, config, target, sendPage, parseForm }: PageKit): void {
  router.get(
    PAGE_ROUTES.product,
    setPageSecurityHeaders,
    run(async (req, res) => {
      const product = await service.getProduct(String(req.params.slug), ctx(req));
      const choice = readProductChoice(req.query);
      const choiceLeadTime = choice ? service.productLeadTime(product, choice.tier, choice.quantity) : null;
      const ordersHere = !hasExternalShop(target);
      // The request form is shown only where the shop takes orders here.
      const formToken = ordersHere ? issueFormToken(req, res, PRODUCT_FORM_COOKIE) : null;
      const view = { shopName: config.shopName, publicUrl: config.publicUrl, product, choice, choiceLeadTime, ordersHere, formToken };
      sendPage(res, 200, renderProductPage(view));
    }),
  );

  router.post(
    PAGE_ROUTES.productQuoteRequest,
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      checkFormToken(req, PRODUCT_FORM_COOKIE, formField(req, 'form_token'));
      const choice = { tier: formField(req, 'tier'), quantity: formField(req, 'quantity') };
      const link = await service.requestProductQuote(String(req.params.slug), choice, ctx(req));
      res.redirect(303, toLocalHref(link.url, config.publicUrl));
    }),
  );
}
