// Import time and heap growth of importDxf on a ~5 MB realistic plate and on adversarial drawings.
// Run: node --conditions=@shop/source --import tsx packages/drawings/bench/drawings.bench.ts
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { importDxf } from '../src/index';
import { block, circle, drawing, entityOfType, insert, line, lwpolyline, point, rectangleOfLines, text } from '../src/test-drawings';
import { HOSTILE_DRAWINGS } from '../src/test-hostile-drawings';
import type { DxfImportResult } from '../src/types';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

// --- Drawings -------------------------------------------------------------------------------------

/**
 * Entities as AutoCAD writes them: group codes right-aligned in 3 columns, handle, owner, subclass
 * markers, 15 significant digits (the file gets CRLF line ends at the end).
 */
function cadEntities() {
  let handle = 0x100;
  const n = (v: number) => v.toPrecision(15).replace(/\.?0+$/, '');
  const pairs = (values: Array<[number, string]>) => values.map(([code, value]) => `${String(code).padStart(3)}\n${value}`).join('\n');
  const head = (type: string, subclass: string, layer: string): Array<[number, string]> => [
    [0, type], [5, (handle++).toString(16).toUpperCase()], [330, '1F'], [100, 'AcDbEntity'], [8, layer], [100, subclass],
  ];
  return {
    circle: (x: number, y: number, r: number, layer: string) =>
      pairs([...head('CIRCLE', 'AcDbCircle', layer), [10, n(x)], [20, n(y)], [30, '0.0'], [40, n(r)]]),
    line: (x0: number, y0: number, x1: number, y1: number, layer: string) =>
      pairs([...head('LINE', 'AcDbLine', layer), [10, n(x0)], [20, n(y0)], [30, '0.0'], [11, n(x1)], [21, n(y1)], [31, '0.0']]),
    arc: (x: number, y: number, r: number, a0: number, a1: number, layer: string) =>
      pairs([...head('ARC', 'AcDbCircle', layer), [10, n(x)], [20, n(y)], [30, '0.0'], [40, n(r)], [100, 'AcDbArc'], [50, n(a0)], [51, n(a1)]]),
  };
}

/** The everyday drawing: a 6 x 4 in plate of LINEs, 4 holes, a slot, a bend, a title. */
function typicalPlate(): string {
  return drawing(
    [
      ...rectangleOfLines(0, 0, 152.4, 101.6, 'CUT'),
      ...[[20, 20], [132.4, 20], [20, 81.6], [132.4, 81.6]].map(([x, y]) => circle(x!, y!, 4.25, 'CUT')),
      lwpolyline([[60, 45, 0], [90, 45, 1], [90, 55, 0], [60, 55, 1]], true, 'CUT'),
      line(0, 70, 152.4, 70, 'BEND'),
      text(0, -10, 'BRACKET 6 x 4, 3 mm', 'NOTES'),
    ],
    { insUnits: 4 },
  );
}

/** A 110 x 60 in perforated panel just under the 5 MiB an upload may be: 34,119 round holes, 400 obround slots, rounded corners, a bend, notes. */
function realisticPlate(): string {
  const cad = cadEntities();
  const offset = 1000.123456789; // drawn away from the origin, as real files are
  const entities: string[] = [];
  const [w, h, r] = [110, 60, 1];
  entities.push(
    cad.line(offset + r, offset, offset + w - r, offset, 'CUT'),
    cad.arc(offset + w - r, offset + r, r, 270, 360, 'CUT'),
    cad.line(offset + w, offset + r, offset + w, offset + h - r, 'CUT'),
    cad.arc(offset + w - r, offset + h - r, r, 0, 90, 'CUT'),
    cad.line(offset + w - r, offset + h, offset + r, offset + h, 'CUT'),
    cad.arc(offset + r, offset + h - r, r, 90, 180, 'CUT'),
    cad.line(offset, offset + h - r, offset, offset + r, 'CUT'),
    cad.arc(offset + r, offset + r, r, 180, 270, 'CUT'),
  );
  for (let i = 0; i < 223; i++) {
    for (let j = 0; j < 153; j++) entities.push(cad.circle(offset + 2 + i * 0.35, offset + 2 + j * 0.35, 0.1, 'HOLES'));
  }
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 25; j++) {
      const [x, y, s] = [offset + 84 + i * 1.5, offset + 3 + j * 2.2, 0.125];
      entities.push(
        cad.line(x, y - s, x + 1, y - s, 'SLOTS'),
        cad.arc(x + 1, y, s, 270, 90, 'SLOTS'),
        cad.line(x + 1, y + s, x, y + s, 'SLOTS'),
        cad.arc(x, y, s, 90, 270, 'SLOTS'),
      );
    }
  }
  entities.push(cad.line(offset + 82, offset, offset + 82, offset + h, 'BEND'));
  for (let k = 0; k < 20; k++) entities.push(text(offset + k * 5, offset - 2, `NOTE ${k}: DEBURR ALL EDGES, 14 GA 304 SS`, 'NOTES'));
  return drawing(entities, { insUnits: 1 }).replace(/\n/g, '\r\n');
}

