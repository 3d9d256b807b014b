// Turns lines, arcs and ellipse arcs in an entity's own coordinates into points in drawing inches,
// keeping the true length of the curves (not of their chords) and whether they all lie on one circle.
import { maxStretch, similarityScale } from './affine';
import type { Affine } from './affine';
import { CHORD_TOLERANCE_IN } from './limits';

/** A circle in drawing inches. */
export interface CircleFit {
  cx: number;
  cy: number;
  r: number;
}

const SAME_CIRCLE_IN = 1e-6;
/** A whole turn, radians. */
export const FULL_TURN = 2 * Math.PI;
// Gauss-Legendre nodes and weights on [-1, 1], 5 points.
const GAUSS_NODES = [0, -0.5384693101056831, 0.5384693101056831, -0.906179845938664, 0.906179845938664];
const GAUSS_WEIGHTS = [0.5688888888888889, 0.47862867049936647, 0.47862867049936647, 0.23692688505618908, 0.23692688505618908];

/**
 * The smallest step: a whole turn in 6.3 million. No curve that passes the size checks comes near it
 * (a 5,000 in radius at 0.002 in steps by 1.3e-3); it keeps a radius that overflowed to Infinity from
 * giving a step of 0, which would never end, so its count is finite and refused by the point budget.
 */
const MIN_ARC_STEP = 1e-6;

/**
 * Angle step whose chord strays at most `tolerance` from a circle of radius r (both in one unit):
 * 2 acos(1 - t / r), written as 4 asin(sqrt(t / 2r)) so it stays above zero however large the radius
 * (1 - t / r rounds to 1 once t / r is under 1e-16, and a step of 0 never ends). t / r / 2 is divided
 * in that order so 2r cannot overflow; an infinite tolerance (a map that collapses everything) or a
 * ratio that came out NaN gives the coarsest step.
 */
export function arcStep(radius: number, tolerance: number): number {
  if (!(radius > 0)) return Math.PI / 4;
  const ratio = tolerance / radius / 2;
  if (!(ratio < 1)) return Math.PI / 4;
  return Math.min(Math.PI / 4, Math.max(MIN_ARC_STEP, 4 * Math.asin(Math.sqrt(ratio))));
}

/** A sweep brought into (0, 2 pi]. */
export function positiveSweep(start: number, end: number): number {
  let sweep = (end - start) % FULL_TURN;
  if (sweep <= 1e-12) sweep += FULL_TURN;
  return sweep;
}

/** At most how many points `quadrantSteps` and the end point give for an arc: counted before making them. */
export function arcPointCount(radius: number, sweep: number, tolerance: number): number {
  const turn = Math.abs(sweep);
  return Math.ceil(turn / arcStep(radius, tolerance)) + Math.ceil(turn / (Math.PI / 2)) + 2;
}

/**
 * The angles strictly between `start` and `start + sweep` where an arc is given a vertex: every
 * quarter turn (so a circle's extreme points are vertices and its bounding box is exact) and, between
 * them, even steps no longer than `step`.
 */
export function quadrantSteps(from: number, sweep: number, step: number): number[] {
  // Angles far from zero lose their fractions (a start of 1e17 rad would never reach the next quarter).
  const start = Math.abs(from) > FULL_TURN ? from % FULL_TURN : from;
  const direction = Math.sign(sweep);
  const end = start + sweep;
  const quarter = Math.PI / 2;
  const breaks = [start];
  let next = direction > 0 ? (Math.floor(start / quarter + 1e-9) + 1) * quarter : (Math.ceil(start / quarter - 1e-9) - 1) * quarter;
  while ((end - next) * direction > 1e-9) {
    breaks.push(next);
    next += direction * quarter;
  }
  breaks.push(end);
  const angles: number[] = [];
  for (let k = 1; k < breaks.length; k++) {
    const from = breaks[k - 1]!;
    const span = breaks[k]! - from;
    const steps = Math.max(1, Math.ceil(Math.abs(span) / step));
    for (let j = 1; j <= steps; j++) angles.push(from + (span * j) / steps);
  }
  angles.pop();
  return angles;
}

/** Integral of `speed` over [t0, t0 + sweep], composite Gauss-Legendre. */
function integrate(speed: (t: number) => number, t0: number, sweep: number): number {
  const pieces = Math.max(8, Math.ceil(Math.abs(sweep) / (Math.PI / 32)));
  const h = sweep / pieces;
  let sum = 0;
  for (let k = 0; k < pieces; k++) {
    const mid = t0 + (k + 0.5) * h;
    for (let g = 0; g < 5; g++) sum += GAUSS_WEIGHTS[g]! * speed(mid + (GAUSS_NODES[g]! * h) / 2);
  }
  return Math.abs((sum * h) / 2);
}

export class PathBuilder {
  /** x0, y0, x1, y1, ... in drawing inches. */
  readonly points: number[] = [];
  /** True length in inches. */
  length = 0;
  /** Largest distance, in the entity's own units, allowed between a curve and its chords. */
  readonly localTolerance: number;
  private readonly m: Affine;
  private readonly scale: number | null;
  private readonly orientation: number;
  private lastX = 0;
  private lastY = 0;
  private circle: CircleFit | null | undefined = undefined;
  private sweep = 0;

