// The part as importDxf answers it: shifted so the outline's bounding-box minimum is (0, 0), rounded to
// 1e-6 in, polygons counter-clockwise without repeated points, holes as centre and diameter.
import type { Contour } from './contour';
import { ROUND_IN } from './limits';
import type { BendSegment } from './sort-entities';
import type { ImportedPlate, Pt } from './types';

export interface PlateOutput {
  plate: ImportedPlate;
  width_in: number;
  height_in: number;
  cut_length_in: number;
  vertices: number;
}

/** Rounds to the output resolution, never giving -0. */
function roundInches(value: number): number {
  return Math.round(value / ROUND_IN) / (1 / ROUND_IN) + 0;
}

/** The contour's points shifted by (ox, oy), rounded, repeats dropped, counter-clockwise. */
function polygonPoints(c: Contour, ox: number, oy: number): Pt[] {
  const points: Pt[] = [];
  for (let k = 0; k < c.xs.length; k++) {
    const point: Pt = [roundInches(c.xs[k]! - ox), roundInches(c.ys[k]! - oy)];
    const last = points[points.length - 1];
    if (last && last[0] === point[0] && last[1] === point[1]) continue;
    points.push(point);
  }
  while (points.length > 1) {
    const first = points[0]!;
    const last = points[points.length - 1]!;
    if (first[0] !== last[0] || first[1] !== last[1]) break;
    points.pop();
  }
  let twice = 0;
  for (let k = 0, j = points.length - 1; k < points.length; j = k++) {
    twice += (points[j]![0] - points[k]![0]) * (points[j]![1] + points[k]![1]);
  }
  // Reversed in place after the first point, so the first point stays first.
  if (twice < 0) points.splice(1, points.length - 1, ...points.slice(1).reverse());
  return points;
}

/** Builds the answer's plate and figures from the part's contours and bend lines (drawing inches). */
export function buildPlate(outline: Contour, holes: readonly Contour[], cutouts: readonly Contour[], bends: readonly BendSegment[]): PlateOutput {
  const ox = outline.minX;
  const oy = outline.minY;
  const outlinePoints = polygonPoints(outline, ox, oy);
  const cutoutPoints = cutouts.map((c) => polygonPoints(c, ox, oy));
  let width = 0;
  let height = 0;
  for (const [x, y] of outlinePoints) {
    width = Math.max(width, x);
    height = Math.max(height, y);
  }
  let cutLength = outline.length;
  for (const hole of holes) cutLength += 2 * Math.PI * hole.circle!.r;
  for (const cutout of cutouts) cutLength += cutout.length;
  return {
    plate: {
      outline: { kind: 'polygon', points_in: outlinePoints },
      holes: holes.map((h) => ({
        kind: 'single',
        x_in: roundInches(h.circle!.cx - ox),
        y_in: roundInches(h.circle!.cy - oy),
        diameter_in: roundInches(2 * h.circle!.r),
      })),
      cutouts: cutoutPoints.map((points) => ({ kind: 'polygon', points_in: points })),
      bends: bends.map((b) => ({
        start_in: [roundInches(b.x0 - ox), roundInches(b.y0 - oy)],
        end_in: [roundInches(b.x1 - ox), roundInches(b.y1 - oy)],
        angle_deg: 90,
        direction: 'up',
      })),
    },
    width_in: width,
    height_in: height,
    cut_length_in: roundInches(cutLength),
    vertices: outlinePoints.length + cutoutPoints.reduce((sum, points) => sum + points.length, 0),
  };
}
