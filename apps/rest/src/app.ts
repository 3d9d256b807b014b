// The express application: /api/v1 JSON API, the docs page, the pages behind the links, and the
// error envelope for every failure outside the pages.
import { API_PREFIX, BOUNDS, ServiceError, clip } from '@shop/contracts';
import { systemClock } from '@shop/service';
import type { Config } from '@shop/runtime';
import type { Clock, Service } from '@shop/service';
import express from 'express';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { ApiRouter } from './http/api-router';
import type { MountedRoute } from './http/api-router';
import { apiHeaders } from './http/api-headers';
import { createDrawingGate } from './http/drawing-gate';
import { handleError } from './http/errors';
import { createRestMetrics } from './http/metrics';
import { trackRequests } from './http/track-requests';
import { mountApi } from './routes/api';
import { mountDocs } from './routes/docs';
import { mountMeta } from './routes/meta';
import { mountPages } from './routes/pages';
import { useFormTokenSecret } from './pages/form-token';

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
  /** GET /metrics (Prometheus), served on its own port: the API port does not answer it. */
  metricsApp: Express;
}

/** What an upload form holds beside its file: the token, the units, part headers and boundaries. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

export function createRestApp(deps: RestDeps): RestApp {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  useFormTokenSecret(config.formTokenSecret);
  app.set('query parser', 'simple');
  // Error bodies point `doc_url` at the docs page on this address.
  app.locals.publicUrl = config.publicUrl;

  // One admission for drawing bodies across the API and the upload page: the queue and a cap of
  // bytes held, both asked before a body is read. A page's form carries a little beside the file.
  const drawingGate = createDrawingGate({ maxBytes: config.drawingUploadBytes, uploadBytes: BOUNDS.dxfBytes + FORM_OVERHEAD_BYTES, queue: () => deps.service.drawingStats() });
  const metrics = createRestMetrics({
    limitStore: () => deps.service.limitStore(),
    pricing: () => deps.service.pricingStats(),
    drawings: () => deps.service.drawingStats(),
    drawingUploads: () => drawingGate.stats(),
    supervisorStateFile: config.supervisorStateFile,
  });
  app.use(trackRequests({ logger: deps.logger, metrics }));

  const api = new ApiRouter();
  mountMeta(api, { publicUrl: config.publicUrl, checkHealth: () => deps.service.health() });
  mountApi(api, deps.service, deps.clock ?? systemClock, drawingGate);
  app.use(API_PREFIX, ...apiHeaders, api.finish());
  mountDocs(app);
  mountPages(app, { config, service: deps.service, clock: deps.clock ?? systemClock, drawingGate });

  app.use((req, _res, next) => {
    next(new ServiceError('route_not_found', `No route ${req.method} ${clip(req.path, 100)}; see ${config.publicUrl}/docs for the API.`));
  });
  app.use(handleError);

  const metricsApp = express();
  metricsApp.disable('x-powered-by');
  metricsApp.get('/metrics', metrics.serve);
  return { app, routes: api.routes(), metricsApp };
}
