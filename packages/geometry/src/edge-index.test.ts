import fc from 'fast-check';
import { EdgeIndex } from './edge-index';
import { combCorners } from './test-plates';

/** The plain crossing-number test along +x over every edge, for comparison. */
function insideByEveryEdge(points: ReadonlyArray<readonly [number, number]>, px: number, py: number): boolean {
  let inside = false;
  for (let k = 0; k < points.length; k++) {
    const [xk, yk] = points[k]!;
    const [xj, yj] = points[(k + 1) % points.length]!;
    if (yk > py !== yj > py && px < xk + ((py - yk) * (xj - xk)) / (yj - yk)) inside = !inside;
  }
  return inside;
}

const indexOf = (points: ReadonlyArray<readonly [number, number]>) =>
  new EdgeIndex(Float64Array.from(points, (p) => p[0]), Float64Array.from(points, (p) => p[1]));

describe('EdgeIndex.containsPoint', () => {
  it('answers as a test over every edge, whichever side of the box its ray leaves by', () => {
    const comb = combCorners(12, 3, 2, 5);
    const index = indexOf(comb);
    // Points between the teeth, in them, in the base and off the part, on a grid that misses the edges.
    const wrong: Array<[number, number]> = [];
    let inside = 0;
    for (let x = -1.05; x < 36; x += 0.1) {
      for (let y = -0.95; y < 8.5; y += 0.1) {
        const expected = insideByEveryEdge(comb, x, y);
        if (index.containsPoint(x, y) !== expected) wrong.push([x, y]);
        if (expected) inside++;
      }
    }
    expect(wrong).toEqual([]);
    expect(inside).toBeGreaterThan(1000);
  });

  it('answers as a test over every edge for any star-shaped polygon', () => {
    const star = fc
      .uniqueArray(fc.tuple(fc.integer({ min: 0, max: 3599 }), fc.double({ min: 1, max: 20, noNaN: true })), { minLength: 3, maxLength: 30, selector: ([a]) => a })
      .map((corners) =>
        [...corners]
          .sort((p, q) => p[0] - q[0])
          .map(([tenths, r]): [number, number] => [30 + r * Math.cos((tenths / 1800) * Math.PI), 30 + r * Math.sin((tenths / 1800) * Math.PI)]),
      );
    fc.assert(
      fc.property(star, fc.double({ min: 0, max: 60, noNaN: true }), fc.double({ min: 0, max: 60, noNaN: true }), (points, x, y) => {
        expect(indexOf(points).containsPoint(x, y)).toBe(insideByEveryEdge(points, x, y));
      }),
      { numRuns: 500 },
    );
  });
});
