// The contract's cut-outs (holes of any shape, given by their corners) as polygons, and how each sits
// against the part's edge, the other cutouts and the folds. Exact segment distances found through
// spatial indexes, so the work follows the corners that are near each other, not every pair of them.
import type { PlateItem } from '@shop/contracts';
import Flatbush from 'flatbush';
import { forSpansNear } from './bend-lines';
import type { FoldLine } from './bend-lines';
import { EdgeIndex } from './edge-index';
import type { Cutout } from './hole-patterns';
import type { DiscShape, OutlineShape } from './outline';
import { findPolygonProblem, normalizePolygon } from './polygon';
import type { Bounds, PolygonCorners } from './polygon';
import { CROSSES_EDGE, INSIDE, OUTSIDE } from './relations';
import type { EdgeRelation } from './relations';
import { closestSegmentPoints, pointSegmentDistanceSq, segmentDistance } from './vector';

/** A cut-out: its corners counter-clockwise, repeated ones dropped. */
export interface CutoutPolygon extends PolygonCorners {
  /** Index in the item's cutouts. */
  index: number;
  /** Set when the corners do not make a simple polygon with area. */
  problem: string | null;
}

export function expandCutouts(cutouts: PlateItem['cutouts']): CutoutPolygon[] {
  return cutouts.map((cutout, index) => {
    const corners = normalizePolygon(cutout.points_in);
    return { ...corners, index, problem: findPolygonProblem(corners, `The cut-out cutouts[${index}]`, 'the cut-out') };
  });
}

/** Where a cut-out sits against the part's edge. */
export interface CutoutEdgeRelation extends EdgeRelation {
  /**
   * The point of the cut-out nearest that edge, or where it meets it; NaN when there is no one point
   * (nothing within the reach asked for, or a cut-out that takes in the whole part or a ring's opening).
   * `edge` is -1 for a cut-out that takes in the whole part.
   */
  x: number;
  y: number;
}

/** The part's edges in a spatial index, for a rectangle or polygon outline (a disc is measured by formula). */
export function boundaryEdges(shape: OutlineShape): EdgeIndex | null {
  switch (shape.kind) {
    case 'polygon':
      return shape.edges;
    case 'box':
      return new EdgeIndex(Float64Array.of(0, shape.width, shape.width, 0), Float64Array.of(0, 0, shape.height, shape.height));
    case 'disc':
      return null;
  }
}

// The box's boundary runs bottom, right, top, left; a box names its edges left 0, right 1, bottom 2, top 3.
const BOX_EDGE = [2, 1, 3, 0];

/**
 * Where a cut-out sits against the part's edges (`boundary` from boundaryEdges, built once for all the
 * cut-outs); webs up to `reach` are measured exactly. Unlike a round hole, a cut-out touching an edge is not inside: it opens onto it.
 */
