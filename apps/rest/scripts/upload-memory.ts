// Measures the REST process's resident memory at rest and under slow drawing uploads: N clients from
// A addresses (X-Forwarded-For, one proxy believed) each send a 5 MiB drawing in small pieces over
// some seconds (all at once), half to the API and half to the upload page. Prints one JSON line: RSS
// at rest, the peak while they arrive, RSS after, the answers by status, /status's slowest answer.
//   tsx --conditions=@shop/source apps/rest/scripts/upload-memory.ts [uploads=60] [seconds=10] [root=.] [addresses=uploads/10]
// `root` names another checkout of the repository to measure (an earlier commit, for a comparison).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const uploads = Number(process.argv[2] ?? 60);
const seconds = Number(process.argv[3] ?? 10);
const root = path.resolve(process.argv[4] ?? path.join(__dirname, '..', '..', '..'));
const addresses = Number(process.argv[5] ?? Math.max(1, Math.round(uploads / 10)));
const MIB = 1024 * 1024;
const PIECE = 64 * 1024;

function rssMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A drawing of 5 MiB: a small part, then comments (999 groups) to the size. */
function drawing(): Buffer {
  const part = ['0', 'SECTION', '2', 'HEADER', '9', '$INSUNITS', '70', '1', '0', 'ENDSEC', '0', 'SECTION', '2', 'ENTITIES', '0', 'LWPOLYLINE', '8', '0', '90', '4', '70', '1', '10', '0', '20', '0', '10', '4', '20', '0', '10', '4', '20', '3', '10', '0', '20', '3', '0', 'ENDSEC'].join('\n');
  const comment = '\n999\nfiller comment line of a large drawing, kept to reach the size\n';
  const body = Buffer.alloc(5 * MIB, ' ');
  let at = body.write(part);
  while (at + comment.length + 8 < body.length) at += body.write(comment, at);
  body.write('\n0\nEOF\n', body.length - 7);
  return body;
}

/** Sends one request's head, then its body in pieces spread over `seconds`; resolves with the status. */
function slowUpload(port: number, head: string, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(timer);
      socket.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0));
    };
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (/\r\n\r\n/.test(answer)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(head);
    let sent = 0;
    const pieces = Math.ceil(body.length / PIECE);
    const timer = setInterval(() => {
      if (sent >= body.length || socket.destroyed) return clearInterval(timer);
      socket.write(body.subarray(sent, sent + PIECE));
      sent += PIECE;
    }, (seconds * 1000) / pieces);
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-upload-memory-'));
  const port = await freePort();
  const child = fork(path.join(root, 'apps', 'rest', 'src', 'server.ts'), [], {
    cwd: root,
    execArgv: ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source', '--heap-growing-percent=50'],
    env: { PATH: process.env.PATH ?? '', MALLOC_ARENA_MAX: '2', DATABASE_URL: `file:${path.join(dir, 'shop.db')}`, PORT: String(port), METRICS_PORT: '0', LOG_LEVEL: 'silent', PURGE_INTERVAL_MINUTES: '0', RATE_LIMIT_SCALE: '1000', TRUST_PROXY: '1' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/status`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  // The form's token and cookie, as a browser would hold them.
  const page = await fetch(`${url}/plate/new`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const token = /name="form_token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const atRest = rssMb(child.pid!);

  const file = drawing();
  const boundary = 'memoryBoundary';
  const form = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="form_token"\r\n\r\n${token}\r\n--${boundary}\r\nContent-Disposition: form-data; name="drawing"; filename="big.dxf"\r\nContent-Type: application/dxf\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="units"\r\n\r\nin\r\n--${boundary}--\r\n`),
  ]);
  let peak = atRest;
  let slowestStatusMs = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, rssMb(child.pid!));
      const started = performance.now();
      await fetch(`${url}/api/v1/status`).catch(() => undefined);
      slowestStatusMs = Math.max(slowestStatusMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const statuses = await Promise.all(
    Array.from({ length: uploads }, (_, i) => {
      const from = `X-Forwarded-For: 203.0.113.${(i % addresses) + 1}\r\n`;
      return i % 2 === 0
        ? slowUpload(port, `POST /api/v1/plate-imports?units=in HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${from}Content-Type: application/dxf\r\nContent-Length: ${file.length}\r\n\r\n`, file)
        : slowUpload(port, `POST /plate/new HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${from}Cookie: ${cookie}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${form.length}\r\n\r\n`, form);
    }),
  );
  sampling = false;
  await sampler;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const after = rssMb(child.pid!);
  const alive = child.exitCode === null && child.signalCode === null;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
  const byStatus: Record<string, number> = {};
  for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
  process.stdout.write(
    `${JSON.stringify({ root, uploads, addresses, seconds, rss_mb: { at_rest: atRest, peak, after_5s: after }, answers: byStatus, slowest_status_ms: Math.round(slowestStatusMs), alive, date: new Date().toISOString() })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
