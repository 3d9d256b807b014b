// How each cutout sits against the part's edge, against the other cutouts and against the folds.
// Exact distances between capsules, segments and circles; no polygons involved.
import Flatbush from 'flatbush';
import { forSpansNear } from './bend-lines';
import type { FoldLine } from './bend-lines';
import type { Cutout } from './hole-patterns';
import type { OutlineShape } from './outline';
import { pointSegmentDistanceSq, segmentDistance } from './vector';

export const INSIDE = 0;
/** Part of the cutout lies outside the material. */
export const CROSSES_EDGE = 1;
/** The cutout misses the material altogether. */
export const OUTSIDE = 2;

export interface EdgeRelation {
  state: typeof INSIDE | typeof CROSSES_EDGE | typeof OUTSIDE;
  /** Material between the cutout and the nearest edge; Infinity when more than the reach asked for. */
  web: number;
  /** Which edge: box 0 left, 1 right, 2 bottom, 3 top; disc 0 outer, 1 inner; polygon the edge index. */
  edge: number;
}

/** Where a cutout sits against the edges; webs up to `reach` beyond the cutout are measured exactly. */
export function relateToEdge(shape: OutlineShape, c: Cutout, reach: number): EdgeRelation {
  const r = c.radius;
  switch (shape.kind) {
    case 'box': {
      const webs = [
        Math.min(c.ax, c.bx) - r,
        shape.width - Math.max(c.ax, c.bx) - r,
        Math.min(c.ay, c.by) - r,
        shape.height - Math.max(c.ay, c.by) - r,
      ];
      let edge = 0;
      for (let k = 1; k < 4; k++) if (webs[k]! < webs[edge]!) edge = k;
      const web = webs[edge]!;
      if (web >= 0) return { state: INSIDE, web, edge };
      return { state: capsuleMeetsBox(c, shape.width, shape.height) ? CROSSES_EDGE : OUTSIDE, web, edge };
    }
    case 'disc': {
      const far = Math.max(Math.hypot(c.ax - shape.cx, c.ay - shape.cy), Math.hypot(c.bx - shape.cx, c.by - shape.cy));
      const near = Math.sqrt(pointSegmentDistanceSq(shape.cx, shape.cy, c.ax, c.ay, c.bx, c.by));
      const outer = shape.radius - far - r;
      const inner = shape.innerRadius > 0 ? near - r - shape.innerRadius : Infinity;
      const edge = outer <= inner ? 0 : 1;
      const web = Math.min(outer, inner);
      if (web >= 0) return { state: INSIDE, web, edge };
      const missed = near - r >= shape.radius || (shape.innerRadius > 0 && far + r <= shape.innerRadius);
      return { state: missed ? OUTSIDE : CROSSES_EDGE, web, edge };
    }
    case 'polygon': {
      const { xs, ys, n } = shape.edges;
      let best = Infinity;
      let edge = -1;
      shape.edges.forEdgesNear(
        Math.min(c.ax, c.bx),
        Math.min(c.ay, c.by),
        Math.max(c.ax, c.bx),
        Math.max(c.ay, c.by),
        Math.max(reach, r),
        (k) => {
          const j = k + 1 === n ? 0 : k + 1;
          const d = segmentDistance(c.ax, c.ay, c.bx, c.by, xs[k]!, ys[k]!, xs[j]!, ys[j]!);
          if (d < best) {
            best = d;
            edge = k;
          }
        },
      );
      const inside = shape.edges.containsPoint(c.x, c.y);
      if (inside && best >= r) return { state: INSIDE, web: best - r, edge };
      if (best < r) return { state: CROSSES_EDGE, web: best - r, edge };
      return { state: OUTSIDE, web: -Infinity, edge };
    }
  }
}

function capsuleMeetsBox(c: Cutout, w: number, h: number): boolean {
  if (c.x > 0 && c.x < w && c.y > 0 && c.y < h) return true;
  const corners = [0, 0, w, 0, w, h, 0, h];
  for (let k = 0; k < 4; k++) {
    const j = (k + 1) % 4;
    const d = segmentDistance(c.ax, c.ay, c.bx, c.by, corners[2 * k]!, corners[2 * k + 1]!, corners[2 * j]!, corners[2 * j + 1]!);
    if (d < c.radius) return true;
  }
  return false;
}

/** Material between two cutouts; negative when they overlap. */
function cutoutGap(p: Cutout, q: Cutout): number {
  if (p.kind === 'hole' && q.kind === 'hole') {
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    return Math.sqrt(dx * dx + dy * dy) - p.radius - q.radius;
  }
  return segmentDistance(p.ax, p.ay, p.bx, p.by, q.ax, q.ay, q.bx, q.by) - p.radius - q.radius;
}