export function relateCutoutToEdge(shape: OutlineShape, boundary: EdgeIndex | null, c: CutoutPolygon, reach: number): CutoutEdgeRelation {
  if (shape.kind === 'disc') return relateToDisc(shape, c);
  const edges = boundary ?? boundaryEdges(shape)!;
  const { xs, ys } = c;
  const m = xs.length;
  const bxs = edges.xs;
  const bys = edges.ys;
  const bn = edges.n;
  let best = Infinity;
  let edge = -1;
  let own = -1;
  for (let e = 0; e < m && best > 0; e++) {
    const e1 = e + 1 === m ? 0 : e + 1;
    edges.forEdgesNear(Math.min(xs[e]!, xs[e1]!), Math.min(ys[e]!, ys[e1]!), Math.max(xs[e]!, xs[e1]!), Math.max(ys[e]!, ys[e1]!), Math.max(0, reach), (k) => {
      const k1 = k + 1 === bn ? 0 : k + 1;
      const d = segmentDistance(xs[e]!, ys[e]!, xs[e1]!, ys[e1]!, bxs[k]!, bys[k]!, bxs[k1]!, bys[k1]!);
      if (d < best) {
        best = d;
        edge = k;
        own = e;
      }
    });
  }
  let x = NaN;
  let y = NaN;
  if (own >= 0) {
    const e1 = own + 1 === m ? 0 : own + 1;
    const k1 = edge + 1 === bn ? 0 : edge + 1;
    const pair = closestSegmentPoints(xs[own]!, ys[own]!, xs[e1]!, ys[e1]!, bxs[edge]!, bys[edge]!, bxs[k1]!, bys[k1]!);
    x = xs[own]! + pair.s * (xs[e1]! - xs[own]!);
    y = ys[own]! + pair.s * (ys[e1]! - ys[own]!);
  }
  const named = shape.kind === 'box' && edge >= 0 ? BOX_EDGE[edge]! : edge;
  if (best <= 0) return { state: CROSSES_EDGE, web: 0, edge: named, x, y };
  // No edge meets another, so the corners are all inside the part or all outside it.
  if (edges.containsPoint(xs[0]!, ys[0]!)) return { state: INSIDE, web: best, edge: named, x, y };
  if (c.edges.containsPoint(bxs[0]!, bys[0]!)) return { state: CROSSES_EDGE, web: 0, edge: -1, x: NaN, y: NaN };
  return { state: OUTSIDE, web: -Infinity, edge: named, x, y };
}

/** Against a circle or ring: the farthest corner from the centre, and the cut-out's edge nearest it. */
function relateToDisc(shape: DiscShape, c: CutoutPolygon): CutoutEdgeRelation {
  const { xs, ys } = c;
  const m = xs.length;
  const { cx, cy, radius, innerRadius } = shape;
  let far = -Infinity;
  let farCorner = 0;
  let nearSq = Infinity;
  let nearEdge = 0;
  for (let k = 0; k < m; k++) {
    const k1 = k + 1 === m ? 0 : k + 1;
    const d = Math.hypot(xs[k]! - cx, ys[k]! - cy);
    if (d > far) {
      far = d;
      farCorner = k;
    }
    const dSq = pointSegmentDistanceSq(cx, cy, xs[k]!, ys[k]!, xs[k1]!, ys[k1]!);
    if (dSq < nearSq) {
      nearSq = dSq;
      nearEdge = k;
    }
  }
  const near = Math.sqrt(nearSq);
  const aroundCentre = c.edges.containsPoint(cx, cy);
  const outer = radius - far;
  const inner = innerRadius > 0 ? (aroundCentre ? -Infinity : near - innerRadius) : Infinity;
  const edge = outer <= inner ? 0 : 1;
  const web = Math.min(outer, inner);
  let x = xs[farCorner]!;
  let y = ys[farCorner]!;
  if (edge === 1) {
    const k1 = nearEdge + 1 === m ? 0 : nearEdge + 1;
    const dx = xs[k1]! - xs[nearEdge]!;
    const dy = ys[k1]! - ys[nearEdge]!;
    const t = Math.min(1, Math.max(0, ((cx - xs[nearEdge]!) * dx + (cy - ys[nearEdge]!) * dy) / (dx * dx + dy * dy)));
    x = aroundCentre ? NaN : xs[nearEdge]! + t * dx;
    y = aroundCentre ? NaN : ys[nearEdge]! + t * dy;
  }
  if (web > 0) return { state: INSIDE, web, edge, x, y };
  if (aroundCentre && near >= radius) return { state: CROSSES_EDGE, web: 0, edge: -1, x: NaN, y: NaN };
  // Clear of the disc, or wholly inside a ring's opening.
  const missed = (near >= radius && !aroundCentre) || far <= innerRadius;
  return missed ? { state: OUTSIDE, web: -Infinity, edge, x, y } : { state: CROSSES_EDGE, web: 0, edge, x, y };
}

function boxHolds(outer: Bounds, inner: Bounds): boolean {
  return inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY;
}

