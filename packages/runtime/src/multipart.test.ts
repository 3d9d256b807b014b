import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ServiceError } from '@shop/contracts';
import { createByteSink } from './byte-sink';
import { readMultipart } from './multipart';
import type { MultipartHooks, MultipartLimits } from './multipart';

const BOUNDARY = 'readerTestBoundary';
const LIMITS: MultipartLimits = { fileBytes: 1024, files: 1, fields: 4, fieldBytes: 64 };

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name = 'drawing', filename = 'a.dxf') => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/dxf\r\n\r\n`;
const close = `--${BOUNDARY}--\r\n`;

/** What one request's reading settled as, in the server that read it. */
type Outcome = { ok: true; fields: Record<string, string>; files: Array<{ name: string; size: number | null; tooLarge: boolean }>; tooManyFiles: boolean } | { ok: false; code: string; status: number };

describe('readMultipart', () => {
  let server: http.Server;
  let port: number;
  let hooks: MultipartHooks = {};
  const outcomes: Outcome[] = [];
  let settled: () => void = () => undefined;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      readMultipart(req, LIMITS, hooks).then(
        (form) => {
          outcomes.push({ ok: true, fields: form.fields, files: form.files.map((file) => ({ name: file.name, size: file.bytes?.length ?? null, tooLarge: file.tooLarge })), tooManyFiles: form.tooManyFiles });
          res.end('ok');
          settled();
        },
        (error: unknown) => {
          const { code, status } = error as ServiceError;
          outcomes.push({ ok: false, code, status });
          res.statusCode = status;
          res.setHeader('Connection', 'close');
          res.end(code);
          settled();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    hooks = {};
    outcomes.length = 0;
  });

  /** Sends raw bytes (head built here) and waits for the server's reading to settle. */
  async function send(body: string | Buffer, options: { length?: number; headers?: string; cut?: boolean } = {}): Promise<Outcome> {
    const done = new Promise<void>((resolve) => {
      settled = resolve;
    });
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    const head = `POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${options.length ?? bytes.length}\r\n${options.headers ?? ''}\r\n`;
    socket.write(Buffer.concat([Buffer.from(head), bytes]), () => {
      if (options.cut) socket.destroy();
    });
    await done;
    socket.destroy();
    return outcomes.at(-1)!;
  }

  it('reads fields and a file into one buffer of its size', async () => {
    const outcome = await send(`${field('units', 'mm')}${fileHead()}${'x'.repeat(300)}\r\n${close}`);
    expect(outcome).toEqual({ ok: true, fields: { units: 'mm' }, files: [{ name: 'drawing', size: 300, tooLarge: false }], tooManyFiles: false });
  });

  it('keeps a file of exactly the limit and refuses one byte more', async () => {
    expect(await send(`${fileHead()}${'x'.repeat(1024)}\r\n${close}`)).toMatchObject({ ok: true, files: [{ size: 1024, tooLarge: false }] });
    expect(await send(`${fileHead()}${'x'.repeat(1025)}\r\n${close}`)).toMatchObject({ ok: true, files: [{ size: null, tooLarge: true }] });
  });

  it('answers a body that ends inside the file part (Content-Length matching) with 400 request_malformed', async () => {
    expect(await send(`${field('form_token', 't')}${fileHead('x', 'a')}AAAA`)).toEqual({ ok: false, code: 'request_malformed', status: 400 });
  });

  it('answers a body that ends inside a boundary, or before any part, with 400 request_malformed', async () => {
    expect(await send(`${fileHead()}0\r\nEOF\r\n--${BOUNDARY.slice(0, 6)}`)).toEqual({ ok: false, code: 'request_malformed', status: 400 });
    expect(await send(`--${BOUNDARY}\r\nContent-Disp`)).toEqual({ ok: false, code: 'request_malformed', status: 400 });
  });

  it('settles as 400 when the client goes away mid-file', async () => {
    expect(await send(`${fileHead()}${'x'.repeat(500)}`, { length: 100_000, cut: true })).toEqual({ ok: false, code: 'request_malformed', status: 400 });
  });

  it('refuses a compressed form with 415, reading nothing', async () => {
    expect(await send(`${fileHead()}x\r\n${close}`, { headers: 'Content-Encoding: gzip\r\n' })).toEqual({ ok: false, code: 'unsupported_media_type', status: 415 });
  });

  it('refuses with the error a hook throws, before the file is kept, and stays quiet about the rest of the body', async () => {
    hooks = {
      acceptFile: () => {
        throw new ServiceError('cross_site_request', 'no');
      },
    };
    // The file is also cut short after the refusal: its stream's error must find a listener.
    expect(await send(`${fileHead()}${'x'.repeat(500)}`, { length: 600 })).toEqual({ ok: false, code: 'cross_site_request', status: 403 });
    expect(await send(`${field('a', 'b')}${close}`)).toMatchObject({ ok: true, fields: { a: 'b' } });
  });

  it('drains a file a hook declines and says when there were too many files', async () => {
    hooks = { acceptFile: (name) => name === 'drawing' };
    expect(await send(`${fileHead('other')}zzz\r\n${field('units', 'in')}${close}`)).toEqual({ ok: true, fields: { units: 'in' }, files: [], tooManyFiles: false });
    expect(await send(`${fileHead()}yy\r\n${fileHead()}zzz\r\n${close}`)).toMatchObject({ ok: true, files: [{ name: 'drawing', size: 2 }], tooManyFiles: true });
  });
});

describe('createByteSink', () => {
  it('copies chunks into one buffer, growing past a small first guess and never past the limit', () => {
    const sink = createByteSink(10, 2);
    expect(sink.push(Buffer.from('abc'))).toBe(true);
    expect(sink.push(Buffer.from('defgh'))).toBe(true);
    expect(sink.bytes().toString()).toBe('abcdefgh');
    expect(sink.push(Buffer.from('ij'))).toBe(true);
    expect([sink.bytes().toString(), sink.overLimit]).toEqual(['abcdefghij', false]);
    expect(sink.push(Buffer.from('k'))).toBe(false);
    expect([sink.bytes().toString(), sink.received, sink.overLimit]).toEqual(['abcdefghij', 11, true]);
  });

  it('trusts an announced size only up to the limit, and refuses NaN sizes as unknown', () => {
    const sink = createByteSink(4, 1e12);
    expect(sink.push(Buffer.from('1234'))).toBe(true);
    expect(createByteSink(4, Number.NaN).push(Buffer.from('12'))).toBe(true);
  });
});
