// The express application: /api/v1 JSON API, the docs page, and the error envelope for every failure.
import { API_PREFIX, ServiceError } from '@shop/contracts';
import { systemClock } from '@shop/service';
import type { Clock, Config, Service } from '@shop/service';
import express from 'express';
import type { Express } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { ApiRouter } from './http/api-router';
import type { MountedRoute } from './http/api-router';
import { handleError } from './http/errors';
import { assignRequestId } from './http/request-id';
import { mountApi } from './routes/api';
import { mountDocs } from './routes/docs';
import { mountMeta } from './routes/meta';

export interface RestDeps {
  config: Config;
  logger: Logger;
  service: Service;
  clock?: Clock;
}

export interface RestApp {
  app: Express;
  /** The routes mounted under /api/v1, in OpenAPI path form. */
  routes: MountedRoute[];
}

export function createRestApp(deps: RestDeps): RestApp {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  app.use(assignRequestId);
  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (_req, res) => res.getHeader('X-Request-Id') as string,
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );

  const api = new ApiRouter();
  mountMeta(api, { publicUrl: config.publicUrl, checkHealth: () => deps.service.isHealthy() });
  mountApi(api, deps.service, deps.clock ?? systemClock);
  app.use(API_PREFIX, api.finish());
  mountDocs(app);

  app.use((req, _res, next) => {
    next(new ServiceError('route_not_found', `No route ${req.method} ${req.path}; see ${config.publicUrl}/docs for the API.`));
  });
  app.use(handleError);
  return { app, routes: api.routes() };
}