/** Whether every corner of the cut-out lies within the capsule (so the cut-out lies wholly in it). */
function capsuleCovers(c: Cutout, p: CutoutPolygon): boolean {
  const r2 = c.radius * c.radius;
  for (let k = 0; k < p.xs.length; k++) {
    if (pointSegmentDistanceSq(p.xs[k]!, p.ys[k]!, c.ax, c.ay, c.bx, c.by) > r2) return false;
  }
  return true;
}

/**
 * How far a capsule's axis lies inside a cut-out from its nearest edge, however deep: the search
 * widens until an edge is found, then takes every edge that could be nearer.
 */
function distanceInside(c: Cutout, p: CutoutPolygon): number {
  const distanceWithin = (reach: number) => {
    let d = Infinity;
    p.edges.forEdgesNear(Math.min(c.ax, c.bx), Math.min(c.ay, c.by), Math.max(c.ax, c.bx), Math.max(c.ay, c.by), reach, (e) => {
      const e1 = e + 1 === p.xs.length ? 0 : e + 1;
      d = Math.min(d, segmentDistance(c.ax, c.ay, c.bx, c.by, p.xs[e]!, p.ys[e]!, p.xs[e1]!, p.ys[e1]!));
    });
    return d;
  };
  let reach = Math.max(c.radius, 0.01);
  let d = distanceWithin(reach);
  while (d === Infinity) {
    reach *= 2;
    d = distanceWithin(reach);
  }
  return Math.min(d, distanceWithin(d));
}

/**
 * Calls visit(i, j, gap) once for each pair (i < j) of a capsule and a cut-out, or of two cut-outs,
 * with less than `web - eps` of material between them. Ids: capsules by their index, then cut-outs
 * (capsules.length + their index); cut-outs that are not simple polygons are left out. gap is
 * negative for an overlap, -Infinity when its depth is not measured (outlines crossing, or one
 * wholly taking in the other). The cut-outs' boxes go into a spatial index, and each pair whose
 * boxes come within reach compares only the edges near each other (through the cut-out's own index).
 */