/** Nested blocks of circles expanding to 49,990 holes (just under the 50,000 entities). */
/** One array insert of 49,990 circles inside a plate: 41 s through the parser's own denormalise (quadratic). */
function arrayInsertNearLimit(): string {
  const holes = insert('H', 0.5, 0.5, '0', { 70: 221, 71: 226, 44: 0.25, 45: 0.25 });
  return drawing([...rectangleOfLines(0, 0, 56, 57), holes], { insUnits: 1, blocks: [block('H', 0, 0, [circle(0, 0, 0.05)])] });
}

/** A 10 x 5 in plate padded to just under 5 MiB with `pad(k)`: what is not cut, in bulk. */
function paddedPlate(pad: (k: number) => string): string {
  const parts: string[] = [];
  let size = 0;
  for (let k = 0; size < 5 * 1024 * 1024 - 4_096; k++) {
    const entity = pad(k);
    parts.push(entity);
    size += entity.length + 1;
  }
  return drawing([...rectangleOfLines(0, 0, 10, 5), ...parts], { insUnits: 1 });
}

function blockBombUnderLimit(): string {
  const blocks = [
    block('L0', 0, 0, Array.from({ length: 10 }, (_, k) => circle(k * 0.2, 0, 0.05))),
    block('L1', 0, 0, Array.from({ length: 10 }, (_, k) => insert('L0', 0, k * 0.2))),
    block('L2', 0, 0, Array.from({ length: 10 }, (_, k) => insert('L1', k * 2.2, 0))),
    block('L3', 0, 0, Array.from({ length: 10 }, (_, k) => insert('L2', 0, k * 2.2))),
  ];
  const entities = [...rectangleOfLines(-1, -1, 93, 45)];
  for (let k = 0; k < 4; k++) entities.push(insert('L3', k * 23, 0));
  for (let k = 0; k < 9; k++) entities.push(insert('L2', 0, 23 + k * 2.2), insert('L1', 25 + k * 2.2, 23), insert('L0', 25, 26 + k * 0.2));
  return drawing(entities, { insUnits: 1, blocks });
}

/** One outline of 2,670 bulge arcs (scallops) that flattens to just under 20,000 vertices. */
function arcsNearVertexLimit(): string {
  const count = 2_670; // 19,972 vertices once flattened
  const radius = 50;
  const vertices = Array.from({ length: count }, (_, k) => {
    const a = (2 * Math.PI * k) / count;
    return [radius * Math.cos(a), radius * Math.sin(a), 0.9];
  });
  return drawing([lwpolyline(vertices, true)], { insUnits: 1 });
}

/** 36,000 LINEs that join into 9,000 squares: joined and nested, then refused for vertices. */
function joiningLines(): string {
  const entities = [...rectangleOfLines(0, 0, 200, 200)];
  for (let i = 0; i < 8_999; i++) {
    const [x, y] = [1 + (i % 95) * 2, 1 + Math.floor(i / 95) * 2];
    entities.push(...rectangleOfLines(x, y, x + 1, y + 1));
  }
  return drawing(entities, { insUnits: 1 });
}

/** 36,000 LINEs that meet nothing (dashes): every chain stays open. */
function openLines(): string {
  const entities: string[] = [];
  for (let i = 0; i < 36_000; i++) entities.push(line((i % 200) * 0.5, Math.floor(i / 200) * 0.5, (i % 200) * 0.5 + 0.25, Math.floor(i / 200) * 0.5));
  return drawing(entities, { insUnits: 1 });
}

