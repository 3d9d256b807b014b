// The JSON API: each handler parses nothing itself, calls one use case and maps its answer.
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@shop/service';
import type { Answer, Clock, DrawingAdmission, RequestContext, Service } from '@shop/service';
import type { Request, RequestHandler, Response } from 'express';
import type { ApiRouter } from '../http/api-router';
import type { DrawingGate } from '../http/drawing-gate';

/**
 * A stored quote never changes, so its drawing can be kept for as long as the quote lives, but only
 * by the browser that asked: the id in the address is the drawing's only secret, and a shared cache
 * (a proxy, a CDN) would hand it to anyone who guesses nothing more than the address.
 */
const PREVIEW_CACHE = 'private, max-age=3888000, immutable';
/** An import does not change either, for the 30 days it is kept. */
const IMPORT_PREVIEW_CACHE = 'private, max-age=2592000, immutable';
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

export function mountApi(api: ApiRouter, service: Service, clock: Clock, gate: DrawingGate): void {
  const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const ctx = (req: Request): RequestContext => ({ clientIp: clientIp(req), now: clock.now() });
  // A read goes through express's send for its ETag (and 304 on a match).
  const sendJsonText = (res: Response, status: number, json: string) => {
    res.status(status).type('application/json').send(json);
  };
  // A new resource is never cached, so its answer skips hashing the body for an ETag. A POST may
  // carry an Idempotency-Key: its first answer is kept and sent again for the same key and body.
  // A drawing's key is checked against the file's digest and the query, not the megabytes themselves.
  const postCreating = (path: string, create: (req: Request, res: Response) => Promise<string | Answer>, drawing = false) => {
    const handler = async (req: Request, res: Response) => {
      const body = drawing ? { file: createHash('sha256').update(req.body as Buffer).digest('hex'), query: req.query } : req.body;
      const answer = await service.idempotent(
        { clientIp: clientIp(req), route: path, key: req.get(IDEMPOTENCY_HEADER), body, now: clock.now() },
        async () => {
          const created = await create(req, res);
          return typeof created === 'string' ? { status: 201, body: created } : created;
        },
      );
      res.statusCode = answer.status;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.end(answer.body);
    };
    if (drawing) api.postDrawing(path, handler, [reserveDrawing, admitDrawing(path)]);
    else api.post(path, handler);
  };
  // Before a drawing's megabytes are read: room in the drawing queue and under the cap of drawing
  // bytes held (nothing spent when there is none), then its limit (or its kept answer). A refusal
  // closes the connection, so the rest of the body is not even received.
  const reserveDrawing: RequestHandler = (req, res, next) => {
    try {
      gate.reserve(req, res, clientIp(req));
      next();
    } catch (error) {
      res.setHeader('Connection', 'close');
      next(error);
    }
  };
  const admitDrawing =
    (path: string): RequestHandler =>
    (req, res, next) => {
      service
        .admitDrawing({ clientIp: clientIp(req), route: path, key: req.get(IDEMPOTENCY_HEADER), now: clock.now() })
        .then((admission) => {
          res.locals.admission = admission;
          next();
        })
        .catch((error: unknown) => {
          res.setHeader('Connection', 'close');
          next(error);
        });
    };

  api.get('/materials', async (req, res) => {
    res.json(await service.listMaterials(req.query, ctx(req)));
  });
  api.get('/products', async (req, res) => {
    res.json(await service.listProducts(req.query, ctx(req)));
  });
  api.get('/products/:slug', async (req, res) => {
    res.json(await service.getProduct(String(req.params.slug), ctx(req)));
  });
  api.get('/profiles', async (req, res) => {
    res.json(await service.listProfiles(req.query, ctx(req)));
  });
  postCreating('/quotes', async (req) => (await service.createQuote(req.body, ctx(req), 'rest')).json);
  api.get('/quotes/:public_id', async (req, res) => {
    const { json } = await service.getQuote(String(req.params.public_id), ctx(req));
    sendJsonText(res, 200, json);
  });
  api.get('/quotes/:public_id/items/:index/preview.svg', async (req, res) => {
    const svg = await service.getPreviewSvg(String(req.params.public_id), String(req.params.index), ctx(req));
    res.setHeader('Cache-Control', PREVIEW_CACHE);
    res.setHeader('Content-Security-Policy', SVG_POLICY);
    res.status(200).type('image/svg+xml').send(svg);
  });
  api.get('/quotes/:public_id/items/:index/drawing.dxf', async (req, res) => {
    const file = await service.getDrawingDxf(String(req.params.public_id), String(req.params.index), ctx(req));
    res.setHeader('Cache-Control', PREVIEW_CACHE);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    // A large part's cut file is some 480 KB of text: sent compressed where the client takes it (kept made).
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.acceptsEncodings('gzip') === 'gzip') {
      res.setHeader('Content-Encoding', 'gzip');
      res.status(200).type('application/dxf; charset=utf-8').send(await file.gzipped());
      return;
    }
    res.status(200).type('application/dxf').send(file.dxf);
  });
  postCreating(
    '/plate-imports',
    async (req, res) => {
      const found = await service.importDrawing({ file: req.body as Buffer, options: req.query, admission: res.locals.admission as DrawingAdmission }, ctx(req));
      // The answer is the import's stored body byte for byte: an Idempotency-Key keeps the reference.
      return { status: 201, body: JSON.stringify(found), plateImportId: found.id };
    },
    true,
  );
  api.get('/plate-imports/:public_id/preview.svg', async (req, res) => {
    const svg = await service.getImportPreviewSvg(String(req.params.public_id), ctx(req));
    res.setHeader('Cache-Control', IMPORT_PREVIEW_CACHE);
    res.setHeader('Content-Security-Policy', SVG_POLICY);
    res.status(200).type('image/svg+xml').send(svg);
  });
  postCreating('/handoffs', async (req) => JSON.stringify(await service.createHandoff(req.body, ctx(req))));
  postCreating('/rfq-links', async (req) => JSON.stringify(await service.createRfqLink(req.body, ctx(req))));
}
