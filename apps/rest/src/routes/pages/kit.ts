// What every page route shares: the request context, the async handler wrapper, sending a page,
// reading a posted form, and the one guard against posts from another site.
import { ServiceError } from '@shop/contracts';
import type { Config } from '@shop/runtime';
import type { Clock, RequestContext, Service } from '@shop/service';
import express from 'express';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { CheckoutTarget } from '../../pages/links';

export interface PageDeps {
  config: Config;
  service: Service;
  clock: Clock;
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

/**
 * The pages' buttons and forms post only from their own pages: a post a browser marks as coming
 * from another site is refused (403 cross_site_request) before anything is read or kept.
 */
export const refuseCrossSite: RequestHandler = (req, _res, next) => {
  if (req.get('sec-fetch-site') === 'cross-site') {
    next(new ServiceError('cross_site_request', 'This button works only from its own page; open the page and press it there.'));
    return;
  }
  next();
};

/** One text field of a posted form; anything but a single string reads as absent. */
export function formField(req: Request, name: string): string | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : undefined;
}
