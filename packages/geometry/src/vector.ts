// Plain-number 2D primitives. Scalars instead of point objects keep the hot checks free of allocation.

/** Twice the signed area of triangle abc: > 0 when a, b, c turn counter-clockwise. */
function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Squared distance from point p to segment ab (ab may be a single point). */
export function pointSegmentDistanceSq(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  if (t < 0) t = 0;
  else if (t > 1) t = 1;
  const qx = ax + t * dx - px;
  const qy = ay + t * dy - py;
  return qx * qx + qy * qy;
}

/** Whether segments ab and cd share a point (crossing or touching). */
function segmentsMeet(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const d1 = orient(cx, cy, dx, dy, ax, ay);
  const d2 = orient(cx, cy, dx, dy, bx, by);
  const d3 = orient(ax, ay, bx, by, cx, cy);
  const d4 = orient(ax, ay, bx, by, dx, dy);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  // Collinear or touching cases: fall back to exact on-segment tests.
  return (
    (d1 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) ||
    (d2 === 0 && onSegment(cx, cy, dx, dy, bx, by)) ||
    (d3 === 0 && onSegment(ax, ay, bx, by, cx, cy)) ||
    (d4 === 0 && onSegment(ax, ay, bx, by, dx, dy))
  );
}

function onSegment(ax: number, ay: number, bx: number, by: number, px: number, py: number): boolean {
  return (
    px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by)
  );
}

// The clamped closest points of two segments, written here rather than returned, so that the hot
// pair checks allocate nothing: s on ab, t on cd, and (px, py) from the point on cd to the one on ab.
const closest = { s: 0, t: 0, px: 0, py: 0 };

/** Fills `closest` for segments ab and cd, neither of zero length, by clamping on each in turn. */
function solveClosest(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): void {
  const ux = bx - ax;
  const uy = by - ay;
  const vx = dx - cx;
  const vy = dy - cy;
  const wx = ax - cx;
  const wy = ay - cy;
  const a = ux * ux + uy * uy;
  const b = ux * vx + uy * vy;
  const c = vx * vx + vy * vy;
  const d = ux * wx + uy * wy;
  const e = vx * wx + vy * wy;
  const denom = a * c - b * b;
  let s = denom > 1e-18 * a * c ? Math.min(1, Math.max(0, (b * e - c * d) / denom)) : 0;
  let t = (b * s + e) / c;
  if (t < 0 || t > 1) {
    t = Math.min(1, Math.max(0, t));
    s = Math.min(1, Math.max(0, (b * t - d) / a));
  }
  closest.s = s;
  closest.t = t;
  closest.px = wx + s * ux - t * vx;
  closest.py = wy + s * uy - t * vy;
}

/**
 * Shortest distance between segments ab and cd (either may be a single point), by clamping the
 * closest points of the two lines onto the segments; no allocation, for the hot pair checks.
 */
export function segmentDistance(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): number {
  // A point against a segment (or a point).
  if (ax === bx && ay === by) return Math.sqrt(pointSegmentDistanceSq(ax, ay, cx, cy, dx, dy));
  if (cx === dx && cy === dy) return Math.sqrt(pointSegmentDistanceSq(cx, cy, ax, ay, bx, by));
  if (segmentsMeet(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
  solveClosest(ax, ay, bx, by, cx, cy, dx, dy);
  return Math.sqrt(closest.px * closest.px + closest.py * closest.py);
}

/** Closest points of segments ab and cd: p = a + s (b - a), q = c + t (d - c), and their distance. */
export interface SegmentPair {
  s: number;
  t: number;
  distance: number;
}

/** The closest points of two segments (neither of zero length), by clamping on each in turn. */
export function closestSegmentPoints(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): SegmentPair {
  solveClosest(ax, ay, bx, by, cx, cy, dx, dy);
  return { s: closest.s, t: closest.t, distance: Math.hypot(closest.px, closest.py) };
}
