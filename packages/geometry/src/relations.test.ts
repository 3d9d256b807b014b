// forClosePairs: without its spatial index for a few cutouts, the same calls in the same order as
// the index gives (the order decides which pair an issue names first).
import fc from 'fast-check';
import Flatbush from 'flatbush';
import type { Cutout } from './hole-patterns';
import { forClosePairs } from './relations';

/** The pairs as the index finds them: boxes in a Flatbush, searched cutout by cutout. */
function indexedPairs(cutouts: readonly Cutout[], reach: number): Array<[number, number, number]> {
  const found: Array<[number, number, number]> = [];
  const tree = new Flatbush(cutouts.length);
  for (const c of cutouts) tree.add(Math.min(c.ax, c.bx) - c.radius, Math.min(c.ay, c.by) - c.radius, Math.max(c.ax, c.bx) + c.radius, Math.max(c.ay, c.by) + c.radius);
  tree.finish();
  cutouts.forEach((c, i) => {
    tree.search(Math.min(c.ax, c.bx) - c.radius - reach, Math.min(c.ay, c.by) - c.radius - reach, Math.max(c.ax, c.bx) + c.radius + reach, Math.max(c.ay, c.by) + c.radius + reach, (j) => {
      if (j > i) {
        const d = cutouts[j]!;
        const gap =
          c.kind === 'hole' && d.kind === 'hole'
            ? Math.sqrt((d.x - c.x) ** 2 + (d.y - c.y) ** 2) - c.radius - d.radius
            : Number.NaN;
        found.push([i, j, gap]);
      }
      return false;
    });
  });
  return found;
}

const hole = fc.record({ x: fc.integer({ min: 0, max: 400 }), y: fc.integer({ min: 0, max: 400 }), r: fc.integer({ min: 1, max: 40 }) }).map(
  ({ x, y, r }): Cutout => ({ kind: 'hole', entry: 0, index: 0, x: x / 64, y: y / 64, ax: x / 64, ay: y / 64, bx: x / 64, by: y / 64, radius: r / 64 }),
);

describe('forClosePairs', () => {
  it('finds, for 2 to 16 holes, the close pairs the spatial index finds, in its order', () => {
    fc.assert(
      fc.property(fc.array(hole, { minLength: 2, maxLength: 16 }), fc.integer({ min: 1, max: 64 }), (cutouts, web64) => {
        const reach = web64 / 64 - 1e-9;
        const calls: Array<[number, number, number]> = [];
        forClosePairs(cutouts, web64 / 64, 1e-9, (i, j, gap) => calls.push([i, j, gap]));
        const expected = indexedPairs(cutouts, reach).filter(([, , gap]) => gap < reach);
        expect(calls).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('reports overlapping and too-close holes with their gap, and none for holes far apart', () => {
    const at = (x: number, y: number): Cutout => ({ kind: 'hole', entry: 0, index: 0, x, y, ax: x, ay: y, bx: x, by: y, radius: 0.25 });
    const calls: Array<[number, number, number]> = [];
    forClosePairs([at(0, 0), at(0.4, 0), at(5, 5), at(5.6, 5)], 0.25, 1e-9, (i, j, gap) => calls.push([i, j, Math.round(gap * 1000) / 1000]));
    expect(calls).toEqual([
      [0, 1, -0.1],
      [2, 3, 0.1],
    ]);
  });
});
