// One cut entity (line, arc, circle, polyline, ellipse, spline) flattened into a piece: its points in
// drawing inches, its true length, whether it is closed and whether it lies on one circle. Every
// number is checked before anything is made from it (entity-check.ts), and the points of its curves
// are counted before they are made.
import { entityAffine, similarityScale } from './affine';
import type { Affine } from './affine';
import type { ArcEntity, CircleEntity, DxfEntity, EllipseEntity, LineEntity, PolylineEntity, SplineEntity } from './dxf-model';
import { checkEntity, tooManyPoints } from './entity-check';
import { MIN_ELLIPSE_RATIO } from './limits';
import type { EntityContext } from './entity-check';
import { FULL_TURN, PathBuilder, positiveSweep } from './path-builder';
import type { CircleFit } from './path-builder';
import { flattenSpline, readSpline, refineSpline } from './spline';
import type { DxfImportError } from './types';

export interface Piece {
  /**
   * x0, y0, x1, y1, ... in drawing inches; a closed piece does not repeat its first point. Empty for
   * an exact CIRCLE: holes are kept as centre and radius and flattened only if they become an outline.
   */
  points: number[];
  /** True length in inches (arcs as arcs). */
  length: number;
  closed: boolean;
  /** The circle all of the piece lies on, and its signed sweep (radians, counter-clockwise positive). */
  circle: CircleFit | null;
  sweep: number;
  /** Position of the entity in the expanded drawing: contours keep the drawing's order. */
  order: number;
  type: string;
  layer: string;
}

/** Why an entity gave no piece. */
export type NoPiece = 'degenerate' | 'spline_unreadable' | 'ellipse_flat';

const CLOSE_IN = 1e-9;

/** Entities whose coordinates are in object coordinates, mirrored in x when the extrusion is flipped. */
const OBJECT_COORDINATES = new Set(['CIRCLE', 'ARC', 'LWPOLYLINE', 'POLYLINE']);

function drawLine(path: PathBuilder, e: LineEntity): boolean {
  path.moveTo(e.start.x ?? 0, e.start.y ?? 0);
  path.lineTo(e.end.x ?? 0, e.end.y ?? 0);
  return false;
}

function drawCircle(path: PathBuilder, e: CircleEntity): boolean {
  const cx = e.x ?? 0;
  const cy = e.y ?? 0;
  const r = e.r ?? 0;
  path.moveTo(cx + r, cy);
  path.arcTo(cx, cy, r, 0, FULL_TURN, cx + r, cy);
  return true;
}

function drawArc(path: PathBuilder, e: ArcEntity): boolean {
  const cx = e.x ?? 0;
  const cy = e.y ?? 0;
  const r = e.r ?? 0;
  const start = (e.startAngle ?? 0) % FULL_TURN;
  path.moveTo(cx + r * Math.cos(start), cy + r * Math.sin(start));
  path.arcTo(cx, cy, r, start, positiveSweep(start, (e.endAngle ?? FULL_TURN) % FULL_TURN));
  return false;
}

/**
 * Straight segments and bulge arcs: a bulge b is an arc of 4 atan(b), negative turning clockwise. A
 * bulge whose arc strays from its chord by no more than the chord tolerance (|b| x chord / 2, often a
 * CAD program's leftover like -2.4e-16) is the straight segment it looks like.
 */
function drawPolyline(path: PathBuilder, e: PolylineEntity): boolean {
  const vertices = e.vertices;
  const count = vertices.length;
  if (count === 0) return false;
  path.moveTo(vertices[0]!.x ?? 0, vertices[0]!.y ?? 0);
  const segments = e.closed ? count : count - 1;
  for (let k = 0; k < segments; k++) {
    const from = vertices[k]!;
    const to = vertices[(k + 1) % count]!;
    const x0 = from.x ?? 0;
    const y0 = from.y ?? 0;
    const x1 = to.x ?? 0;
    const y1 = to.y ?? 0;
    const bulge = from.bulge ?? 0;
    const chord = Math.hypot(x1 - x0, y1 - y0);
    if (chord === 0 || (Math.abs(bulge) * chord) / 2 <= path.localTolerance) {
      path.lineTo(x1, y1);
      continue;
    }
    const sweep = 4 * Math.atan(bulge);
    const offset = (1 - bulge * bulge) / (2 * bulge);
    const cx = (x0 + x1) / 2 - ((y1 - y0) / 2) * offset;
    const cy = (y0 + y1) / 2 + ((x1 - x0) / 2) * offset;
    const r = Math.hypot(x0 - cx, y0 - cy);
    path.arcTo(cx, cy, r, Math.atan2(y0 - cy, x0 - cx), sweep, x1, y1);
  }
  return e.closed === true;
}