/**
 * Calls visit(i, j, gap) once for each pair of cutouts (i < j) with less than `web - eps` of material
 * between them (overlapping ones included). The cutouts' boxes go into a spatial index, so a
 * 500-hole plate compares neighbours, not every pair; the calls come in order of i, then in the
 * index's (fixed) order of j.
 */
export function forClosePairs(
  cutouts: readonly Cutout[],
  web: number,
  eps: number,
  visit: (i: number, j: number, gap: number) => void,
): void {
  const n = cutouts.length;
  if (n < 2) return;
  const reach = web - eps;
  if (n <= SMALL_SET) {
    forClosePairsDirect(cutouts, reach, visit);
    return;
  }
  const tree = new Flatbush(n);
  for (const c of cutouts) tree.add(Math.min(c.ax, c.bx) - c.radius, Math.min(c.ay, c.by) - c.radius, Math.max(c.ax, c.bx) + c.radius, Math.max(c.ay, c.by) + c.radius);
  tree.finish();
  for (let i = 0; i < n; i++) {
    const c = cutouts[i]!;
    // The work is done in the filter, which keeps nothing: no result array per cutout.
    tree.search(
      Math.min(c.ax, c.bx) - c.radius - reach,
      Math.min(c.ay, c.by) - c.radius - reach,
      Math.max(c.ax, c.bx) + c.radius + reach,
      Math.max(c.ay, c.by) + c.radius + reach,
      (j) => {
        if (j > i) {
          const gap = cutoutGap(c, cutouts[j]!);
          if (gap < reach) visit(i, j, gap);
        }
        return false;
      },
    );
  }
}

/**
 * Up to this many cutouts (Flatbush's node size) the index is one node holding them in order, so a
 * search is every box tested in turn: the same test done here, without building the index, on every
 * typical plate.
 */
const SMALL_SET = 16;

/** forClosePairs without the index: the same boxes, the same test, the same order of calls. */
function forClosePairsDirect(cutouts: readonly Cutout[], reach: number, visit: (i: number, j: number, gap: number) => void): void {
  const n = cutouts.length;
  for (let i = 0; i < n; i++) {
    const c = cutouts[i]!;
    const minX = Math.min(c.ax, c.bx) - c.radius - reach;
    const minY = Math.min(c.ay, c.by) - c.radius - reach;
    const maxX = Math.max(c.ax, c.bx) + c.radius + reach;
    const maxY = Math.max(c.ay, c.by) + c.radius + reach;
    for (let j = i + 1; j < n; j++) {
      const d = cutouts[j]!;
      if (maxX < Math.min(d.ax, d.bx) - d.radius || maxY < Math.min(d.ay, d.by) - d.radius) continue;
      if (minX > Math.max(d.ax, d.bx) + d.radius || minY > Math.max(d.ay, d.by) + d.radius) continue;
      const gap = cutoutGap(c, d);
      if (gap < reach) visit(i, j, gap);
    }
  }
}

/** Material between a cutout and the bent part of a fold; negative when the fold runs through it. Figures of `within` or more may come out as Infinity. */
export function foldClearance(c: Cutout, f: FoldLine, within: number): number {
  const nx = -f.uy;
  const ny = f.ux;
  const da = (c.ax - f.px) * nx + (c.ay - f.py) * ny;
  const db = (c.bx - f.px) * nx + (c.by - f.py) * ny;
  // Quick reject: wholly on one side and farther than needed from the infinite line.
  if (((da > 0 && db > 0) || (da < 0 && db < 0)) && Math.min(Math.abs(da), Math.abs(db)) - c.radius >= within) {
    return Infinity;
  }
  // Spans further along the line than the cutout's reach are further than `within` from it.
  const ta = (c.ax - f.px) * f.ux + (c.ay - f.py) * f.uy;
  const tb = (c.bx - f.px) * f.ux + (c.by - f.py) * f.uy;
  const pad = c.radius + within;
  let best = Infinity;
  forSpansNear(f, Math.min(ta, tb) - pad, Math.max(ta, tb) + pad, (a, b) => {
    const d = segmentDistance(c.ax, c.ay, c.bx, c.by, f.px + a * f.ux, f.py + a * f.uy, f.px + b * f.ux, f.py + b * f.uy);
    if (d < best) best = d;
  });
  return best - c.radius;
}
