// @shop/pricing on one core: typical plate quotes/s, worst legal plate ms, and heap allocated per quote.
// The plates and the timing loop are packages/pricing/bench's. Run on its own (prints JSON with --json):
//   node --expose-gc --max-semi-space-size=64 --import tsx --conditions=@shop/source bench/pricing.ts --seconds=3
import { PerformanceObserver } from 'node:perf_hooks';
import { priceQuote } from '@shop/pricing';
import { measure, options, pct, typical, worst } from '../packages/pricing/bench/pricing.bench';
import type { QuoteRequest } from '@shop/contracts';

export interface PricingResult {
  typicalPerSecond: number;
  typicalP50Us: number;
  worstP50Ms: number;
  worstP99Ms: number;
  worstMaxMs: number;
  worstRuns: number;
  /** Heap allocated by one priceQuote call, in KB (null when the runtime ran without --expose-gc). */
  typicalAllocKb: number | null;
  worstAllocKb: number | null;
  typicalQuoteBytes: number;
  worstQuoteBytes: number;
}

/**
 * Heap allocated per call: heapUsed growth over a burst with no collection in it (a large young
 * generation keeps scavenges out; a burst that saw one is retried smaller).
 */
async function measureAllocatedKb(request: QuoteRequest, count: number): Promise<number | null> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return null;
  const gcTimes: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcTimes.push(entry.startTime);
  });
  observer.observe({ entryTypes: ['gc'] });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  try {
    for (let burst = count; burst >= 1; burst = Math.floor(burst / 2)) {
      collect();
      await settle();
      const start = performance.now();
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < burst; i++) priceQuote(request, options(i));
      const after = process.memoryUsage().heapUsed;
      const end = performance.now();
      // gc entries arrive asynchronously: wait, then look for one inside the burst.
      await settle();
      const collected = gcTimes.some((t) => t >= start && t <= end);
      if (!collected && after > before) return (after - before) / burst / 1024;
    }
    return null;
  } finally {
    observer.disconnect();
  }
}

export async function runPricingBench(seconds: number): Promise<PricingResult> {
  const ms = seconds * 1000;
  measure(typical, Math.min(1000, ms / 2)); // warm-up
  const typicalRun = measure(typical, ms);
  measure(worst, Math.min(500, ms / 2));
  const worstRun = measure(worst, ms);
  return {
    typicalPerSecond: typicalRun.perSecond,
    typicalP50Us: pct(typicalRun.times, 50) * 1000,
    worstP50Ms: pct(worstRun.times, 50),
    worstP99Ms: pct(worstRun.times, 99),
    worstMaxMs: worstRun.times.at(-1) as number,
    worstRuns: worstRun.times.length,
    typicalAllocKb: await measureAllocatedKb(typical, 200),
    worstAllocKb: await measureAllocatedKb(worst, 4),
    typicalQuoteBytes: JSON.stringify(priceQuote(typical, options(0))).length,
    worstQuoteBytes: JSON.stringify(priceQuote(worst, options(0))).length,
  };
}

function readSeconds(argv: string[], fallback: number): number {
  const arg = argv.find((a) => a.startsWith('--seconds='));
  return arg ? Number(arg.slice('--seconds='.length)) : fallback;
}

if (require.main === module) {
  void runPricingBench(readSeconds(process.argv, 3)).then((result) => {
    console.log(process.argv.includes('--json') ? JSON.stringify(result) : result);
  });
}
