// What every page route shares: the request context, the async handler wrapper, sending a page,
// reading a posted form, and the one guard against posts from another site.
import { ServiceError } from '@shop/contracts';
import type { Config } from '@shop/runtime';
import type { Clock, RequestContext, Service } from '@shop/service';
import express from 'express';
import type { Request, RequestHandler, Response, Router } from 'express';
import { buildFormCookie, buildFormToken, isWellFormedToken, matchesCookie, newToken, readCookie } from '../../pages/form-token';
import type { FormCookieSpec } from '../../pages/form-token';
import type { DrawingGate } from '../../http/drawing-gate';
import type { CheckoutTarget } from '../../pages/links';

export interface PageDeps {
  config: Config;
  service: Service;
  clock: Clock;
  /** Admission of drawing bodies (the upload page's file), shared with the API. */
  drawingGate: DrawingGate;
}

/** Forms are a few short fields: 64 KiB and 20 fields is far past any of them. */
export const FORM_LIMIT = { bytes: '64kb', size: '64 KiB', fields: 20 } as const;

export interface PageKit extends PageDeps {
  router: Router;
  target: CheckoutTarget;
  ctx(req: Request): RequestContext;
  run(handler: (req: Request, res: Response) => Promise<void>): RequestHandler;
  sendPage(res: Response, status: number, body: string): void;
  /** Parses an urlencoded form body (the pages' forms post nothing else). */
  parseForm: RequestHandler;
}

export function createPageKit(deps: PageDeps, router: Router): PageKit {
  return {
    ...deps,
    router,
    target: { shopUrl: deps.config.shopUrl, publicUrl: deps.config.publicUrl },
    ctx: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown', now: deps.clock.now() }),
    run: (handler) => (req, res, next) => {
      handler(req, res).catch(next);
    },
    sendPage: (res, status, body) => {
      res.status(status).type('html').send(body);
    },
    parseForm: express.urlencoded({ extended: false, limit: FORM_LIMIT.bytes, parameterLimit: FORM_LIMIT.fields }),
  };
}

const CROSS_SITE_MESSAGE = 'This button works only from its own page; open the page and press it there.';

/**
 * Whether an Origin header may be this service's: its public address, the host the request was sent
 * to, or "null", which Chromium sends on a post from a page served with `Referrer-Policy: no-referrer`
 * (every page here): a post with it must then carry its form's token.
 */
function isOwnOrigin(origin: string, req: Request): boolean {
  if (origin === 'null') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const publicUrl = req.app.locals.publicUrl as string | undefined;
  if (publicUrl !== undefined && url.origin === new URL(publicUrl).origin) return true;
  return url.host === req.get('host');
}

/**
 * The pages' buttons and forms post only from their own pages: a post a browser marks as coming
 * from another site (Sec-Fetch-Site), or whose Origin is another site, is refused (403
 * cross_site_request) before anything is read or kept. The forms that act (upload, order, quote
 * request) also carry a token (checkFormToken).
 */
export const refuseCrossSite: RequestHandler = (req, _res, next) => {
  const site = req.get('sec-fetch-site');
  const origin = req.get('origin');
  if (site === 'cross-site' || site === 'same-site' || (origin !== undefined && !isOwnOrigin(origin, req))) {
    next(new ServiceError('cross_site_request', CROSS_SITE_MESSAGE));
    return;
  }
  next();
};

/** A form's cookie lasts as long as an imported part or a quote's design is kept (30 days); each page view sets it again. */
const FORM_COOKIE_SECONDS = 30 * 86_400;

/**
 * The token of a page's form: the browser's cookie token (a new one when it has none), set again,
 * and the hidden field's value that carries it.
 */
export function issueFormToken(req: Request, res: Response, spec: FormCookieSpec): string {
  const existing = readCookie(req.headers.cookie, spec.name);
  const token = isWellFormedToken(existing) ? existing : newToken();
  const publicUrl = req.app.locals.publicUrl as string | undefined;
  res.append('Set-Cookie', buildFormCookie(spec, token, { secure: publicUrl?.startsWith('https:') === true, maxAgeSeconds: FORM_COOKIE_SECONDS }));
  return buildFormToken(token);
}

/** Refuses (403 cross_site_request) a form whose hidden token does not carry its cookie's. */
export function checkFormToken(req: Request, spec: FormCookieSpec, formToken: unknown): void {
  if (!matchesCookie(formToken, readCookie(req.headers.cookie, spec.name))) {
    throw new ServiceError(
      'cross_site_request',
      'This form was not sent from its own page in this browser (or the browser did not send its cookie), so nothing was done. Open the page again and send it from there.',
    );
  }
}

/** One text field of a posted form; anything but a single string reads as absent. */
export function formField(req: Request, name: string): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : undefined;
}
