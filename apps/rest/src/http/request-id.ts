import { newRequestId } from '@shop/service';
import type { RequestHandler } from 'express';

/** Gives every request its own id (never the caller's), in `X-Request-Id` and `res.locals.requestId`. */
export const assignRequestId: RequestHandler = (_req, res, next) => {
  const id = newRequestId();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};