// --- Measuring ------------------------------------------------------------------------------------

function describeResult(result: DxfImportResult): string {
  if (!result.ok) return `${result.code}`;
  const blocking = result.issues.filter((i) => i.severity === 'blocking').map((i) => i.code);
  return `ok ${result.width_in} x ${result.height_in} in, ${result.counts.holes} holes, ${result.counts.cutouts} cutouts, ${result.vertices} vertices${blocking.length ? `, blocking: ${[...new Set(blocking)].join(' ')}` : ''}`;
}

/** One drawing's import: its size, the median time, and the heap it took and kept. */
export interface DrawingCase {
  name: string;
  bytes: number;
  runs: number;
  medianMs: number;
  heapAfterMb: number;
  heapKeptMb: number;
  result: string;
}

function measure(name: string, text: string, runs: number): DrawingCase {
  for (let k = 0; k < 2; k++) importDxf(text); // warm-up
  const times: number[] = [];
  const allocated: number[] = [];
  const retained: number[] = [];
  let result: DxfImportResult | null = null;
  for (let k = 0; k < runs; k++) {
    result = null;
    collect();
    const before = process.memoryUsage().heapUsed;
    const started = process.hrtime.bigint();
    result = importDxf(text);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    allocated.push(process.memoryUsage().heapUsed - before);
    collect();
    retained.push(process.memoryUsage().heapUsed - before);
  }
  const median = (values: number[]) => [...values].sort((p, q) => p - q)[Math.floor(values.length / 2)]!;
  const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
  return { name, bytes: text.length, runs, medianMs: Math.round(median(times) * 10) / 10, heapAfterMb: mb(median(allocated)), heapKeptMb: mb(median(retained)), result: describeResult(result!) };
}

/** Every drawing of the bench, the typical one and the adversarial ones; `quick` runs each once. */
export function runDrawingsBench(quick = false): DrawingCase[] {
  const runs = (n: number) => (quick ? 1 : n);
  return [
    measure('typical plate (mm, 4 holes, a slot, a bend)', typicalPlate(), runs(200)),
    measure('realistic perforated panel, just under 5 MiB (34,119 holes)', realisticPlate(), runs(5)),
    measure('block bomb just under 50,000 entities', blockBombUnderLimit(), runs(5)),
    measure('outline of arcs near 20,000 vertices', arcsNearVertexLimit(), runs(9)),
    measure('36,000 LINEs joining into 9,000 squares', joiningLines(), runs(5)),
    measure('36,000 open LINEs', openLines(), runs(5)),
    measure('one array insert of 49,946 circles', arrayInsertNearLimit(), runs(3)),
    measure('5 MiB of points, each on a layer of its own', paddedPlate((k) => point(k % 8, k % 3, `LAYER-${String(k).padStart(5, '0')}-${'X'.repeat(230)}`)), runs(3)),
    measure('5 MiB of unknown entity types, each its own name and layer', paddedPlate((k) => entityOfType(`ODD${k}`, `L${k}`)), runs(3)),
    measure('5 MiB of 900 unknown entity types, each record on its own layer', paddedPlate((k) => entityOfType(`ODD${k % 900}`, `L${k}`)), runs(3)),
    // The audits' hostile drawings: each took a process down or held a core for seconds.
    ...HOSTILE_DRAWINGS.map((hostile) => measure(`hostile: ${hostile.name}`, hostile.text, runs(5))),
  ];
}

if (require.main === module) {
  const cases = runDrawingsBench(process.argv.includes('--quick'));
  if (process.argv.includes('--json')) console.log(JSON.stringify(cases));
  else {
    console.log(`importDxf on Node ${process.version}`);
    for (const c of cases) {
      const size = c.bytes < 2 ** 20 ? `${(c.bytes / 1024).toFixed(0)} KB` : `${(c.bytes / 2 ** 20).toFixed(2)} MB`;
      console.log(`${c.name.padEnd(44)} ${size.padStart(8)}  ${c.medianMs.toFixed(0).padStart(5)} ms median of ${c.runs}  heap +${c.heapAfterMb} MB after, +${c.heapKeptMb} MB kept  -> ${c.result}`);
    }
  }
}
