// Slow and idle clients against a real server process: headers dribbled a line a second, a body
// dribbled a byte a second, a keep-alive socket left idle. Each must be cut by the server's
// timeouts (headers 10 s, whole request 30 s, keep-alive 5 s, checked every second) while other
// callers are served as usual.
import net from 'node:net';
import { check, startLoad, tally } from './load';
import type { Finding } from './load';
import { sleep, startServer, tempSqliteUrl } from './processes';

interface Cut {
  closedAfterMs: number | null;
  firstLine: string;
}

/** Opens a socket, writes `first`, then `drip` every `everyMs` until the server closes it (or `limitMs`). */
function dribble(port: number, first: string, drip: string, everyMs: number, limitMs: number): Promise<Cut> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(limit);
      socket.destroy();
      resolve({ closedAfterMs: closed ? Date.now() - started : null, firstLine: received.split('\r\n')[0] ?? '' });
    };
    const limit = setTimeout(() => finish(false), limitMs);
    socket.on('connect', () => {
      socket.write(first);
      if (drip) timer = setInterval(() => socket.write(drip), everyMs);
    });
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
  });
}

export async function runSlowClientChecks(): Promise<Finding[]> {
  // The limits are not what is measured here: far out of reach of the two normal callers.
  const server = await startServer('rest', { DATABASE_URL: tempSqliteUrl(), RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: 'warn' });
  const load = startLoad(server.baseUrl, 2, () => ({ label: 'status', method: 'GET', path: '/api/v1/materials' }), 90);
  try {
    const slowHeaders = Array.from({ length: 50 }, () => dribble(server.port, 'GET /api/v1/status HTTP/1.1\r\nHost: x\r\n', 'X-Slow: 1\r\n', 1_000, 75_000));
    const slowBody = Array.from({ length: 20 }, () =>
      dribble(server.port, 'POST /api/v1/quotes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"items":[', ' ', 1_000, 75_000),
    );
    // One answered request, then nothing: the keep-alive timer closes the socket.
    const idle = dribble(server.port, 'GET /api/v1/status HTTP/1.1\r\nHost: x\r\n\r\n', '', 0, 30_000);
    const [headers, bodies, idleCut] = await Promise.all([Promise.all(slowHeaders), Promise.all(slowBody), idle]);
    const outcomes = await load.stop();
    await sleep(100);
    const normal = tally(outcomes);
    const problems: string[] = [];
    const worst = (cuts: Cut[]) => Math.max(...cuts.map((c) => c.closedAfterMs ?? Infinity));
    const best = (cuts: Cut[]) => Math.min(...cuts.map((c) => c.closedAfterMs ?? Infinity));
    check(headers.every((c) => c.closedAfterMs !== null && c.closedAfterMs >= 10_000 && c.closedAfterMs <= 12_000), problems, `slow headers cut after ${best(headers)}-${worst(headers)} ms`);
    check(bodies.every((c) => c.closedAfterMs !== null && c.closedAfterMs >= 30_000 && c.closedAfterMs <= 32_000), problems, `slow bodies cut after ${best(bodies)}-${worst(bodies)} ms`);
    check(idleCut.closedAfterMs !== null && idleCut.closedAfterMs >= 5_000 && idleCut.closedAfterMs <= 7_000, problems, `idle keep-alive closed after ${idleCut.closedAfterMs} ms`);
    check(Object.keys(normal.byStatus).every((s) => s === '200') && Object.keys(normal.errors).length === 0, problems, `other callers: ${JSON.stringify(normal)}`);
    check(server.child.exitCode === null, problems, 'server died');
    const firstLines = [...new Set([...headers, ...bodies].map((c) => c.firstLine))];
    return [
      {
        test: 'Slow and idle clients (slowloris)',
        ok: problems.length === 0,
        load: `50 sockets sending a header line a second, 20 sending a body byte a second, 1 idle keep-alive; 2 normal clients (${normal.total} requests)`,
        faults: 'clients that never finish their request',
        result: problems.length
          ? problems.join('; ')
          : `headers cut after ${(best(headers) / 1000).toFixed(1)}-${(worst(headers) / 1000).toFixed(1)} s, bodies after ${(best(bodies) / 1000).toFixed(1)}-${(worst(bodies) / 1000).toFixed(1)} s (answer: ${firstLines.join(' / ') || 'closed'}), idle keep-alive closed after ${((idleCut.closedAfterMs ?? 0) / 1000).toFixed(1)} s; normal callers all 200, p99 ${normal.p99Ms} ms`,
        details: { normal, headers: headers.map((c) => c.closedAfterMs), bodies: bodies.map((c) => c.closedAfterMs), idle: idleCut },
      },
    ];
  } finally {
    await load.stop();
    await server.stop('SIGTERM').catch(() => undefined);
  }
}
