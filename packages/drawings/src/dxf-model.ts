// Our own narrow view of what `dxf` 5.3.1 parses (its published types are looser than the data), the
// one call we make to it (its logger routed away from stderr, README, trap 7), and the expansion of
// block inserts (the parser's own `denormalise` is quadratic, README, trap 9).
import { parseString } from 'dxf';

interface XY {
  x?: number;
  y?: number;
}

/** Fields every parsed entity may carry. */
interface EntityBase {
  type: string;
  layer?: string;
  visible?: boolean;
  paperSpace?: number;
  extrusionZ?: number;
  /** Set by our pre-pass on entities inside blocks: the layer before `denormalise` overwrote it. */
  sourceLayer?: string;
  /** Set by `denormalise`: the inserts around the entity, innermost first. */
  transforms?: InsertTransform[];
}

export interface InsertTransform {
  x?: number;
  y?: number;
  scaleX?: number;
  scaleY?: number;
  rotation?: number;
  extrusionZ?: number;
}

export interface LineEntity extends EntityBase {
  type: 'LINE';
  start: XY;
  end: XY;
}
export interface CircleEntity extends EntityBase {
  type: 'CIRCLE';
  x?: number;
  y?: number;
  r?: number;
}
export interface ArcEntity extends EntityBase {
  type: 'ARC';
  x?: number;
  y?: number;
  r?: number;
  /** Radians (the parser converts the file's degrees). */
  startAngle?: number;
  endAngle?: number;
}
interface PolylineVertex extends XY {
  bulge?: number;
}
export interface PolylineEntity extends EntityBase {
  type: 'LWPOLYLINE' | 'POLYLINE';
  vertices: PolylineVertex[];
  closed?: boolean;
  polygonMesh?: boolean;
  polyfaceMesh?: boolean;
}
export interface EllipseEntity extends EntityBase {
  type: 'ELLIPSE';
  x?: number;
  y?: number;
  majorX?: number;
  majorY?: number;
  axisRatio?: number;
  startAngle?: number;
  endAngle?: number;
}
export interface SplineEntity extends EntityBase {
  type: 'SPLINE';
  controlPoints: XY[];
  knots: number[];
  weights?: number[];
  degree?: number;
  closed?: boolean;
  numberOfFitPoints?: number;
}
export interface InsertEntity extends EntityBase {
  type: 'INSERT';
  block: string;
  x?: number;
  y?: number;
  scaleX?: number;
  scaleY?: number;
  rotation?: number;
  rowCount?: number;
  columnCount?: number;
  rowSpacing?: number;
  columnSpacing?: number;
}

export type DxfEntity =
  | LineEntity
  | CircleEntity
  | ArcEntity
  | PolylineEntity
  | EllipseEntity
  | SplineEntity
  | InsertEntity
  | (EntityBase & { type: 'OTHER' });

export interface DxfBlock {
  name?: string;
  x?: number;
  y?: number;
  entities?: DxfEntity[];
}

export interface DxfLayer {
  name?: string;
  colorNumber?: number;
  flags?: number;
  plot?: boolean;
}

export interface ParsedDxf {
  header: { insUnits?: number };
  blocks: DxfBlock[];
  entities: DxfEntity[];
  tables: { layers: Record<string, DxfLayer | undefined> };
}

interface DxfLogger {
  info: (...args: unknown[]) => void;
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}

// The parser's logger prints errors to stderr whatever its config says; its module object is shared
// by every file of the parser, so swapping its methods for the length of a call routes them.
const parserLogger = (require('dxf/lib/util/logger') as { default: DxfLogger }).default;

function withParserLog<T>(messages: string[], run: () => T): T {
  const saved = { info: parserLogger.info, warn: parserLogger.warn, error: parserLogger.error };
  const quiet = (): void => undefined;
  parserLogger.info = quiet;
  parserLogger.warn = quiet;
  parserLogger.error = (...args: unknown[]) => {
    messages.push(args.map(String).join(' '));
  };
  try {
    return run();
  } finally {
    Object.assign(parserLogger, saved);
  }
}

