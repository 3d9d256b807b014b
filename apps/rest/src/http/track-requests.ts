// The bookkeeping of every request in one middleware: its id, the headers every answer carries, and
// one 'finish' hook that records the metrics and writes the request's one log line. One function
// and one listener per request, where a chain of small middlewares and pino-http's per-request child
// logger cost a fifth of POST /quotes (BENCHMARKS.md).
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { redactPath } from './log-redaction';
import type { RestMetrics } from './metrics';
import { assignRequestId } from './request-id';
import { setBaseSecurityHeaders } from './security-headers';

export interface TrackRequestsDeps {
  logger: Logger;
  metrics: RestMetrics;
}

/**
 * Gives every request its own id (never the caller's) in `X-Request-Id` and `res.locals.requestId`,
 * sets the base security headers, and once the answer is sent counts it and logs
 * `{ req: { id, method, path }, res: { status }, responseTime }`: at `error` for a 5xx (with the
 * error a handler left in `res.locals.unhandledError`), else at `info`. The path is redacted and the
 * query, body and client address are never logged.
 */
export function trackRequests({ logger, metrics }: TrackRequestsDeps): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    assignRequestId(req, res, () => undefined);
    setBaseSecurityHeaders(req, res, () => undefined);
    const id = res.locals.requestId as string;
    res.on('finish', () => {
      const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
      metrics.observe(req, res, elapsedMs / 1000);
      const failed = res.statusCode >= 500;
      const level = failed ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const line = {
        req: { id, method: req.method, path: redactPath(req.originalUrl) },
        res: { status: res.statusCode },
        responseTime: Math.round(elapsedMs),
        ...(failed && res.locals.unhandledError !== undefined ? { err: res.locals.unhandledError } : {}),
      };
      logger[level](line, failed ? 'request failed' : 'request completed');
    });
    next();
  };
}
