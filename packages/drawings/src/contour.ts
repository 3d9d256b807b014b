// A closed contour in typed arrays, with what nesting needs: signed area, bounds, a point strictly
// inside it and a point-in-contour test that stays fast on contours of thousands of vertices.
import Flatbush from 'flatbush';
import { DuplicateFinder } from './duplicate-finder';
import type { RawContour } from './join-pieces';
import { CHORD_TOLERANCE_IN } from './limits';
import { arcStep, FULL_TURN, quadrantSteps } from './path-builder';
import type { CircleFit } from './path-builder';
import type { Pt } from './types';

export interface Contour {
  xs: Float64Array;
  ys: Float64Array;
  /** Shoelace area of the flattened points, positive counter-clockwise (in^2). */
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** True length (arcs as arcs), inches. */
  length: number;
  circle: CircleFit | null;
  order: number;
  type: string;
  layer: string;
}

// Points closer than this are one point.
const SAME_POINT_IN = 1e-9;
// Shared by every exact circle until it needs points (allocating typed arrays is not free).
const NO_POINTS = new Float64Array(0);
// Contours with more vertices than this get an edge index for point tests.
const INDEXED_FROM = 64;

/** Signed area of a closed polygon, positive counter-clockwise. */
function shoelace(xs: Float64Array, ys: Float64Array): number {
  let twice = 0;
  for (let k = 0, j = xs.length - 1; k < xs.length; j = k++) twice += (xs[j]! - xs[k]!) * (ys[j]! + ys[k]!);
  return twice / 2;
}

/** The contour's arrays, area and bounds; an exact circle without points gets none until it needs them. */
export function toContour(raw: RawContour): Contour {
  if (raw.circle && raw.points.length === 0) {
    const { cx, cy, r } = raw.circle;
    const { length, circle, order, type, layer } = raw;
    return { xs: NO_POINTS, ys: NO_POINTS, area: Math.PI * r * r, minX: cx - r, minY: cy - r, maxX: cx + r, maxY: cy + r, length, circle, order, type, layer };
  }
  // Repeated points would make zero-length edges, which look like touching contours.
  const points = raw.points;
  const kept: number[] = [];
  for (let k = 0; k + 1 < points.length; k += 2) {
    const x = points[k]!;
    const y = points[k + 1]!;
    const last = kept.length;
    if (last > 0 && Math.abs(x - kept[last - 2]!) <= SAME_POINT_IN && Math.abs(y - kept[last - 1]!) <= SAME_POINT_IN) continue;
    kept.push(x, y);
  }
  while (kept.length > 2 && Math.abs(kept[0]! - kept[kept.length - 2]!) <= SAME_POINT_IN && Math.abs(kept[1]! - kept[kept.length - 1]!) <= SAME_POINT_IN) kept.length -= 2;
  const n = kept.length / 2;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k < n; k++) {
    const x = kept[2 * k]!;
    const y = kept[2 * k + 1]!;
    xs[k] = x;
    ys[k] = y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { xs, ys, area: shoelace(xs, ys), minX, minY, maxX, maxY, length: raw.length, circle: raw.circle, order: raw.order, type: raw.type, layer: raw.layer };
}

/** The contour with points: an exact circle is flattened (vertices on the quarter points, chords within tolerance). */
export function withPoints(c: Contour): Contour {
  if (c.xs.length > 0 || !c.circle) return c;
  const { cx, cy, r } = c.circle;
  const points = circlePoints(cx, cy, r);
  const xs = Float64Array.from(points, ([x]) => x);
  const ys = Float64Array.from(points, ([, y]) => y);
  return { ...c, xs, ys, area: shoelace(xs, ys) };
}

/**
 * An arc of a circle as points, both ends included, the way an imported arc is flattened: a vertex
 * on every quarter point and chords within the chord tolerance (angles in radians, counter-clockwise).
 */
export function arcPoints(cx: number, cy: number, r: number, start: number, sweep: number): Pt[] {
  const angles = [start, ...quadrantSteps(start, sweep, arcStep(r, CHORD_TOLERANCE_IN)), start + sweep];
  return angles.map((a): Pt => [cx + r * Math.cos(a), cy + r * Math.sin(a)]);
}

/** A whole circle as points (the closing point left out), flattened as an imported circle is. */
export function circlePoints(cx: number, cy: number, r: number): Pt[] {
  return arcPoints(cx, cy, r, 0, FULL_TURN).slice(0, -1);
}

