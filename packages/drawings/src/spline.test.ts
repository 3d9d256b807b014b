// Splines: unreadable data refused, de Boor evaluation, adaptive flattening within tolerance.
import type { SplineEntity } from './dxf-model';
import { evaluateSpline, flattenSpline, readSpline, refineSpline } from './spline';

const spline = (fields: Partial<SplineEntity>): SplineEntity => ({ type: 'SPLINE', controlPoints: [], knots: [], ...fields });

describe('splines', () => {
  it('cannot read a spline with fit points only (no control points)', () => {
    expect(readSpline(spline({ degree: 3, numberOfFitPoints: 4 }))).toBeNull();
  });

  it('cannot read a spline whose knot count does not match', () => {
    expect(readSpline(spline({ degree: 1, controlPoints: [{ x: 0, y: 0 }, { x: 1, y: 0 }], knots: [0, 0, 1] }))).toBeNull();
  });

  it('evaluates a degree-1 spline as its control polygon', () => {
    const curve = readSpline(spline({ degree: 1, controlPoints: [{ x: 0, y: 0 }, { x: 2, y: 0 }, { x: 2, y: 2 }], knots: [0, 0, 1, 2, 2] }))!;
    expect(evaluateSpline(curve, 0.5)).toEqual([1, 0]);
    expect(evaluateSpline(curve, 1.5)).toEqual([2, 1]);
    expect(evaluateSpline(curve, 2)).toEqual([2, 2]);
    expect(flattenSpline(curve, 0.001, 100)).toEqual({ points: [0, 0, 2, 0, 2, 2], params: [0, 1, 2] });
  });

  it('flattens a cubic within the tolerance of the curve', () => {
    const curve = readSpline(
      spline({ degree: 3, controlPoints: [{ x: 0, y: 0 }, { x: 1, y: 3 }, { x: 3, y: -3 }, { x: 4, y: 0 }], knots: [0, 0, 0, 0, 1, 1, 1, 1] }),
    )!;
    const tolerance = 0.002;
    const { points } = flattenSpline(curve, tolerance, 10_000)!;
    expect(points.slice(0, 2)).toEqual([0, 0]);
    expect(points.slice(-2)).toEqual([4, 0]);
    // Dense samples of the true curve lie within the tolerance of the flattened path.
    for (let i = 0; i <= 400; i++) {
      const [x, y] = evaluateSpline(curve, i / 400);
      let nearest = Infinity;
      for (let k = 2; k < points.length; k += 2) {
        const [ax, ay, bx, by] = [points[k - 2]!, points[k - 1]!, points[k]!, points[k + 1]!];
        const vx = bx - ax;
        const vy = by - ay;
        const u = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
        nearest = Math.min(nearest, Math.hypot(x - ax - u * vx, y - ay - u * vy));
      }
      expect(nearest).toBeLessThanOrEqual(tolerance * 1.01);
    }
  });

  it('stops once the points would pass the budget, without making the rest', () => {
    const curve = readSpline(
      spline({ degree: 3, controlPoints: [{ x: 0, y: 0 }, { x: 1, y: 3 }, { x: 3, y: -3 }, { x: 4, y: 0 }], knots: [0, 0, 0, 0, 1, 1, 1, 1] }),
    )!;
    const all = flattenSpline(curve, 1e-6, 1_000_000)!;
    expect(all.points.length / 2).toBeGreaterThan(50);
    expect(flattenSpline(curve, 1e-6, 50)).toBeNull();
  });

  it('measures the curve through each segment cut in even steps of the parameter', () => {
    // A quarter circle as a rational quadratic: its length is pi / 2 to within the chord tolerance's square.
    const w = Math.SQRT1_2;
    const curve = readSpline(spline({ degree: 2, controlPoints: [{ x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }], knots: [0, 0, 0, 1, 1, 1], weights: [1, w, 1] }))!;
    const flat = flattenSpline(curve, 0.002, 10_000)!;
    const length = (p: number[]) => {
      let sum = 0;
      for (let k = 2; k < p.length; k += 2) sum += Math.hypot(p[k]! - p[k - 2]!, p[k + 1]! - p[k - 1]!);
      return sum;
    };
    const coarse = length(flat.points);
    const fine = length(refineSpline(curve, flat, 4));
    expect(Math.PI / 2 - coarse).toBeGreaterThan(5e-4);
    expect(Math.PI / 2 - fine).toBeLessThan((Math.PI / 2 - coarse) / 12);
    // The shortfall falls with the square of the step: extrapolated, it is gone to 1e-6.
    expect(Math.abs(Math.PI / 2 - (fine + (fine - coarse) / 15))).toBeLessThan(1e-6);
  });
});
