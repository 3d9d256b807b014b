// How deep the material reaches on each side of each fold, up to the part's edge or the next fold.
import type { FoldLine } from './bend-lines';
import { CLIPPER_SCALE, FOLD_GAP_IN, splitByFolds } from './clipper-paths';
import type { OutlineShape } from './outline';

export interface FlangeDepths {
  /** Shallowest flange on the left of the fold (the side of its normal -uy, ux) and on the right. */
  left: number;
  right: number;
  /** How far the figures may be off: exact for one fold on a rectangle or disc, clipper units otherwise. */
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