export function forCutoutPairs(
  capsules: readonly Cutout[],
  polygons: readonly CutoutPolygon[],
  web: number,
  eps: number,
  visit: (i: number, j: number, gap: number) => void,
): void {
  const live = polygons.filter((p) => p.problem === null);
  if (live.length === 0) return;
  const boxTree = new Flatbush(live.length);
  for (const p of live) boxTree.add(p.bounds.minX, p.bounds.minY, p.bounds.maxX, p.bounds.maxY);
  boxTree.finish();
  const reach = web - eps;
  const pad = Math.max(0, reach);
  const base = capsules.length;
  const near = (x0: number, y0: number, x1: number, y1: number, above: number): number[] =>
    boxTree
      .search(x0 - pad, y0 - pad, x1 + pad, y1 + pad)
      .map((b) => live[b]!.index)
      .filter((k) => k > above)
      .sort((a, b) => a - b);

  capsules.forEach((c, i) => {
    const r = c.radius;
    const x0 = Math.min(c.ax, c.bx) - r;
    const y0 = Math.min(c.ay, c.by) - r;
    const x1 = Math.max(c.ax, c.bx) + r;
    const y1 = Math.max(c.ay, c.by) + r;
    // The capsule's box holds its centre, so a cut-out round it is found even with no edge near.
    for (const k of near(x0, y0, x1, y1, -1)) {
      const p = polygons[k]!;
      let d = Infinity;
      p.edges.forEdgesNear(x0, y0, x1, y1, pad, (e) => {
        const e1 = e + 1 === p.xs.length ? 0 : e + 1;
        const dist = segmentDistance(c.ax, c.ay, c.bx, c.by, p.xs[e]!, p.ys[e]!, p.xs[e1]!, p.ys[e1]!);
        if (dist < d) d = dist;
      });
      let gap: number;
      if (d <= 0) gap = -Infinity;
      else if (p.edges.containsPoint(c.x, c.y)) gap = -(Math.min(d, distanceInside(c, p)) + r);
      else if (d < r) gap = capsuleCovers(c, p) ? -Infinity : d - r;
      else gap = d - r;
      if (gap < reach) visit(i, base + k, gap);
    }
  });

  // Cut-out against cut-out: only pairs whose boxes come within reach, each edge of the first
  // against the edges of the second near it (its own index), so a cut-out never meets its own edges.
  for (const p of live) {
    const k = p.index;
    const m = p.xs.length;
    const { minX, minY, maxX, maxY } = p.bounds;
    for (const l of near(minX, minY, maxX, maxY, k)) {
      const q = polygons[l]!;
      const qb = q.bounds;
      let d = Infinity;
      for (let e = 0; e < m && d > 0; e++) {
        const e1 = e + 1 === m ? 0 : e + 1;
        const ax = p.xs[e]!;
        const ay = p.ys[e]!;
        const bx = p.xs[e1]!;
        const by = p.ys[e1]!;
        // Edges of the first far from the second's box cannot come within reach of it.
        if (Math.min(ax, bx) > qb.maxX + pad || Math.max(ax, bx) < qb.minX - pad || Math.min(ay, by) > qb.maxY + pad || Math.max(ay, by) < qb.minY - pad) continue;
        q.edges.forEdgesNear(Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by), pad, (j) => {
          const j1 = j + 1 === q.xs.length ? 0 : j + 1;
          const dist = segmentDistance(ax, ay, bx, by, q.xs[j]!, q.ys[j]!, q.xs[j1]!, q.ys[j1]!);
          if (dist < d) d = dist;
        });
      }
      let gap = d;
      if (d <= 0) gap = -Infinity;
      else if (boxHolds(p.bounds, qb) && p.edges.containsPoint(q.xs[0]!, q.ys[0]!)) gap = -Infinity;
      else if (boxHolds(qb, p.bounds) && q.edges.containsPoint(p.xs[0]!, p.ys[0]!)) gap = -Infinity;
      if (gap < reach) visit(base + k, base + l, gap);
    }
  }
}

/**
 * Material between a cut-out and the bent part of a fold: 0 when the fold meets or crosses it.
 * Figures of `within` or more may come out as Infinity.
 */
export function cutoutFoldClearance(p: CutoutPolygon, f: FoldLine, within: number): number {
  const nx = -f.uy;
  const ny = f.ux;
  const side = (x: number, y: number) => (x - f.px) * nx + (y - f.py) * ny;
  // Quick reject: the cut-out's box wholly on one side, farther than needed from the infinite line.
  const { minX, minY, maxX, maxY } = p.bounds;
  const corners = [side(minX, minY), side(maxX, minY), side(maxX, maxY), side(minX, maxY)];
  if (Math.min(...corners) >= within || Math.max(...corners) <= -within) return Infinity;
  const { xs, ys } = p;
  const m = xs.length;
  let best = Infinity;
  for (let e = 0; e < m && best > 0; e++) {
    const e1 = e + 1 === m ? 0 : e + 1;
    const da = side(xs[e]!, ys[e]!);
    const db = side(xs[e1]!, ys[e1]!);
    if (((da > 0 && db > 0) || (da < 0 && db < 0)) && Math.min(Math.abs(da), Math.abs(db)) >= within) continue;
    const ta = (xs[e]! - f.px) * f.ux + (ys[e]! - f.py) * f.uy;
    const tb = (xs[e1]! - f.px) * f.ux + (ys[e1]! - f.py) * f.uy;
    forSpansNear(f, Math.min(ta, tb) - within, Math.max(ta, tb) + within, (a, b) => {
      const d = segmentDistance(xs[e]!, ys[e]!, xs[e1]!, ys[e1]!, f.px + a * f.ux, f.py + a * f.uy, f.px + b * f.ux, f.py + b * f.uy);
      if (d < best) best = d;
    });
  }
  return best;
}
