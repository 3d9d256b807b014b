// Throughput of priceQuote on one core: a typical plate (rectangle, 4 holes, 1 bend) and the worst
// legal plate (200-corner outline, 500 cutouts, 10 bends). Run from packages/pricing:
//   npx tsx --conditions=@shop/source bench/pricing.bench.ts
// The root bench (bench/pricing.ts) imports the plates and `measure` from here.
import { createCatalog } from '@shop/catalog';
import { QuoteRequest } from '@shop/contracts';
import type { QuoteRequestInput } from '@shop/contracts';
import { priceQuote } from '@shop/pricing';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
export const options = (i: number) => ({
  catalog,
  now: new Date(1_780_000_000_000 + i),
  quoteId: `q_bench${i}`,
  previewUrl: (id: string, index: number) => `https://quote.example.ca/api/v1/quotes/${id}/items/${index}/preview.svg`,
});

/** The typical plate as a client sends it (the REST and MCP benches post this body). */
export const typicalInput = {
  items: [
    {
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.25,
      outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
      bends: [{ start_in: [3, 0], end_in: [3, 4] }],
      quantity: 10,
      quantity_options: [1, 100],
    },
  ],
} satisfies QuoteRequestInput;
export const typical = QuoteRequest.parse(typicalInput);

// An ellipse of 200 corners, 56 x 110 in, with a 20 x 25 grid of holes and 10 parallel folds.
const corners: [number, number][] = Array.from({ length: 200 }, (_, k) => {
  const a = (2 * Math.PI * k) / 200;
  return [Math.round((30 + 28 * Math.cos(a)) * 1000) / 1000, Math.round((60 + 55 * Math.sin(a)) * 1000) / 1000];
});
export const worst = QuoteRequest.parse({
  items: [
    {
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.1345,
      outline: { kind: 'polygon', points_in: corners },
      holes: [{ kind: 'grid', center_x_in: 30, center_y_in: 60, columns: 20, rows: 25, x_spacing_in: 1.9, y_spacing_in: 2.9, diameter_in: 0.5 }],
      bends: Array.from({ length: 10 }, (_, k) => ({ start_in: [0, 15.5 + 9 * k] as [number, number], end_in: [60, 15.5 + 9 * k] as [number, number] })),
      quantity: 999,
      quantity_options: [1, 10, 100, 250, 500],
    },
  ],
} satisfies QuoteRequestInput);

export function measure(request: QuoteRequest, minMs: number): { perSecond: number; times: number[] } {
  const times: number[] = [];
  const start = performance.now();
  let i = 0;
  while (performance.now() - start < minMs) {
    const t0 = performance.now();
    priceQuote(request, options(i));
    times.push(performance.now() - t0);
    i += 1;
  }
  return { perSecond: (i * 1000) / (performance.now() - start), times: times.sort((a, b) => a - b) };
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

function printPricingBench(): void {
  measure(typical, 1_000); // warm-up
  const typicalRun = measure(typical, 3_000);
  measure(worst, 500);
  const worstRun = measure(worst, 3_000);
  const worstQuote = priceQuote(worst, options(0)).items[0];

  console.log(`typical plate (rectangle, 4 holes, 1 bend): ${Math.round(typicalRun.perSecond).toLocaleString('en-CA')} quotes/s on one core (p50 ${(pct(typicalRun.times, 50) * 1000).toFixed(1)} us)`);
  console.log(
    `worst legal plate (200 corners, 500 cutouts, 10 bends): p50 ${pct(worstRun.times, 50).toFixed(2)} ms, p99 ${pct(worstRun.times, 99).toFixed(2)} ms, max ${(worstRun.times.at(-1) as number).toFixed(2)} ms` +
      ` (${worstQuote?.status}, ${worstQuote?.plate?.hole_count} holes, ${worstQuote?.plate?.bend_count} bends)`,
  );
}

if (require.main === module) printPricingBench();
