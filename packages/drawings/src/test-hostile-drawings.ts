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
  {
    name: 'a spline of degree 60',
    text: drawing([...rectangleOfLines(-1, -1, 10, 10), spline(Array.from({ length: 61 }, (_, k): [number, number] => [k * 0.1, k % 2]), 60)], { insUnits: 1 }),
    expected: 'dxf_too_complex',
  },
];
