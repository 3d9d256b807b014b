// The worst legal plates on one core: each adversarial plate of packages/pricing (every cutout
// overlapping, every hole stray, slots through each other, stacked holes, near-coincident and crossing
// folds) priced alone and as a quote of ten, with the quote's size; and the costliest request that is
// still priced on the calling thread (ten plates at the inline limits). Run on its own:
//   node --import tsx --conditions=@shop/source bench/adversarial.ts --seconds=1
import { createCatalog } from '@shop/catalog';
import { QuoteRequest, typedRequest } from '@shop/contracts';
import type { PlateItem, ResolvedQuoteRequest } from '@shop/contracts';
import type { QuoteRequestInput } from '@shop/contracts';
import { createAnalysisMemo, pricePlateItem, priceQuote } from '@shop/pricing';
import type { AnalysisMemo } from '@shop/pricing';
import { placeImport, referenceOf } from '../packages/service/src/import-parts';
import { INLINE_LIMITS, isLightRequest } from '../packages/service/src/quote-pricer';
import { ADVERSARIAL_PLATES, adversarialQuote } from '../packages/pricing/src/test-adversarial-plates';
import { combPlate, importedPlate } from '../packages/geometry/src/test-plates';
import { surveyPlate } from '../packages/geometry/src/outline-survey';
import type { KnownFigures } from '../packages/geometry/src/analyze-plate';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
const options = (i: number) => ({ catalog, now: new Date(1_780_000_000_000 + i), quoteId: `q_adv${i}`, previewUrl: () => 'https://quote.example.ca/p.svg' });

export interface TimedCase {
  name: string;
  runs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  quoteBytes: number;
  status: string;
  issues: number;
}

/** What a plate naming an import costs as the service prices and keeps it (the import's part checked once). */
export interface ImportReferenceResult {
  /** The part: the imported comb (15,997 corners, 400 holes, 2 folds), the costliest legal import to price. */
  part: string;
  /** The plate quoter page's pricing of it (a quantity, with the quoted one beside it), on a plate worker: the first view, then the next ones. */
  quoterPageFirstMs: number;
  quoterPage: TimedCase;
  /** Ten items naming the import in one quote, on a plate worker: the first such quote, then the next ones. */
  tenItemQuoteFirstMs: number;
  tenItemQuote: TimedCase;
  /** The main thread's share of either: the task sent to the worker (the import's plate as one string) cloned. */
  dispatchP50Ms: number;
  dispatchP99Ms: number;
  /** What the ten-item quote keeps: its body, its request naming the import, and the request as kept before (ten outlines). */
  stored: { bodyBytes: number; requestBytes: number; requestBytesBefore: number };
  /**
   * Ten items naming ten different imports of the comb, none read before (a new worker's first quote
   * of them): each plate parsed from its JSON and checked, searching each outline, and with the survey
   * kept with each import; and what making one survey costs when the drawing is read.
   */
  tenDistinct: { searchingMs: number; surveyedMs: number; surveyMs: number };
}

export interface AdversarialResult {
  items: TimedCase[];
  quotes: TimedCase[];
  /** Ten plates at the limits under which a request is priced on the calling thread. */
  inline: TimedCase;
  /** Parts only an import reaches: a 20,000-corner outline with 50 cut-outs and 400 holes, and a 16,000-corner comb folded twice. */
  imported: TimedCase[];
  worstItemP99Ms: number;
  worstQuoteP99Ms: number;
  largestQuoteBytes: number;
  importReferences: ImportReferenceResult;
}

/** A request as sent: parsed and resolved as the service does, then timed. */
function time(name: string, input: QuoteRequestInput, minMs: number): TimedCase {
  return timeResolved(name, typedRequest(QuoteRequest.parse(input)), minMs);
}

/** priceQuote on a resolved request, again and again for `minMs`: p50, p99, max and the quote's size. */
function timeResolved(name: string, request: ResolvedQuoteRequest, minMs: number): TimedCase {
  const first = priceQuote(request, options(0));
  const deadline = performance.now() + minMs;
  const times: number[] = [];
  for (let i = 0; times.length < 5 || performance.now() < deadline; i++) {
    const started = performance.now();
    priceQuote(request, options(i));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] as number;
  return {
    name,
    runs: times.length,
    p50Ms: at(50),
    p99Ms: at(99),
    maxMs: times.at(-1) as number,
    quoteBytes: Buffer.byteLength(JSON.stringify(first)),
    status: first.status,
    issues: first.items.reduce((sum, item) => sum + item.issues.length, 0),
  };
}

