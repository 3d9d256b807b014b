// What an entity is read by, checked before anything is made from it: every number finite, nothing
// larger or farther out than is read, and the points its curves flatten to counted first (a radius of
// 1e20 or a bulge of 1e300 made the flattening loop run until the heap was gone).
import { maxStretch } from './affine';
import type { Affine } from './affine';
import type { DxfEntity } from './dxf-model';
import { formatCount } from './format';
import { CHORD_TOLERANCE_IN, MAX_COORDINATE_IN, MAX_FLATTENED_POINTS, MAX_NAME_CHARS, MAX_SIZE_IN, MAX_SPLINE_DEGREE, MAX_STRETCH } from './limits';
import { arcPointCount, FULL_TURN, positiveSweep } from './path-builder';
import type { DrawingUnits, DxfImportError } from './types';
import { unitName } from './units';

/** How an entity is read: the file's units and the layer it was drawn on. */
export interface EntityContext {
  inchesPerUnit: number;
  units: DrawingUnits;
  layer: string;
}

/** At most how many points the entity flattens to, or why it is refused. */
type Checked = number | DxfImportError;

type Field = [name: string, value: number | undefined];

/** A name as messages show it: at most MAX_NAME_CHARS characters, control characters as spaces. */
export function shownName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return clean.length <= MAX_NAME_CHARS ? clean : `${clean.slice(0, MAX_NAME_CHARS - 1)}\u2026`;
}

/** A size in inches as messages show it: 4 decimals, or 3 significant figures past a million. */
function formatSize(value: number): string {
  // A distance that overflowed (or came out NaN from Infinity - Infinity) is past any number shown.
  if (!Number.isFinite(value)) return 'over 1e+308';
  if (Math.abs(value) >= 1e6) return value.toPrecision(3);
  return String(Number(value.toFixed(4)));
}

function what(entity: DxfEntity, context: EntityContext): string {
  return `${/^[AEIO]/.test(entity.type) ? 'an' : 'a'} ${entity.type} on layer "${shownName(context.layer)}"`;
}

export function tooManyPoints(): DxfImportError {
  return {
    ok: false,
    code: 'dxf_too_complex',
    message: `The drawing's curves flatten to more than ${formatCount(MAX_FLATTENED_POINTS)} points. Simplify it or send one part per file.`,
  };
}

function notFinite(entity: DxfEntity, context: EntityContext, [name, value]: [string, number]): DxfImportError {
  return {
    ok: false,
    code: 'dxf_unreadable',
    message: `The drawing is damaged: ${what(entity, context)} has ${name} ${String(value)}, which is not a number that can be drawn. Save the drawing as ASCII DXF (R12 or later) and send it again.`,
  };
}

/** `measure`: what is too large, e.g. "is an arc 2e+20 in across". */
function tooLarge(entity: DxfEntity, context: EntityContext, measure: string): DxfImportError {
  return {
    ok: false,
    code: 'dxf_too_large',
    message: `Read in ${unitName(context.units)}, ${what(entity, context)} ${measure}; nothing larger than ${formatCount(MAX_SIZE_IN)} in is read (no plate comes near that size). Check the drawing's units and scale, or take that entity out.`,
  };
}

function tooFar(entity: DxfEntity, context: EntityContext, inches: number): DxfImportError {
  return {
    ok: false,
    code: 'dxf_too_large',
    message: `Read in ${unitName(context.units)}, ${what(entity, context)} lies ${formatSize(inches)} in from the drawing's origin; nothing farther than ${formatCount(MAX_COORDINATE_IN)} in is read. Move the part near the origin, or check the units.`,
  };
}

/** Present and not finite: refused (absent numbers read as 0). */
const notANumber = (value: number | undefined): boolean => value !== undefined && !Number.isFinite(value);

/** The first field that is present and not finite. */
function firstNotFinite(fields: readonly Field[]): [string, number] | null {
  for (const [name, value] of fields) if (value !== undefined && !Number.isFinite(value)) return [name, value];
  return null;
}

/** How far out a local point lies once mapped to inches (the larger of |x| and |y|). */
function reach(m: Affine, x: number, y: number): number {
  return Math.max(Math.abs(m.a * x + m.c * y + m.e), Math.abs(m.b * x + m.d * y + m.f));
}

/** The farthest of local points mapped to inches, stopping at the first past the limit. */
function farthest(m: Affine, points: ReadonlyArray<{ x?: number; y?: number }>): number {
  let far = 0;
  for (let k = 0; k < points.length; k++) {
    far = Math.max(far, reach(m, points[k]!.x ?? 0, points[k]!.y ?? 0));
    if (!(far <= MAX_COORDINATE_IN)) return far;
  }
  return far;
}

