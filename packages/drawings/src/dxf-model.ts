// Our own narrow view of what `dxf` 5.3.1 parses (its published types are looser than the data), and
// the two calls we make to it, with its logger routed away from stderr (README, trap 7).
import { denormalise, parseString } from 'dxf';

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
  rowCount?: number;
  columnCount?: number;
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

/** Expands every INSERT into its block's entities, each with its `transforms`. */
export function expandInserts(parsed: ParsedDxf, messages: string[]): DxfEntity[] {
  return withParserLog(messages, () => denormalise(parsed as never)) as unknown as DxfEntity[];
}