/** Runs `run` again and again for `minMs`: p50, p99 and max. */
function timeRuns(name: string, minMs: number, run: (i: number) => void): Omit<TimedCase, 'quoteBytes' | 'status' | 'issues'> {
  const deadline = performance.now() + minMs;
  const times: number[] = [];
  for (let i = 0; times.length < 5 || performance.now() < deadline; i++) {
    const started = performance.now();
    run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] as number;
  return { name, runs: times.length, p50Ms: at(50), p99Ms: at(99), maxMs: times.at(-1) as number };
}

/**
 * The imported comb as the service prices it: named by reference, its shapes put in place from the
 * import (one set of arrays for every item), checked once per memo (each plate worker keeps one).
 */
function importReferences(minMs: number): ImportReferenceResult {
  const comb = combPlate();
  const imported = { outline: comb.outline as { kind: 'polygon'; points_in: Array<[number, number]> }, holes: comb.holes as never, cutouts: comb.cutouts as never, bends: comb.bends };
  const reference = (quantity: number, quantityOptions: number[] = []) =>
    referenceOf({ kind: 'plate', material: comb.material, thickness_in: comb.thickness_in, import_id: 'pi_comb', quantity, quantity_options: quantityOptions, label: null });
  const page = (memo: AnalysisMemo, q: number) => pricePlateItem(placeImport(reference(q, [25]), imported), { catalog, index: 0, memo });
  const quote = (memo: AnalysisMemo, i: number) =>
    priceQuote({ items: Array.from({ length: 10 }, (_, k) => placeImport(reference(10 + k), imported)) }, { ...options(i), memo });
  const cold = (run: () => void) => {
    const started = performance.now();
    run();
    return performance.now() - started;
  };
  const quoterPageFirstMs = cold(() => page(createAnalysisMemo(), 10));
  const tenItemQuoteFirstMs = cold(() => quote(createAnalysisMemo(), 0));
  const memo = createAnalysisMemo();
  const priced = quote(memo, 0);
  const keptRequest = { items: Array.from({ length: 10 }, (_, k) => reference(10 + k)) };
  const before = { items: Array.from({ length: 10 }, (_, k) => placeImport(reference(10 + k), imported)) };
  const plateJson = JSON.stringify(imported);
  const task = { kind: 'price', items: keptRequest.items, plates: { pi_comb: plateJson }, itemIssues: keptRequest.items.map(() => null), nowMs: 0, quoteId: 'q_adv' };
  const tenDistinct = (() => {
    const plateJson = JSON.stringify(imported);
    const surveyStarted = performance.now();
    const survey = JSON.stringify(surveyPlate(imported));
    const surveyMs = performance.now() - surveyStarted;
    const coldQuote = (withSurvey: boolean) => {
      const memo = createAnalysisMemo();
      const started = performance.now();
      const items = Array.from({ length: 10 }, (_, k) => {
        const plate = JSON.parse(plateJson) as typeof imported;
        if (withSurvey) memo.remember(plate.outline, JSON.parse(survey) as KnownFigures);
        return placeImport(reference(10 + k), plate);
      });
      priceQuote({ items }, { ...options(0), memo });
      return performance.now() - started;
    };
    const median = (runs: number[]) => runs.sort((a, b) => a - b)[runs.length >> 1]!;
    return {
      searchingMs: median(Array.from({ length: 3 }, () => coldQuote(false))),
      surveyedMs: median(Array.from({ length: 3 }, () => coldQuote(true))),
      surveyMs,
    };
  })();
  return {
    tenDistinct,
    part: 'imported comb: 15,997 corners, 400 holes, 2 folds',
    quoterPageFirstMs,
    quoterPage: { ...timeRuns('plate quoter page, worst legal part (later views)', minMs, (i) => page(memo, 1 + (i % 900))), quoteBytes: 0, status: 'ready', issues: 0 },
    tenItemQuoteFirstMs,
    tenItemQuote: {
      ...timeRuns('10 items naming the imported comb (later quotes)', minMs, (i) => quote(memo, i)),
      quoteBytes: Buffer.byteLength(JSON.stringify(priced)),
      status: priced.status,
      issues: priced.items.reduce((sum, item) => sum + item.issues.length, 0),
    },
    ...(() => {
      const dispatch = timeRuns('task cloned', Math.min(minMs, 200), () => structuredClone(task));
      return { dispatchP50Ms: dispatch.p50Ms, dispatchP99Ms: dispatch.p99Ms };
    })(),
    stored: {
      bodyBytes: Buffer.byteLength(JSON.stringify(priced)),
      requestBytes: Buffer.byteLength(JSON.stringify(keptRequest)),
      requestBytesBefore: Buffer.byteLength(JSON.stringify(before)),
    },
  };
}

