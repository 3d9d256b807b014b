// How narrow the outline itself gets: a strip, a ring's wall, a polygon's neck or leg, or a point so
// sharp that it stays thinner than the minimum web for long. Exact distances, no polygons offset.
//
// A polygon is narrow where a disc inside it touches the boundary at two diametrically opposite
// places: the chord between them is then along the inward normal at each end (an edge's interior)
// or inside the normal cone of a concave corner. Chords that end at a convex corner are not widths:
// every corner narrows to nothing at its tip, which is what the point rule is for.
import type { OutlineShape, PolygonShape } from './outline';
import { closestSegmentPoints } from './vector';

export type NarrowWeb =
  | { kind: 'strip'; widthIn: number; across: 'wide' | 'tall' | 'across' }
  | { kind: 'wall'; widthIn: number }
  | { kind: 'neck'; widthIn: number; edgeA: number; edgeB: number; x: number; y: number }
  | { kind: 'point'; corner: number; angleDeg: number; narrowForIn: number; widthIn: number };

/** tan of half the sharpest corner allowed: its point is narrower than the web for at most twice the web. */
const POINT_HALF_TAN = 0.25;
/** The sharpest corner allowed, in degrees (about 28.07). */
export const MIN_POINT_ANGLE_DEG = (2 * Math.atan(POINT_HALF_TAN) * 180) / Math.PI;

/**
 * A polygon outline's narrowest neck or leg below `reachIn`, found once for any minimum web up to that
 * reach: the search is most of what checking a large imported outline costs, and an import's outline
 * never changes, so it is made when the drawing is read and kept with the import.
 */
export interface OutlineSurvey {
  reachIn: number;
  /** Corners of the polygon it was made from: a survey is only used for that outline. */
  corners: number;
  /** Why the corners make no simple polygon, or null (the outline's validity check, made once). */
  problem?: string | null;
  neck: Extract<NarrowWeb, { kind: 'neck' }> | null;
}

export function surveyOutline(shape: PolygonShape, reachIn: number): OutlineSurvey {
  return { reachIn, corners: shape.xs.length, problem: shape.problem, neck: shape.problem === null ? narrowestChord(shape, reachIn) : null };
}

/**
 * The narrowest place of the outline below `minWeb` (by `eps` or more), or null. A polygon's necks and
 * legs come first; its points only when nothing narrower is found. With a survey of the outline that
 * reaches the limit, its neck answers (the narrowest below a larger limit, when under this one, is the
 * narrowest below this one) and the polygon is not searched again.
 */
export function findNarrowWeb(shape: OutlineShape, minWeb: number, eps: number, survey?: OutlineSurvey): NarrowWeb | null {
  const limit = minWeb - eps;
  switch (shape.kind) {
    case 'box': {
      const width = Math.min(shape.width, shape.height);
      if (width >= limit) return null;
      return { kind: 'strip', widthIn: width, across: shape.width <= shape.height ? 'wide' : 'tall' };
    }
    case 'disc': {
      // A bore that came out NaN is measured as a ring (its wall NaN, reported), not read as no bore.
      if (!(shape.innerRadius <= 0)) {
        const wall = shape.radius - shape.innerRadius;
        return wall >= limit ? null : { kind: 'wall', widthIn: wall };
      }
      // Written so a width that came out NaN is reported, not let through.
      return 2 * shape.radius >= limit ? null : { kind: 'strip', widthIn: 2 * shape.radius, across: 'across' };
    }
    case 'polygon': {
      const surveyed = survey !== undefined && survey.corners === shape.xs.length && limit <= survey.reachIn;
      const neck = surveyed ? (survey.neck !== null && survey.neck.widthIn < limit ? survey.neck : null) : narrowestChord(shape, limit);
      return neck ?? sharpestPoint(shape, minWeb);
    }
  }
}

/** Whether the corner at vertex k turns clockwise (concave, for a counter-clockwise polygon). */
function isConcave(shape: PolygonShape, k: number): boolean {
  const { xs, ys } = shape;
  const n = xs.length;
  const p = k === 0 ? n - 1 : k - 1;
  const q = k + 1 === n ? 0 : k + 1;
  return (xs[k]! - xs[p]!) * (ys[q]! - ys[k]!) - (ys[k]! - ys[p]!) * (xs[q]! - xs[k]!) < 0;
}

/** The inward unit normal of edge k (left of its direction, the polygon being counter-clockwise). */
function inwardNormal(shape: PolygonShape, k: number): [number, number] {
  const { xs, ys } = shape;
  const j = k + 1 === xs.length ? 0 : k + 1;
  const dx = xs[j]! - xs[k]!;
  const dy = ys[j]! - ys[k]!;
  const len = Math.hypot(dx, dy);
  return [-dy / len, dx / len];
}

// Along-edge parameters this close to an end are the corner itself.
const END_T = 1e-9;

/**
 * Whether a chord leaving edge k at parameter t in direction (ux, uy) measures a width there: into
 * the material along the normal from the edge's interior, or inside a concave corner's normal cone.
 */