function rejectFields(entity: DxfEntity, context: EntityContext, fields: readonly Field[]): DxfImportError | null {
  const bad = firstNotFinite(fields);
  return bad ? notFinite(entity, context, bad) : null;
}

function placePoints(entity: DxfEntity, context: EntityContext, m: Affine, points: ReadonlyArray<{ x?: number; y?: number }>): DxfImportError | null {
  const far = farthest(m, points);
  return far <= MAX_COORDINATE_IN ? null : tooFar(entity, context, far);
}

/**
 * A size past what is read, NaN included (every check here is written `!(size <= limit)`, so a
 * number that came out NaN is refused, never let through).
 */
const pastSize = (size: number): boolean => !(size <= MAX_SIZE_IN);

/**
 * Checks one cut entity and counts the points it may flatten to (0 for a spline: counted as it
 * flattens), or gives why it is refused.
 */
export function checkEntity(entity: DxfEntity, m: Affine, context: EntityContext): Checked {
  const stretch = maxStretch(m);
  if (!(Number.isFinite(m.e) && Number.isFinite(m.f) && stretch <= MAX_STRETCH)) {
    // A number of an insert that is not finite is damage; finite ones whose product overflowed (an
    // insert scaled 1e200 inside another scaled 1e200) are a size past any that is read.
    const damaged = (entity.transforms ?? []).some((t) => notANumber(t.x) || notANumber(t.y) || notANumber(t.scaleX) || notANumber(t.scaleY) || notANumber(t.rotation));
    if (damaged) {
      return {
        ok: false,
        code: 'dxf_unreadable',
        message: `The drawing is damaged: a block insert around ${what(entity, context)} has a position, scale or rotation that is not a number that can be drawn. Save the drawing as ASCII DXF (R12 or later) and send it again.`,
      };
    }
    const by = Number.isFinite(stretch) && Number.isFinite(m.e) && Number.isFinite(m.f) ? `scale it by ${stretch.toPrecision(3)}, past the ${MAX_STRETCH.toPrecision(1)} that is read` : 'scale or move it past any number that can be measured';
    return {
      ok: false,
      code: 'dxf_too_large',
      message: `Read in ${unitName(context.units)}, the block inserts around ${what(entity, context)} ${by}; nothing larger than ${formatCount(MAX_SIZE_IN)} in is read. Check the inserts' scale factors and positions, and the drawing's units.`,
    };
  }
  // A local size in inches: a map that collapses everything (stretch 0) makes every size 0, even one
  // that overflowed to Infinity in the entity's own units (0 x Infinity would be NaN).
  const inches = (size: number): number => (stretch === 0 ? 0 : size * stretch);
  // Infinity when the map collapses everything: every curve is then one point (arcStep allows that).
  const tolerance = CHORD_TOLERANCE_IN / stretch;
  switch (entity.type) {
    case 'LINE': {
      const { start, end } = entity;
      // Every line of a drawing passes here: the fields are named only when one is wrong.
      if (notANumber(start.x) || notANumber(start.y) || notANumber(end.x) || notANumber(end.y)) {
        return rejectFields(entity, context, [['a start x of', start.x], ['a start y of', start.y], ['an end x of', end.x], ['an end y of', end.y]])!;
      }
      const far = Math.max(reach(m, start.x ?? 0, start.y ?? 0), reach(m, end.x ?? 0, end.y ?? 0));
      return far <= MAX_COORDINATE_IN ? 2 : tooFar(entity, context, far);
    }
    case 'CIRCLE':
    case 'ARC': {
      const arc = entity.type === 'ARC' ? entity : null;
      if (notANumber(entity.x) || notANumber(entity.y) || notANumber(entity.r) || notANumber(arc?.startAngle) || notANumber(arc?.endAngle)) {
        const angles: Field[] = arc ? [['a start angle of', arc.startAngle], ['an end angle of', arc.endAngle]] : [];
        return rejectFields(entity, context, [['a centre x of', entity.x], ['a centre y of', entity.y], ['a radius of', entity.r], ...angles])!;
      }
      const far = reach(m, entity.x ?? 0, entity.y ?? 0);
      if (!(far <= MAX_COORDINATE_IN)) return tooFar(entity, context, far);
      const r = Math.abs(entity.r ?? 0);
      const sweep = entity.type === 'ARC' ? positiveSweep((entity.startAngle ?? 0) % FULL_TURN, (entity.endAngle ?? FULL_TURN) % FULL_TURN) : FULL_TURN;
      // What is cut is the arc, not its circle: a gentle arc of a large radius is a long, flat curve.
      const across = 2 * inches(sweep >= Math.PI ? r : r * Math.sin(sweep / 2));
      if (pastSize(across)) return tooLarge(entity, context, `is ${entity.type === 'ARC' ? 'an arc' : 'a circle'} ${formatSize(across)} in across (radius ${formatSize(inches(r))} in)`);
      return arcPointCount(r, sweep, tolerance);
    }
    case 'LWPOLYLINE':
    case 'POLYLINE': {
      const vertices = entity.vertices;
      let points = vertices.length + 1;
      for (let k = 0; k < vertices.length; k++) {
        const v = vertices[k]!;
        if (notANumber(v.x) || notANumber(v.y) || notANumber(v.bulge)) {
          return rejectFields(entity, context, [[`vertex ${k + 1} at an x of`, v.x], [`vertex ${k + 1} at a y of`, v.y], ['a bulge of', v.bulge]])!;
        }
      }
      const failed = placePoints(entity, context, m, vertices);
      if (failed) return failed;
      const closed = entity.closed === true;
      for (let k = 0; k < vertices.length; k++) {
        const bulge = Math.abs(vertices[k]!.bulge ?? 0);
        const next = vertices[(k + 1) % vertices.length]!;
        if (bulge === 0 || (!closed && k === vertices.length - 1)) continue;
        const chord = Math.hypot((next.x ?? 0) - (vertices[k]!.x ?? 0), (next.y ?? 0) - (vertices[k]!.y ?? 0));
        if ((bulge * chord) / 2 <= tolerance) continue;
        // r = chord (1 + b^2) / 4b, written so a bulge of 1e300 does not overflow to Infinity. A bulge
        // over 1 is more than half a circle, which reaches out twice its radius.
        const r = (chord / 4) * (bulge + 1 / bulge);
        if (bulge > 1 && pastSize(2 * inches(r))) {
          return tooLarge(entity, context, `has a bulge of ${vertices[k]!.bulge}, an arc ${formatSize(2 * inches(r))} in across`);
        }
        points += arcPointCount(r, 4 * Math.atan(bulge), tolerance);
      }
      return points;
    }
    case 'ELLIPSE': {
      const failed =
        rejectFields(entity, context, [
          ['a centre x of', entity.x],
          ['a centre y of', entity.y],
          ['a major axis x of', entity.majorX],
          ['a major axis y of', entity.majorY],
          ['an axis ratio of', entity.axisRatio],
          ['a start parameter of', entity.startAngle],
          ['an end parameter of', entity.endAngle],
        ]) ?? placePoints(entity, context, m, [entity]);
      if (failed) return failed;
      const major = Math.hypot(entity.majorX ?? 0, entity.majorY ?? 0);
      const semiMajor = major * Math.max(1, Math.abs(entity.axisRatio ?? 1));
      if (pastSize(2 * inches(semiMajor))) return tooLarge(entity, context, `is ${formatSize(2 * inches(semiMajor))} in across`);
      return arcPointCount(semiMajor, FULL_TURN, tolerance);
    }
    case 'SPLINE': {
      const degree = entity.degree ?? 3;
      const badPoint = entity.controlPoints.findIndex((p) => notANumber(p.x) || notANumber(p.y));
      const badKnot = entity.knots.findIndex(notANumber);
      const badWeight = (entity.weights ?? []).findIndex(notANumber);
      const failed =
        rejectFields(entity, context, [['a degree of', degree]]) ??
        (badPoint >= 0 ? rejectFields(entity, context, [[`control point ${badPoint + 1} at an x of`, entity.controlPoints[badPoint]!.x], [`control point ${badPoint + 1} at a y of`, entity.controlPoints[badPoint]!.y]]) : null) ??
        (badKnot >= 0 ? rejectFields(entity, context, [[`knot ${badKnot + 1} of`, entity.knots[badKnot]]]) : null) ??
        (badWeight >= 0 ? rejectFields(entity, context, [[`weight ${badWeight + 1} of`, entity.weights![badWeight]]]) : null) ??
        placePoints(entity, context, m, entity.controlPoints);
      if (failed) return failed;
      if (!(degree <= MAX_SPLINE_DEGREE)) {
        return {
          ok: false,
          code: 'dxf_too_complex',
          message: `${capitalize(what(entity, context))} is of degree ${degree}; splines up to degree ${MAX_SPLINE_DEGREE} are read. Convert it to a polyline and send the drawing again.`,
        };
      }
      // The curve lies inside its control points: their spread bounds its size.
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const p of entity.controlPoints) {
        minX = Math.min(minX, p.x ?? 0);
        maxX = Math.max(maxX, p.x ?? 0);
        minY = Math.min(minY, p.y ?? 0);
        maxY = Math.max(maxY, p.y ?? 0);
      }
      const spread = entity.controlPoints.length > 0 ? inches(Math.hypot(maxX - minX, maxY - minY)) : 0;
      if (pastSize(spread)) return tooLarge(entity, context, `has control points spread over ${formatSize(spread)} in`);
      return 0;
    }
    default:
      return 0;
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
