// The README's curl walk-through, run as written against a real app: a newcomer's first five
// minutes (materials, a quote, its drawing, an order link, a quote-request link, a drawing imported
// and quoted) must keep working.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';

const README = readFileSync(path.resolve(__dirname, '..', '..', '..', 'README.md'), 'utf8');

function walkthroughScript(): string {
  const section = README.split('## A walk through the API with curl')[1];
  const block = section?.split('```sh')[1]?.split('```')[0];
  if (!block) throw new Error('README.md has no curl walk-through block');
  return block;
}

describe('the README walk-through', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp();
    dir = mkdtempSync(path.join(tmpdir(), 'shop-readme-'));
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // The script starts a node for each JSON field it prints and the app a drawing process: on a busy
  // machine that is seconds, so the test waits as long as the script may run.
  it('runs as pasted and reaches a priced quote, its drawing, an order link and a quote-request link', async () => {
    const script = walkthroughScript().replaceAll('http://localhost:3000', app.http.baseUrl);
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, timeout: 60_000 });
    expect(stdout).toContain('mild_steel: 18 thicknesses');
    expect(stdout).toMatch(/ready: \d+ \+ HST \d+ = \d+ cents/);
    expect(stdout).toContain('Round bale feeder — kit: 300800 cents');
    expect(stdout).toContain('drawing saved to plate.svg');
    expect(readFileSync(path.join(dir, 'plate.svg'), 'utf8')).toMatch(/^<svg /);
    expect(statSync(path.join(dir, 'plate.svg')).size).toBeGreaterThan(500);
    expect(stdout).toMatch(/http:\/\/quotes\.test\/o\/h_[0-9A-Za-z]{22}/);
    expect(stdout).toMatch(/http:\/\/quotes\.test\/r\/rfq_[0-9A-Za-z]{22}/);
    // The cut file imported again is the plate of step 2, at its price.
    expect(stdout).toContain('cut file saved to plate.dxf');
    expect(stdout).toContain('in: 6 x 4 in, 4 holes, 1 bend');
    const plateAmount = /Plate 6 x 4 in rectangle[^:]*: (\d+) cents/.exec(stdout)?.[1];
    expect(plateAmount).toBeDefined();
    expect(stdout).toContain(`from the drawing: ${plateAmount} cents`);
  }, 60_000);
});
