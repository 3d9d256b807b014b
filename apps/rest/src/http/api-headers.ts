// Headers of every answer under /api/v1: CORS for browsers on any origin (the API needs no key and
// sets no cookie, so no credentials are ever allowed) and headers that keep JSON and SVG answers
// from being sniffed, framed or run as a page.
import cors from 'cors';
import type { RequestHandler } from 'express';

const allowCrossOrigin = cors({
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST'],
  allowedHeaders: ['Content-Type', 'Idempotency-Key'],
  exposedHeaders: ['X-Request-Id', 'Retry-After', 'Idempotent-Replayed'],
  maxAge: 86_400,
});

// The SVG route sets its own Content-Security-Policy (inline styles allowed) after this one.
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * On top of the base headers every answer has (nosniff, DENY framing, no referrer): a policy that
 * runs nothing, and reads from any origin allowed. Also notes where the API is mounted, for the
 * metrics' route label (express forgets it once an error leaves the router).
 */
const setApiHeaders: RequestHandler = (req, res, next) => {
  res.locals.mountPath = req.baseUrl;
  res.setHeader('Content-Security-Policy', API_POLICY);
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  next();
};

/** Security headers and CORS for the JSON API, in the order they must run. */
export const apiHeaders: RequestHandler[] = [setApiHeaders, allowCrossOrigin];
