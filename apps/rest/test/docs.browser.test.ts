// The docs page, where every error's doc_url leads, in headless Chromium at a 320 px phone width:
// no sideways scroll, every focus stop with a visible outline, the code's anchor in view.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { HAS_CHROMIUM, NEEDS_CHROMIUM, launchBrowser } from './browser';
import type { Browser } from './browser';
import { describeUnless } from '../../../scripts/test/skip-unless';

jest.setTimeout(60_000);

describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)('the docs page on a 320 px phone', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser({ width: 320, height: 640 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('reads without sideways scroll, loads no script, and shows every focus stop', async () => {
    const page = await browser.context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${app.http.baseUrl}/docs#error-quote_not_found`);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(320);
    expect(scripts).toEqual([]);
    // The anchor an error's doc_url names is on screen.
    expect(await page.evaluate<boolean>("(() => { const r = document.getElementById('error-quote_not_found').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()")).toBe(true);
    // Tab through the first stops: each has an outline of 3 px while focused.
    const outlines: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      outlines.push(await page.evaluate<string>("(() => { const e = document.activeElement; const s = getComputedStyle(e); return e.tagName + ' ' + s.outlineStyle + ' ' + s.outlineWidth; })()"));
    }
    for (const outline of outlines) expect(outline).toMatch(/ solid 3px$/);
    // Every control has a label that names it.
    expect(await page.evaluate<number>("Array.from(document.querySelectorAll('input, select, textarea')).filter((e) => !(e.labels && e.labels.length)).length")).toBe(0);
    await page.close();
  });

  it('axe-core finds no critical, serious or moderate violation, the page filtered or whole', async () => {
    // axe-core is the console's test dependency; the same copy is used here.
    const axeSource = readFileSync(require.resolve('axe-core/axe.min.js', { paths: [path.join(__dirname, '..', '..', 'console')] }), 'utf8');
    for (const address of ['/docs', '/docs?find=expired']) {
      const page = await browser.context.newPage();
      await page.goto(`${app.http.baseUrl}${address}`);
      await page.evaluate(axeSource);
      const violations = await page.evaluate<Array<{ id: string; impact: string; nodes: number }>>(
        "axe.run(document).then((result) => result.violations.filter((v) => ['critical', 'serious', 'moderate'].includes(v.impact)).map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))",
      );
      expect({ address, violations }).toEqual({ address, violations: [] });
      await page.close();
    }
  });
});
