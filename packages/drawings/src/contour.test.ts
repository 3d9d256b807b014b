// Contours: area, a point strictly inside, indexed point tests and nesting at scale.
import { ContourTester, interiorPoint, toContour } from './contour';
import type { Contour } from './contour';
import { nestContours } from './nest-contours';

const contourOf = (points: ReadonlyArray<readonly [number, number]>, order = 0): Contour =>
  toContour({ points: points.flat(), length: 0, circle: null, order, type: 'LWPOLYLINE', layer: '0' });

/** Crossing-number test over every edge, the reference for the indexed one. */
function bruteContains(c: Contour, px: number, py: number): boolean {
  let inside = false;
  for (let k = 0, j = c.xs.length - 1; k < c.xs.length; j = k++) {
    const [xk, yk, xj, yj] = [c.xs[k]!, c.ys[k]!, c.xs[j]!, c.ys[j]!];
    if (yk > py !== yj > py && px < xk + ((py - yk) * (xj - xk)) / (yj - yk)) inside = !inside;
  }
  return inside;
}

describe('contours', () => {
  it('gives the shoelace area, positive counter-clockwise, and the bounds', () => {
    const c = contourOf([[0, 0], [4, 0], [4, 3], [0, 3]]);
    expect([c.area, c.minX, c.minY, c.maxX, c.maxY]).toEqual([12, 0, 0, 4, 3]);
    expect(contourOf([[0, 0], [0, 3], [4, 3], [4, 0]]).area).toBe(-12);
  });

  it('finds a point strictly inside a U shape whose box centre is outside it', () => {
    const u = contourOf([[0, 0], [6, 0], [6, 6], [5, 6], [5, 1], [1, 1], [1, 6], [0, 6]]);
    const [x, y] = interiorPoint(u);
    expect(bruteContains(u, x, y)).toBe(true);
    expect(bruteContains(u, 3, 3)).toBe(false);
  });

  it('finds a point inside a contour touching another along an edge (not its first vertex)', () => {
    const inner = contourOf([[0, 0], [2, 0], [2, 2], [0, 2]]);
    const [x, y] = interiorPoint(inner);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(2);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(2);
  });

  it('answers point tests on a 5,000-vertex star the same with the edge index as without', () => {
    const n = 5000;
    const star = contourOf(Array.from({ length: n }, (_, k) => {
      const r = k % 2 === 0 ? 10 : 6;
      const a = (2 * Math.PI * k) / n;
      return [r * Math.cos(a), r * Math.sin(a)] as [number, number];
    }));
    const tester = new ContourTester([star]);
    for (let i = 0; i < 500; i++) {
      const x = -11 + (i * 7.919) % 22;
      const y = -11 + (i * 3.137) % 22;
      expect(tester.contains(0, x, y)).toBe(bruteContains(star, x, y));
    }
  });

  it('nests 10,000 squares inside a plate at depth 1 and islands at depth 2', () => {
    const contours = [contourOf([[0, 0], [1000, 0], [1000, 1000], [0, 1000]])];
    for (let i = 0; i < 10_000; i++) {
      const x = 1 + (i % 100) * 9;
      const y = 1 + Math.floor(i / 100) * 9;
      contours.push(contourOf([[x, y], [x + 8, y], [x + 8, y + 8], [x, y + 8]]));
    }
    contours.push(contourOf([[3, 3], [5, 3], [5, 5], [3, 5]]));
    const nesting = nestContours(contours)!;
    expect(nesting.depth[0]).toBe(0);
    expect(Array.from(nesting.depth.slice(1, 10_001)).every((d) => d === 1)).toBe(true);
    expect(nesting.depth[10_001]).toBe(2);
    expect(nesting.parent[10_001]).toBe(1);
  });
});