/**
 * Contours drawn twice, found by bounding box AND perimeter (the box alone took a circle drawn inside
 * a square of the same size for a copy, README, How it reads a drawing).
 */
export function dropDuplicateContours(contours: readonly Contour[]): { kept: Contour[]; duplicates: Contour[] } {
  const quantize = (v: number) => Math.round(v * 1e4);
  const finder = new DuplicateFinder(5);
  const kept: Contour[] = [];
  const duplicates: Contour[] = [];
  for (const c of contours) {
    if (finder.isNew([quantize(c.minX), quantize(c.minY), quantize(c.maxX), quantize(c.maxY), quantize(c.length)])) kept.push(c);
    else duplicates.push(c);
  }
  return { kept, duplicates };
}

/**
 * A point strictly inside the contour (not its first vertex, which fails when contours touch): on the
 * horizontal line through the widest band free of vertices, the middle of the widest inside interval.
 */
export function interiorPoint(c: Contour): [number, number] {
  if (c.circle) return [c.circle.cx, c.circle.cy];
  const n = c.xs.length;
  const levels = Float64Array.from(c.ys).sort();
  let y = (c.minY + c.maxY) / 2;
  let widest = -1;
  for (let k = 1; k < n; k++) {
    const gap = levels[k]! - levels[k - 1]!;
    if (gap > widest) {
      widest = gap;
      y = (levels[k]! + levels[k - 1]!) / 2;
    }
  }
  const crossings: number[] = [];
  for (let k = 0, j = n - 1; k < n; j = k++) {
    const yk = c.ys[k]!;
    const yj = c.ys[j]!;
    if (yk > y !== yj > y) crossings.push(c.xs[k]! + ((y - yk) * (c.xs[j]! - c.xs[k]!)) / (yj - yk));
  }
  crossings.sort((p, q) => p - q);
  let x = (c.minX + c.maxX) / 2;
  let width = -1;
  for (let k = 0; k + 1 < crossings.length; k += 2) {
    if (crossings[k + 1]! - crossings[k]! > width) {
      width = crossings[k + 1]! - crossings[k]!;
      x = (crossings[k]! + crossings[k + 1]!) / 2;
    }
  }
  return [x, y];
}

/** Whether edge k (from vertex k - 1 to vertex k) crosses the ray from (px, py) to +x. */
function crossesRay(xs: Float64Array, ys: Float64Array, k: number, px: number, py: number): boolean {
  const j = k === 0 ? xs.length - 1 : k - 1;
  const yk = ys[k]!;
  const yj = ys[j]!;
  return yk > py !== yj > py && px < xs[k]! + ((py - yk) * (xs[j]! - xs[k]!)) / (yj - yk);
}

/** Point-in-contour tests; big contours get a spatial index of their edges, built on first use. */
export class ContourTester {
  private readonly edgeIndexes = new Map<number, Flatbush>();

  constructor(private readonly contours: readonly Contour[]) {}

  /** Whether (px, py) lies inside contour `index` (crossing number along a ray to +x). */
  contains(index: number, px: number, py: number): boolean {
    const c = this.contours[index]!;
    if (px < c.minX || px > c.maxX || py < c.minY || py > c.maxY) return false;
    if (c.circle) return Math.hypot(px - c.circle.cx, py - c.circle.cy) < c.circle.r;
    let inside = false;
    if (c.xs.length <= INDEXED_FROM) {
      for (let k = 0; k < c.xs.length; k++) if (crossesRay(c.xs, c.ys, k, px, py)) inside = !inside;
      return inside;
    }
    for (const k of this.edgeIndex(index).search(px, py, c.maxX, py)) if (crossesRay(c.xs, c.ys, k, px, py)) inside = !inside;
    return inside;
  }

  // Edge k joins vertex k - 1 to vertex k.
  private edgeIndex(index: number): Flatbush {
    let tree = this.edgeIndexes.get(index);
    if (tree) return tree;
    const { xs, ys } = this.contours[index]!;
    const n = xs.length;
    tree = new Flatbush(n);
    for (let k = 0; k < n; k++) {
      const j = k === 0 ? n - 1 : k - 1;
      tree.add(Math.min(xs[k]!, xs[j]!), Math.min(ys[k]!, ys[j]!), Math.max(xs[k]!, xs[j]!), Math.max(ys[k]!, ys[j]!));
    }
    tree.finish();
    this.edgeIndexes.set(index, tree);
    return tree;
  }
}
