// Every expanded entity goes one way: cut (a piece), bend, ignored (with its reason) or unsupported
// (a blocking issue). None is dropped silently (README, How it reads a drawing).
import type { DxfEntity, DxfLayer, PolylineEntity } from './dxf-model';
import { checkEntity, tooManyPoints } from './entity-check';
import { entityToPiece } from './entity-pieces';
import type { Piece } from './entity-pieces';
import { IGNORED_NOTES } from './ignored-list';
import type { IgnoredList } from './ignored-list';
import { MAX_FLATTENED_POINTS } from './limits';
import { entityAffine } from './affine';
import type { DrawingUnits, DxfImportError } from './types';

/** A straight line on a bend layer, in drawing inches. */
export interface BendSegment {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  order: number;
  type: string;
  layer: string;
}

export interface SortedEntities {
  pieces: Piece[];
  bends: BendSegment[];
  /** Count per entity type that cannot be cut from a flat drawing (3D faces, solids, meshes, regions). */
  unsupported: Map<string, number>;
  /** Count of splines that cannot be drawn from their data (fit points only). */
  unreadableSplines: number;
  /** Why the drawing is refused (a number not finite, a size past what is read, too many points), found before flattening it. */
  refused: DxfImportError | null;
}

const CUT_TYPES = new Set(['LINE', 'ARC', 'CIRCLE', 'LWPOLYLINE', 'POLYLINE', 'ELLIPSE', 'SPLINE']);
const IGNORED_TYPES: Record<string, string> = {
  TEXT: IGNORED_NOTES.text,
  MTEXT: IGNORED_NOTES.text,
  ATTDEF: IGNORED_NOTES.text,
  ATTRIB: IGNORED_NOTES.text,
  DIMENSION: IGNORED_NOTES.dimension,
  HATCH: IGNORED_NOTES.hatch,
  POINT: IGNORED_NOTES.point,
  SOLID: IGNORED_NOTES.fill,
  VIEWPORT: IGNORED_NOTES.viewport,
  OLE2FRAME: IGNORED_NOTES.embedded,
};
/** Types that describe 3D bodies or regions: refused, not ignored, since the part would be lost. */
export const UNSUPPORTED_TYPES = new Set([
  '3DFACE', '3DSOLID', 'MESH', 'REGION', 'BODY', 'SURFACE', 'PLANESURFACE', 'NURBSURFACE', 'EXTRUDEDSURFACE',
  'LOFTEDSURFACE', 'REVOLVEDSURFACE', 'SWEPTSURFACE', 'POLYFACE MESH',
]);

const BEND_LAYER = /bend/i;

/** Layers whose entities are not shown: off (negative colour), frozen (flag 1) or not plotted. */
export function hiddenLayers(layers: Record<string, DxfLayer | undefined>): Set<string> {
  const hidden = new Set<string>();
  for (const [name, layer] of Object.entries(layers)) {
    if (!layer) continue;
    if ((layer.colorNumber ?? 0) < 0 || ((layer.flags ?? 0) & 1) === 1 || layer.plot === false) hidden.add(name);
  }
  return hidden;
}

/** The layer an entity was drawn on: inside a block, its own unless that is layer 0 (README, trap 4). */
function layerOf(entity: DxfEntity): string {
  const own = entity.sourceLayer;
  return own !== undefined && own !== '0' ? own : (entity.layer ?? '0');
}

function isMesh(entity: DxfEntity): boolean {
  return entity.type === 'POLYLINE' && ((entity as PolylineEntity).polyfaceMesh === true || (entity as PolylineEntity).polygonMesh === true);
}

