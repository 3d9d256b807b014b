// Every DFM limit of a plate is compared so that NaN fails it (DESIGN 10.1): `!(x <= MAX)`, never
// `x > MAX`, which is false for NaN and let a figure that came out NaN through a check. This reads the
// sources, so a new check written the open way is caught here, not by the next attacker.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `x > MAX_...`, `x >= MAX_...`, `x < MIN_...`, `x <= MIN_...` (an arrow's `=>` is not a comparison). */
const OPEN_WAY = /(?<![=>])>=?\s*MAX_[A-Z0-9_]+|<=?\s*MIN_[A-Z0-9_]+/g;

function openComparisons(dir: string): string[] {
  const found: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, k) => {
        if (!/^\s*(\/\/|\*|\/\*)/.test(line) && OPEN_WAY.test(line)) found.push(`${file}:${k + 1}: ${line.trim()}`);
        OPEN_WAY.lastIndex = 0;
      });
  }
  return found;
}

describe('limit comparisons', () => {
  it('are all written so that NaN fails them', () => {
    expect(openComparisons(__dirname)).toEqual([]);
  });

  it('are found when written the open way', () => {
    expect('if (points > MAX_FLATTENED_POINTS) refuse();'.match(OPEN_WAY)).not.toBeNull();
    expect('if (!(points <= MAX_FLATTENED_POINTS)) refuse();'.match(OPEN_WAY)).toBeNull();
    expect('const f = () => MAX_SIZE_IN;'.match(OPEN_WAY)).toBeNull();
  });
});
