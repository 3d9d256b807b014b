// Fold lines and where they run inside the part. A fold is an infinite line (the contract: a straight fold
// across the whole part); the pieces of it inside the material are what gets bent.
import type { Bend } from '@shop/contracts';
import Flatbush from 'flatbush';
import type { OutlineShape, PolygonShape } from './outline';
import { segmentDistance } from './vector';

export interface FoldLine {
  /** A point on the line and the unit direction from start_in towards end_in. */
  px: number;
  py: number;
  ux: number;
  uy: number;
  /** Open intervals of the line parameter (inches from p along u) inside the part, sorted. */
  spans: Array<[number, number]>;
  /** Sum of the spans: the length that is bent. */
  lengthIn: number;
}

// Spans shorter than this are a line grazing a corner, not a fold.
const MIN_SPAN_IN = 1e-9;

export function expandFold(bend: Bend, shape: OutlineShape): FoldLine {
  const [sx, sy] = bend.start_in;
  const [ex, ey] = bend.end_in;
  const len = Math.hypot(ex - sx, ey - sy);
  const ux = (ex - sx) / len;
  const uy = (ey - sy) / len;
  const spans = foldSpans(sx, sy, ux, uy, shape).filter(([a, b]) => b - a > MIN_SPAN_IN);
  let lengthIn = 0;
  for (const [a, b] of spans) lengthIn += b - a;
  return { px: sx, py: sy, ux, uy, spans, lengthIn };
}

function foldSpans(px: number, py: number, ux: number, uy: number, shape: OutlineShape): Array<[number, number]> {
  switch (shape.kind) {
    case 'box': {
      // Strictly inside on both axes: a line along an edge bends nothing.
      let t0 = -Infinity;
      let t1 = Infinity;
      for (const [p, u, hi] of [
        [px, ux, shape.width],
        [py, uy, shape.height],
      ] as const) {
        if (u === 0) {
          if (!(p > 0 && p < hi)) return [];
          continue;
        }
        const a = (0 - p) / u;
        const b = (hi - p) / u;
        t0 = Math.max(t0, Math.min(a, b));
        t1 = Math.min(t1, Math.max(a, b));
      }
      return t1 > t0 ? [[t0, t1]] : [];
    }
    case 'disc': {
      const dx = shape.cx - px;
      const dy = shape.cy - py;
      const along = dx * ux + dy * uy;
      const off = Math.abs(dx * uy - dy * ux);
      if (off >= shape.radius) return [];
      const half = Math.sqrt(shape.radius * shape.radius - off * off);
      if (off >= shape.innerRadius) return [[along - half, along + half]];
      const inner = Math.sqrt(shape.innerRadius * shape.innerRadius - off * off);
      return [
        [along - half, along - inner],
        [along + inner, along + half],
      ];
    }
    case 'polygon':
      return polygonSpans(px, py, ux, uy, shape);
  }
}

function polygonSpans(px: number, py: number, ux: number, uy: number, shape: PolygonShape): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const { t0, t1 } of linePieces(px, py, ux, uy, shape.xs, shape.ys)) {
    const last = spans[spans.length - 1];
    if (last && last[1] === t0) last[1] = t1;
    else spans.push([t0, t1]);
  }
  return spans;
}

/**
 * A piece of a line inside a polygon, between two places where the line meets the boundary: along
 * the line from t0 to t1, and on the boundary at edge k0 (a fraction lam0 along it; 0 at its corner)
 * and edge k1.
 */
export interface LinePiece {
  t0: number;
  t1: number;
  k0: number;
  lam0: number;
  k1: number;
  lam1: number;
}

/**
 * The pieces of the line p + t u inside a counter-clockwise polygon, in order of t: between
 * consecutive places where it meets the boundary (so a line grazing a corner from inside gives two
 * pieces). Runs along an edge are boundary, not material; pieces shorter than MIN_SPAN_IN are left out.
 */
