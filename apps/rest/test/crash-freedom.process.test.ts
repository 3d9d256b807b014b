// No body can end the REST process (DESIGN 10.1): malformed transports sent over raw sockets to the
// real server, each followed by a check that the same process is alive and answers the next request.
import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { bracketDxf } from './fixtures';
import { sendRaw, startRestProcess } from './process-harness';
import type { RestProcess } from './process-harness';

const BOUNDARY = '----crashTestBoundary';

describe('the REST process outlives every malformed transport', () => {
  let rest: RestProcess;
  let cookie = '';
  let formToken = '';

  beforeAll(async () => {
    rest = await startRestProcess();
    const page = await fetch(`${rest.url}/plate/new`);
    cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    formToken = /name="form_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    expect(formToken).not.toBe('');
  }, 90_000);
  afterAll(() => rest.stop());

  /** The process has not exited, and answers a plain request on a new connection. */
  async function expectServing(): Promise<void> {
    expect({ alive: rest.alive(), stderr: rest.stderr() }).toEqual({ alive: true, stderr: '' });
    const status = await fetch(`${rest.url}/api/v1/status`);
    expect(status.status).toBe(200);
  }

  const uploadHead = (length: number | null, extra = '') =>
    `POST /plate/new HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: ${cookie}\r\nSec-Fetch-Site: same-origin\r\n` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${length === null ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${length}\r\n`}${extra}\r\n`;
  const formStart = () =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="form_token"\r\n\r\n${formToken}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="drawing"; filename="a.dxf"\r\nContent-Type: application/dxf\r\n\r\n`;

  it('a form whose body ends inside the file part (Content-Length matching) is answered 400, and the process serves on', async () => {
    const body = `${formStart()}0\r\nSECTION\r\n2\r\nENTITIES\r\n`;
    const reply = await sendRaw(rest.port, uploadHead(Buffer.byteLength(body)) + body);
    expect(reply.status).toBe(400);
    expect(reply.text).toContain('could not be read');
    await expectServing();
  });

  it('the 263-byte form of the report (any part name, no form token) is answered, and the process serves on', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"; filename="a"\r\n\r\nAAAA`;
    const reply = await sendRaw(rest.port, uploadHead(Buffer.byteLength(body)) + body);
    expect(reply.status).not.toBeNull();
    expect(reply.status! >= 400 && reply.status! < 500).toBe(true);
    await expectServing();
  });

  it('a form whose body ends inside a boundary is answered 400, and the process serves on', async () => {
    const body = `${formStart()}${bracketDxf()}\r\n--${BOUNDARY.slice(0, 10)}`;
    const reply = await sendRaw(rest.port, uploadHead(Buffer.byteLength(body)) + body);
    expect(reply.status).toBe(400);
    await expectServing();
  });

  it('a chunked form cut short (the client ends its side mid-chunk) leaves the process serving', async () => {
    const part = `${formStart()}0\r\nSECTION\r\n`;
    const chunk = `${(part.length + 500).toString(16)}\r\n${part}`;
    await sendRaw(rest.port, uploadHead(null) + chunk, { halfClose: true, waitMs: 2_000 });
    await expectServing();
  });

  it('a chunked drawing cut short on the API leaves the process serving', async () => {
    const head = 'POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/dxf\r\nTransfer-Encoding: chunked\r\n\r\n';
    await sendRaw(rest.port, `${head}1000\r\n0\r\nSECTION\r\n`, { halfClose: true, waitMs: 2_000 });
    await sendRaw(rest.port, `${head}zz\r\n`, { halfClose: true, waitMs: 2_000 });
    await expectServing();
  });

  it('a Content-Encoding bomb is refused on both drawing routes, and the process serves on', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const api = await sendRaw(
      rest.port,
      Buffer.concat([
        Buffer.from(`POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/dxf\r\nContent-Encoding: gzip\r\nContent-Length: ${bomb.length}\r\n\r\n`),
        bomb,
      ]),
    );
    expect(api.status).toBe(415);
    const body = Buffer.concat([Buffer.from(formStart()), bomb, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const page = await sendRaw(rest.port, Buffer.concat([Buffer.from(uploadHead(body.length, 'Content-Encoding: gzip\r\n')), body]));
    expect(page.status).toBe(415);
    await expectServing();
  });

  it('clients that go away mid-upload (page and API) leave the process serving', async () => {
    const partial = Buffer.alloc(256 * 1024, 0x20);
    await sendRaw(rest.port, Buffer.concat([Buffer.from(uploadHead(5 * 1024 * 1024) + formStart()), partial]), { cutAfterWrite: true });
    await sendRaw(
      rest.port,
      Buffer.concat([Buffer.from(`POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/dxf\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`), partial]),
      { cutAfterWrite: true },
    );
    // The server sees the resets a moment later: wait for them on a request that needs the loop.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expectServing();
  });

  it('a body that stops short of its Content-Length (the client still listening) leaves the process serving', async () => {
    const body = `${formStart()}0\r\nSECTION\r\n`;
    await sendRaw(rest.port, uploadHead(Buffer.byteLength(body) + 1000) + body, { halfClose: true, waitMs: 2_000 });
    await expectServing();
  });
});

describe('Expect: 100-continue on drawing uploads (the real server, as curl sends large files)', () => {
  let rest: RestProcess;
  beforeAll(async () => {
    // Room for one 5 MiB drawing at a time.
    rest = await startRestProcess({ DRAWING_UPLOADS_MIB: '6' });
  }, 90_000);
  afterAll(() => rest.stop());

  /** Sends a head and collects what the server says until `until` matches (or it closes). */
  function exchange(head: string, until: RegExp): Promise<{ socket: net.Socket; text: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(rest.port, '127.0.0.1');
      let text = '';
      const done = () => resolve({ socket, text });
      socket.on('error', done);
      socket.on('close', done);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (until.test(text)) done();
      });
      socket.write(head);
    });
  }
  const head = (length: number) =>
    `POST /api/v1/plate-imports?units=mm HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/dxf\r\nExpect: 100-continue\r\nContent-Length: ${length}\r\n\r\n`;

  it('an admitted drawing is told to continue; one refused is answered 503 with Retry-After before it is told to send a byte', async () => {
    const held = await exchange(head(5 * 1024 * 1024), /^HTTP\/1\.1 100 Continue\r\n\r\n/);
    try {
      expect(held.text).toBe('HTTP/1.1 100 Continue\r\n\r\n');
      held.socket.write('0\r\nSECTION\r\n');
      const refused = await exchange(head(4 * 1024 * 1024), /\r\n\r\n[\s\S]*\}\}$/);
      expect(refused.text).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
      expect(refused.text).toMatch(/\r\nRetry-After: 5\r\n/i);
      expect(refused.text).not.toContain('100 Continue');
      refused.socket.destroy();
    } finally {
      held.socket.destroy();
    }
    // Once the held upload is gone, a drawing is told to continue and read.
    const dxf = Buffer.from(bracketDxf());
    let admitted: { socket: net.Socket; text: string } | null = null;
    for (;;) {
      admitted = await exchange(head(dxf.length), /^HTTP\/1\.1 (100 Continue\r\n\r\n|503[\s\S]*\}\}$)/);
      if (admitted.text.startsWith('HTTP/1.1 100')) break;
      admitted.socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answered = await new Promise<string>((resolve) => {
      let text = '';
      admitted!.socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (/\r\n\r\n[\s\S]*\}$/.test(text)) resolve(text);
      });
      admitted!.socket.write(dxf);
    });
    admitted.socket.destroy();
    expect(answered).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(rest.alive()).toBe(true);
  });
});
