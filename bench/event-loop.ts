// Whether the event loop stays free while the worst legal requests arrive: 20 client addresses (as a
// proxy in front names them, TRUST_PROXY=1) each send a quote of ten of the costliest adversarial
// plates once a second, their full pricing limit of 60 a minute, while GET /status is asked every
// 25 ms. The target: /status p99 under 50 ms. Real limits (RATE_LIMIT_SCALE=1).
import { adversarialQuote } from '../packages/pricing/src/test-adversarial-plates';
import type { ADVERSARIAL_PLATES } from '../packages/pricing/src/test-adversarial-plates';
import { findFreePort, makeTempDir, nodeArgsFor, sleep, startServer } from './harness';
import type { BenchOptions } from './harness';
import { appEnv } from './rest';

export interface EventLoopResult {
  seconds: number;
  addresses: number;
  /** The plate each of the ten items of every quote is. */
  plate: string;
  status: { count: number; p50: number; p99: number; max: number; failures: number };
  quotes: { sent: number; byStatus: Record<string, number>; p50: number; p99: number; max: number };
  mode: string;
}

const ADDRESSES = 20;
const STATUS_EVERY_MS = 25;

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);
}

export async function runEventLoopBench(options: BenchOptions): Promise<EventLoopResult> {
  const temp = makeTempDir('shop-bench-loop-');
  const port = await findFreePort();
  const plate: keyof typeof ADVERSARIAL_PLATES = 'everyCutoutOverlapping';
  const server = await startServer({
    name: 'rest',
    args: nodeArgsFor({ dist: 'apps/rest/dist/server.js', source: 'apps/rest/src/server.ts' }, options.mode),
    env: appEnv(temp.dir, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1', METRICS_PORT: '0' }),
    port,
    readyPath: '/api/v1/status',
  });
  const seconds = options.quick ? 3 : 30;
  const body = JSON.stringify(adversarialQuote(plate));
  const statusTimes: number[] = [];
  let statusFailures = 0;
  const quoteTimes: number[] = [];
  const byStatus: Record<string, number> = {};
  let sent = 0;
  const pending: Array<Promise<void>> = [];
  try {
    const until = performance.now() + seconds * 1000;
    const sendQuote = async (address: string) => {
      sent++;
      const started = performance.now();
      try {
        const response = await fetch(`${server.baseUrl}/api/v1/quotes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body,
        });
        await response.arrayBuffer();
        byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
      } catch {
        byStatus.error = (byStatus.error ?? 0) + 1;
      }
      quoteTimes.push(performance.now() - started);
    };
    // Each address once a second, the addresses spread over the second.
    const senders = Array.from({ length: ADDRESSES }, async (_, a) => {
      await sleep((1000 / ADDRESSES) * a);
      while (performance.now() < until) {
        const next = performance.now() + 1000;
        pending.push(sendQuote(`198.51.100.${a + 1}`));
        await sleep(Math.max(0, next - performance.now()));
      }
    });
    const poller = (async () => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const response = await fetch(`${server.baseUrl}/api/v1/status`);
          await response.arrayBuffer();
          if (response.status !== 200) statusFailures++;
        } catch {
          statusFailures++;
        }
        statusTimes.push(performance.now() - started);
        await sleep(Math.max(0, STATUS_EVERY_MS - (performance.now() - started)));
      }
    })();
    await Promise.all([...senders, poller]);
    await Promise.all(pending);
  } finally {
    await server.stop();
    temp.remove();
  }
  statusTimes.sort((a, b) => a - b);
  quoteTimes.sort((a, b) => a - b);
  return {
    seconds,
    addresses: ADDRESSES,
    plate,
    status: { count: statusTimes.length, p50: percentile(statusTimes, 50), p99: percentile(statusTimes, 99), max: statusTimes.at(-1) ?? 0, failures: statusFailures },
    quotes: { sent, byStatus, p50: percentile(quoteTimes, 50), p99: percentile(quoteTimes, 99), max: quoteTimes.at(-1) ?? 0 },
    mode: options.mode,
  };
}
