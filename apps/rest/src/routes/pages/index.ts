// The pages behind the links, one module each (order page, plate quoter, product page, quote-request
// form), on one router with the shared assets: each handler reads the request, calls one use case
// and renders. Failures become HTML pages here (the API keeps its JSON envelope).
import path from 'node:path';
import { PAGE_ROUTES, ServiceError } from '@shop/contracts';
import { toBodyError } from '@shop/runtime';
import { Router } from 'express';
import type { ErrorRequestHandler, Express, Request, RequestHandler } from 'express';
import { handleError, retryAfterOf } from '../../http/errors';
import { setPageSecurityHeaders } from '../../http/security-headers';
import { describePageError, renderErrorPage } from '../../pages/error-page';
import { renderHomePage } from '../../pages/home-page';
import { assetHref } from '../../pages/layout';
import { FORM_LIMIT, createPageKit } from './kit';
import type { PageDeps } from './kit';
import { mountImportQuoteRequest } from './import-quote';
import { mountOrderPage } from './order';
import { mountOrderRequestPages } from './order-request';
import { mountPlatePages } from './plate';
import { mountProductPages } from './product';
import { mountRfqForm } from './rfq';
import { mountUploadPages } from './upload';
import { serveStaticAssets } from './static-assets';

export type { PageDeps } from './kit';

const PUBLIC_DIR = path.join(__dirname, '..', '..', '..', 'public');
const STATIC_DIRS = ['assets', 'images'] as const;
/** Every first path segment the pages own: anything else under one is a page that does not exist. */
const PAGE_PREFIXES = [...new Set([...Object.values(PAGE_ROUTES).map((route) => `/${route.split('/')[1]}`), ...STATIC_DIRS.map((dir) => `/${dir}`)])];
const FORM_BODY = { size: FORM_LIMIT.size, advice: 'a form here takes only its own few fields' };

/** Static files are the same for everyone: the pages' no-store is lifted for them (the handler sets their Cache-Control). */
const keepCacheable: RequestHandler = (_req, res, next) => {
  res.removeHeader('Cache-Control');
  next();
};

export function mountPages(app: Express, deps: PageDeps): void {
  const router = Router({ strict: false });
  const kit = createPageKit(deps, router);

  // Compressed, with an ETag; an address carrying the file's content hash (`?v=`, see assetHref) is kept for a year.
  for (const dir of STATIC_DIRS) {
    const assetVersion = (relative: string) => (dir === 'assets' ? /\?v=(.+)$/.exec(assetHref(relative))?.[1] : undefined);
    const immutable = (req: Request, relative: string) => typeof req.query.v === 'string' && req.query.v === assetVersion(relative);
    router.use(`/${dir}`, setPageSecurityHeaders, keepCacheable, serveStaticAssets(path.join(PUBLIC_DIR, dir), { maxAgeSeconds: 3600, immutable }));
  }

  // The service's own address, opened in a browser: a page with the ways in. A client that asks
  // for JSON only keeps the API's 404 envelope.
  router.get('/', (req, res, next) => {
    if (req.accepts(['html', 'json']) !== 'html') {
      next();
      return;
    }
    setPageSecurityHeaders(req, res, () => undefined);
    kit.sendPage(res, 200, renderHomePage(deps.config.shopName));
  });

  mountOrderPage(kit);
  mountOrderRequestPages(kit);
  // Before the plate quoter: /plate/new is the upload page, not a design.
  mountUploadPages(kit);
  mountImportQuoteRequest(kit);
  mountPlatePages(kit);
  mountProductPages(kit);
  mountRfqForm(kit);

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
    let mapped: ServiceError;
    const bodyError = toBodyError(error, FORM_BODY);
    if (error instanceof ServiceError) {
      mapped = error;
      // A 5xx page the service answered on purpose (storage down or busy) still logs what caused it.
      if (error.status >= 500) res.locals.unhandledError = error.cause ?? error;
    } else if (bodyError) mapped = bodyError;
    else if (error instanceof URIError) {
      // A malformed percent-escape in the path (/r/%): no page has such an address.
      mapped = new ServiceError('route_not_found', 'No page has this address: it has a malformed percent-escape.');
    } else {
      res.locals.unhandledError = error;
      mapped = new ServiceError('internal_error', 'Something went wrong on our side.');
    }
    const retryAfter = retryAfterOf(mapped);
    if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
    setPageSecurityHeaders(req, res, () => undefined);
    kit.sendPage(res, mapped.status, renderErrorPage(deps.config.shopName, mapped.status, describePageError(mapped), res.locals.requestId as string));
  };
  router.use(handlePageError);

  app.use(router);
}
