// The times behind the fault tests (which check what is answered, not how fast): the contact patterns
// on their costliest legal description; GET /status and a read while another process holds the SQLite
// write lock, and how long a write waits before its 503; eleven quote-request links with Redis
// unreachable (the eleventh refused by the in-memory limiter).
import Database from 'better-sqlite3';
import { findContactDetail } from '@shop/pricing';
import { LONG_DOTTED_DESCRIPTION } from '../packages/pricing/src/test-contact-texts';
import { findFreePort, makeTempDir, nodeArgsFor, sleep, startServer } from './harness';
import type { BenchOptions, ChildServer } from './harness';
import { QUOTE_BODY, appEnv } from './rest';

export interface Timing {
  runs: number;
  p50Ms: number;
  maxMs: number;
}

export interface FaultsResult {
  /** findContactDetail on about 2 KB of dotted sizes (bench target: under 5 ms). */
  contactPatterns: Timing;
  /** GET /status (answers `busy`) and GET /quotes/{id} while the write lock is held elsewhere. */
  lockedStatus: Timing;
  lockedRead: Timing;
  /** A POST /quotes sent while the lock is held: how long until its 503 (the lock wait is 2 s). */
  lockedWriteMs: number;
  lockedWriteStatus: number;
  /** Ten POST /rfq-links and the eleventh (429) with REDIS_URL at a port nobody listens on. */
  redisUnreachableMs: number;
  redisUnreachableStatuses: string;
  mode: string;
}

function summarize(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: sorted.length, p50Ms: sorted[Math.floor(sorted.length / 2)] ?? 0, maxMs: sorted.at(-1) ?? 0 };
}

async function timed<T>(task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await task();
  return { ms: performance.now() - started, value };
}

function timeContactPatterns(runs: number): Timing {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    if (findContactDetail(LONG_DOTTED_DESCRIPTION) !== null) throw new Error('the long description was read as a contact detail');
    times.push(performance.now() - started);
  }
  return summarize(times);
}

async function startRest(options: BenchOptions, dir: string, extra: Record<string, string> = {}): Promise<ChildServer> {
  const port = await findFreePort();
  return startServer({
    name: 'rest (faults)',
    args: nodeArgsFor({ dist: 'apps/rest/dist/server.js', source: 'apps/rest/src/server.ts' }, options.mode),
    env: appEnv(dir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra }),
    port,
    readyPath: '/api/v1/status',
  });
}

const JSON_HEADERS = { 'content-type': 'application/json' };

async function timeLockedFile(options: BenchOptions, samples: number): Promise<Pick<FaultsResult, 'lockedStatus' | 'lockedRead' | 'lockedWriteMs' | 'lockedWriteStatus'>> {
  const temp = makeTempDir('shop-bench-faults-');
  const rest = await startRest(options, temp.dir);
  const other = new Database(`${temp.dir}/shop.db`);
  try {
    const created = await fetch(`${rest.baseUrl}/api/v1/quotes`, { method: 'POST', headers: JSON_HEADERS, body: QUOTE_BODY });
    const quote = (await created.json()) as { id: string };
    other.exec('BEGIN EXCLUSIVE');
    // The app keeps a health answer for a second (the readiness probe asked for one): let it lapse.
    await sleep(1_100);
    const write = timed(async () => (await fetch(`${rest.baseUrl}/api/v1/quotes`, { method: 'POST', headers: JSON_HEADERS, body: QUOTE_BODY })).status);
    // As the test does: the write is waiting for the lock before the first look.
    await sleep(200);
    const status: number[] = [];
    const read: number[] = [];
    for (let i = 0; i < samples; i++) {
      const s = await timed(async () => (await (await fetch(`${rest.baseUrl}/api/v1/status`)).json()) as { storage?: string });
      if (s.value.storage !== 'busy') throw new Error(`GET /status said storage ${s.value.storage} while the lock was held`);
      status.push(s.ms);
      const r = await timed(async () => (await fetch(`${rest.baseUrl}/api/v1/quotes/${quote.id}`)).status);
      if (r.value !== 200) throw new Error(`GET /quotes/{id} answered ${r.value} while the lock was held`);
      read.push(r.ms);
    }
    const waited = await write;
    return { lockedStatus: summarize(status), lockedRead: summarize(read), lockedWriteMs: waited.ms, lockedWriteStatus: waited.value };
  } finally {
    if (other.inTransaction) other.exec('ROLLBACK');
    other.close();
    await rest.stop();
    temp.remove();
  }
}

async function timeRedisUnreachable(options: BenchOptions): Promise<Pick<FaultsResult, 'redisUnreachableMs' | 'redisUnreachableStatuses'>> {
  const temp = makeTempDir('shop-bench-faults-');
  // Nothing listens on port 1: every Redis command fails at once.
  const rest = await startRest(options, temp.dir, { REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_SCALE: '1' });
  try {
    const statuses = new Map<number, number>();
    const { ms } = await timed(async () => {
      for (let i = 0; i < 11; i++) {
        const reply = await fetch(`${rest.baseUrl}/api/v1/rfq-links`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ description: `Job ${i}` }) });
        await reply.arrayBuffer();
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      }
    });
    return { redisUnreachableMs: ms, redisUnreachableStatuses: [...statuses].map(([status, count]) => `${count} x ${status}`).join(', ') };
  } finally {
    await rest.stop();
    temp.remove();
  }
}

export async function runFaultsBench(options: BenchOptions): Promise<FaultsResult> {
  const contactPatterns = timeContactPatterns(options.quick ? 20 : 500);
  const locked = await timeLockedFile(options, options.quick ? 3 : 20);
  const redis = await timeRedisUnreachable(options);
  return { contactPatterns, ...locked, ...redis, mode: options.mode };
}
