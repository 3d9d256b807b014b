// The contract's outlines turned into exact shapes in the item's frame, with their area, perimeter and
// validity. Circles stay circles: areas and perimeters come from formulas, never from polygons.
import type { Outline } from '@shop/contracts';
import { EdgeIndex } from './edge-index';
import { segmentDistance } from './vector';

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

interface ShapeFigures {
  bounds: Bounds;
  areaIn2: number;
  perimeterIn: number;
  /** Closed contours the laser cuts for the outline itself (a ring has two). */
  contourCount: number;
}

/** A rectangle with its lower-left corner on the origin. */
export interface BoxShape extends ShapeFigures {
  kind: 'box';
  width: number;
  height: number;
}

/** A circle (innerRadius 0) or a ring. */
export interface DiscShape extends ShapeFigures {
  kind: 'disc';
  cx: number;
  cy: number;
  radius: number;
  innerRadius: number;
}

/** A polygon with corners counter-clockwise and repeated consecutive corners removed. */
export interface PolygonShape extends ShapeFigures {
  kind: 'polygon';
  xs: Float64Array;
  ys: Float64Array;
  /** For each kept corner, its index in the request's points_in. */
  sourceIndex: Int32Array;
  /** Set when the corners do not make a simple polygon with area. */
  problem: string | null;
  edges: EdgeIndex;
}

export type OutlineShape = BoxShape | DiscShape | PolygonShape;

/** The exact shape of an outline in the item's frame. */
export function expandOutline(outline: Outline): OutlineShape {
  switch (outline.kind) {
    case 'rectangle': {
      const w = outline.width_in;
      const h = outline.height_in;
      return {
        kind: 'box',
        width: w,
        height: h,
        bounds: { minX: 0, minY: 0, maxX: w, maxY: h },
        areaIn2: w * h,
        perimeterIn: 2 * (w + h),
        contourCount: 1,
      };
    }
    case 'circle': {
      const r = outline.diameter_in / 2;
      return discShape(r, 0);
    }
    case 'ring':
      return discShape(outline.outer_diameter_in / 2, outline.inner_diameter_in / 2);
    case 'polygon':
      return polygonShape(outline.points_in);
  }
}

function discShape(r: number, rin: number): DiscShape {
  return {
    kind: 'disc',
    cx: r,
    cy: r,
    radius: r,
    innerRadius: rin,
    bounds: { minX: 0, minY: 0, maxX: 2 * r, maxY: 2 * r },
    areaIn2: Math.PI * (r * r - rin * rin),
    perimeterIn: 2 * Math.PI * (r + rin),
    contourCount: rin > 0 ? 2 : 1,
  };
}

function polygonShape(points: ReadonlyArray<readonly [number, number]>): PolygonShape {
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
  const sourceIndex = Int32Array.from(kept);
  const area = Math.abs(twiceArea) / 2;
  return {
    kind: 'polygon',
    xs,
    ys,
    sourceIndex,
    bounds,
    areaIn2: area,
    perimeterIn: perimeter,
    contourCount: 1,
    problem: findPolygonProblem(xs, ys, sourceIndex, area),
    edges: new EdgeIndex(xs, ys),
  };
}

// Below this an outline has no usable area (well under any part the shop could cut).
const MIN_AREA_IN2 = 1e-6;
// Edges closer than this are taken as touching: a pinch point is not a cut the laser can make.
const TOUCH_IN = 1e-9;

/** Why the corners do not make a simple polygon with area, or null when they do. */
function findPolygonProblem(xs: Float64Array, ys: Float64Array, source: Int32Array, area: number): string | null {
  const n = xs.length;
  const noArea =
    'The polygon outline has no area: its corners lie on one line (or repeat). Send at least 3 corners that enclose the part.';
  if (n < 3) return noArea;
  // Sweep edges by their left end so only edges overlapping in x are compared.
  const order = Array.from({ length: n }, (_, k) => k);
  const minX = (k: number) => Math.min(xs[k]!, xs[(k + 1) % n]!);
  const maxX = (k: number) => Math.max(xs[k]!, xs[(k + 1) % n]!);
  order.sort((a, b) => minX(a) - minX(b));
  for (let oi = 0; oi < n; oi++) {
    const a = order[oi]!;
    const a1 = (a + 1) % n;
    const aMaxX = maxX(a);
    for (let oj = oi + 1; oj < n; oj++) {
      const b = order[oj]!;
      if (minX(b) > aMaxX + TOUCH_IN) break;
      const b1 = (b + 1) % n;
      if (a1 === b || b1 === a) {
        // Neighbours share a corner; they are only wrong when one doubles back over the other.
        const [shared, farA, farB] = a1 === b ? [b, a, b1] : [a, a1, b];
        const foldsBack =
          segmentDistance(xs[farA]!, ys[farA]!, xs[farA]!, ys[farA]!, xs[shared]!, ys[shared]!, xs[farB]!, ys[farB]!) <=
            TOUCH_IN ||
          segmentDistance(xs[farB]!, ys[farB]!, xs[farB]!, ys[farB]!, xs[shared]!, ys[shared]!, xs[farA]!, ys[farA]!) <=
            TOUCH_IN;
        if (foldsBack && n > 3) {
          return `The polygon outline doubles back on itself at corner points_in[${source[shared]}]. Remove that corner or move it so the edges do not overlap.`;
        }
        continue;
      }
      if (segmentDistance(xs[a]!, ys[a]!, xs[a1]!, ys[a1]!, xs[b]!, ys[b]!, xs[b1]!, ys[b1]!) <= TOUCH_IN) {
        const [first, second] = a < b ? [a, b] : [b, a];
        const edge = (k: number) => `points_in[${source[k]}] to points_in[${source[(k + 1) % n]}]`;
        return `The polygon outline crosses or touches itself: the edge from ${edge(first)} meets the edge from ${edge(second)}. List the corners in order around the part so no two edges meet except at their shared corner.`;
      }
    }
  }
  // Checked after crossings: a bow tie's two halves cancel to zero area, and crossing says more.
  return area < MIN_AREA_IN2 ? noArea : null;
}
