// The short version of `pnpm fuzz`: a few thousand generated requests against the real app.
import { runFuzz } from '../../../reliability/fuzz/run';
import { searchSlowInputs } from '../../../reliability/slow-inputs';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';

// A fixed seed: a failure in CI is the same failure on any machine. `pnpm fuzz --seed N` explores.
const SEED = 20261123;

describe('fuzzing every route', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { RATE_LIMIT_SCALE: '1000000' } });
  });
  afterAll(() => app.close());

  it('3,000 generated requests: no 5xx, every error a valid envelope, every 2xx body valid, quotes kept byte for byte', async () => {
    const result = await runFuzz({ baseUrl: app.http.baseUrl, requests: 3_000, seed: SEED, concurrency: 8 });
    expect({ seed: result.seed, failures: result.failures }).toEqual({ seed: SEED, failures: [] });
    expect(result.sent).toBe(3_000);
    expect(Object.keys(result.byStatus).filter((status) => Number(status) >= 500)).toEqual([]);
    // The generator reaches pricing and storage, not only validation.
    expect(result.created.ready + result.created.blocked).toBeGreaterThan(30);
    expect(result.created.handoffs + result.created.rfqLinks).toBeGreaterThan(10);
    expect(result.rereads.checked).toBeGreaterThan(30);
    expect((await app.http.request('GET', '/api/v1/status')).status).toBe(200);
  }, 180_000);
});

describe('the slow-input search', () => {
  it('finds a plate over a budget nothing can meet and shrinks it to the smallest plate', () => {
    // Every plate takes more than no time at all: the search must fail and shrink.
    const result = searchSlowInputs({ runs: 30, seed: SEED, budgetMs: 0 });
    expect(result.counterexample).not.toBeNull();
    const plate = result.counterexample!.plate as { holes: unknown[]; bends: unknown[] };
    expect(plate.holes).toEqual([]);
    expect(plate.bends).toEqual([]);
    expect(result.slowest.ms).toBeGreaterThan(0);
  });

  it('reports the slowest and the largest of what it tried when nothing is over the budget', () => {
    const result = searchSlowInputs({ runs: 40, seed: SEED, budgetMs: 60_000 });
    expect(result.counterexample).toBeNull();
    expect(result.runs).toBe(40);
    expect(result.largest.quoteBytes).toBeGreaterThan(1_000);
    expect(result.largest.quoteBytes).toBeLessThan(16 * 1024);
  });
});