export function linePieces(px: number, py: number, ux: number, uy: number, xs: Float64Array, ys: Float64Array): LinePiece[] {
  const n = xs.length;
  // Where the line meets the boundary: at a corner (lam 0) or across an edge.
  const eventT: number[] = [];
  const eventK: number[] = [];
  const eventLam: number[] = [];
  // Intervals where the line runs along an edge: boundary, not material.
  const along: Array<[number, number]> = [];
  const crossings: number[] = [];
  for (let k = 0; k < n; k++) {
    const j = k + 1 === n ? 0 : k + 1;
    const sk = (xs[k]! - px) * uy - (ys[k]! - py) * ux;
    const sj = (xs[j]! - px) * uy - (ys[j]! - py) * ux;
    const tk = (xs[k]! - px) * ux + (ys[k]! - py) * uy;
    const tj = (xs[j]! - px) * ux + (ys[j]! - py) * uy;
    if (sk === 0) {
      eventT.push(tk);
      eventK.push(k);
      eventLam.push(0);
    }
    if (sk === 0 && sj === 0) along.push(tk < tj ? [tk, tj] : [tj, tk]);
    else if ((sk < 0 && sj > 0) || (sk > 0 && sj < 0)) {
      eventT.push(tk + ((tj - tk) * sk) / (sk - sj));
      eventK.push(k);
      eventLam.push(sk / (sk - sj));
    }
    // Crossings of the line moved a hair to the side s > 0: a corner on the line counts as below it.
    if (sk > 0 !== sj > 0) crossings.push(sk === 0 ? tk : sj === 0 ? tj : tk + ((tj - tk) * sk) / (sk - sj));
  }
  const order = eventT.map((_, i) => i).sort((a, b) => eventT[a]! - eventT[b]!);
  crossings.sort((a, b) => a - b);
  // The midpoints rise, so one pass over the runs along edges (sorted by start) finds any holding each.
  along.sort((p, q) => p[0] - q[0]);
  let run = 0;
  let reach = -Infinity;
  let crossed = 0;
  const pieces: LinePiece[] = [];
  for (let i = 0; i + 1 < order.length; i++) {
    const e0 = order[i]!;
    const e1 = order[i + 1]!;
    const a = eventT[e0]!;
    const b = eventT[e1]!;
    if (!(b - a > MIN_SPAN_IN)) continue;
    const mid = (a + b) / 2;
    // reach: the furthest end of the runs starting before mid.
    while (run < along.length && along[run]![0] < mid) reach = Math.max(reach, along[run++]![1]);
    if (mid < reach) continue;
    // mid is on no edge, so it is inside when the moved line has crossed the outline an odd number
    // of times before it: one pass along the line, where a point-in-polygon test for each piece
    // would cost a ray across the part (every tooth of a comb) each.
    while (crossed < crossings.length && crossings[crossed]! < mid) crossed++;
    if (crossed % 2 === 0) continue;
    pieces.push({ t0: a, t1: b, k0: eventK[e0]!, lam0: eventLam[e0]!, k1: eventK[e1]!, lam1: eventLam[e1]! });
  }
  return pieces;
}

/**
 * Calls visit(a, b) for each span of the fold overlapping the parameter range [t0, t1], in order. A
 * binary search finds the first: a fold across a comb of an imported part has thousands of spans.
 */
export function forSpansNear(f: FoldLine, t0: number, t1: number, visit: (a: number, b: number) => void): void {
  const spans = f.spans;
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid]![1] < t0) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < spans.length && spans[k]![0] <= t1; k++) visit(spans[k]![0], spans[k]![1]);
}

/** Whether the two folds meet strictly inside the part; coincident folds count as meeting. */
export function foldsMeet(f: FoldLine, g: FoldLine): { x: number; y: number } | null {
  if (f.spans.length === 0 || g.spans.length === 0) return null;
  const cross = f.ux * g.uy - f.uy * g.ux;
  const dx = g.px - f.px;
  const dy = g.py - f.py;
  if (Math.abs(cross) < 1e-12) {
    // Parallel: they meet only if they are the same line and share some material.
    if (Math.abs(dx * f.uy - dy * f.ux) > 1e-9) return null;
    const offset = dx * f.ux + dy * f.uy;
    const sameWay = f.ux * g.ux + f.uy * g.uy > 0;
    for (const [a, b] of f.spans) {
      for (const [c, d] of g.spans) {
        const lo = sameWay ? offset + c : offset - d;
        const hi = sameWay ? offset + d : offset - c;
        const from = Math.max(a, lo);
        const to = Math.min(b, hi);
        if (to > from) return { x: f.px + ((from + to) / 2) * f.ux, y: f.py + ((from + to) / 2) * f.uy };
      }
    }
    return null;
  }
  const t = (dx * g.uy - dy * g.ux) / cross;
  const s = (dx * f.uy - dy * f.ux) / cross;
  const inF = f.spans.some(([a, b]) => t > a + MIN_SPAN_IN && t < b - MIN_SPAN_IN);
  const inG = g.spans.some(([a, b]) => s > a + MIN_SPAN_IN && s < b - MIN_SPAN_IN);
  return inF && inG ? { x: f.px + t * f.ux, y: f.py + t * f.uy } : null;
}

/**
 * For each pair of folds (i < j) that come within `reach` of each other inside the part, the least
 * distance between them. Every span of every fold goes into one spatial index, so folds crossing a
 * comb's hundred teeth compare the spans near each other, not every span with every span.
 */
export function closeFolds(folds: readonly FoldLine[], reach: number): Map<string, number> {
  const spans: Array<{ fold: number; ax: number; ay: number; bx: number; by: number }> = [];
  folds.forEach((f, fold) => {
    for (const [a, b] of f.spans) spans.push({ fold, ax: f.px + a * f.ux, ay: f.py + a * f.uy, bx: f.px + b * f.ux, by: f.py + b * f.uy });
  });
  const gaps = new Map<string, number>();
  if (spans.length < 2) return gaps;
  const tree = new Flatbush(spans.length);
  for (const s of spans) tree.add(Math.min(s.ax, s.bx), Math.min(s.ay, s.by), Math.max(s.ax, s.bx), Math.max(s.ay, s.by));
  tree.finish();
  spans.forEach((s, k) => {
    tree.search(Math.min(s.ax, s.bx) - reach, Math.min(s.ay, s.by) - reach, Math.max(s.ax, s.bx) + reach, Math.max(s.ay, s.by) + reach, (m) => {
      const o = spans[m]!;
      if (o.fold <= s.fold || m === k) return false;
      const gap = segmentDistance(s.ax, s.ay, s.bx, s.by, o.ax, o.ay, o.bx, o.by);
      if (gap >= reach) return false;
      const key = `${s.fold}:${o.fold}`;
      const known = gaps.get(key);
      if (known === undefined || gap < known) gaps.set(key, gap);
      return false;
    });
  });
  return gaps;
}
