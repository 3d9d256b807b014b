// The search for slow or large legal requests: fast-check generates costly plates (overlapping bolt
// circles and grids, stacked holes, long slots through each other, combs and stars, folds close or
// crossing), each is priced on this thread and timed, and any plate over the budget (20 ms, or
// more than 25 issues, or a quote item over 16 KiB) fails the property: fast-check then shrinks it
// to the smallest plate still over. The slowest plate found is reported either way.
import { createCatalog } from '@shop/catalog';
import { MAX_ITEM_ISSUES, QuoteRequest, countPatternCutouts } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import { priceQuote } from '@shop/pricing';
import fc from 'fast-check';
import { costlyPlate } from '../packages/pricing/src/test-adversarial-plates';

export interface SlowInputOptions {
  runs: number;
  seed: number;
  /** Milliseconds one plate item may take. */
  budgetMs?: number;
}

export interface PlateSummary {
  outline: string;
  cutouts: number;
  entries: number;
  bends: number;
}

export interface SlowInputResult {
  seed: number;
  runs: number;
  budgetMs: number;
  seconds: number;
  /** The slowest plate seen, timed as the fastest of three runs. */
  slowest: { ms: number; quoteBytes: number; issues: number; plate: PlateSummary };
  largest: { quoteBytes: number; plate: PlateSummary };
  /** A plate over the budget, shrunk to the smallest still over it; null when none was found. */
  counterexample: { ms: number; quoteBytes: number; issues: number; plate: unknown } | null;
}

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
const MAX_ITEM_BYTES = 16 * 1024;

function summarize(plate: PlateItemInput): PlateSummary {
  const holes = plate.holes ?? [];
  const cutouts = holes.reduce((sum, p) => sum + countPatternCutouts(p), 0);
  const corners = plate.outline.kind === 'polygon' ? ` (${plate.outline.points_in.length} corners)` : '';
  return { outline: `${plate.outline.kind}${corners}`, cutouts, entries: holes.length, bends: plate.bends?.length ?? 0 };
}

/** Prices the plate three times; the fastest run is its cost (the others met the collector or the scheduler). */
function measure(input: unknown): { ms: number; quoteBytes: number; issues: number } {
  const request = QuoteRequest.parse({ items: [input] });
  let best = Infinity;
  let quoteBytes = 0;
  let issues = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const quote = priceQuote(request, { catalog, now: new Date(1_780_000_000_000), quoteId: 'q_slow', previewUrl: () => 'https://q.example/p.svg' });
    best = Math.min(best, performance.now() - started);
    quoteBytes = Buffer.byteLength(JSON.stringify(quote));
    issues = quote.items[0]!.issues.length;
  }
  return { ms: best, quoteBytes, issues };
}

export function searchSlowInputs(options: SlowInputOptions): SlowInputResult {
  const budgetMs = options.budgetMs ?? 20;
  const started = performance.now();
  const slowest: SlowInputResult['slowest'] = { ms: 0, quoteBytes: 0, issues: 0, plate: { outline: '', cutouts: 0, entries: 0, bends: 0 } };
  const largest: SlowInputResult['largest'] = { quoteBytes: 0, plate: slowest.plate };
  const arbitrary = costlyPlate();
  // Warm the JIT on a few plates first, so the first timings are of compiled code.
  for (const plate of fc.sample(arbitrary, { numRuns: 20, seed: options.seed + 1 })) measure(plate);
  let shrinking = false;
  const details = fc.check(
    fc.property(arbitrary, (plate) => {
      const figures = measure(plate);
      if (!shrinking && figures.ms > slowest.ms) Object.assign(slowest, { ...figures, plate: summarize(plate) });
      if (!shrinking && figures.quoteBytes > largest.quoteBytes) Object.assign(largest, { quoteBytes: figures.quoteBytes, plate: summarize(plate) });
      const within = figures.ms <= budgetMs && figures.issues <= MAX_ITEM_ISSUES && figures.quoteBytes <= MAX_ITEM_BYTES;
      if (!within) shrinking = true;
      return within;
    }),
    { numRuns: options.runs, seed: options.seed },
  );
  let counterexample: SlowInputResult['counterexample'] = null;
  if (details.failed && details.counterexample) {
    const [plate] = details.counterexample;
    counterexample = { ...measure(plate), plate };
  }
  return { seed: options.seed, runs: details.numRuns, budgetMs, seconds: (performance.now() - started) / 1000, slowest, largest, counterexample };
}