/** Ten plates each at the inline limits, cutouts overlapping and folds crossing: the slowest request priced inline. */
function inlineWorst(): QuoteRequestInput {
  const corners: Array<[number, number]> = [
    [0, 0],
    [118, 0],
  ];
  for (let k = 0; k < INLINE_LIMITS.corners - 2; k++) corners.push([118 - (118 * (k + 0.5)) / (INLINE_LIMITS.corners - 2), k % 2 ? 10 : 59]);
  const item = {
    kind: 'plate' as const,
    material: 'mild_steel' as const,
    thickness_in: 0.25,
    outline: { kind: 'polygon' as const, points_in: corners },
    holes: [{ kind: 'bolt_circle' as const, center_x_in: 60, center_y_in: 30, count: INLINE_LIMITS.cutouts, bolt_circle_diameter_in: 50, diameter_in: 50 }],
    bends: Array.from({ length: INLINE_LIMITS.bends }, (_, k) => ({ start_in: [k * 10, 0] as [number, number], end_in: [120 - k * 10, 60] as [number, number] })),
    quantity: 999,
    quantity_options: [1, 2, 3, 4, 5],
  };
  return { items: Array.from({ length: 10 }, () => item) };
}

/** Parts as a request already resolved (an import's shapes in place), priced as a quote of them is. */
function resolved(plate: PlateItem, copies = 1): ResolvedQuoteRequest {
  return { items: Array.from({ length: copies }, () => ({ ...plate, quantity: 10, quantity_options: [100] })) };
}

export function runAdversarialBench(seconds: number): AdversarialResult {
  const perCase = Math.max(50, (seconds * 1000) / (2 * Object.keys(ADVERSARIAL_PLATES).length + 1));
  // Warm-up: the JIT sees every path once before anything is timed.
  for (const plate of Object.values(ADVERSARIAL_PLATES)) time('warm-up', { items: [plate] }, 20);
  const items = Object.entries(ADVERSARIAL_PLATES).map(([name, plate]) => time(name, { items: [plate] }, perCase));
  const quotes = Object.keys(ADVERSARIAL_PLATES).map((name) => time(`10 x ${name}`, adversarialQuote(name), perCase));
  const inlineInput = inlineWorst();
  if (!isLightRequest(typedRequest(QuoteRequest.parse(inlineInput)))) throw new Error('the inline case is past the inline limits');
  const inline = time('10 plates at the inline limits', inlineInput, perCase);
  const imported: TimedCase[] = [
    ['imported: 20,000-corner outline, 50 cut-outs x 200 corners, 400 holes', importedPlate()],
    ['imported: the same with 2 folds', importedPlate([{ start_in: [0, 33], end_in: [120, 33] }, { start_in: [0, 85], end_in: [120, 85] }])],
    ['imported: 15,997-corner comb folded twice across 3,999 teeth', combPlate()],
  ].map(([name, plate]) => timeResolved(name as string, resolved(plate as PlateItem), perCase));
  // The costliest legal quote there is: ten items naming the costliest import.
  imported.push(timeResolved('10 x imported comb (the worst quote an import allows)', resolved(combPlate(), 10), perCase));
  return {
    items,
    quotes,
    inline,
    imported,
    importReferences: importReferences(perCase),
    worstItemP99Ms: Math.max(...items.map((c) => c.p99Ms)),
    worstQuoteP99Ms: Math.max(...quotes.map((c) => c.p99Ms)),
    largestQuoteBytes: Math.max(...quotes.map((c) => c.quoteBytes)),
  };
}

if (require.main === module) {
  const arg = process.argv.find((a) => a.startsWith('--seconds='));
  const result = runAdversarialBench(arg ? Number(arg.slice('--seconds='.length)) : 5);
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : result);
}
