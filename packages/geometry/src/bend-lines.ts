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
  const { xs, ys } = shape;
  const n = xs.length;
  const ts: number[] = [];
  // Intervals where the line runs along an edge: boundary, not material.
  const along: Array<[number, number]> = [];
  for (let k = 0; k < n; k++) {
    const j = k + 1 === n ? 0 : k + 1;
    const sk = (xs[k]! - px) * uy - (ys[k]! - py) * ux;
    const sj = (xs[j]! - px) * uy - (ys[j]! - py) * ux;
    const tk = (xs[k]! - px) * ux + (ys[k]! - py) * uy;
    const tj = (xs[j]! - px) * ux + (ys[j]! - py) * uy;
    if (sk === 0) ts.push(tk);
    if (sk === 0 && sj === 0) along.push(tk < tj ? [tk, tj] : [tj, tk]);
    else if ((sk < 0 && sj > 0) || (sk > 0 && sj < 0)) ts.push(tk + ((tj - tk) * sk) / (sk - sj));
  }
  ts.sort((a, b) => a - b);
  const spans: Array<[number, number]> = [];
  for (let i = 0; i + 1 < ts.length; i++) {
    const a = ts[i]!;
    const b = ts[i + 1]!;
    if (b - a <= MIN_SPAN_IN) continue;
    const mid = (a + b) / 2;
    if (along.some(([lo, hi]) => mid > lo && mid < hi)) continue;
    if (!shape.edges.containsPoint(px + mid * ux, py + mid * uy)) continue;
    const last = spans[spans.length - 1];
    if (last && last[1] === a) last[1] = b;
    else spans.push([a, b]);
  }
  return spans;
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
