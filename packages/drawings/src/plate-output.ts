// The part as importDxf answers it: shifted so the bounding-box minimum of what was found (the
// outline, and any open contour around it) is (0, 0), rounded to 1e-6 in, polygons counter-clockwise
// without repeated points, holes as centre and diameter, bend lines within the part's box.
import type { Contour } from './contour';
import type { RawMark } from './defect-marks';
import { ROUND_IN } from './limits';
import type { BendSegment } from './sort-entities';
import type { DefectMark, ImportedPlate, Pt } from './types';

export interface PlateOutput {
  plate: ImportedPlate;
  width_in: number;
  height_in: number;
  cut_length_in: number;
  vertices: number;
  marks: DefectMark[];
  /** Bend lines that miss the part's box altogether (no fold): left out. */
  bendsOutside: BendSegment[];
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

/**
 * The fold line through a bend segment, within the box: the segment as drawn when it lies inside,
 * else the stretch of its line across the box (a fold runs the whole line); null when it misses.
 */
function bendInBox(b: BendSegment, minX: number, minY: number, maxX: number, maxY: number): [number, number, number, number] | null {
  const inside = (x: number, y: number) => x >= minX - 1e-9 && x <= maxX + 1e-9 && y >= minY - 1e-9 && y <= maxY + 1e-9;
  if (inside(b.x0, b.y0) && inside(b.x1, b.y1)) return [b.x0, b.y0, b.x1, b.y1];
  const dx = b.x1 - b.x0;
  const dy = b.y1 - b.y0;
  let low = -Infinity;
  let high = Infinity;
  for (const [start, step, min, max] of [[b.x0, dx, minX, maxX], [b.y0, dy, minY, maxY]] as const) {
    if (step === 0) {
      if (start < min || start > max) return null;
      continue;
    }
    const t0 = (min - start) / step;
    const t1 = (max - start) / step;
    low = Math.max(low, Math.min(t0, t1));
    high = Math.min(high, Math.max(t0, t1));
  }
  if (!(high - low > 1e-9)) return null;
  return [b.x0 + low * dx, b.y0 + low * dy, b.x0 + high * dx, b.y0 + high * dy];
}

/** Builds the answer's plate and figures from the part's contours, bend lines and marks (drawing inches). */
export function buildPlate(outline: Contour, holes: readonly Contour[], cutouts: readonly Contour[], bends: readonly BendSegment[], marks: readonly RawMark[]): PlateOutput {
  // An open contour drawn around the part is part of what was found: the frame takes it in.
  let [minX, minY, maxX, maxY] = [outline.minX, outline.minY, outline.maxX, outline.maxY];
  for (const mark of marks) {
    for (let k = 0; k + 1 < mark.points.length; k += 2) {
      minX = Math.min(minX, mark.points[k]!);
      maxX = Math.max(maxX, mark.points[k]!);
      minY = Math.min(minY, mark.points[k + 1]!);
      maxY = Math.max(maxY, mark.points[k + 1]!);
    }
  }
  const ox = minX;
  const oy = minY;
  const outlinePoints = polygonPoints(outline, ox, oy);
  const cutoutPoints = cutouts.map((c) => polygonPoints(c, ox, oy));
  let width = roundInches(maxX - ox);
  let height = roundInches(maxY - oy);
  for (const [x, y] of outlinePoints) {
    width = Math.max(width, x);
    height = Math.max(height, y);
  }
  const foldLines: Array<[number, number, number, number]> = [];
  const bendsOutside: BendSegment[] = [];
  for (const bend of bends) {
    const line = bendInBox(bend, minX, minY, maxX, maxY);
    if (line) foldLines.push(line);
    else bendsOutside.push(bend);
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
      bends: foldLines.map(([x0, y0, x1, y1]) => ({
        start_in: [roundInches(x0 - ox), roundInches(y0 - oy)],
        end_in: [roundInches(x1 - ox), roundInches(y1 - oy)],
        angle_deg: 90,
        direction: 'up',
      })),
    },
    width_in: width,
    height_in: height,
    cut_length_in: roundInches(cutLength),
    vertices: outlinePoints.length + cutoutPoints.reduce((sum, points) => sum + points.length, 0),
    marks: marks.map((mark) => {
      const points: Pt[] = [];
      for (let k = 0; k + 1 < mark.points.length; k += 2) points.push([roundInches(mark.points[k]! - ox), roundInches(mark.points[k + 1]! - oy)]);
      return { code: mark.code, points_in: points, closed: mark.closed };
    }),
    bendsOutside,
  };
}
