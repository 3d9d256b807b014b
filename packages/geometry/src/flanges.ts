// How deep the material reaches on each side of each fold, up to the part's edge or the next fold.
import type { FoldLine } from './bend-lines';
import { CLIPPER_SCALE, FOLD_GAP_IN, splitByFolds } from './clipper-paths';
import { walkFacets } from './fold-facets';
import type { DiscShape, OutlineShape } from './outline';

export interface FlangeDepths {
  /** Shallowest flange on the left of the fold (the side of its normal -uy, ux) and on the right. */
  left: number;
  right: number;
  /** How far the figures may be off: exact on a rectangle or polygon and for one fold on a disc, clipper units otherwise. */
  tolerance: number;
}

const ROUNDING_IN = 3 / CLIPPER_SCALE;

/** Depths for each fold, in order; null for a fold that misses the part. */
export function measureFlanges(shape: OutlineShape, folds: readonly FoldLine[]): Array<FlangeDepths | null> {
  const crossing = folds.filter((f) => f.spans.length > 0);
  if (crossing.length === 1 && shape.kind !== 'polygon') {
    return folds.map((f) => (f.spans.length > 0 ? convexFlanges(shape, f) : null));
  }
  if (crossing.length === 0) return folds.map(() => null);
  if (shape.kind === 'disc') return discFlanges(shape, folds);
  const [xs, ys] =
    shape.kind === 'box' ? [Float64Array.of(0, shape.width, shape.width, 0), Float64Array.of(0, 0, shape.height, shape.height)] : [shape.xs, shape.ys];
  // The same line given twice (blocked as crossing folds) is walked once.
  const first = folds.map((f, i) => folds.findIndex((g, j) => j <= i && sameLine(f, g)));
  const distinct = first.map((j, i) => (j === i ? i : -1)).filter((i) => i >= 0);
  const walked = walkFacets(xs, ys, distinct.map((i) => folds[i]!));
  return folds.map((f, i) => {
    const depths = walked[distinct.indexOf(first[i]!)];
    if (f.spans.length === 0 || !depths) return null;
    const g = folds[first[i]!]!;
    // The same line the other way round has its sides swapped.
    const swapped = f.ux * g.ux + f.uy * g.uy < 0;
    return { left: swapped ? depths.right : depths.left, right: swapped ? depths.left : depths.right, tolerance: 0 };
  });
}

function sameLine(f: FoldLine, g: FoldLine): boolean {
  return Math.abs(f.ux * g.uy - f.uy * g.ux) < 1e-12 && Math.abs((g.px - f.px) * f.uy - (g.py - f.py) * f.ux) <= 1e-9;
}

/** Two or more folds across a circle or ring: its facets through clipper, a circle being a polygon of at most 720 corners there. */
function discFlanges(shape: DiscShape, folds: readonly FoldLine[]): Array<FlangeDepths | null> {
  const facets = splitByFolds(shape, folds);
  const near = FOLD_GAP_IN + ROUNDING_IN;
  return folds.map((f) => {
    if (f.spans.length === 0) return null;
    const nx = -f.uy;
    const ny = f.ux;
    const depths: FlangeDepths = { left: Infinity, right: Infinity, tolerance: 10 / CLIPPER_SCALE };
    for (const facet of facets) {
      let touching = 0;
      let most = -Infinity;
      let least = Infinity;
      let sum = 0;
      for (let k = 0; k < facet.xs.length; k++) {
        const d = (facet.xs[k]! - f.px) * nx + (facet.ys[k]! - f.py) * ny;
        if (Math.abs(d) <= near) touching++;
        if (d > most) most = d;
        if (d < least) least = d;
        sum += d;
      }
      // A facet lies along this fold when one of its edges runs down the cut made for it.
      if (touching < 2) continue;
      const onLeft = most > near ? least >= -near : least >= -near && sum >= 0;
      if (onLeft) depths.left = Math.min(depths.left, Math.max(most, 0) + FOLD_GAP_IN);
      else if (most <= near) depths.right = Math.min(depths.right, Math.max(-least, 0) + FOLD_GAP_IN);
    }
    if (depths.left === Infinity) depths.left = 0;
    if (depths.right === Infinity) depths.right = 0;
    return depths;
  });
}

/** One fold across a convex part: each side reaches to the part's farthest point on that side. */
function convexFlanges(shape: Exclude<OutlineShape, { kind: 'polygon' }>, f: FoldLine): FlangeDepths {
  const nx = -f.uy;
  const ny = f.ux;
  if (shape.kind === 'disc') {
    const d = (shape.cx - f.px) * nx + (shape.cy - f.py) * ny;
    return { left: shape.radius + d, right: shape.radius - d, tolerance: 0 };
  }
  let left = -Infinity;
  let right = -Infinity;
  for (const [x, y] of [
    [0, 0],
    [shape.width, 0],
    [shape.width, shape.height],
    [0, shape.height],
  ] as const) {
    const d = (x - f.px) * nx + (y - f.py) * ny;
    left = Math.max(left, d);
    right = Math.max(right, -d);
  }
  return { left, right, tolerance: 0 };
}
