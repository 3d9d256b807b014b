// Do the cutouts cross the outline or each other? Edges that cross are found with a spatial index
// (which also says where); then clipper-lib unions the outline and the polygon cutouts with even-odd
// fill: if the result is not one outer with one hole per cutout and the expected area, contours touch
// or overlap (README, How it reads a drawing). Round holes are checked exactly against the edges and each other.
import * as ClipperLib from 'clipper-lib';
import Flatbush from 'flatbush';
import type { Contour } from './contour';
import { CLIPPER_UNITS_PER_IN } from './limits';

/** Where a crossing was found, drawing inches; null when the union disagrees but no edge pair was found. */
export type Crossing = { x: number; y: number } | null;

/** Closer than this, a round hole touches an edge or another hole. */
const TOUCH_IN = 1e-6;

/** The contour in clipper units, measured from (ox, oy) so the integers stay small. */
function clipperPath(c: Contour, ox: number, oy: number): ClipperLib.Path {
  const path: ClipperLib.Path = [];
  for (let k = 0; k < c.xs.length; k++) {
    path.push({ X: Math.round((c.xs[k]! - ox) * CLIPPER_UNITS_PER_IN), Y: Math.round((c.ys[k]! - oy) * CLIPPER_UNITS_PER_IN) });
  }
  return path;
}

/** Whether the even-odd union of the outline and the polygon cutouts is the outline with those holes. */
function unionAgrees(outline: Contour, cutouts: readonly Contour[]): boolean {
  const paths = [outline, ...cutouts].map((c) => clipperPath(c, outline.minX, outline.minY));
  const clipper = new ClipperLib.Clipper();
  clipper.AddPaths(paths, ClipperLib.PolyType.ptSubject, true);
  const tree = new ClipperLib.PolyTree();
  clipper.Execute(ClipperLib.ClipType.ctUnion, tree, ClipperLib.PolyFillType.pftEvenOdd, ClipperLib.PolyFillType.pftEvenOdd);
  const outers = tree.Childs();
  if (outers.length !== 1) return false;
  const holes = outers[0]!.Childs();
  if (holes.length !== cutouts.length || holes.some((h) => h.ChildCount() > 0)) return false;
  let found = 0;
  for (const path of ClipperLib.Clipper.PolyTreeToPaths(tree)) found += ClipperLib.Clipper.Area(path);
  let expected = Math.abs(ClipperLib.Clipper.Area(paths[0]!));
  let perimeter = outline.length;
  for (let k = 1; k < paths.length; k++) {
    expected -= Math.abs(ClipperLib.Clipper.Area(paths[k]!));
    perimeter += cutouts[k - 1]!.length;
  }
  // Rounding to clipper units moves each vertex by under one unit.
  return Math.abs(Math.abs(found) - expected) <= perimeter * CLIPPER_UNITS_PER_IN + 1;
}

interface EdgeList {
  x0: Float64Array;
  y0: Float64Array;
  x1: Float64Array;
  y1: Float64Array;
  owner: Int32Array;
  tree: Flatbush;
}

function edgeList(polygons: readonly Contour[]): EdgeList {
  const total = polygons.reduce((sum, c) => sum + c.xs.length, 0);
  const edges: EdgeList = {
    x0: new Float64Array(total),
    y0: new Float64Array(total),
    x1: new Float64Array(total),
    y1: new Float64Array(total),
    owner: new Int32Array(total),
    tree: new Flatbush(Math.max(1, total)),
  };
  let e = 0;
  polygons.forEach((c, index) => {
    const n = c.xs.length;
    for (let k = 0; k < n; k++, e++) {
      const j = (k + 1) % n;
      edges.x0[e] = c.xs[k]!;
      edges.y0[e] = c.ys[k]!;
      edges.x1[e] = c.xs[j]!;
      edges.y1[e] = c.ys[j]!;
      edges.owner[e] = index;
      edges.tree.add(Math.min(c.xs[k]!, c.xs[j]!), Math.min(c.ys[k]!, c.ys[j]!), Math.max(c.xs[k]!, c.xs[j]!), Math.max(c.ys[k]!, c.ys[j]!));
    }
  });
  if (total === 0) edges.tree.add(0, 0, 0, 0);
  edges.tree.finish();
  return edges;
}

const orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);

/** The first point where two edges of different contours (or non-adjacent edges of one) meet. */
function findEdgeCrossing(edges: EdgeList, polygons: readonly Contour[]): Crossing {
  const total = edges.owner.length;
  for (let e = 0; e < total; e++) {
    const [ax, ay, bx, by] = [edges.x0[e]!, edges.y0[e]!, edges.x1[e]!, edges.y1[e]!];
    for (const f of edges.tree.search(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by))) {
      if (f <= e) continue;
      if (edges.owner[f] === edges.owner[e]) {
        const n = polygons[edges.owner[e]!]!.xs.length;
        const gap = Math.abs(f - e);
        if (gap === 1 || gap === n - 1) continue;
      }
      const [cx, cy, dx, dy] = [edges.x0[f]!, edges.y0[f]!, edges.x1[f]!, edges.y1[f]!];
      const d1 = orient(cx, cy, dx, dy, ax, ay);
      const d2 = orient(cx, cy, dx, dy, bx, by);
      const d3 = orient(ax, ay, bx, by, cx, cy);
      const d4 = orient(ax, ay, bx, by, dx, dy);
      if (d1 * d2 <= 0 && d3 * d4 <= 0 && !(d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0)) {
        const t = d1 === d2 ? 0 : d1 / (d1 - d2);
        return { x: ax + t * (bx - ax), y: ay + t * (by - ay) };
      }
    }
  }
  return null;
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): [number, number, number] {
  const vx = bx - ax;
  const vy = by - ay;
  const lengthSquared = vx * vx + vy * vy;
  const u = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / lengthSquared));
  const x = ax + u * vx;
  const y = ay + u * vy;
  return [Math.hypot(px - x, py - y), x, y];
}

/**
 * Checks the part's contours: the outline, its polygon cutouts and its round holes. Gives the first
 * crossing found (`undefined` when nothing crosses).
 */
export function findCrossing(outline: Contour, cutouts: readonly Contour[], holes: readonly Contour[]): Crossing | undefined {
  const polygons = [outline, ...cutouts];
  const edges = edgeList(polygons);
  // Edges first: it stops at the first crossing, where clipper would work out every one of them.
  const crossing = findEdgeCrossing(edges, polygons);
  if (crossing) return crossing;
  // Without polygon cutouts there is nothing for the union to find that the edges did not.
  if (cutouts.length > 0 && !unionAgrees(outline, cutouts)) return null;
  for (const hole of holes) {
    const { cx, cy, r } = hole.circle!;
    for (const e of edges.tree.search(cx - r, cy - r, cx + r, cy + r)) {
      const [distance, x, y] = distanceToSegment(cx, cy, edges.x0[e]!, edges.y0[e]!, edges.x1[e]!, edges.y1[e]!);
      // A hole tangent to an edge touches it: the web between them is nothing (README, dxf_contours_cross).
      if (distance <= r + TOUCH_IN) return { x, y };
    }
  }
  if (holes.length === 0) return undefined;
  const circles = new Flatbush(holes.length);
  for (const hole of holes) {
    const { cx, cy, r } = hole.circle!;
    circles.add(cx - r, cy - r, cx + r, cy + r);
  }
  circles.finish();
  for (let i = 0; i < holes.length; i++) {
    const a = holes[i]!.circle!;
    for (const j of circles.search(a.cx - a.r, a.cy - a.r, a.cx + a.r, a.cy + a.r)) {
      if (j <= i) continue;
      const b = holes[j]!.circle!;
      const d = Math.hypot(a.cx - b.cx, a.cy - b.cy);
      if (d <= a.r + b.r + TOUCH_IN) {
        const t = d === 0 ? 0 : a.r / d;
        return { x: a.cx + t * (b.cx - a.cx), y: a.cy + t * (b.cy - a.cy) };
      }
    }
  }
  return undefined;
}
