// Prometheus metrics of the REST app: requests and latency by route template and status, quotes
// created, rate-limit rejections and storage errors. Each app gets its own registry, so several
// apps in one process (tests) never count into each other.
import { readFileSync } from 'node:fs';
import type { Request, RequestHandler, Response } from 'express';
import type { LimitStore } from '@shop/service';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface RestMetrics {
  registry: Registry;
  /** Records one answered request; `seconds` from its arrival to its answer being sent. */
  observe(req: Request, res: Response, seconds: number): void;
  /** Serves the registry in the Prometheus text format. */
  serve: RequestHandler;
}

type RequestLabel = 'method' | 'route' | 'status';

// Up to 1 s in fine steps (the target p99 is 25 ms), then a few coarse ones for slow outliers.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsSources {
  /** Where the rate limits are counted just now. */
  limitStore: () => LimitStore;
  /** Large pricing jobs waiting for a worker, and worker threads running. */
  pricing: () => { queued: number; threads: number };
  /** Drawings waiting to be read, and worker threads reading them; processes killed past their memory cap. */
  drawings: () => { queued: number; threads: number; rssKills?: number };
  /** Bytes of drawing bodies held just now, and the uploads holding them. */
  drawingUploads?: () => { bytes: number; uploads: number };
  /** The supervisor's file of restart counts (`pnpm start`): read at each scrape; null when not supervised. */
  supervisorStateFile?: string | null;
}

const LIMIT_STORES: readonly LimitStore[] = ['redis', 'database', 'memory'];

/** Each app's restart count from the supervisor's file; none when there is no file or it cannot be read. */
export function readRestarts(file: string | null): Array<[string, number]> {
  if (file === null) return [];
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as { apps?: Record<string, { restarts?: unknown }> };
    return Object.entries(state.apps ?? {}).flatMap(([app, entry]): Array<[string, number]> => {
      const restarts = entry?.restarts;
      // Only a whole, finite count is believed (a NaN or a negative would break the counter).
      return typeof restarts === 'number' && Number.isInteger(restarts) && restarts >= 0 && /^[a-z][a-z0-9_-]{0,30}$/.test(app) ? [[app, restarts]] : [];
    });
  } catch {
    return [];
  }
}

export function createRestMetrics(sources: MetricsSources): RestMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'rate_limit_store',
    help: 'Where the rate limits are counted: 1 for the store in use (memory: Redis is configured but cannot be reached).',
    labelNames: ['store'] as const,
    registers: [registry],
    collect() {
      const current = sources.limitStore();
      for (const store of LIMIT_STORES) this.set({ store }, store === current ? 1 : 0);
    },
  });
  new Gauge({
    name: 'pricing_jobs_queued',
    help: 'Large pricing jobs waiting for a worker thread.',
    registers: [registry],
    collect() {
      this.set(sources.pricing().queued);
    },
  });
  new Gauge({
    name: 'pricing_worker_threads',
    help: 'Pricing worker threads running (they start with the first large job and stop when idle).',
    registers: [registry],
    collect() {
      this.set(sources.pricing().threads);
    },
  });
  new Gauge({
    name: 'drawing_jobs_queued',
    help: 'DXF drawings waiting for a process of the drawing pool to read them.',
    registers: [registry],
    collect() {
      this.set(sources.drawings().queued);
    },
  });
  new Gauge({
    name: 'drawing_worker_threads',
    help: 'Drawing processes running (child processes, one per core at most; they start with the first import and stop when idle).',
    registers: [registry],
    collect() {
      this.set(sources.drawings().threads);
    },
  });
  new Counter({
    name: 'drawing_process_memory_kills_total',
    help: 'Drawing processes killed for passing their resident-memory cap (their drawing answered 422 dxf_too_complex).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.drawings().rssKills ?? 0);
    },
  });
  new Gauge({
    name: 'drawing_upload_bytes',
    help: 'Bytes of drawing bodies this process holds just now (arriving, or waiting for a drawing process); capped by DRAWING_UPLOADS_MIB.',
    registers: [registry],
    collect() {
      this.set(sources.drawingUploads?.().bytes ?? 0);
    },
  });
  new Gauge({
    name: 'drawing_uploads_in_flight',
    help: 'Drawing uploads holding bytes just now.',
    registers: [registry],
    collect() {
      this.set(sources.drawingUploads?.().uploads ?? 0);
    },
  });
  // The supervisor of `pnpm start` restarts any app that dies and keeps the counts in a file: served
  // here for every app it runs (the MCP app and the console have no metrics port of their own).
  new Counter({
    name: 'app_restarts_total',
    help: 'Times `pnpm start` restarted each app after it died (from its supervisor\'s state file).',
    labelNames: ['app'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [app, restarts] of readRestarts(sources.supervisorStateFile ?? null)) this.inc({ app }, restarts);
    },
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const quotes = new Counter({
    name: 'quotes_created_total',
    help: 'Quotes created through POST /api/v1/quotes.',
    registers: [registry],
  });
  const limited = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429 rate_limited, by limit scope.',
    labelNames: ['scope'] as const,
    registers: [registry],
  });
  const storageErrors = new Counter({
    name: 'storage_errors_total',
    help: 'Requests answered 503 storage_unavailable because the database could not be reached.',
    registers: [registry],
  });

  const seriesByKey = new Map<string, { requests: Counter.Internal; latency: Histogram.Internal<RequestLabel> }>();
  const observe = (req: Request, res: Response, seconds: number) => {
    // The route template, never the raw path: paths carry bearer ids and unbounded values.
    const base = req.baseUrl || ((res.locals.mountPath as string | undefined) ?? '');
    const route = req.route?.path ? `${base}${String(req.route.path)}` : 'unmatched';
    const status = String(res.statusCode);
    // One pair of children per label set (a handful of routes and statuses), so no request hashes labels.
    const key = `${req.method} ${route} ${status}`;
    let series = seriesByKey.get(key);
    if (!series) {
      const labels = { method: req.method, route, status };
      series = { requests: requests.labels(labels), latency: latency.labels(labels) };
      seriesByKey.set(key, series);
    }
    series.requests.inc();
    series.latency.observe(seconds);
    if (res.statusCode === 201 && req.method === 'POST' && route.endsWith('/quotes')) quotes.inc();
    const error = res.locals.error as { code?: string; scope?: string } | undefined;
    if (error?.code === 'rate_limited') limited.inc({ scope: error.scope ?? 'unknown' });
    if (error?.code === 'storage_unavailable') storageErrors.inc();
  };

  const serve: RequestHandler = (_req, res, next) => {
    registry
      .metrics()
      .then((text) => {
        res.setHeader('Cache-Control', 'no-store');
        res.type(registry.contentType).send(text);
      })
      .catch(next);
  };

  return { registry, observe, serve };
}
