// Which contour lies inside which: largest first, each contour's parent is the smallest larger one
// holding a point strictly inside it. Depth 0 is a part, 1 a hole or cutout, 2 an island (README, How it reads a drawing).
import Flatbush from 'flatbush';
import { ContourTester, interiorPoint } from './contour';
import type { Contour } from './contour';

export interface Nesting {
  /** Depth of each contour: 0 outer, 1 inside one other, ... */
  depth: Int32Array;
  /** Index of the contour directly around each one, or -1. */
  parent: Int32Array;
  /** The point strictly inside each contour used for the test (drawing inches). */
  insideX: Float64Array;
  insideY: Float64Array;
}

// Candidate containers looked at in all: far above any real drawing (each contour meets a handful),
// reached only by thousands of contours stacked inside one another.
const MAX_CANDIDATES = 5_000_000;

/**
 * Nests the contours using a spatial index of their bounds, so 20k contours stay near-linear. Gives
 * null when thousands of contours lie inside one another (the work would grow with the square).
 */
export function nestContours(contours: readonly Contour[]): Nesting | null {
  const count = contours.length;
  const nesting: Nesting = {
    depth: new Int32Array(count),
    parent: new Int32Array(count).fill(-1),
    insideX: new Float64Array(count),
    insideY: new Float64Array(count),
  };
  if (count === 0) return nesting;
  const tree = new Flatbush(count);
  for (const c of contours) tree.add(c.minX, c.minY, c.maxX, c.maxY);
  tree.finish();
  const tester = new ContourTester(contours);
  const size = Float64Array.from(contours, (c) => Math.abs(c.area));
  const byArea = Int32Array.from({ length: count }, (_, i) => i).sort((i, j) => size[j]! - size[i]! || i - j);
  let candidates = 0;
  for (const i of byArea) {
    const [px, py] = interiorPoint(contours[i]!);
    nesting.insideX[i] = px;
    nesting.insideY[i] = py;
    let best = -1;
    const found = tree.search(px, py, px, py);
    candidates += found.length;
    if (!(candidates <= MAX_CANDIDATES)) return null;
    for (const j of found) {
      if (j === i || !(size[j]! > size[i]!)) continue;
      if (best >= 0 && size[j]! >= size[best]!) continue;
      if (tester.contains(j, px, py)) best = j;
    }
    nesting.parent[i] = best;
    nesting.depth[i] = best < 0 ? 0 : nesting.depth[best]! + 1;
  }
  return nesting;
}
