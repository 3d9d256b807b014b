// A router that knows its routes: each path answers 405 for methods it does not take, and the
// route list can be compared with the OpenAPI document.
import { ServiceError } from '@shop/contracts';
import type { HttpMethod } from '@shop/contracts';
import { Router, json } from 'express';
import type { Router as ExpressRouter } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { limitJsonDepth } from './json-guard';

export type Handler = (req: Request, res: Response) => Promise<void> | void;

export interface MountedRoute {
  method: HttpMethod;
  /** In OpenAPI form: `/quotes/{public_id}`. */
  path: string;
}

export const BODY_LIMIT = '256kb';

const parseJson = json({ limit: BODY_LIMIT, type: () => true });

/** A POST must say `Content-Type: application/json`; anything else is refused before parsing. */
const requireJson: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) {
    next(new ServiceError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.'));
    return;
  }
  next();
};

export class ApiRouter {
  readonly router: ExpressRouter = Router({ strict: false });
  private readonly methods = new Map<string, Set<HttpMethod>>();

  get(path: string, handler: Handler): this {
    return this.add('get', path, [], handler);
  }

  post(path: string, handler: Handler): this {
    return this.add('post', path, [requireJson, parseJson, limitJsonDepth], handler);
  }

  /** The mounted routes, in OpenAPI path form. */
  routes(): MountedRoute[] {
    return [...this.methods].flatMap(([path, methods]) => [...methods].map((method) => ({ method, path: toOpenApiPath(path) })));
  }

  /** Answers 405 on every known path for the methods it does not take. Call after the routes. */
  finish(): ExpressRouter {
    for (const [path, methods] of this.methods) {
      const allowed = [...methods].map((m) => m.toUpperCase());
      if (allowed.includes('GET')) allowed.push('HEAD');
      this.router.all(path, (req, res, next) => {
        res.setHeader('Allow', allowed.join(', '));
        next(new ServiceError('method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`));
      });
    }
    return this.router;
  }

  private add(method: HttpMethod, path: string, before: RequestHandler[], handler: Handler): this {
    const methods = this.methods.get(path) ?? new Set<HttpMethod>();
    methods.add(method);
    this.methods.set(path, methods);
    const run = (req: Request, res: Response, next: NextFunction) => {
      Promise.resolve(handler(req, res)).catch(next);
    };
    this.router[method](path, ...before, run);
    return this;
  }
}

function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}
