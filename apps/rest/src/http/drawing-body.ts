// Reads a drawing's body (POST /plate-imports) into one buffer sized from its Content-Length, never
// past the 5 MiB limit, with every way a body can fail (cut short, a client gone, a socket error)
// answered as an error and never thrown. Compressed drawings are refused: their size could only be
// known by inflating them, and 160 KB of gzip can stand for gigabytes.
import { BOUNDS, ServiceError } from '@shop/contracts';
import { continueIfAsked, createByteSink } from '@shop/runtime';
import type { RequestHandler } from 'express';

const TOO_LARGE = () =>
  new ServiceError('body_too_large', `The body is larger than ${BOUNDS.dxfBytes / 1024 / 1024} MiB; remove what is not the part (title block, other views, text) or send one part per file.`);

export const readDrawingBody: RequestHandler = (req, res, next) => {
  const encoding = (req.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== '') {
    res.setHeader('Connection', 'close');
    next(new ServiceError('unsupported_media_type', 'Send the drawing uncompressed (no Content-Encoding): a compressed drawing is not taken, as its size cannot be checked before it is inflated.'));
    return;
  }
  const announced = Number(req.get('content-length'));
  const known = req.get('content-length') !== undefined && Number.isFinite(announced);
  if (known && !(announced <= BOUNDS.dxfBytes)) {
    // Refused before a byte is read; the connection is not kept for the rest of it.
    res.setHeader('Connection', 'close');
    next(TOO_LARGE());
    return;
  }
  // Admitted (this runs after the queue, the bytes held and the limit were asked): a client waiting
  // on Expect: 100-continue may send its body now.
  continueIfAsked(req, res);
  const sink = createByteSink(BOUNDS.dxfBytes, known ? announced : null);
  let settled = false;
  const settle = (error: ServiceError | null) => {
    if (settled) return;
    settled = true;
    req.off('data', onData);
    if (error) {
      res.setHeader('Connection', 'close');
      // The rest, if any, is read and dropped so the answer can be sent.
      req.resume();
      next(error);
      return;
    }
    req.body = sink.bytes();
    next();
  };
  const onData = (chunk: Buffer) => {
    if (!sink.push(chunk)) settle(TOO_LARGE());
  };
  req.on('data', onData);
  req.on('end', () => settle(null));
  req.on('error', () => settle(new ServiceError('request_malformed', 'The drawing could not be read to its end (the connection failed or the body was cut short); send it again.')));
  req.on('aborted', () => settle(new ServiceError('request_malformed', 'The drawing could not be read to its end (the connection failed or the body was cut short); send it again.')));
};
