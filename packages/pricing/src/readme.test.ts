import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PEER_SETS, renderPeerSummaries, renderPeerTable } from './test-peer-prices';
import { renderReferenceTable } from './test-reference-parts';

const root = join(__dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const pricingDoc = readFileSync(join(root, '..', '..', 'docs', 'pricing.md'), 'utf8');

function between(text: string, marker: string): string | undefined {
  return new RegExp(`<!-- ${marker}:start -->\\n([\\s\\S]*?)\\n<!-- ${marker}:end -->`).exec(text)?.[1];
}

describe('README', () => {
  it.each([
    ['the package README', readme],
    ['docs/pricing.md', pricingDoc],
  ])('%s shows the reference table exactly as the code prices it today', (_where, text) => {
    expect(between(text, 'reference-table')).toBe(renderReferenceTable());
  });

  it('docs/pricing.md shows both peer tables and the summaries exactly as the code prices them today', () => {
    expect(between(pricingDoc, 'peer-table')).toBe(renderPeerTable(PEER_SETS.fit));
    expect(between(pricingDoc, 'validation-table')).toBe(renderPeerTable(PEER_SETS.validation));
    expect(between(pricingDoc, 'peer-summaries')).toBe(renderPeerSummaries());
  });

  it('the package README shows the first table and the summaries as the code prices them today', () => {
    expect(between(readme, 'peer-table')).toBe(renderPeerTable(PEER_SETS.fit));
    expect(between(readme, 'peer-summaries')).toBe(renderPeerSummaries());
    // Every point, the two files, three sources, five quantity bands and the two groups held to a median.
    expect(renderPeerSummaries().split('\n')).toHaveLength(13);
  });

  it('says what was fitted on what, and calls no set held back that a figure was chosen against', () => {
    for (const text of [readme, pricingDoc]) {
      expect(text).toMatch(/No set is held back/i);
      expect(text).not.toMatch(/held back from the choice of figures/);
    }
  });

  it('prices thirteen reference parts, one small part at the piece minimum', () => {
    const rows = renderReferenceTable().split('\n').slice(2);
    expect(rows).toHaveLength(13);
    expect(rows[0]).toMatch(/^\| Small bracket 3 x 2 in.*\| 26\.00 \| 5\.00 \| 2\.02 \|/);
  });

  it('no longer cites a peer without an address', () => {
    for (const text of [readme, pricingDoc]) expect(text).not.toMatch(/leading US instant-quote shop/);
  });

  it('carries the example file word for word', () => {
    const example = readFileSync(join(root, 'examples/quote-plate.ts'), 'utf8').trimEnd();
    expect(readme).toContain(`\`\`\`ts\n${example}\n\`\`\``);
  });
});
