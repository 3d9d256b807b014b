// The short version of `pnpm fuzz`: a few thousand generated requests against the real app.
import { runFuzz } from '../scripts/fuzz/run';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';

// A new seed each day: CI explores a little further every day, and a failure names its seed.
const SEED = Math.floor(Date.now() / 86_400_000);

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
