// A router that knows its routes: it mounts only the routes of the contract's list, refuses query
// parameters on a route that takes none, and answers 405 for the methods a path does not take.
import { API_ROUTES, ServiceError, clip } from '@shop/contracts';
import type { ApiRoute, HttpMethod } from '@shop/contracts';
import { Router, json } from 'express';
import type { Router as ExpressRouter } from 'express';
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { readDrawingBody } from './drawing-body';
import { limitJsonDepth } from './json-guard';

export type Handler = (req: Request, res: Response) => Promise<void> | void;

export interface MountedRoute {
  method: HttpMethod;
  /** In OpenAPI form: `/quotes/{public_id}`. */
  path: string;
}

const BODY_LIMIT = '256kb';

const parseJson = json({ limit: BODY_LIMIT, type: () => true });

/** The media types a drawing may be sent as (a DXF file has no single registered one). */
const DXF_MEDIA_TYPES = ['application/dxf', 'image/vnd.dxf', 'application/octet-stream'] as const;

/** A drawing must come as one of the DXF media types; anything else is refused before reading it. */
const requireDrawing: RequestHandler = (req, _res, next) => {
  if (!req.is([...DXF_MEDIA_TYPES])) {
    next(new ServiceError('unsupported_media_type', `Send the DXF file itself as the body, with Content-Type: ${DXF_MEDIA_TYPES.join(', ')} (e.g. curl --data-binary @part.dxf -H 'Content-Type: application/dxf').`));
    return;
  }
  next();
};

/** A route that takes no query parameters refuses any sent, naming the first (422 parameter_unknown). */
const refuseQuery: RequestHandler = (req, _res, next) => {
  const keys = Object.keys(req.query as Record<string, unknown>);
  if (keys.length === 0) {
    next();
    return;
  }
  const name = clip(keys[0]!, 64);
  next(
    new ServiceError('parameter_unknown', `${name} is not a query parameter of this route; it takes none: remove it.`, {
      param: name,
      details: keys.length > 1 ? { unknown: keys.slice(0, 10).map((key) => clip(key, 64)) } : null,
    }),
  );
};

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

  /** `known`: the routes that may be mounted (the contract's list unless given). */
  constructor(private readonly known: readonly ApiRoute[] = API_ROUTES) {}

  get(path: string, handler: Handler): this {
    return this.add('get', path, [], handler);
  }

  post(path: string, handler: Handler): this {
    return this.add('post', path, [requireJson, parseJson, limitJsonDepth], handler);
  }

  /**
   * A POST whose body is a drawing file (up to 5 MiB), given to the handler as one Buffer. `admit`
   * runs in order before a byte of the body is read: a request they refuse (the drawing queue full,
   * a spent limit) costs no read.
   */
  postDrawing(path: string, handler: Handler, admit: RequestHandler[] = []): this {
    return this.add('post', path, [requireDrawing, ...admit, readDrawingBody], handler);
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

  private add(method: HttpMethod, path: string, before: Array<RequestHandler | ErrorRequestHandler>, handler: Handler): this {
    const route = this.known.find((r) => r.method === method && r.path === toOpenApiPath(path));
    if (!route) throw new Error(`${method.toUpperCase()} ${path} is not in the contract's API_ROUTES`);
    if (route.query === null) before = [refuseQuery, ...before];
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
