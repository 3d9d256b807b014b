// Drawing uploads are admitted before their bodies are read: with the drawing queue full, or the
// bytes of drawings held at the cap, a new upload is answered 503 service_busy with Retry-After
// while its body has not even been sent; and the limits of a drawing hold to the byte on both paths.
import net from 'node:net';
import { ServiceError } from '@shop/contracts';
import { retryAfterOf } from '../src/http/errors';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { bracketDxf } from './fixtures';
import { sendRaw } from './process-harness';

const MIB = 1024 * 1024;

/** Opens an upload and sends its head and a few bytes of its body, holding the rest back. */
function holdUpload(port: number, path: string, length: number, headers = 'Content-Type: application/dxf\r\n'): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.on('data', () => undefined);
  socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Length: ${length}\r\n\r\n0\r\nSECTION\r\n`);
  return socket;
}

function portOf(app: TestApp): number {
  return Number(new URL(app.http.baseUrl).port);
}

/** Waits until /metrics says this many drawing uploads hold bytes (each one past the admission). */
async function untilUploadsHeld(app: TestApp, uploads: number): Promise<string> {
  for (;;) {
    const text = (await app.metrics.request('GET', '/metrics')).text;
    if (new RegExp(`^drawing_uploads_in_flight ${uploads}$`, 'm').test(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('drawing uploads are admitted before their bodies are read', () => {
  let app: TestApp;

  beforeAll(async () => {
    // Each held upload names its own address (one proxy believed), as many clients would.
    app = await startTestApp({ env: { DRAWING_UPLOADS_MIB: '8', RATE_LIMIT_SCALE: '1000', TRUST_PROXY: '1' } });
  });
  afterAll(() => app.close());

  it('with the bytes of drawings held at the cap, a new upload gets 503 service_busy and Retry-After from its head alone, on the API and the page', async () => {
    const held = holdUpload(portOf(app), '/api/v1/plate-imports?units=in', 5 * MIB);
    try {
      const metrics = await untilUploadsHeld(app, 1);
      expect(metrics).toMatch(new RegExp(`^drawing_upload_bytes ${5 * MIB}$`, 'm'));
      // Only the head is sent: the answer comes without a byte of the body.
      const api = await sendRaw(portOf(app), `POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/dxf\r\nContent-Length: ${4 * MIB}\r\n\r\n`);
      expect(api.status).toBe(503);
      expect(api.text).toMatch(/\r\nRetry-After: 5\r\n/i);
      expect(api.text).toMatch(/\r\nConnection: close\r\n/i);
      expect(api.text).toContain('"code":"service_busy"');
      const page = await sendRaw(
        portOf(app),
        `POST /plate/new HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${4 * MIB}\r\n\r\n`,
      );
      expect(page.status).toBe(503);
      expect(page.text).toMatch(/\r\nRetry-After: 5\r\n/i);
      // A small drawing still fits beside the held one.
      const small = await app.http.request('POST', '/api/v1/plate-imports?units=mm', { raw: bracketDxf(), headers: { 'content-type': 'application/dxf' } });
      expect(small.status).toBe(201);
    } finally {
      held.destroy();
    }
    // Released when the held upload goes away.
    await untilUploadsHeld(app, 0);
    const after = await sendRaw(portOf(app), `POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/dxf\r\nContent-Length: 4\r\n\r\nnone`);
    expect(after.status).toBe(422);
  });

  it('with the drawing queue full (uploads arriving count as waiting), a new upload gets 503 service_busy and Retry-After before its body is read', async () => {
    const { capacity } = app.runtime.service.drawingStats();
    const held = Array.from({ length: capacity }, (_, i) =>
      holdUpload(portOf(app), '/api/v1/plate-imports?units=in', 1_000, `Content-Type: application/dxf\r\nX-Forwarded-For: 203.0.113.${i + 1}\r\n`),
    );
    try {
      await untilUploadsHeld(app, capacity);
      const refused = await sendRaw(portOf(app), `POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/dxf\r\nContent-Length: 1000\r\n\r\n`);
      expect(refused.status).toBe(503);
      expect(refused.text).toMatch(/\r\nRetry-After: 5\r\n/i);
      expect(refused.text).toContain('the drawing queue is full');
    } finally {
      for (const socket of held) socket.destroy();
    }
    await untilUploadsHeld(app, 0);
  });

  it('with the queue half full, an address with a drawing on its way waits (503), while an address with none is admitted', async () => {
    const { capacity } = app.runtime.service.drawingStats();
    const from = (address: string) => `Content-Type: application/dxf\r\nX-Forwarded-For: ${address}\r\n`;
    const held = Array.from({ length: capacity / 2 }, (_, i) => holdUpload(portOf(app), '/api/v1/plate-imports?units=in', 1_000, from(`203.0.113.${i + 1}`)));
    try {
      await untilUploadsHeld(app, capacity / 2);
      const again = await sendRaw(portOf(app), `POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\n${from('203.0.113.1')}Content-Length: 1000\r\n\r\n`);
      expect(again.status).toBe(503);
      expect(again.text).toMatch(/\r\nRetry-After: 5\r\n/i);
      expect(again.text).toContain('this address already has a drawing on its way');
      const newcomer = await app.http.request('POST', '/api/v1/plate-imports?units=mm', { raw: bracketDxf(), headers: { 'content-type': 'application/dxf', 'x-forwarded-for': '198.51.100.99' } });
      expect(newcomer.status).toBe(201);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await untilUploadsHeld(app, 0);
  });

  it('one address may have 4 drawings arriving at once: a fifth is 429 rate_limited with Retry-After before its body, and other addresses are still admitted', async () => {
    const from = (address: string) => `Content-Type: application/dxf\r\nX-Forwarded-For: ${address}\r\n`;
    const held = Array.from({ length: 4 }, () => holdUpload(portOf(app), '/api/v1/plate-imports?units=in', 1_000, from('198.51.100.7')));
    try {
      await untilUploadsHeld(app, 4);
      const fifth = await sendRaw(portOf(app), `POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\n${from('198.51.100.7')}Content-Length: 1000\r\n\r\n`);
      expect(fifth.status).toBe(429);
      expect(fifth.text).toMatch(/\r\nRetry-After: 5\r\n/i);
      expect(fifth.text).toContain('"scope":"drawing_uploads"');
      const other = await app.http.request('POST', '/api/v1/plate-imports?units=mm', { raw: bracketDxf(), headers: { 'content-type': 'application/dxf', 'x-forwarded-for': '198.51.100.8' } });
      expect(other.status).toBe(201);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await untilUploadsHeld(app, 0);
  });

  it('refuses a compressed drawing with 415, and a drawing of exactly 5 MiB is read while one byte more is 413', async () => {
    const gz = await app.http.request('POST', '/api/v1/plate-imports?units=in', { raw: Buffer.from('x'), headers: { 'content-type': 'application/dxf', 'content-encoding': 'gzip' } });
    expect([gz.status, gz.json.error.code]).toEqual([415, 'unsupported_media_type']);
    const dxf = bracketDxf();
    const exact = Buffer.concat([Buffer.from(dxf), Buffer.alloc(5 * MIB - Buffer.byteLength(dxf), 0x20)]);
    const read = await app.http.request('POST', '/api/v1/plate-imports?units=mm', { raw: exact, headers: { 'content-type': 'application/dxf' } });
    expect(read.status).not.toBe(413);
    const over = await app.http.request('POST', '/api/v1/plate-imports?units=mm', { raw: Buffer.concat([exact, Buffer.from(' ')]), headers: { 'content-type': 'application/dxf' } });
    expect([over.status, over.json.error.code]).toEqual([413, 'body_too_large']);
  });
});

describe('Retry-After on 503s', () => {
  it('a retryable 503 without a wait of its own (a drawing queue full, a drawing process gone) is told 5 s; its own wait wins; other errors get none', () => {
    expect(retryAfterOf(new ServiceError('service_busy', 'busy'))).toBe(5);
    expect(retryAfterOf(new ServiceError('storage_unavailable', 'down'))).toBe(5);
    expect(retryAfterOf(new ServiceError('service_busy', 'busy', { retryAfterSeconds: 2 }))).toBe(2);
    expect(retryAfterOf(new ServiceError('internal_error', 'boom'))).toBeNull();
    expect(retryAfterOf(new ServiceError('dxf_too_complex', 'heavy'))).toBeNull();
  });
});