function chordEndValid(shape: PolygonShape, concave: Uint8Array, k: number, t: number, ux: number, uy: number): boolean {
  const n = shape.xs.length;
  if (t > END_T && t < 1 - END_T) {
    const [nx, ny] = inwardNormal(shape, k);
    return ux * nx + uy * ny > 0;
  }
  const vertex = t <= END_T ? k : k + 1 === n ? 0 : k + 1;
  if (!concave[vertex]) return false;
  const before = vertex === 0 ? n - 1 : vertex - 1;
  const [ax, ay] = inwardNormal(shape, before);
  const [bx, by] = inwardNormal(shape, vertex);
  // At a concave corner the normal after it is clockwise from the one before: the chord must lie
  // between them (clockwise from the first, counter-clockwise from the second).
  return ax * uy - ay * ux <= 1e-12 && ux * by - uy * bx <= 1e-12;
}

function narrowestChord(shape: PolygonShape, limit: number): Extract<NarrowWeb, { kind: 'neck' }> | null {
  const { xs, ys } = shape;
  const n = xs.length;
  let best: Extract<NarrowWeb, { kind: 'neck' }> | null = null;
  const concave = new Uint8Array(n);
  for (let k = 0; k < n; k++) concave[k] = isConcave(shape, k) ? 1 : 0;
  // A chord ending at a convex corner is no width: most pairs of edges near each other (along a
  // flattened arc, every neighbour but one) stop at this, before any normal is worked out.
  const convexEnd = (k: number, k1: number, t: number) => (t <= END_T ? !concave[k] : t >= 1 - END_T ? !concave[k1] : false);
  // Each pair of edges (a < b) whose closest points make a chord narrower than the limit.
  const measure = (a: number, b: number) => {
    const a1 = a + 1 === n ? 0 : a + 1;
    const b1 = b + 1 === n ? 0 : b + 1;
    if (a === b || b === a1 || b1 === a) return;
    const pair = closestSegmentPoints(xs[a]!, ys[a]!, xs[a1]!, ys[a1]!, xs[b]!, ys[b]!, xs[b1]!, ys[b1]!);
    // Touching edges make an invalid outline, reported as such.
    if (!(pair.distance < limit) || pair.distance <= 0) return;
    if (best && pair.distance >= best.widthIn) return;
    if (convexEnd(a, a1, pair.s) || convexEnd(b, b1, pair.t)) return;
    const pax = xs[a]! + pair.s * (xs[a1]! - xs[a]!);
    const pay = ys[a]! + pair.s * (ys[a1]! - ys[a]!);
    const pbx = xs[b]! + pair.t * (xs[b1]! - xs[b]!);
    const pby = ys[b]! + pair.t * (ys[b1]! - ys[b]!);
    const ux = (pbx - pax) / pair.distance;
    const uy = (pby - pay) / pair.distance;
    if (!chordEndValid(shape, concave, a, pair.s, ux, uy) || !chordEndValid(shape, concave, b, pair.t, -ux, -uy)) return;
    const mx = (pax + pbx) / 2;
    const my = (pay + pby) / 2;
    if (!shape.edges.containsPoint(mx, my)) return;
    best = { kind: 'neck', widthIn: pair.distance, edgeA: a, edgeB: b, x: mx, y: my };
  };
  for (let a = 0; a < n; a++) {
    const a1 = a + 1 === n ? 0 : a + 1;
    let x0 = Math.min(xs[a]!, xs[a1]!);
    let y0 = Math.min(ys[a]!, ys[a1]!);
    let x1 = Math.max(xs[a]!, xs[a1]!);
    let y1 = Math.max(ys[a]!, ys[a1]!);
    let reach = limit;
    if (!concave[a] && !concave[a1]) {
      // Between convex corners a chord can only leave a's inside along its inward normal: only the
      // strip a sweeps along it is searched (along a flattened arc, a few edges instead of dozens).
      // A chord that ends at a concave corner of a is found from that corner's edges.
      const [nx, ny] = inwardNormal(shape, a);
      x0 = Math.min(x0, x0 + nx * limit);
      y0 = Math.min(y0, y0 + ny * limit);
      x1 = Math.max(x1, x1 + nx * limit);
      y1 = Math.max(y1, y1 + ny * limit);
      reach = 0;
    }
    shape.edges.forEdgesNear(x0, y0, x1, y1, reach, (b) => (b < a ? measure(b, a) : measure(a, b)));
  }
  return best;
}

function sharpestPoint(shape: PolygonShape, minWeb: number): NarrowWeb | null {
  const { xs, ys } = shape;
  const n = xs.length;
  let best: { corner: number; half: number } | null = null;
  for (let k = 0; k < n; k++) {
    if (isConcave(shape, k)) continue;
    const p = k === 0 ? n - 1 : k - 1;
    const q = k + 1 === n ? 0 : k + 1;
    const ux = xs[p]! - xs[k]!;
    const uy = ys[p]! - ys[k]!;
    const vx = xs[q]! - xs[k]!;
    const vy = ys[q]! - ys[k]!;
    const half = Math.atan2(Math.abs(ux * vy - uy * vx), ux * vx + uy * vy) / 2;
    if (Math.tan(half) < POINT_HALF_TAN - 1e-12 && (!best || half < best.half)) best = { corner: k, half };
  }
  if (!best) return null;
  const narrowForIn = minWeb / (2 * Math.tan(best.half));
  // Its width where it has run twice the web from the tip: what a person would measure on it.
  return { kind: 'point', corner: best.corner, angleDeg: (2 * best.half * 180) / Math.PI, narrowForIn, widthIn: 4 * minWeb * Math.tan(best.half) };
}
