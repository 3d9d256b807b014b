import { ServiceError } from '@shop/contracts';
import express from 'express';
import type { ErrorRequestHandler } from 'express';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { toBodyError } from './body-errors';

const LIMIT = { size: '1 KiB', advice: 'send less' };

describe('toBodyError', () => {
  // The real parsers' failures, caught as express hands them on.
  let url: string;
  let close: () => void;
  const caught: unknown[] = [];
  beforeAll(async () => {
    const app = express();
    app.post('/json', express.json({ limit: '1kb' }), (_req, res) => void res.end());
    app.post('/form', express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 2 }), (_req, res) => void res.end());
    const keep: ErrorRequestHandler = (error, _req, res, _next) => {
      caught.push(error);
      res.status(499).end();
    };
    app.use(keep);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  async function failureOf(path: string, init: RequestInit): Promise<ServiceError | null> {
    caught.length = 0;
    await fetch(`${url}${path}`, { method: 'POST', ...init });
    return toBodyError(caught[0], LIMIT);
  }

  it('maps JSON that does not parse to invalid_json', async () => {
    const error = await failureOf('/json', { headers: { 'content-type': 'application/json' }, body: '{"a":' });
    expect([error?.code, error?.status, error?.message]).toEqual(['invalid_json', 400, 'The body is not valid JSON: check quotes, commas and brackets.']);
  });

  it('maps a body past the limit, and a form with too many fields, to body_too_large naming the limit', async () => {
    const big = await failureOf('/json', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(2000) }) });
    expect([big?.code, big?.status, big?.message]).toEqual(['body_too_large', 413, 'The body is larger than 1 KiB; send less.']);
    const fields = await failureOf('/form', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2&c=3' });
    expect(fields?.code).toBe('body_too_large');
  });

  it('maps a body that cannot be read to invalid_json', async () => {
    const broken = await failureOf('/json', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: 'not gzip' });
    expect([broken?.code, broken?.status]).toEqual(['invalid_json', 400]);
  });

  it('maps a body its client abandons half-way to invalid_json, not an internal error', async () => {
    caught.length = 0;
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('POST /json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":', () => socket.destroy());
    while (caught.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const error = toBodyError(caught[0], LIMIT);
    expect([error?.code, error?.status]).toEqual(['invalid_json', 400]);
  });

  it('maps an unknown content encoding or a non-UTF-8 body to unsupported_media_type', async () => {
    const zipped = await failureOf('/json', { headers: { 'content-type': 'application/json', 'content-encoding': 'compress' }, body: '{}' });
    expect([zipped?.code, zipped?.status]).toEqual(['unsupported_media_type', 415]);
    const latin = await failureOf('/json', { headers: { 'content-type': 'application/json; charset=latin1' }, body: '{}' });
    expect(latin?.code).toBe('unsupported_media_type');
  });

  it('leaves anything else alone', () => {
    expect(toBodyError(new Error('boom'), LIMIT)).toBeNull();
    expect(toBodyError(new ServiceError('rate_limited', 'slow down'), LIMIT)).toBeNull();
    expect(toBodyError(undefined, LIMIT)).toBeNull();
    // The router's own failure to decode a path is not the body's.
    expect(toBodyError(Object.assign(new URIError('URI malformed'), { status: 400 }), LIMIT)).toBeNull();
  });
});
