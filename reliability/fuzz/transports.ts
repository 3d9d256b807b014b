// Malformed transports, generated: requests to the routes that read a body (the upload page, plate
// imports, quotes, the tool server) written byte by byte over a raw socket, with lengths that lie,
// chunked bodies cut short or badly sized, multipart bodies ending inside a part or a boundary,
// compressed bodies that are garbage or inflate a thousandfold, and clients that stop halfway or
// hang up. Every answer must be a status under 500 (or a 503 with Retry-After), and the server must
// stay up and answer GET /api/v1/status after each one.
import net from 'node:net';
import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib';
import fc from 'fast-check';
import type { ServerProcess } from '../checks/processes';

export interface TransportFinding {
  request: string;
  problem: string;
}

export interface TransportFuzzResult {
  requests: number;
  answered: number;
  statuses: Record<string, number>;
  findings: TransportFinding[];
}

interface Target {
  method: 'POST' | 'PUT';
  path: string;
  /** Multipart with a form token, or a body of this content type. */
  kind: 'upload-page' | 'multipart' | 'json' | 'dxf';
}

const TARGETS: Target[] = [
  { method: 'POST', path: '/plate/new', kind: 'upload-page' },
  { method: 'POST', path: '/api/v1/plate-imports', kind: 'multipart' },
  { method: 'POST', path: '/api/v1/plate-imports', kind: 'dxf' },
  { method: 'POST', path: '/api/v1/quotes', kind: 'json' },
  { method: 'POST', path: '/api/v1/handoffs', kind: 'json' },
  { method: 'PUT', path: '/api/v1/quotes', kind: 'json' },
];

const DXF = '0\nSECTION\n2\nENTITIES\n0\nCIRCLE\n8\nCUT\n10\n5\n20\n5\n40\n2\n0\nENDSEC\n0\nEOF\n';

/** How one request is written and sent. */
interface Plan {
  target: Target;
  boundary: string;
  /** Where the body is cut (fraction of its length), or null to send it whole. */
  cutAt: number | null;
  /** What Content-Length says against the bytes sent. */
  length: 'exact' | 'short' | 'long' | 'none' | 'garbage';
  chunked: 'no' | 'yes' | 'cut' | 'bad-size' | 'huge-size';
  encoding: 'none' | 'gzip' | 'deflate' | 'br' | 'garbage' | 'bomb';
  multipart: 'whole' | 'no-closing' | 'inside-boundary' | 'no-headers' | 'bad-disposition' | 'nested-boundary';
  /** The client hangs up after sending, without reading, or waits for the answer. */
  hangUp: boolean;
}

const hostilePlan: fc.Arbitrary<Plan> = fc.record({
  target: fc.constantFrom(...TARGETS),
  boundary: fc.constantFrom('b0', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'x'.repeat(70), '', '"q"', 'a b'),
  cutAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
  length: fc.constantFrom('exact', 'exact', 'short', 'long', 'none', 'garbage'),
  chunked: fc.constantFrom('no', 'no', 'no', 'yes', 'cut', 'bad-size', 'huge-size'),
  encoding: fc.constantFrom('none', 'none', 'none', 'gzip', 'deflate', 'br', 'garbage', 'bomb'),
  multipart: fc.constantFrom('whole', 'no-closing', 'inside-boundary', 'no-headers', 'bad-disposition', 'nested-boundary'),
  hangUp: fc.boolean(),
});

/** One request in four well formed, so the answers of bodies read to the end are judged too. */
const plan: fc.Arbitrary<Plan> = fc.oneof(
  { weight: 3, arbitrary: hostilePlan },
  { weight: 1, arbitrary: hostilePlan.map((p): Plan => ({ ...p, cutAt: null, length: 'exact', chunked: 'no', encoding: 'none', multipart: 'whole', hangUp: false })) },
);

