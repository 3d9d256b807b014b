// The hostile drawings of the audits, as text: each is small and legal to send, and each once took a
// process down or held a core for seconds. The tests of the import, of both apps and the drawings
// bench read them from here, with the answer each must now get.
import { arc, block, circle, drawing, ellipse, insert, line, lwpolyline, rectangleOfLines, spline } from './test-drawings';

export interface HostileDrawing {
  name: string;
  text: string;
  /** The import's answer: a part (`ok`) or the code it is refused with. */
  expected: 'ok' | 'dxf_too_large' | 'dxf_too_complex' | 'dxf_unreadable';
}

/** A 10 x 5 mm rectangle whose first corner carries a bulge: the leftover -2.449e-16 of a CAD export, or worse. */
function bulgedRectangle(bulge: string | number): string {
  return drawing([lwpolyline([[0, 0, 1], [10, 0], [10, 5], [0, 5]], true).replace('\n42\n1\n', `\n42\n${bulge}\n`)], { insUnits: 4 });
}

/** A 10 x 6 in part with a hole of 1 in radius in block H, inserted at its middle with the group pairs `extra`. */
function holeInsert(extra: Record<number, string | number>): string {
  return drawing([...rectangleOfLines(0, 0, 10, 6), insert('H', 5, 3, '0', extra)], { insUnits: 1, blocks: [block('H', 0, 0, [circle(0, 0, 1)])] });
}

/**
 * The text a UTF-16 file becomes when its bytes are read as UTF-8 (as the service decodes a body): each
 * ASCII character beside a NUL, a byte-order mark (FF FE or FE FF, not UTF-8) as two U+FFFD.
 */
