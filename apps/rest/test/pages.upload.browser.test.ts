// The upload page in headless Chromium, on a phone-sized screen and a desk-sized one: a drawing
// chosen with the file input, the part shown, material, thickness and quantity chosen, priced, ordered.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Quote } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { startTestApp } from './app-harness';
import type { TestApp } from './app-harness';
import { HAS_CHROMIUM, NEEDS_CHROMIUM, launchBrowser } from './browser';
import type { Browser } from './browser';
import { bracketDxf, bracketTyped, openContourDxf } from './fixtures';
import { describeUnless } from '../../../scripts/test/skip-unless';

jest.setTimeout(60_000);

/** A box on the page (getBoundingClientRect), in CSS pixels. */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

describeUnless(HAS_CHROMIUM, NEEDS_CHROMIUM)('the upload page in headless Chromium', () => {
describe.each([
  ['a phone', { width: 390, height: 844 }],
  ['a desk', { width: 1366, height: 900 }],
])('the upload page on %s', (_screen, viewport) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let dir: string;
  const problems: string[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    browser = await launchBrowser(viewport);
    page = await browser.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`script: ${error.message}`));
    dir = mkdtempSync(path.join(tmpdir(), 'shop-upload-'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    expect(problems.splice(0)).toEqual([]);
  });

  const url = (p: string) => app.http.baseUrl + p;
  const fitsWidth = () => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
  /** The part's drawing as the page shows it: loaded, and the SVG it was loaded from. */
  const drawing = () =>
    page.evaluate<{ loaded: boolean; svg: string }>(`(async () => {
      const img = document.querySelector('figure.drawing img');
      if (!img) return { loaded: false, svg: '' };
      if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
      return { loaded: img.naturalWidth > 0, svg: await (await fetch(img.src)).text() };
    })()`);

  it('takes a drawing, shows the part, prices the choice and orders it', async () => {
    const file = path.join(dir, 'bracket-a.dxf');
    writeFileSync(file, bracketDxf());
    await page.goto(url('/plate/new'));
    expect(await page.textContent('h1')).toBe('Quote a part from its drawing');
    expect(await fitsWidth()).toBe(true);
    await page.setInputFiles('#drawing', file);
    await page.click('button:has-text("Read the drawing")');
    await page.waitForURL(/\/plate\/new\/pi_[0-9A-Za-z]{22}$/);
    expect(await page.textContent('h1')).toBe('bracket-a.dxf');
    const shown = await drawing();
    expect(shown.loaded).toBe(true);
    expect(shown.svg.match(/<circle /g)).toHaveLength(4);
    expect(await fitsWidth()).toBe(true);

    await page.selectOption('#stock', 'mild_steel|0.1345');
    await page.fill('#quantity', '10');
    await page.click('button:has-text("Price it")');
    await page.waitForSelector('[data-field="amount"]');
    const typed = Quote.parse((await app.http.request('POST', '/api/v1/quotes', { body: { items: [bracketTyped()] } })).json).items[0]!;
    expect(await page.textContent('[data-field="amount"]')).toBe(`$${(typed.amount_cents! / 100).toFixed(2)}`);
    expect(await fitsWidth()).toBe(true);

    await page.click('#order');
    await page.waitForURL(/\/o\/h_[0-9A-Za-z]{22}$/);
    expect(await page.textContent('h1')).toBe('Your quoted order');
    expect(await page.locator('li.item h2').allTextContents()).toEqual(['bracket-a.dxf']);
  });

  it('reads a drawing saved by FreeCAD, as a person picks it from their disk', async () => {
    await page.goto(url('/plate/new'));
    await page.setInputFiles('#drawing', path.resolve(__dirname, '../../../packages/drawings/test/fixtures/freecad-flange-mm-r14.dxf'));
    await page.click('button:has-text("Read the drawing")');
    await page.waitForURL(/\/plate\/new\/pi_/);
    expect(await page.textContent('h1')).toBe('freecad-flange-mm-r14.dxf');
    const figures = await page.locator('.specs dl.figures div').allInnerTexts();
    expect(figures.map((text) => text.replace(/\s+/g, ' '))).toEqual(['Size 152.4 x 101.6 mm (6 x 4 in)', 'Read in millimetres', 'Round holes 4', 'Cut-outs 1', 'Bends 0']);
    expect((await drawing()).svg.match(/<circle /g)).toHaveLength(4);
    expect(await fitsWidth()).toBe(true);
  });

  it('draws each units choice as a small button with its label beside it, on one row', async () => {
    await page.goto(url('/plate/new'));
    const rows = await page.evaluate<Array<{ radio: Box; text: Box; label: Box }>>(`[...document.querySelectorAll('label.choice')].map((label) => ({
      radio: label.querySelector('input').getBoundingClientRect().toJSON(),
      text: label.querySelector('span').getBoundingClientRect().toJSON(),
      label: label.getBoundingClientRect().toJSON(),
    }))`);
    expect(rows).toHaveLength(3);
    for (const { radio, text, label } of rows) {
      // The button is a small box at the left of its label, its words right beside it on the same line.
      expect(radio.width).toBeLessThanOrEqual(24);
      expect(radio.left - label.left).toBeLessThan(4);
      expect(text.left).toBeGreaterThanOrEqual(radio.right);
      expect(text.left - radio.right).toBeLessThanOrEqual(16);
      const middle = (box: Box) => box.top + box.height / 2;
      expect(Math.abs(middle(text) - middle(radio))).toBeLessThanOrEqual(3);
      // The whole row can be pressed: a finger-sized target.
      expect(label.height).toBeGreaterThanOrEqual(44);
    }
    // Each row sits below the one before it, not on top of it.
    expect(rows[1]!.label.top).toBeGreaterThanOrEqual(rows[0]!.label.bottom - 1);
    await page.click('label.choice:has-text("Millimetres")');
    expect(await page.isChecked('input[name="units"][value="mm"]')).toBe(true);
  });

  it('offers the material and thickness in a full-width control that says the material once chosen', async () => {
    await page.goto(url('/plate/new'));
    const file = path.join(dir, 'bracket-a.dxf');
    writeFileSync(file, bracketDxf());
    await page.setInputFiles('#drawing', file);
    await page.click('button:has-text("Read the drawing")');
    await page.waitForURL(/\/plate\/new\/pi_/);
    const box = (await page.locator('#stock').boundingBox())!;
    const card = (await page.locator('section.price').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(card.width - 40);
    await page.selectOption('#stock', 'stainless_304|0.1875');
    expect(await page.evaluate<string>("document.querySelector('#stock').selectedOptions[0].textContent")).toBe('Stainless steel 304, 3/16 in');
  });

  it('shows a drawing that cannot be cut without calling a hole the part', async () => {
    const file = path.join(dir, 'open-corner.dxf');
    writeFileSync(file, openContourDxf());
    await page.goto(url('/plate/new'));
    await page.setInputFiles('#drawing', file);
    await page.click('button:has-text("Read the drawing")');
    await page.waitForURL(/\/plate\/new\/pi_/);
    const figures = (await page.locator('.specs dl.figures div').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(figures).toEqual(['Size Not known: the outline is not closed', 'Read in inches', 'Bends 0']);
    expect(await page.locator('#units-hint').count()).toBe(0);
    expect(await page.textContent('section[aria-label="Cannot be cut"] h2')).toBe('Cannot be cut as drawn');
    expect(await fitsWidth()).toBe(true);
  });

  it('says on the form, in words, why a file could not be read', async () => {
    const file = path.join(dir, 'no-units.dxf');
    writeFileSync(file, bracketDxf({ insUnits: null }));
    await page.goto(url('/plate/new'));
    await page.setInputFiles('#drawing', file);
    await page.click('button:has-text("Read the drawing")');
    await page.waitForSelector('#upload-error');
    expect(await page.textContent('#upload-error')).toMatch(/units/);
    // The form comes back with the 422 of the import, which Chromium notes on its console.
    expect(problems.splice(0)).toEqual(['console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
    // Choosing the units and sending it again reads it.
    await page.setInputFiles('#drawing', file);
    await page.check('input[name="units"][value="mm"]');
    await page.click('button:has-text("Read the drawing")');
    await page.waitForURL(/\/plate\/new\/pi_/);
    expect(await page.textContent('.specs')).toContain('millimetres');
  });
});
});