function multipartBody(boundary: string, shape: Plan['multipart'], formToken: string | null): Buffer {
  const parts: string[] = [];
  if (formToken !== null) parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="form_token"\r\n\r\n${formToken}\r\n`);
  const disposition = shape === 'bad-disposition' ? 'Content-Disposition: form-data; filename=' : 'Content-Disposition: form-data; name="file"; filename="part.dxf"';
  const headers = shape === 'no-headers' ? '' : `${disposition}\r\nContent-Type: application/dxf\r\n`;
  const data = shape === 'nested-boundary' ? `${DXF}\r\n--${boundary}-\r\n${DXF}` : DXF;
  parts.push(`--${boundary}\r\n${headers}\r\n${data}`);
  if (shape === 'whole' || shape === 'nested-boundary' || shape === 'bad-disposition' || shape === 'no-headers') parts.push(`\r\n--${boundary}--\r\n`);
  else if (shape === 'inside-boundary') parts.push(`\r\n--${boundary.slice(0, Math.max(1, boundary.length >> 1))}`);
  return Buffer.from(parts.join(''));
}

function encode(body: Buffer, encoding: Plan['encoding']): { bytes: Buffer; header: string | null } {
  switch (encoding) {
    case 'none':
      return { bytes: body, header: null };
    case 'gzip':
      return { bytes: gzipSync(body), header: 'gzip' };
    case 'deflate':
      return { bytes: deflateSync(body), header: 'deflate' };
    case 'br':
      return { bytes: brotliCompressSync(body), header: 'br' };
    case 'garbage':
      return { bytes: Buffer.from('\x1f\x8b\x08\x00garbage that is not gzip'), header: 'gzip' };
    case 'bomb':
      // 64 MiB of zeros in some 64 KB.
      return { bytes: gzipSync(Buffer.alloc(64 * 1024 * 1024)), header: 'gzip' };
  }
}

/** The request's bytes as a client would write them. */
function writeRequest(p: Plan, port: number, session: { cookie: string; formToken: string }): Buffer {
  const { target } = p;
  let body: Buffer;
  let type: string;
  if (target.kind === 'upload-page' || target.kind === 'multipart') {
    body = multipartBody(p.boundary, p.multipart, target.kind === 'upload-page' ? session.formToken : null);
    type = `multipart/form-data; boundary=${p.boundary}`;
  } else if (target.kind === 'dxf') {
    body = Buffer.from(DXF);
    type = 'application/dxf';
  } else {
    body = Buffer.from(JSON.stringify({ items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.25, quantity: 1, outline: { kind: 'rectangle', width_in: 4, height_in: 3 } }] }));
    type = 'application/json';
  }
  const encoded = encode(body, p.encoding);
  let sent = encoded.bytes;
  const headers = [`${target.method} ${target.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Content-Type: ${type}`];
  if (target.kind === 'upload-page') headers.push(`Cookie: ${session.cookie}`, 'Sec-Fetch-Site: same-origin', `Origin: http://127.0.0.1:${port}`);
  if (encoded.header !== null) headers.push(`Content-Encoding: ${encoded.header}`);
  if (p.chunked !== 'no') {
    headers.push('Transfer-Encoding: chunked');
    const size = p.chunked === 'bad-size' ? 'zz' : p.chunked === 'huge-size' ? 'ffffffffffff' : sent.length.toString(16);
    const chunk = Buffer.concat([Buffer.from(`${size}\r\n`), sent, Buffer.from('\r\n')]);
    sent = p.chunked === 'cut' ? chunk.subarray(0, Math.max(1, chunk.length - 3)) : Buffer.concat([chunk, Buffer.from('0\r\n\r\n')]);
  } else if (p.length !== 'none') {
    const stated = p.length === 'exact' ? sent.length : p.length === 'short' ? Math.max(0, sent.length - 7) : p.length === 'long' ? sent.length + 100 : -1;
    headers.push(`Content-Length: ${stated < 0 ? '12abc' : stated}`);
  }
  if (p.cutAt !== null) sent = sent.subarray(0, Math.floor(sent.length * p.cutAt));
  headers.push('Connection: close', '', '');
  return Buffer.concat([Buffer.from(headers.join('\r\n')), sent]);
}

/** Sends raw bytes; the status line's code, or null when the server hung up or was left waiting. */
function send(port: number, bytes: Buffer, hangUp: boolean, waitMs: number): Promise<{ status: number | null; retryAfter: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve({ status: status === undefined ? null : Number(status), retryAfter: /\r\nretry-after: \d+/i.test(answer) });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(bytes, () => {
      if (hangUp) finish();
    });
  });
}

async function statusOk(port: number): Promise<boolean> {
  const { status } = await send(port, Buffer.from(`GET /api/v1/status HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`), false, 5000);
  return status === 200;
}

/** A form token and its cookie from GET /plate/new. */
async function uploadSession(port: number): Promise<{ cookie: string; formToken: string }> {
  const page = await fetch(`http://127.0.0.1:${port}/plate/new`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const formToken = /name="form_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  return { cookie, formToken };
}

export async function fuzzTransports(server: ServerProcess, options: { requests: number; seed: number; log?: (line: string) => void }): Promise<TransportFuzzResult> {
  const port = Number(new URL(server.baseUrl).port);
  const result: TransportFuzzResult = { requests: 0, answered: 0, statuses: {}, findings: [] };
  const plans = fc.sample(plan, { seed: options.seed, numRuns: options.requests });
  for (const [i, p] of plans.entries()) {
    const session = await uploadSession(port);
    const bytes = writeRequest(p, port, session);
    const described = JSON.stringify({ ...p, target: `${p.target.method} ${p.target.path} (${p.target.kind})` });
    const { status, retryAfter } = await send(port, bytes, p.hangUp, 1500);
    result.requests++;
    if (status !== null) {
      result.answered++;
      result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      if (status >= 500 && !(status === 503 && retryAfter)) result.findings.push({ request: described, problem: `answered ${status}` });
    }
    if (server.child.exitCode !== null || server.child.signalCode !== null || !(await statusOk(port))) {
      result.findings.push({ request: described, problem: 'the server stopped answering /status after it' });
      options.log?.(`FAIL #${i}: server down after ${described}`);
      break;
    }
  }
  return result;
}