/** Centre and major axis are in drawing coordinates; a flipped extrusion turns the minor axis over. */
function drawEllipse(path: PathBuilder, e: EllipseEntity): boolean {
  const cx = e.x ?? 0;
  const cy = e.y ?? 0;
  const ux = e.majorX ?? 0;
  const uy = e.majorY ?? 0;
  const ratio = e.axisRatio ?? 1;
  const side = (e.extrusionZ ?? 1) < 0 ? -1 : 1;
  const vx = -uy * ratio * side;
  const vy = ux * ratio * side;
  const start = (e.startAngle ?? 0) % FULL_TURN;
  const sweep = positiveSweep(start, (e.endAngle ?? FULL_TURN) % FULL_TURN);
  path.moveTo(cx + ux * Math.cos(start) + vx * Math.sin(start), cy + uy * Math.cos(start) + vy * Math.sin(start));
  path.ellipseTo(cx, cy, ux, uy, vx, vy, start, sweep);
  return Math.abs(sweep - FULL_TURN) < 1e-9;
}

/** Spline segments are cut in this many for their length. */
const SPLINE_LENGTH_PIECES = 4;
/** Chords fall short of a smooth curve by the square of their step: the shortfall left, extrapolated. */
const RICHARDSON = SPLINE_LENGTH_PIECES ** 2 - 1;

function drawSpline(path: PathBuilder, e: SplineEntity, budget: number): boolean | 'spline_unreadable' | 'overflow' {
  const curve = readSpline(e);
  if (curve === null) return 'spline_unreadable';
  const flat = flattenSpline(curve, path.localTolerance, budget);
  if (flat === null) return 'overflow';
  const coarse = path.measure(flat.points);
  const fine = path.measure(refineSpline(curve, flat, SPLINE_LENGTH_PIECES));
  path.pointsTo(flat.points, fine + (fine - coarse) / RICHARDSON);
  return e.closed === true;
}

/** A CIRCLE that stays a circle (the inserts around it scale it evenly), or null. */
function exactCircle(e: CircleEntity, m: Affine, order: number, layer: string): Piece | 'degenerate' | null {
  const scale = similarityScale(m);
  if (scale === null) return null;
  const [x, y, r] = [e.x ?? 0, e.y ?? 0, (e.r ?? 0) * scale];
  if (!(r > 0) || !Number.isFinite(r)) return 'degenerate';
  const circle = { cx: m.a * x + m.c * y + m.e, cy: m.b * x + m.d * y + m.f, r };
  return { points: [], length: 2 * Math.PI * r, closed: true, circle, sweep: FULL_TURN, order, type: 'CIRCLE', layer };
}

/**
 * Flattens one cut entity into a piece in drawing inches, making at most `budget` points. Gives the
 * reason instead when there is nothing to cut or the entity cannot be read, and refuses the drawing
 * (an error) for a number that is not finite, a size past what is read, or more points than `budget`,
 * each found before a point is made.
 */
export function entityToPiece(entity: DxfEntity, context: EntityContext, order: number, budget: number): Piece | NoPiece | DxfImportError {
  const layer = context.layer;
  const mirrorX = OBJECT_COORDINATES.has(entity.type) && (entity.extrusionZ ?? 1) < 0;
  const m = entityAffine(entity.transforms ?? [], context.inchesPerUnit, mirrorX);
  const checked = checkEntity(entity, m, context);
  if (typeof checked !== 'number') return checked;
  // An axis ratio of 0 or less, or under 1e-6, is no ellipse that can be cut: a sliver that flattens to
  // a doubled line (1e-300 gave a 10,000 in "cut-out" on a 10 in part). Listed as not cut.
  if (entity.type === 'ELLIPSE' && !((entity.axisRatio ?? 1) >= MIN_ELLIPSE_RATIO)) return 'ellipse_flat';
  if (entity.type === 'CIRCLE') {
    const exact = exactCircle(entity, m, order, layer);
    if (exact) return exact;
  }
  // Written so a count that came out NaN is refused, not let through.
  if (!(checked <= budget)) return tooManyPoints();
  const path = new PathBuilder(m);
  let closed: boolean | 'spline_unreadable' | 'overflow';
  switch (entity.type) {
    case 'LINE':
      closed = drawLine(path, entity);
      break;
    case 'CIRCLE':
      closed = drawCircle(path, entity);
      break;
    case 'ARC':
      closed = drawArc(path, entity);
      break;
    case 'LWPOLYLINE':
    case 'POLYLINE':
      closed = drawPolyline(path, entity);
      break;
    case 'ELLIPSE':
      closed = drawEllipse(path, entity);
      break;
    case 'SPLINE':
      closed = drawSpline(path, entity, budget);
      break;
    default:
      return 'degenerate';
  }
  if (closed === 'spline_unreadable') return closed;
  if (closed === 'overflow') return tooManyPoints();
  const points = path.points;
  if (!(path.length > 0) || points.length < 4 || !points.every(Number.isFinite)) return 'degenerate';
  const n = points.length;
  const endsMeet = Math.hypot(points[n - 2]! - points[0]!, points[n - 1]! - points[1]!) <= CLOSE_IN;
  if (closed && endsMeet) points.length = n - 2;
  const fit = path.circleFit();
  return {
    points,
    length: path.length,
    closed: closed && points.length >= 6,
    circle: fit?.circle ?? null,
    sweep: fit?.sweep ?? 0,
    order,
    type: entity.type,
    layer,
  };
}