/** A LINE, or a straight open polyline of two vertices, as a bend segment in drawing inches. */
function bendSegment(entity: DxfEntity, units: { units: DrawingUnits; inchesPerUnit: number }, layer: string, order: number): BendSegment | DxfImportError | null {
  let x0: number, y0: number, x1: number, y1: number;
  let mirror = false;
  if (entity.type === 'LINE') {
    [x0, y0, x1, y1] = [entity.start.x ?? 0, entity.start.y ?? 0, entity.end.x ?? 0, entity.end.y ?? 0];
  } else if ((entity.type === 'LWPOLYLINE' || entity.type === 'POLYLINE') && entity.vertices.length === 2 && !entity.closed && !entity.vertices[0]!.bulge) {
    const [a, b] = entity.vertices as [{ x?: number; y?: number }, { x?: number; y?: number }];
    [x0, y0, x1, y1] = [a.x ?? 0, a.y ?? 0, b.x ?? 0, b.y ?? 0];
    mirror = (entity.extrusionZ ?? 1) < 0;
  } else return null;
  const m = entityAffine(entity.transforms ?? [], units.inchesPerUnit, mirror);
  const checked = checkEntity(entity, m, { ...units, layer });
  if (typeof checked !== 'number') return checked;
  const segment = {
    x0: m.a * x0 + m.c * y0 + m.e,
    y0: m.b * x0 + m.d * y0 + m.f,
    x1: m.a * x1 + m.c * y1 + m.e,
    y1: m.b * x1 + m.d * y1 + m.f,
    order,
    type: entity.type,
    layer,
  };
  return segment.x0 === segment.x1 && segment.y0 === segment.y1 ? null : segment;
}

/**
 * Sorts the expanded entities. Pieces and bends come out in drawing inches; the ignored ones are
 * added to `ignored`.
 */
export function sortEntities(
  entities: readonly DxfEntity[],
  layers: Record<string, DxfLayer | undefined>,
  units: { units: DrawingUnits; inchesPerUnit: number },
  ignored: IgnoredList,
): SortedEntities {
  const hidden = hiddenLayers(layers);
  const sorted: SortedEntities = { pieces: [], bends: [], unsupported: new Map(), unreadableSplines: 0, refused: null };
  let points = 0;
  // One context for every entity, its layer set for each.
  const context = { ...units, layer: '0' };
  for (let order = 0; order < entities.length; order++) {
    const entity = entities[order]!;
    const layer = layerOf(entity);
    const type = entity.type;
    if (entity.paperSpace) ignored.add(type, layer, IGNORED_NOTES.paperSpace);
    else if (entity.visible === false) ignored.add(type, layer, IGNORED_NOTES.invisible);
    else if (hidden.has(layer) || hidden.has(entity.layer ?? '0')) ignored.add(type, layer, IGNORED_NOTES.hiddenLayer);
    else if (UNSUPPORTED_TYPES.has(type) || isMesh(entity)) {
      const name = isMesh(entity) ? 'POLYFACE MESH' : type;
      sorted.unsupported.set(name, (sorted.unsupported.get(name) ?? 0) + 1);
    } else if (BEND_LAYER.test(layer) && CUT_TYPES.has(type)) {
      const segment = bendSegment(entity, units, layer, order);
      if (segment && 'ok' in segment) {
        sorted.refused = segment;
        return sorted;
      }
      if (segment) sorted.bends.push(segment);
      else ignored.add(type, layer, type === 'LINE' ? IGNORED_NOTES.degenerate : IGNORED_NOTES.bendLayerCurve);
    } else if (CUT_TYPES.has(type)) {
      context.layer = layer;
      const piece = entityToPiece(entity, context, order, MAX_FLATTENED_POINTS - points);
      if (piece === 'spline_unreadable') sorted.unreadableSplines++;
      else if (piece === 'degenerate') ignored.add(type, layer, IGNORED_NOTES.degenerate);
      else if (piece === 'ellipse_flat') ignored.add(type, layer, IGNORED_NOTES.flatEllipse);
      else if ('ok' in piece) {
        sorted.refused = piece;
        return sorted;
      } else {
        sorted.pieces.push(piece);
        points += piece.points.length / 2;
        if (!(points <= MAX_FLATTENED_POINTS)) {
          sorted.refused = tooManyPoints();
          return sorted;
        }
      }
    } else ignored.add(type, layer, IGNORED_TYPES[type] ?? IGNORED_NOTES.unread);
  }
  return sorted;
}
