// The one mapping from anything thrown in a handler to the REST error envelope.
import { ServiceError } from '@shop/contracts';
import { toBodyError } from '@shop/runtime';
import type { BodyLimit } from '@shop/runtime';
import type { ErrorRequestHandler, Response } from 'express';

/** Seconds a retryable 503 that names no wait of its own is told to wait. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** The Retry-After of an error: its own wait, or a few seconds for any retryable 503; null for none. */
export function retryAfterOf(error: ServiceError): number | null {
  if (error.retryAfterSeconds !== null) return error.retryAfterSeconds;
  return error.status === 503 && error.retryable ? BUSY_RETRY_AFTER_SECONDS : null;
}

/** Sends a ServiceError as `{ error: ErrorBody }` with its status (and Retry-After on a 429 or a retryable 503). */
function sendError(res: Response, error: ServiceError): void {
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
  // For the metrics: which error this answer carried (the scope of a rate limit).
  res.locals.error = { code: error.code, scope: typeof error.details?.scope === 'string' ? error.details.scope : undefined };
  res.status(error.status).json({ error: error.toBody(res.locals.requestId as string, (res.app.locals.publicUrl as string | undefined) ?? null) });
}

const API_BODY: BodyLimit = { size: '256 KiB', advice: 'send fewer or smaller items' };

/** Express's error handler: body-parser failures, ServiceErrors, and anything else as a 500 without details. */
export const handleError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  let mapped: ServiceError;
  const bodyError = toBodyError(error, API_BODY);
  if (error instanceof ServiceError) {
    mapped = error;
    // A 5xx the service answered on purpose (storage down, pricing busy) still logs what caused it.
    if (error.status >= 500) res.locals.unhandledError = error.cause ?? error;
  } else if (bodyError) {
    mapped = bodyError;
  } else if (error instanceof URIError) {
    // The router could not percent-decode a path segment: no resource has such a name.
    mapped = new ServiceError('route_not_found', 'The path has a malformed percent-escape; encode each path segment as UTF-8.');
  } else {
    // Logged with the request's line (track-requests.ts), never sent.
    res.locals.unhandledError = error;
    mapped = new ServiceError('internal_error', 'Something went wrong on our side; the request was not completed.');
  }
  if (res.headersSent) return;
  sendError(res, mapped);
};
