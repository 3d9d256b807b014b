// Literal DXF text for the tests and the bench: minimal R12-style files (HEADER, BLOCKS, ENTITIES, EOF)
// built from one-line entity helpers, so each fixture reads like the drawing it stands for.

type Extra = Record<number, string | number>;

function pairs(values: Array<[number, string | number]>, extra: Extra = {}): string {
  const all = [...values, ...Object.entries(extra).map(([code, value]) => [Number(code), value] as [number, string | number])];
  return all.map(([code, value]) => `${code}\n${value}`).join('\n');
}

/** A whole file: header with $INSUNITS (omitted when undefined), blocks, entities and the EOF marker. */
export function drawing(entities: readonly string[], options: { insUnits?: number; blocks?: readonly string[]; layers?: readonly string[] } = {}): string {
  const header = options.insUnits === undefined ? '' : `9\n$INSUNITS\n70\n${options.insUnits}\n`;
  const tables = options.layers && options.layers.length > 0 ? `0\nSECTION\n2\nTABLES\n0\nTABLE\n2\nLAYER\n${options.layers.join('\n')}\n0\nENDTAB\n0\nENDSEC\n` : '';
  const blocks = options.blocks && options.blocks.length > 0 ? `0\nSECTION\n2\nBLOCKS\n${options.blocks.join('\n')}\n0\nENDSEC\n` : '';
  const body = entities.length > 0 ? `${entities.join('\n')}\n` : '';
  return `0\nSECTION\n2\nHEADER\n${header}0\nENDSEC\n${tables}${blocks}0\nSECTION\n2\nENTITIES\n${body}0\nENDSEC\n0\nEOF\n`;
}

/** A layer table entry; `off` gives it a negative colour, `frozen` sets flag 1. */
export function layer(name: string, options: { off?: boolean; frozen?: boolean } = {}): string {
  return pairs([[0, 'LAYER'], [2, name], [70, options.frozen ? 1 : 0], [62, options.off ? -7 : 7], [6, 'CONTINUOUS']]);
}

export function line(x0: number, y0: number, x1: number, y1: number, layerName = '0', extra: Extra = {}): string {
  return pairs([[0, 'LINE'], [8, layerName], [10, x0], [20, y0], [30, 0], [11, x1], [21, y1], [31, 0]], extra);
}

export function circle(cx: number, cy: number, r: number, layerName = '0', extra: Extra = {}): string {
  return pairs([[0, 'CIRCLE'], [8, layerName], [10, cx], [20, cy], [30, 0], [40, r]], extra);
}

/** Angles in degrees, counter-clockwise from start to end. */
export function arc(cx: number, cy: number, r: number, startDeg: number, endDeg: number, layerName = '0', extra: Extra = {}): string {
  return pairs([[0, 'ARC'], [8, layerName], [10, cx], [20, cy], [30, 0], [40, r], [50, startDeg], [51, endDeg]], extra);
}

/** Vertices [x, y] or [x, y, bulge]. */
export function lwpolyline(vertices: ReadonlyArray<readonly number[]>, closed: boolean, layerName = '0', extra: Extra = {}): string {
  const head = pairs([[0, 'LWPOLYLINE'], [8, layerName], [90, vertices.length], [70, closed ? 1 : 0]], extra);
  const body = vertices.map(([x, y, bulge]) => pairs(bulge ? [[10, x!], [20, y!], [42, bulge]] : [[10, x!], [20, y!]])).join('\n');
  return `${head}\n${body}`;
}

/** A closed rectangle as four LINEs. */
export function rectangleOfLines(x0: number, y0: number, x1: number, y1: number, layerName = '0'): string[] {
  return [line(x0, y0, x1, y0, layerName), line(x1, y0, x1, y1, layerName), line(x1, y1, x0, y1, layerName), line(x0, y1, x0, y0, layerName)];
}

export function insert(block: string, x: number, y: number, layerName = '0', extra: Extra = {}): string {
  return pairs([[0, 'INSERT'], [8, layerName], [2, block], [10, x], [20, y], [30, 0]], extra);
}

/** A block definition with its base point. */
export function block(name: string, baseX: number, baseY: number, entities: readonly string[]): string {
  const head = pairs([[0, 'BLOCK'], [8, '0'], [2, name], [70, 0], [10, baseX], [20, baseY], [30, 0], [3, name]]);
  return [head, ...entities, pairs([[0, 'ENDBLK'], [8, '0']])].join('\n');
}

export function text(x: number, y: number, value: string, layerName = '0'): string {
  return pairs([[0, 'TEXT'], [8, layerName], [10, x], [20, y], [30, 0], [40, 0.25], [1, value]]);
}

export function dimension(x0: number, y0: number, x1: number, y1: number, layerName = '0'): string {
  return pairs([[0, 'DIMENSION'], [8, layerName], [2, '*D1'], [10, x1], [20, y1 + 1], [13, x0], [23, y0], [14, x1], [24, y1], [70, 0]]);
}

/** A SPLINE given by fit points only, as some CAD programs save them. */
export function fitPointSpline(points: ReadonlyArray<readonly [number, number]>, layerName = '0'): string {
  const head = pairs([[0, 'SPLINE'], [8, layerName], [70, 9], [71, 3], [72, 0], [73, 0], [74, points.length]]);
  return [head, ...points.map(([x, y]) => pairs([[11, x], [21, y], [31, 0]]))].join('\n');
}

/** Any entity type by name, e.g. 3DSOLID, with a layer. */
export function entityOfType(type: string, layerName = '0', extra: Extra = {}): string {
  return pairs([[0, type], [8, layerName]], extra);
}

/** An ELLIPSE: centre, end of the major axis relative to it, minor/major ratio, parameters in radians. */
export function ellipse(cx: number, cy: number, majorX: number, majorY: number, ratio: number, start = 0, end = 2 * Math.PI, layerName = '0'): string {
  return pairs([[0, 'ELLIPSE'], [8, layerName], [10, cx], [20, cy], [30, 0], [11, majorX], [21, majorY], [31, 0], [40, ratio], [41, start], [42, end]]);
}

/** A SPLINE by its control points, with a clamped uniform knot vector (or the knots given). */
export function spline(controlPoints: ReadonlyArray<readonly [number, number]>, degree = 3, layerName = '0', knots?: readonly number[]): string {
  const n = controlPoints.length;
  const vector = knots ?? Array.from({ length: n + degree + 1 }, (_, k) => Math.min(Math.max(k - degree, 0), n - degree));
  const head = pairs([[0, 'SPLINE'], [8, layerName], [70, 8], [71, degree], [72, vector.length], [73, n], [74, 0]]);
  return [head, ...vector.map((knot) => pairs([[40, knot]])), ...controlPoints.map(([x, y]) => pairs([[10, x], [20, y], [30, 0]]))].join('\n');
}

/** A POINT entity. */
export function point(x: number, y: number, layerName = '0'): string {
  return pairs([[0, 'POINT'], [8, layerName], [10, x], [20, y], [30, 0]]);
}

/** The audit's open-contour drawing: a 4 x 3 in outline with a 0.05 in gap on its bottom side and a 1 in hole. */
export function openContourDrawing(): string {
  return drawing([line(0, 0, 1.95, 0), line(2, 0, 4, 0), line(4, 0, 4, 3), line(4, 3, 0, 3), line(0, 3, 0, 0), circle(2, 1.5, 0.5)], { insUnits: 1 });
}
