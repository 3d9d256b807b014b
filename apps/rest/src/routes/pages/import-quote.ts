// The quote request made from a part read from a drawing: the upload page's way to order while plate
// orders are paused, pre-filled as the plate quoter's is, then the quote-request form.
import { setPageSecurityHeaders } from '../../http/security-headers';
import { PLATE_FORM_COOKIE } from '../../pages/form-token';
import { IMPORT_QUOTE_REQUEST_ROUTE, toLocalHref } from '../../pages/links';
import { checkFormToken, formField, refuseCrossSite } from './kit';
import type { PageKit } from './kit';

export function mountImportQuoteRequest({ router, run, service, ctx, config, parseForm }: PageKit): void {
  router.post(
    IMPORT_QUOTE_REQUEST_ROUTE,
    setPageSecurityHeaders,
    refuseCrossSite,
    parseForm,
    run(async (req, res) => {
      checkFormToken(req, PLATE_FORM_COOKIE, formField(req, 'form_token'));
      const link = await service.requestImportQuote(String(req.params.import_id), { stock: formField(req, 'stock'), quantity: formField(req, 'quantity') }, ctx(req));
      res.redirect(303, toLocalHref(link.url, config.publicUrl));
    }),
  );
}
