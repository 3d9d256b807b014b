// Polygons given by their corners (a polygon outline, a cut-out): repeated corners dropped, wound
// counter-clockwise, measured, indexed, and checked for being simple in near n log n.
import { EdgeIndex } from './edge-index';
import { segmentDistance } from './vector';

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A polygon with corners counter-clockwise and repeated consecutive corners removed. */
export interface PolygonCorners {
  xs: Float64Array;
  ys: Float64Array;
  /** For each kept corner, its index in the request's points_in. */
  sourceIndex: Int32Array;
  bounds: Bounds;
  areaIn2: number;
  perimeterIn: number;
  edges: EdgeIndex;
}

/** The corners as sent, closing and repeated corners dropped, turned counter-clockwise, measured. */
export function normalizePolygon(points: ReadonlyArray<readonly [number, number]>): PolygonCorners {
  // A corner repeating the one before adds a zero-length edge and nothing else: drop it.
  const keptX: number[] = [];
  const keptY: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const [x, y] = points[i]!;
    const last = keptX.length - 1;
    if (last >= 0 && keptX[last] === x && keptY[last] === y) continue;
    keptX.push(x);
    keptY.push(y);
    kept.push(i);
  }
  while (keptX.length > 1 && keptX[0] === keptX[keptX.length - 1] && keptY[0] === keptY[keptY.length - 1]) {
    keptX.pop();
    keptY.pop();
    kept.pop();
  }
  let twiceArea = 0;
  const n = keptX.length;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    twiceArea += keptX[i]! * keptY[j]! - keptX[j]! * keptY[i]!;
  }
  if (twiceArea < 0) {
    keptX.reverse();
    keptY.reverse();
    kept.reverse();
  }
  const xs = Float64Array.from(keptX);
  const ys = Float64Array.from(keptY);
  const bounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  let perimeter = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    bounds.minX = Math.min(bounds.minX, xs[i]!);
    bounds.maxX = Math.max(bounds.maxX, xs[i]!);
    bounds.minY = Math.min(bounds.minY, ys[i]!);
    bounds.maxY = Math.max(bounds.maxY, ys[i]!);
    perimeter += Math.hypot(xs[j]! - xs[i]!, ys[j]! - ys[i]!);
  }
  return {
    xs,
    ys,
    sourceIndex: Int32Array.from(kept),
    bounds,
    areaIn2: Math.abs(twiceArea) / 2,
    perimeterIn: perimeter,
    edges: new EdgeIndex(xs, ys),
  };
}

// Below this a polygon has no usable area (well under any part the shop could cut).
const MIN_AREA_IN2 = 1e-6;
// Edges closer than this are taken as touching: a pinch point is not a cut the laser can make.
const TOUCH_IN = 1e-9;

/**
 * Why the corners do not make a simple polygon with area, or null when they do. `subject` opens the
 * message ("The polygon outline"), `around` is what the corners go round ("the part").
 */
export function findPolygonProblem(p: PolygonCorners, subject: string, around: string): string | null {
  const { xs, ys, sourceIndex: source } = p;
  const n = xs.length;
  const noArea = `${subject} has no area: its corners lie on one line (or repeat). Send at least 3 corners that enclose ${around}.`;
  if (n < 3) return noArea;
  if (n > 3) {
    // Neighbours share a corner; they are only wrong when one doubles back over the other.
    for (let k = 0; k < n; k++) {
      const before = k === 0 ? n - 1 : k - 1;
      const after = k + 1 === n ? 0 : k + 1;
      const foldsBack =
        segmentDistance(xs[before]!, ys[before]!, xs[before]!, ys[before]!, xs[k]!, ys[k]!, xs[after]!, ys[after]!) <= TOUCH_IN ||
        segmentDistance(xs[after]!, ys[after]!, xs[after]!, ys[after]!, xs[k]!, ys[k]!, xs[before]!, ys[before]!) <= TOUCH_IN;
      if (foldsBack) {
        return `${subject} doubles back on itself at corner points_in[${source[k]}]. Remove that corner or move it so the edges do not overlap.`;
      }
    }
  }
  // Edges that are not neighbours must stay apart: only edges whose boxes meet are compared, through
  // the spatial index. The first edge (in order) that meets a later one is named, with the first it meets.
  for (let a = 0; a < n; a++) {
    const a1 = a + 1 === n ? 0 : a + 1;
    let met = -1;
    p.edges.forEdgesNear(Math.min(xs[a]!, xs[a1]!), Math.min(ys[a]!, ys[a1]!), Math.max(xs[a]!, xs[a1]!), Math.max(ys[a]!, ys[a1]!), TOUCH_IN, (b) => {
      const b1 = b + 1 === n ? 0 : b + 1;
      if (b <= a || a1 === b || b1 === a || (met >= 0 && b > met)) return;
      if (segmentDistance(xs[a]!, ys[a]!, xs[a1]!, ys[a1]!, xs[b]!, ys[b]!, xs[b1]!, ys[b1]!) <= TOUCH_IN) met = b;
    });
    if (met >= 0) {
      const edge = (k: number) => `points_in[${source[k]}] to points_in[${source[(k + 1) % n]}]`;
      return `${subject} crosses or touches itself: the edge from ${edge(a)} meets the edge from ${edge(met)}. List the corners in order around ${around} so no two edges meet except at their shared corner.`;
    }
  }
  // Checked after crossings: a bow tie's two halves cancel to zero area, and crossing says more.
  // Written so an area that came out NaN is refused, not let through.
  return p.areaIn2 >= MIN_AREA_IN2 ? null : noArea;
}
