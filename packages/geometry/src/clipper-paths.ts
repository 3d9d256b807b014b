// The polygon work handed to clipper-lib: the facets the fold lines split a part into. clipper works
// on integers, so inches are scaled.
import * as ClipperLib from 'clipper-lib';
import type { FoldLine } from './bend-lines';
import type { OutlineShape } from './outline';

/** Clipper units per inch: 0.00001 in resolution. */
export const CLIPPER_SCALE = 100_000;
// At this scale clipper's fast 53-bit range holds |coordinates| up to ~470 in; keep well inside it.
const LIMIT_IN = 400;
// Largest gap between a true arc and its chords.
const ARC_TOLERANCE_IN = 0.0005;

type Path = ClipperLib.Path;

function toInt(v: number): number {
  if (!(Math.abs(v) <= LIMIT_IN)) throw new RangeError(`coordinate ${v} in is outside the polygon range`);
  return Math.round(v * CLIPPER_SCALE);
}

/** Chords for a full circle of radius r: enough that no chord strays more than the tolerance. */
function circleSegments(r: number): number {
  const n = Math.ceil(Math.PI / Math.acos(Math.max(-1, 1 - ARC_TOLERANCE_IN / r)));
  return Math.min(720, Math.max(24, n));
}

/**
 * A counter-clockwise circle whose corners sit slightly outside the true circle so the polygon's area
 * equals pi r^2 (before rounding to clipper units).
 */
export function circlePath(cx: number, cy: number, r: number): Path {
  const n = circleSegments(r);
  const step = (2 * Math.PI) / n;
  const rho = r * Math.sqrt(step / Math.sin(step));
  const path: Path = new Array(n);
  for (let k = 0; k < n; k++) path[k] = { X: toInt(cx + rho * Math.cos(k * step)), Y: toInt(cy + rho * Math.sin(k * step)) };
  return path;
}

/** The outline as clipper paths: outer counter-clockwise, a ring's opening clockwise. */
function outlinePaths(shape: OutlineShape): Path[] {
  switch (shape.kind) {
    case 'box':
      return [
        [
          { X: 0, Y: 0 },
          { X: toInt(shape.width), Y: 0 },
          { X: toInt(shape.width), Y: toInt(shape.height) },
          { X: 0, Y: toInt(shape.height) },
        ],
      ];
    case 'disc': {
      const outer = circlePath(shape.cx, shape.cy, shape.radius);
      if (shape.innerRadius === 0) return [outer];
      return [outer, circlePath(shape.cx, shape.cy, shape.innerRadius).reverse()];
    }
    case 'polygon': {
      const path: Path = new Array(shape.xs.length);
      for (let k = 0; k < shape.xs.length; k++) path[k] = { X: toInt(shape.xs[k]!), Y: toInt(shape.ys[k]!) };
      return [path];
    }
  }
}

/** A piece of the part between fold lines, corners in inches. */
export interface Facet {
  xs: Float64Array;
  ys: Float64Array;
}

/** Half the width of the cut made along each fold to split the part into facets. */
export const FOLD_GAP_IN = 2 / CLIPPER_SCALE;

/** The pieces the folds split the part into (cutouts ignored: they do not change a flange's depth). */
export function splitByFolds(shape: OutlineShape, folds: readonly FoldLine[]): Facet[] {
  const { minX, minY, maxX, maxY } = shape.bounds;
  const strips: Path[] = [];
  for (const f of folds) {
    if (f.spans.length === 0) continue;
    // Long enough to cross the whole part, whatever the line's anchor point.
    const corners = [
      [minX, minY],
      [maxX, minY],
      [maxX, maxY],
      [minX, maxY],
    ] as const;
    let t0 = Infinity;
    let t1 = -Infinity;
    for (const [x, y] of corners) {
      const t = (x - f.px) * f.ux + (y - f.py) * f.uy;
      t0 = Math.min(t0, t);
      t1 = Math.max(t1, t);
    }
    t0 -= 1;
    t1 += 1;
    const nx = -f.uy * FOLD_GAP_IN;
    const ny = f.ux * FOLD_GAP_IN;
    const ax = f.px + t0 * f.ux;
    const ay = f.py + t0 * f.uy;
    const bx = f.px + t1 * f.ux;
    const by = f.py + t1 * f.uy;
    strips.push([
      { X: toInt(ax - nx), Y: toInt(ay - ny) },
      { X: toInt(bx - nx), Y: toInt(by - ny) },
      { X: toInt(bx + nx), Y: toInt(by + ny) },
      { X: toInt(ax + nx), Y: toInt(ay + ny) },
    ]);
  }
  const clipper = new ClipperLib.Clipper();
  clipper.AddPaths(outlinePaths(shape), ClipperLib.PolyType.ptSubject, true);
  clipper.AddPaths(strips, ClipperLib.PolyType.ptClip, true);
  const pieces: Path[] = [];
  clipper.Execute(ClipperLib.ClipType.ctDifference, pieces, ClipperLib.PolyFillType.pftNonZero, ClipperLib.PolyFillType.pftNonZero);
  const facets: Facet[] = [];
  for (const piece of pieces) {
    // Openings inside a facet do not change how far it reaches from a fold.
    if (!ClipperLib.Clipper.Orientation(piece)) continue;
    const xs = new Float64Array(piece.length);
    const ys = new Float64Array(piece.length);
    for (let k = 0; k < piece.length; k++) {
      xs[k] = piece[k]!.X / CLIPPER_SCALE;
      ys[k] = piece[k]!.Y / CLIPPER_SCALE;
    }
    facets.push({ xs, ys });
  }
  return facets;
}
