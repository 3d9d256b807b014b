import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { peerRatios, renderReferenceTable } from './test-reference-parts';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pricingDoc = readFileSync(join(root, '..', '..', 'docs', 'pricing.md'), 'utf8');

describe('README', () => {
  it.each([
    ['the package README', readme],
    ['docs/pricing.md', pricingDoc],
  ])('%s shows the reference table exactly as the code prices it today', (_where, text) => {
    const match = /<!-- reference-table:start -->\n([\s\S]*?)\n<!-- reference-table:end -->/.exec(text);
    expect(match?.[1]).toBe(renderReferenceTable());
  });

  it('prices thirteen reference parts, the 58 mm disc among them inside the peer band at 2 pieces', () => {
    const rows = renderReferenceTable().split('\n').slice(2);
    expect(rows).toHaveLength(13);
    // 2 discs: programming, their share of a sheet and their cutting stay under 2 piece minimums:
    // CAD 17.00 each = USD 12.32 at 1.38, inside USD 12-18.
    expect(rows[1]).toMatch(/^\| 58 mm disc.*\| 17\.00 \| 3\.50 \| 1\.18 \| 16\.56-24\.84 at 2 \(ours 17\.00\) \| 0\.82 \|/);
  });

  it('reports the ratio to every peer point, each within 0.8-1.25', () => {
    const ratios = peerRatios();
    expect(ratios.map((row) => [row.name, row.quantity, row.ourCents, Number(row.ratio.toFixed(2))])).toEqual([
      ['58 mm disc, 12 ga (2.66 mm) mild steel', 2, 1_700, 0.82],
      ['Clip 3 x 1.5 in, 16 ga mild steel, 1 hole, 1 bend', 1, 3_325, 1],
    ]);
    for (const row of ratios) {
      expect(row.ratio).toBeGreaterThanOrEqual(0.8);
      expect(row.ratio).toBeLessThanOrEqual(1.25);
    }
  });

  it('carries the example file word for word', () => {
    const example = readFileSync(join(root, 'examples/quote-plate.ts'), 'utf8').trimEnd();
    expect(readme).toContain(`\`\`\`ts\n${example}\n\`\`\``);
  });
});