  constructor(m: Affine) {
    this.m = m;
    this.scale = similarityScale(m);
    this.orientation = m.a * m.d - m.b * m.c < 0 ? -1 : 1;
    this.localTolerance = CHORD_TOLERANCE_IN / maxStretch(m);
  }

  private push(x: number, y: number): void {
    const m = this.m;
    this.points.push(m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f);
    this.lastX = x;
    this.lastY = y;
  }

  private worldLength(dx: number, dy: number): number {
    const m = this.m;
    return Math.hypot(m.a * dx + m.c * dy, m.b * dx + m.d * dy);
  }

  private noteCircle(cx: number, cy: number, r: number, sweep: number): void {
    if (this.circle === null) return;
    if (this.scale === null) {
      this.circle = null;
      return;
    }
    const m = this.m;
    const fit = { cx: m.a * cx + m.c * cy + m.e, cy: m.b * cx + m.d * cy + m.f, r: r * this.scale };
    const known = this.circle;
    if (known !== undefined && (Math.hypot(known.cx - fit.cx, known.cy - fit.cy) > SAME_CIRCLE_IN || Math.abs(known.r - fit.r) > SAME_CIRCLE_IN)) {
      this.circle = null;
      return;
    }
    this.circle = known ?? fit;
    this.sweep += sweep * this.orientation;
  }

  /** Starts the path. */
  moveTo(x: number, y: number): void {
    this.push(x, y);
  }

  /** A straight segment from the last point. */
  lineTo(x: number, y: number): void {
    const length = this.worldLength(x - this.lastX, y - this.lastY);
    if (length === 0) return;
    this.length += length;
    this.circle = null;
    this.push(x, y);
  }

  /**
   * A circular arc from the last point (which must lie on it): centre, radius, start angle and signed
   * sweep in radians (positive counter-clockwise). `endX, endY` pin the last point exactly.
   */
  arcTo(cx: number, cy: number, r: number, start: number, sweep: number, endX?: number, endY?: number): void {
    if (sweep === 0 || !(r > 0)) return;
    const step = arcStep(r, this.localTolerance);
    const end = start + sweep;
    for (const angle of quadrantSteps(start, sweep, step)) this.push(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
    this.push(endX ?? cx + r * Math.cos(end), endY ?? cy + r * Math.sin(end));
    if (this.scale !== null) this.length += r * Math.abs(sweep) * this.scale;
    else {
      const m = this.m;
      this.length += integrate((t) => Math.hypot(m.a * -Math.sin(t) + m.c * Math.cos(t), m.b * -Math.sin(t) + m.d * Math.cos(t)) * r, start, sweep);
    }
    this.noteCircle(cx, cy, r, sweep);
  }

  /**
   * An ellipse arc c + u cos t + v sin t for t from `start` over `sweep`, continuing from the last point.
   * The ellipse is the unit circle mapped by [u v], so a chord over an even step of t strays at most
   * (1 - cos(step / 2)) times the semi-major axis: the step is that of a circle of the semi-major axis
   * (a step from the smallest radius of curvature strays rx / ry times too far at the ends).
   */
  ellipseTo(cx: number, cy: number, ux: number, uy: number, vx: number, vy: number, start: number, sweep: number): void {
    const rx = Math.hypot(ux, uy);
    const ry = Math.hypot(vx, vy);
    if (sweep === 0 || !(rx > 0) || !(ry > 0)) return;
    const semiMajor = maxStretch({ a: ux, b: uy, c: vx, d: vy, e: 0, f: 0 });
    const step = arcStep(semiMajor, this.localTolerance);
    for (const t of [...quadrantSteps(start, sweep, step), start + sweep]) {
      this.push(cx + ux * Math.cos(t) + vx * Math.sin(t), cy + uy * Math.cos(t) + vy * Math.sin(t));
    }
    const m = this.m;
    this.length += integrate((t) => {
      const dx = -ux * Math.sin(t) + vx * Math.cos(t);
      const dy = -uy * Math.sin(t) + vy * Math.cos(t);
      return Math.hypot(m.a * dx + m.c * dy, m.b * dx + m.d * dy);
    }, start, sweep);
    if (Math.abs(rx - ry) <= 1e-12 * rx && Math.abs(ux * vx + uy * vy) <= 1e-12 * rx * rx) {
      this.noteCircle(cx, cy, rx, Math.sign(ux * vy - uy * vx) * sweep);
    } else this.circle = null;
  }

  /** Points already flattened in the entity's units (a spline), with their true length in inches. */
  pointsTo(localPoints: readonly number[], trueLength: number): void {
    for (let k = 0; k + 1 < localPoints.length; k += 2) this.push(localPoints[k]!, localPoints[k + 1]!);
    this.length += trueLength;
    this.circle = null;
  }

  /** Length in inches of a path given in the entity's units. */
  measure(localPoints: readonly number[]): number {
    let total = 0;
    for (let k = 2; k + 1 < localPoints.length; k += 2) {
      total += this.worldLength(localPoints[k]! - localPoints[k - 2]!, localPoints[k + 1]! - localPoints[k - 1]!);
    }
    return total;
  }

  /** The circle every piece of the path lies on and their signed sweep, or null. */
  circleFit(): { circle: CircleFit; sweep: number } | null {
    return this.circle ? { circle: this.circle, sweep: this.sweep } : null;
  }
}
