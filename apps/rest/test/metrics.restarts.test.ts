// /metrics serves the supervisor's restart counts of every app `pnpm start` runs (app_restarts_total),
// read from its state file at each scrape; a missing or garbled file gives no series and no failure.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRestMetrics, readRestarts } from '../src/http/metrics';

const idle = { limitStore: () => 'database' as const, pricing: () => ({ queued: 0, threads: 0 }), drawings: () => ({ queued: 0, threads: 0 }) };

describe('app_restarts_total', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-restarts-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves each app\'s count from the supervisor\'s file, as it changes', async () => {
    const file = path.join(dir, 'supervisor.json');
    writeFileSync(file, JSON.stringify({ apps: { rest: { restarts: 0, pid: 1, up: true }, mcp: { restarts: 3, pid: 2, up: true }, console: { restarts: 1, pid: null, up: false } } }));
    const metrics = createRestMetrics({ ...idle, supervisorStateFile: file });
    const text = await metrics.registry.metrics();
    expect(text).toContain('# TYPE app_restarts_total counter');
    expect(text).toMatch(/^app_restarts_total\{app="mcp"\} 3$/m);
    expect(text).toMatch(/^app_restarts_total\{app="console"\} 1$/m);
    expect(text).toMatch(/^app_restarts_total\{app="rest"\} 0$/m);
    writeFileSync(file, JSON.stringify({ apps: { rest: { restarts: 0 }, mcp: { restarts: 4 }, console: { restarts: 1 } } }));
    expect(await metrics.registry.metrics()).toMatch(/^app_restarts_total\{app="mcp"\} 4$/m);
  });

  it('believes only whole counts of well-named apps, and nothing from a missing or garbled file', () => {
    const file = path.join(dir, 'odd.json');
    writeFileSync(file, JSON.stringify({ apps: { rest: { restarts: -1 }, mcp: { restarts: 1.5 }, console: { restarts: 'NaN' }, 'a"b': { restarts: 1 }, ok: { restarts: 2 } } }));
    expect(readRestarts(file)).toEqual([['ok', 2]]);
    writeFileSync(file, '{"apps":');
    expect(readRestarts(file)).toEqual([]);
    expect(readRestarts(path.join(dir, 'none.json'))).toEqual([]);
    expect(readRestarts(null)).toEqual([]);
  });
});