/** Parses DXF text. The parser's error lines are appended to `messages`, never printed. */
export function parseDxf(text: string, messages: string[]): ParsedDxf {
  const parsed = withParserLog(messages, () => parseString(text)) as unknown as Partial<ParsedDxf>;
  return {
    header: parsed.header ?? {},
    blocks: parsed.blocks ?? [],
    entities: parsed.entities ?? [],
    tables: { layers: parsed.tables?.layers ?? {} },
  };
}

/**
 * Copies an insert makes in one direction. The count is optional in DXF, default 1; a count under 1
 * (0, negative) is read as that default, since programs that write group 70 as a flags field give an
 * ordinary insert a count of 0 (the parser's own loop made no copy: the block's holes vanished without
 * a word). A count that is not a number is refused before this (prepare-blocks.ts).
 */
export function arrayCount(count: number | undefined): number {
  const n = count ?? 1;
  return n >= 1 ? Math.ceil(n) : 1;
}

/**
 * Expands every INSERT into its block's entities, each with its `transforms` (the inserts around it,
 * innermost first) and the insert's layer, as `denormalise` of `dxf` 5.3.1 does, in linear time: it
 * concatenated arrays per copy (a 49,990-copy array insert of one circle took 41 s) and deep-cloned
 * every entity. Copies share the block entity's points (nothing downstream writes them); block base
 * points are already subtracted (prepareBlocks). Missing blocks were taken out before. Every entity
 * of a block takes the layer of the outermost insert around it, as the parser gives it.
 */
export function expandInserts(parsed: ParsedDxf): DxfEntity[] {
  const blocks = new Map<string, DxfBlock>();
  for (const block of parsed.blocks) if (block.name !== undefined) blocks.set(block.name, block);
  const out: DxfEntity[] = [];
  // An entity's transforms run innermost insert first: one array shared by every entity of a copy.
  const gather = (entities: readonly DxfEntity[], inward: InsertTransform[], layer: string | undefined): void => {
    for (const entity of entities) {
      if (entity.type !== 'INSERT') {
        // A fresh object for each: the parser builds its entities property by property, which can leave
        // them slow to read (dictionary mode); one built with Object.assign reads like a plain literal.
        out.push(layer === undefined ? Object.assign({}, entity, { transforms: inward }) : Object.assign({}, entity, { layer, transforms: inward }));
        continue;
      }
      const insert = entity as InsertEntity;
      const block = blocks.get(insert.block);
      if (!block) continue;
      const rows = arrayCount(insert.rowCount);
      const columns = arrayCount(insert.columnCount);
      // A rectangular array turns with the insert but is not scaled by it.
      const angle = ((insert.rotation ?? 0) * Math.PI) / 180;
      const arrayed = rows > 1 || columns > 1;
      const rowStep = arrayed ? insert.rowSpacing ?? 0 : 0;
      const columnStep = arrayed ? insert.columnSpacing ?? 0 : 0;
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < columns; c++) {
          const transform: InsertTransform = {
            x: (insert.x ?? 0) - Math.sin(angle) * rowStep * r + Math.cos(angle) * columnStep * c,
            y: (insert.y ?? 0) + Math.cos(angle) * rowStep * r + Math.sin(angle) * columnStep * c,
            ...(insert.scaleX === undefined ? {} : { scaleX: insert.scaleX }),
            ...(insert.scaleY === undefined ? {} : { scaleY: insert.scaleY }),
            ...(insert.rotation === undefined ? {} : { rotation: insert.rotation }),
            ...(insert.extrusionZ === undefined ? {} : { extrusionZ: insert.extrusionZ }),
          };
          gather(block.entities ?? [], [transform, ...inward], layer ?? insert.layer ?? '0');
        }
      }
    }
  };
  gather(parsed.entities, [], undefined);
  return out;
}
