// SPLINE entities: rational B-splines evaluated by de Boor's algorithm and flattened by adaptive
// subdivision (even sampling lost 0.5% of the area of a real rational spline, README, How it reads a drawing).
import type { SplineEntity } from './dxf-model';

export interface SplineCurve {
  degree: number;
  xs: Float64Array;
  ys: Float64Array;
  weights: Float64Array;
  knots: Float64Array;
}

const MAX_DEPTH = 12;

/**
 * The curve of a SPLINE entity, or null when it cannot be drawn from its data: a spline given by
 * fit points only comes back from the parser without control points (README, trap 3).
 */
export function readSpline(entity: SplineEntity): SplineCurve | null {
  const degree = entity.degree ?? 3;
  const count = entity.controlPoints.length;
  const knots = entity.knots;
  if (!Number.isInteger(degree) || degree < 1 || count < degree + 1 || knots.length !== count + degree + 1) return null;
  for (let k = 1; k < knots.length; k++) if (!(knots[k]! >= knots[k - 1]!)) return null;
  if (!(knots[count]! > knots[degree]!)) return null;
  const weights = entity.weights && entity.weights.length === count ? entity.weights : null;
  if (entity.weights && entity.weights.length > 0 && weights === null) return null;
  const curve: SplineCurve = {
    degree,
    xs: Float64Array.from(entity.controlPoints, (p) => p.x ?? 0),
    ys: Float64Array.from(entity.controlPoints, (p) => p.y ?? 0),
    weights: weights ? Float64Array.from(weights) : new Float64Array(count).fill(1),
    knots: Float64Array.from(knots),
  };
  for (let k = 0; k < count; k++) {
    if (!Number.isFinite(curve.xs[k]!) || !Number.isFinite(curve.ys[k]!) || !(curve.weights[k]! > 0)) return null;
  }
  return curve;
}

/** The parameter range the curve is defined on. */
function splineDomain(curve: SplineCurve): [number, number] {
  return [curve.knots[curve.degree]!, curve.knots[curve.xs.length]!];
}

let scratchX = new Float64Array(12);
let scratchY = new Float64Array(12);
let scratchW = new Float64Array(12);

/** The point at parameter t (de Boor's algorithm in homogeneous coordinates). */
export function evaluateSpline(curve: SplineCurve, t: number): [number, number] {
  const { degree: p, knots } = curve;
  const n = curve.xs.length;
  // Span k with knots[k] <= t < knots[k + 1], inside [p, n - 1].
  let low = p;
  let high = n - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (knots[mid]! <= t) low = mid;
    else high = mid - 1;
  }
  const k = low;
  // Scratch rows kept between calls (a flattening evaluates hundreds of thousands of points): the
  // same arithmetic, without three new arrays each time to collect.
  if (scratchX.length < p + 1) {
    scratchX = new Float64Array(p + 1);
    scratchY = new Float64Array(p + 1);
    scratchW = new Float64Array(p + 1);
  }
  const dx = scratchX;
  const dy = scratchY;
  const dw = scratchW;
  for (let j = 0; j <= p; j++) {
    const w = curve.weights[k - p + j]!;
    dx[j] = curve.xs[k - p + j]! * w;
    dy[j] = curve.ys[k - p + j]! * w;
    dw[j] = w;
  }
  for (let r = 1; r <= p; r++) {
    for (let j = p; j >= r; j--) {
      const left = knots[j + k - p]!;
      const span = knots[j + 1 + k - r]! - left;
      const alpha = span === 0 ? 0 : (t - left) / span;
      dx[j] = (1 - alpha) * dx[j - 1]! + alpha * dx[j]!;
      dy[j] = (1 - alpha) * dy[j - 1]! + alpha * dy[j]!;
      dw[j] = (1 - alpha) * dw[j - 1]! + alpha * dw[j]!;
    }
  }
  return [dx[p]! / dw[p]!, dy[p]! / dw[p]!];
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const lengthSquared = vx * vx + vy * vy;
  const u = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / lengthSquared));
  return Math.hypot(px - ax - u * vx, py - ay - u * vy);
}

/** Points along a spline and the parameter of each. */
export interface FlatSpline {
  /** x0, y0, x1, y1, ... */
  points: number[];
  params: number[];
}

/**
 * Points along the curve (x0, y0, x1, y1, ...) no farther than `tolerance` from it: each knot span is
 * halved until its midpoint and quarter points lie within the tolerance of the chord. Null once more
 * than `budget` points would be needed: the work stops there (at most three evaluations per point).
 */
export function flattenSpline(curve: SplineCurve, tolerance: number, budget: number): FlatSpline | null {
  const points: number[] = [];
  const params: number[] = [];
  let over = false;
  const minDepth = curve.degree > 1 ? 1 : 0;
  const emit = (t: number, x: number, y: number): void => {
    points.push(x, y);
    params.push(t);
    if (!(params.length <= budget)) over = true;
  };
  const refine = (t0: number, x0: number, y0: number, t1: number, x1: number, y1: number, depth: number): void => {
    if (over) return;
    const tm = (t0 + t1) / 2;
    const [xm, ym] = evaluateSpline(curve, tm);
    let flat = depth >= minDepth && distanceToSegment(xm, ym, x0, y0, x1, y1) <= tolerance;
    if (flat) {
      const [xa, ya] = evaluateSpline(curve, (t0 + tm) / 2);
      const [xb, yb] = evaluateSpline(curve, (tm + t1) / 2);
      flat = distanceToSegment(xa, ya, x0, y0, x1, y1) <= tolerance && distanceToSegment(xb, yb, x0, y0, x1, y1) <= tolerance;
    }
    if (flat) emit(t1, x1, y1);
    else if (!(depth < MAX_DEPTH)) {
      emit(tm, xm, ym);
      emit(t1, x1, y1);
    } else {
      refine(t0, x0, y0, tm, xm, ym, depth + 1);
      refine(tm, xm, ym, t1, x1, y1, depth + 1);
    }
  };
  const [start, end] = splineDomain(curve);
  let [x0, y0] = evaluateSpline(curve, start);
  emit(start, x0, y0);
  const n = curve.xs.length;
  for (let k = curve.degree; k < n && !over; k++) {
    const a = curve.knots[k]!;
    const b = Math.min(curve.knots[k + 1]!, end);
    if (!(b > a)) continue;
    const [x1, y1] = evaluateSpline(curve, b === end ? end : b);
    refine(a, x0, y0, b, x1, y1, 0);
    x0 = x1;
    y0 = y1;
  }
  return over ? null : { points, params };
}

/**
 * The flattened spline with each of its segments cut into `pieces` even steps of the parameter: a
 * path whose length is the curve's to far within the chord tolerance (the chords' shortfall falls with
 * the square of the step), at a cost of `pieces - 1` evaluations per point.
 */
export function refineSpline(curve: SplineCurve, flat: FlatSpline, pieces: number): number[] {
  const out = [flat.points[0]!, flat.points[1]!];
  for (let k = 1; k < flat.params.length; k++) {
    const t0 = flat.params[k - 1]!;
    const t1 = flat.params[k]!;
    for (let j = 1; j < pieces; j++) out.push(...evaluateSpline(curve, t0 + ((t1 - t0) * j) / pieces));
    out.push(flat.points[2 * k]!, flat.points[2 * k + 1]!);
  }
  return out;
}