export function utf16Text(text: string, order: 'le' | 'be', mark: boolean): string {
  const bytes = Buffer.from(text, 'utf16le');
  if (order === 'be') bytes.swap16();
  const head = Buffer.from(mark ? (order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : []);
  return new TextDecoder('utf-8').decode(Buffer.concat([head, bytes]));
}

/** A block of one spline of `controlPoints` points, inserted `levels` deep 10 times a level, `top` times. */
function splineBomb(controlPoints: number, levels: number, top: number): string {
  const points = Array.from({ length: controlPoints }, (_, k): [number, number] => [k * 0.1, (k % 2) * 0.1]);
  const blocks = [block('S0', 0, 0, [spline(points)])];
  for (let level = 1; level <= levels; level++) {
    blocks.push(block(`S${level}`, 0, 0, Array.from({ length: 10 }, (_, k) => insert(`S${level - 1}`, k, 0))));
  }
  return drawing([...rectangleOfLines(-1, -1, 1000, 1000), ...Array.from({ length: top }, (_, k) => insert(`S${levels}`, 0, k))], { insUnits: 1, blocks });
}

export const HOSTILE_DRAWINGS: readonly HostileDrawing[] = [
  { name: 'a millimetre rectangle with the leftover bulge -2.449e-16', text: bulgedRectangle('-2.449e-16'), expected: 'ok' },
  { name: 'an ARC of radius 1e20', text: drawing([arc(0, 0, 1e20, 0, 90), ...rectangleOfLines(0, 0, 10, 5)], { insUnits: 4 }), expected: 'dxf_too_large' },
  { name: 'an ELLIPSE of radius 1e9', text: drawing([ellipse(0, 0, 1e9, 0, 0.5), ...rectangleOfLines(0, 0, 10, 5)], { insUnits: 1 }), expected: 'dxf_too_large' },
  { name: 'a bulge of 1e300', text: bulgedRectangle('1e300'), expected: 'dxf_too_large' },
  { name: 'a bulge of Infinity', text: bulgedRectangle('Infinity'), expected: 'dxf_unreadable' },
  { name: 'a bulge of NaN', text: bulgedRectangle('NaN'), expected: 'dxf_unreadable' },
  {
    name: 'a bend line at NaN',
    text: drawing([...rectangleOfLines(0, 0, 10, 6), line(5, 0, 5, 6, 'BEND').replace('\n10\n5\n', '\n10\nNaN\n')], { insUnits: 1 }),
    expected: 'dxf_unreadable',
  },
  { name: 'a part 1e300 in across', text: drawing(rectangleOfLines(0, 0, 1e300, 1e300), { insUnits: 1 }), expected: 'dxf_too_large' },
  { name: 'an ARC starting at 1e19 degrees', text: drawing([...rectangleOfLines(0, 0, 10, 6), arc(5, 3, 1, 1e19, 1e19 + 90)], { insUnits: 1 }), expected: 'ok' },
  { name: 'a block bomb of splines just under 50,000 entities', text: splineBomb(40, 4, 4), expected: 'dxf_too_complex' },
  {
    name: 'one spline of 2,500 control points winding 400 times round a 3,000 in circle',
    text: drawing(
      [
        ...rectangleOfLines(-3500, -3500, 3500, 3500),
        spline(Array.from({ length: 2500 }, (_, k): [number, number] => [Math.round(3000 * Math.cos(k)), Math.round(3000 * Math.sin(k))])),
      ],
      { insUnits: 1 },
    ),
    expected: 'dxf_too_complex',
  },
  {
    name: 'an array insert of -1,000,000 copies cancelling one of 1,000,000',
    text: drawing([...rectangleOfLines(-1, -1, 100, 100), insert('B', 0, 0, '0', { 70: 1, 71: -1_000_000 }), insert('B', 0, 0, '0', { 70: 1, 71: 1_000_000, 45: 0.001 })], {
      insUnits: 1,
      blocks: [block('B', 0, 0, [circle(0, 0, 0.001)])],
    }),
    expected: 'dxf_too_complex',
  },
  {
    name: 'an array insert of 2,000,000,000 copies of an empty block',
    text: drawing([...rectangleOfLines(0, 0, 10, 5), insert('E', 0, 0, '0', { 70: 2_000_000_000, 71: 1 })], { insUnits: 1, blocks: [block('E', 0, 0, [])] }),
    expected: 'dxf_too_complex',
  },
  // Squaring the matrix's entries gave Infinity - Infinity = NaN, and every size and point check was
  // false for NaN: a drawing process grew to ~1 GB for 1.6-10 s (issue 35, item 3).
  { name: 'an INSERT scaled 1e300 around a circle', text: drawing([insert('B', 0, 0, '0', { 41: 1e300, 42: 1e300 })], { insUnits: 1, blocks: [block('B', 0, 0, [circle(0, 0, 1)])] }), expected: 'dxf_too_large' },
  { name: 'an INSERT scaled 1e300 one way and 1e-300 the other around a circle', text: holeInsert({ 41: 1e300, 42: 1e-300 }), expected: 'dxf_too_large' },
  {
    name: 'an INSERT scaled 1e200 inside another scaled 1e200 (1e400 overflows)',
    text: drawing([...rectangleOfLines(0, 0, 10, 6), insert('OUT', 5, 3, '0', { 41: 1e200, 42: 1e200 })], {
      insUnits: 1,
      blocks: [block('IN', 0, 0, [circle(0, 0, 1)]), block('OUT', 0, 0, [insert('IN', 0, 0, '0', { 41: 1e200, 42: 1e200 })])],
    }),
    expected: 'dxf_too_large',
  },
  { name: 'an INSERT scaled 1e-320 (a denormal) around a circle 1e308 across', text: drawing([...rectangleOfLines(0, 0, 10, 6), insert('B', 5, 3, '0', { 41: 1e-320, 42: 1e-320 })], { insUnits: 1, blocks: [block('B', 0, 0, [circle(0, 0, 1e308)])] }), expected: 'ok' },
  // The parser's loop made no copy for these counts: the hole vanished from a ready part (items 4 and 9).
  { name: 'an INSERT of the only hole with a row count of 0', text: holeInsert({ 71: 0 }), expected: 'ok' },
  { name: 'an INSERT of the only hole with a column count of -1', text: holeInsert({ 70: -1 }), expected: 'ok' },
  { name: 'an INSERT of the only hole with a row count of NaN', text: holeInsert({ 71: 'NaN' }), expected: 'dxf_unreadable' },
  { name: 'an INSERT of the only hole scaled by 0', text: holeInsert({ 41: 0, 42: 0 }), expected: 'ok' },
  // Stored as a cut-out from -4994 to 5004 in on a 10 in part, which the import's own schema refused (item 5).
  { name: 'an ELLIPSE of axis ratio 1e-300 across a 10 in part', text: drawing([...rectangleOfLines(0, 0, 10, 6), ellipse(5, 3, 4999, 0, 1e-300)], { insUnits: 1 }), expected: 'ok' },
  { name: 'an ELLIPSE of axis ratio -1', text: drawing([...rectangleOfLines(0, 0, 10, 6), ellipse(5, 3, 1, 0, -1)], { insUnits: 1 }), expected: 'ok' },
  {
    name: 'a cut-out 9,990 in long and 0.001 in wide found inside a 10 in part',
    text: drawing([...rectangleOfLines(0, 0, 10, 6), lwpolyline([[-4990, 2.9995], [5000, 2.9995], [5000, 3.0005], [-4990, 3.0005]], true)], { insUnits: 1 }),
    expected: 'ok',
  },
  // Told "not a DXF file" (item 9): each ASCII character beside a NUL.
  { name: 'a UTF-16 DXF with its byte-order mark', text: utf16Text(drawing(rectangleOfLines(0, 0, 10, 6), { insUnits: 1 }), 'le', true), expected: 'dxf_unreadable' },
  { name: 'a UTF-16 big-endian DXF without a byte-order mark', text: utf16Text(drawing(rectangleOfLines(0, 0, 10, 6), { insUnits: 1 }), 'be', false), expected: 'dxf_unreadable' },
  {
    name: 'a spline of degree 60',
    text: drawing([...rectangleOfLines(-1, -1, 10, 10), spline(Array.from({ length: 61 }, (_, k): [number, number] => [k * 0.1, k % 2]), 60)], { insUnits: 1 }),
    expected: 'dxf_too_complex',
  },
];
