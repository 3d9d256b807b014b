import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderReferenceTable } from './test-reference-parts';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

describe('README', () => {
  it('shows the reference table exactly as the code prices it today', () => {
    const match = /<!-- reference-table:start -->\n([\s\S]*?)\n<!-- reference-table:end -->/.exec(readme);
    expect(match?.[1]).toBe(renderReferenceTable());
  });

  it('prices a dozen reference parts, the 58 mm disc among them inside the peer band at 2 pieces', () => {
    const rows = renderReferenceTable().split('\n').slice(2);
    expect(rows).toHaveLength(12);
    // 2 discs: the 3,000 set-up, their share of a sheet and their cutting stay under the 3,500 minimum: CAD 17.50 each = USD 12.77 at 1.37.
    expect(rows[0]).toMatch(/^\| 58 mm disc.*\| 35\.00 \| 4\.05 \| 1\.35 \|/);
  });

  it('carries the example file word for word', () => {
    const example = readFileSync(join(root, 'examples/quote-plate.ts'), 'utf8').trimEnd();
    expect(readme).toContain(`\`\`\`ts\n${example}\n\`\`\``);
  });
});
