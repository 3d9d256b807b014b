// The quotes list, a quote's page and its items' drawings, and the handoffs list (staff).
import { ServiceError } from '@shop/contracts';
import { Router } from 'express';
import type { Request, Response } from 'express';
import { signedInOf } from '../http/session';
import { renderMessagePage } from '../pages/message-page';
import { renderHandoffsPage, renderQuotePage, renderQuotesPage } from '../pages/quote-pages';
import { listHandoffs, listQuotes, quoteDetail, readQuoteFilter, type QuoteDeps } from '../quotes';

const viewerOf = (req: Request) => {
  const signedIn = signedInOf(req)!;
  return { staff: signedIn.staff, csrfToken: signedIn.csrfToken };
};

/** An item's place in a quote (0 to 99, as the REST app's addresses take it); null otherwise. */
const indexOf = (text: string | undefined): number | null => (text !== undefined && /^\d{1,2}$/.test(text) ? Number(text) : null);

export function quoteRoutes(deps: QuoteDeps, shopName: string): Router {
  const router = Router();
  const notFound = (req: Request, res: Response, what: string) =>
    res.status(404).type('html').send(renderMessagePage(shopName, `${what} not found`, `There is no such ${what.toLowerCase()}, or it was removed 30 days after it expired.`, viewerOf(req)));

  router.get('/quotes', async (req, res) => {
    const now = deps.now();
    const { form, filter, problems } = readQuoteFilter(req.query as Record<string, unknown>, now);
    const page = problems.length > 0 ? { rows: [], next: null } : await listQuotes(deps, filter);
    res.status(problems.length > 0 ? 400 : 200).type('html').send(renderQuotesPage(shopName, viewerOf(req), form, problems, page, now));
  });

  router.get('/quotes/:id', async (req, res) => {
    const detail = await quoteDetail(deps, req.params.id);
    if (!detail) return notFound(req, res, 'Quote');
    return res.type('html').send(renderQuotePage(shopName, viewerOf(req), detail));
  });

  // The drawings come from the service, made as the REST app makes them; a missing one is a 404 page.
  const drawing = (send: (res: Response, id: string, index: number) => Promise<unknown>) => async (req: Request, res: Response) => {
    const index = indexOf(req.params.index as string | undefined);
    if (index === null) return notFound(req, res, 'Drawing');
    try {
      return await send(res, req.params.id as string, index);
    } catch (error) {
      if (error instanceof ServiceError && error.status === 404) return notFound(req, res, 'Drawing');
      throw error;
    }
  };

  router.get(
    '/quotes/:id/items/:index/preview.svg',
    drawing(async (res, id, index) => res.type('image/svg+xml').send(await deps.drawings.staffPreviewSvg(id, index, deps.now()))),
  );
  router.get(
    '/quotes/:id/items/:index/drawing.dxf',
    drawing(async (res, id, index) => {
      const file = await deps.drawings.staffDrawingDxf(id, index, deps.now());
      return res.type('application/dxf').set('Content-Disposition', `attachment; filename="${file.filename}"`).send(file.dxf);
    }),
  );

  router.get('/handoffs', async (req, res) => {
    const after = typeof req.query.after === 'string' && req.query.after !== '' ? req.query.after : undefined;
    const page = await listHandoffs(deps, after);
    if (!page) return res.status(400).type('html').send(renderMessagePage(shopName, 'Page link damaged', 'The page link is damaged: start again from the first page.', viewerOf(req)));
    return res.type('html').send(renderHandoffsPage(shopName, viewerOf(req), page));
  });

  return router;
}
