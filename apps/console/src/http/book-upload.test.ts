import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { ErrorRequestHandler } from 'express';
import { BOOK_UPLOAD_BYTES, bookUploadOf, readBookUpload } from './book-upload';

const BOUNDARY = 'bookTestBoundary';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n${value}\r\n`;

describe('readBookUpload', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.post('/price-book', readBookUpload, (req, res) => {
      res.json({ upload: bookUploadOf(req), body: req.body as unknown });
    });
    // As the console's handler maps it: a form that cannot be read is a 400 page.
    const handle: ErrorRequestHandler = (error, _req, res, _next) => {
      res.status((error as { type?: string }).type === 'entity.parse.failed' ? 400 : 500).json({ refused: true });
    };
    app.use(handle);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends the body with a Content-Length that matches it, on a raw socket; the status line's code. */
  function post(body: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text: text.slice(text.indexOf('\r\n\r\n') + 4) });
      });
      socket.end(
        `POST /price-book HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    });
  }

  it('reads the book file, the note and the CSRF token', async () => {
    const reply = await post(`${part('_csrf', 'tok')}${part('note', 'spring rates')}${part('book_file', '{"version":"x"}', 'book.json')}--${BOUNDARY}--\r\n`);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.text)).toEqual({ upload: { file: '{"version":"x"}', pasted: '', note: 'spring rates', tooLarge: false }, body: { _csrf: 'tok' } });
  });

  it('takes the pasted book when the file input was left empty, as Chromium sends it (an empty part, filename="")', async () => {
    const emptyFile = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="book_file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`;
    const reply = await post(`${part('_csrf', 'tok')}${emptyFile}${part('book_text', '{"version":"pasted"}')}${part('note', '')}--${BOUNDARY}--\r\n`);
    expect(JSON.parse(reply.text)).toEqual({ upload: { file: null, pasted: '{"version":"pasted"}', note: '', tooLarge: false }, body: { _csrf: 'tok' } });
  });

  it('answers a body that ends inside the file part with the 400 page, and the server answers the next form', async () => {
    const reply = await post(`${part('_csrf', 'tok')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="book_file"; filename="b.json"\r\n\r\n{"ver`);
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({ refused: true });
    expect((await post(`${part('book_text', '{}')}--${BOUNDARY}--\r\n`)).status).toBe(200);
  });

  it('keeps a book of exactly the limit and marks one byte more as too large', async () => {
    const exact = await post(`${part('book_file', 'x'.repeat(BOOK_UPLOAD_BYTES), 'b.json')}--${BOUNDARY}--\r\n`);
    expect(JSON.parse(exact.text).upload.file).toHaveLength(BOOK_UPLOAD_BYTES);
    const over = await post(`${part('book_file', 'x'.repeat(BOOK_UPLOAD_BYTES + 1), 'b.json')}--${BOUNDARY}--\r\n`);
    expect(JSON.parse(over.text).upload).toMatchObject({ file: null, tooLarge: true });
  });
});
