// Every drawing the fuzzer (`pnpm fuzz:drawings`) ever failed on, kept in packages/drawings/test/
// fuzz-corpus with what was wrong, must now keep the oracle's rules: read into a part whose answer
// passes its contract, or refused with a known code; never a throw or a non-finite figure.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { judgeDrawing } from './test-drawing-oracle';

const CORPUS = path.join(__dirname, '..', '..', 'drawings', 'test', 'fuzz-corpus');
const found = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.dxf'))
  .map((name) => {
    const { units, problems } = JSON.parse(readFileSync(path.join(CORPUS, name.replace(/\.dxf$/, '.json')), 'utf8')) as { units: 'in' | 'mm' | null; problems: string[] };
    return { name, units, problems };
  });

describe('the fuzzing corpus', () => {
  it('holds at least one finding', () => {
    expect(found.length).toBeGreaterThan(0);
  });

  it('judges a plain part as imported and a text that is no drawing as refused, both by the rules', () => {
    const square = ['0', 'SECTION', '2', 'ENTITIES', '0', 'LWPOLYLINE', '8', 'CUT', '90', '4', '70', '1', '10', '0', '20', '0', '10', '4', '20', '0', '10', '4', '20', '3', '10', '0', '20', '3', '0', 'ENDSEC', '0', 'EOF', ''].join('\n');
    expect(judgeDrawing(square, 'in')).toEqual({ outcome: 'imported', code: null, problems: [] });
    expect(judgeDrawing('Dear shop, please cut this.')).toEqual({ outcome: 'refused', code: 'dxf_unreadable', problems: [] });
  });

  it.each(found)('$name (found: $problems) is now read or refused by the rules', ({ name, units }) => {
    const verdict = judgeDrawing(readFileSync(path.join(CORPUS, name)), units ?? undefined);
    expect(verdict.problems).toEqual([]);
    expect(['imported', 'refused']).toContain(verdict.outcome);
  });
});
