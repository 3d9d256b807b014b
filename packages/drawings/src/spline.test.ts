// Splines: unreadable data refused, de Boor evaluation, adaptive flattening within tolerance.
import type { SplineEntity } from './dxf-model';
import { evaluateSpline, flattenSpline, readSpline } from './spline';

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
    expect(flattenSpline(curve, 0.001)).toEqual([0, 0, 2, 0, 2, 2]);
  });

  it('flattens a cubic within the tolerance of the curve', () => {
    const curve = readSpline(
      spline({ degree: 3, controlPoints: [{ x: 0, y: 0 }, { x: 1, y: 3 }, { x: 3, y: -3 }, { x: 4, y: 0 }], knots: [0, 0, 0, 0, 1, 1, 1, 1] }),
    )!;
    const tolerance = 0.002;
    const points = flattenSpline(curve, tolerance);
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
});
