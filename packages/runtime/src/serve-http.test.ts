import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { answerClientError, handleServerErrors } from './serve-http';

/** Sends raw bytes and returns the whole answer as text (the server closes the connection). */
function rawRequest(port: number, bytes: string, pauseMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.on('connect', () => {
      socket.write(bytes);
      if (pauseMs === 0) return;
      setTimeout(() => socket.end(), pauseMs);
    });
  });
}

function parse(answer: string): { status: number; headers: Record<string, string>; body: any } {
  const [head, body] = answer.split('\r\n\r\n') as [string, string];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.split(':')[0]!.toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe("Node's own answers to requests it cannot read", () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    server = http.createServer({ headersTimeout: 300, requestTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => res.end('ok'));
    server.on('clientError', (error: Error & { code?: string }, socket) => answerClientError(error, socket, 'https://quotes.example.test'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each([
    ['headers over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ['a request that is not HTTP', 'HELLO THERE\r\n\r\n', 400, 'request_malformed'],
  ])('answers %s in the JSON error envelope with a request id', async (_name, bytes, status, code) => {
    const answer = parse(await rawRequest(port, bytes));
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', code, param: null, doc_url: `https://quotes.example.test/docs#error-${code}`, details: null });
    expect(answer.body.error.request_id).toBe(answer.headers['x-request-id']);
    expect(answer.body.error.request_id).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('answers headers that never finish with 408 request_timeout, retryable', async () => {
    const answer = parse(await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\n', 2_000));
    expect(answer.status).toBe(408);
    expect(answer.body.error).toMatchObject({ code: 'request_timeout', retryable: true });
  });
});

describe('handleServerErrors', () => {
  it('reports an accept that failed (EMFILE under a connection flood) and the server goes on answering', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    const reported: string[] = [];
    handleServerErrors(server, (error) => reported.push((error as Error & { code?: string }).code ?? ''));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // What net.Server does when accept() fails: unheard, this 'error' would end the process.
      server.emit('error', Object.assign(new Error('accept EMFILE'), { code: 'EMFILE', syscall: 'accept' }));
      expect(reported).toEqual(['EMFILE']);
      const reply = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await reply.text()).toBe('ok');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

