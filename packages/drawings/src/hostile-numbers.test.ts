// Generated drawings whose block inserts carry the numbers that break arithmetic (0, -0, denormals,
// +-1e300, +-1e308, NaN, Infinity, and any double): the import always answers, a part or a refusal
// with its code, never a number that is not finite, never a figure outside the part, never more
// vertices than are read (issue 35, item 3: a scale of 1e300 ran the flattening to the heap limit).
import fc from 'fast-check';
import { importDxf } from './import-dxf';
import { MAX_MARK_POINTS, MAX_SIZE_IN, MAX_VERTICES } from './limits';
import { arc, block, circle, drawing, ellipse, insert, line, lwpolyline, rectangleOfLines, spline } from './test-drawings';
import type { DxfImport } from './types';

const EDGE_NUMBERS = [0, -0, 5e-324, -5e-324, 2.2e-308, 1e-310, 1e-300, -1e-300, 1e300, -1e300, 1e308, -1e308, Number.MAX_VALUE, -Number.MAX_VALUE, NaN, Infinity, -Infinity, 1, -1, 0.5, 25.4, 1e6];
/** A number as the file writes it (String(-0) is "0"). */
const written = (value: number): string => (Object.is(value, -0) ? '-0' : String(value));
const edgeNumber = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 4 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }), weight: 1 },
);
/** Array counts as the parser reads them (parseInt): small ones, 0, negative, NaN. */
const count = fc.oneof(fc.integer({ min: -3, max: 4 }), fc.constantFrom('NaN', 'x', '-0', '1e400'));

/** Scales: the same both ways (a circle stays a circle, the case that ran the heap out), or each its own. */
const scales = fc.oneof(
  edgeNumber.map((scale) => ({ 41: scale, 42: scale })),
  fc.record({ 41: edgeNumber, 42: edgeNumber }, { requiredKeys: [] }),
);

/** Present one time in four: most drawings then carry one or two odd numbers, not seven at once. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary, weight: 1 });

/** The group pairs of an insert: its scales, and any of its position, rotation, counts and spacings. */
const insertPairs = fc
  .tuple(scales, fc.record({ 10: sometimes(edgeNumber), 20: sometimes(edgeNumber), 50: sometimes(edgeNumber), 70: sometimes(count), 71: sometimes(count), 44: sometimes(edgeNumber), 45: sometimes(edgeNumber) }))
  .map(([scale, pairs]) =>
    Object.fromEntries(
      Object.entries({ ...scale, ...pairs })
        .filter(([, value]) => value !== undefined)
        .map(([code, value]) => [code, typeof value === 'number' ? written(value) : value!]),
    ),
  );

/** One cut entity inside the block, of a sane size or with one edge number of its own. */
const blockEntity = fc.oneof(
  fc.constant(circle(0, 0, 1)),
  fc.constant(arc(0, 0, 1, 10, 200)),
  fc.constant(line(-1, 0, 1, 0)),
  fc.constant(spline([[0, 0], [1, 1], [2, 0], [3, 1]])),
  edgeNumber.map((r) => circle(0, 0, written(r) as unknown as number)),
  edgeNumber.map((ratio) => ellipse(0, 0, 1, 0, written(ratio) as unknown as number)),
  edgeNumber.map((bulge) => lwpolyline([[0, 0, written(bulge) as unknown as number], [1, 0], [1, 1], [0, 1]], true)),
  fc.tuple(edgeNumber, edgeNumber).map(([start, end]) => arc(0, 0, 1, written(start) as unknown as number, written(end) as unknown as number)),
  fc.tuple(edgeNumber, edgeNumber).map(([x, y]) => ellipse(0, 0, written(x) as unknown as number, written(y) as unknown as number, 0.5)),
  edgeNumber.map((x) => spline([[0, 0], [1, 1], [written(x) as unknown as number, 0], [3, 1]])),
);

/** A 10 x 6 in part, with a block inserted once or inside another block, both inserts generated. */
const hostileDrawing = fc
  .record({ entity: blockEntity, outer: insertPairs, inner: sometimes(insertPairs), units: fc.constantFrom(1, 4) })
  .map(({ entity, outer, inner, units }) => {
    const blocks = [block('B', 0, 0, [entity])];
    if (inner) blocks.push(block('N', 0, 0, [insert('B', 0, 0, '0', inner)]));
    return drawing([...rectangleOfLines(0, 0, 10, 6), insert(inner ? 'N' : 'B', 5, 3, '0', outer)], { insUnits: units, blocks });
  });

function numbersOf(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const item of value) numbersOf(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) numbersOf(item, out);
  return out;
}

function partPoints(part: DxfImport): Array<[number, number]> {
  const { plate } = part;
  return [
    ...plate.outline.points_in,
    ...plate.cutouts.flatMap((c) => c.points_in),
    ...plate.holes.flatMap((h): Array<[number, number]> => [[h.x_in - h.diameter_in / 2, h.y_in - h.diameter_in / 2], [h.x_in + h.diameter_in / 2, h.y_in + h.diameter_in / 2]]),
    ...plate.bends.flatMap((b) => [b.start_in, b.end_in]),
    ...part.marks.flatMap((m) => m.points_in),
  ];
}

describe('inserts carrying the numbers that break arithmetic', () => {
  it('always answer a part of finite figures within itself and within the budgets, or a refusal with its code', () => {
    fc.assert(
      fc.property(hostileDrawing, (text) => {
        const result = importDxf(text);
        if (!result.ok) {
          expect(['dxf_too_large', 'dxf_too_complex', 'dxf_unreadable', 'dxf_no_part', 'dxf_several_parts']).toContain(result.code);
          expect(result.message.length).toBeLessThan(1_000);
          return;
        }
        expect(numbersOf(result).filter((n) => !Number.isFinite(n))).toEqual([]);
        expect(result.vertices).toBeLessThanOrEqual(MAX_VERTICES);
        expect(result.marks.reduce((sum, m) => sum + m.points_in.length, 0)).toBeLessThanOrEqual(MAX_MARK_POINTS);
        expect(Math.max(result.width_in, result.height_in)).toBeLessThanOrEqual(MAX_SIZE_IN);
        const outside = partPoints(result).filter(([x, y]) => !(x >= -1e-6 && x <= result.width_in + 1e-6 && y >= -1e-6 && y <= result.height_in + 1e-6));
        expect(outside).toEqual([]);
      }),
      { numRuns: 400, seed: 35 },
    );
  });

  it('refuse each edge scale around a circle with a code, or read it, without running out of points', () => {
    for (const scale of EDGE_NUMBERS) {
      const text = drawing([...rectangleOfLines(0, 0, 10, 6), insert('B', 5, 3, '0', { 41: written(scale), 42: written(scale) })], { insUnits: 1, blocks: [block('B', 0, 0, [circle(0, 0, 1)])] });
      const result = importDxf(text);
      const answer = result.ok ? `ok, ${result.plate.holes.length} hole(s), ${result.ignored.length} ignored` : result.code;
      // Not a number: damaged. Past 10,000 in across: too large. 0 (listed as scaled by 0) or a denormal
      // (listed as zero length): nothing cut. Past the part (25.4 in): the circle is the outline.
      const size = Math.abs(scale);
      const expected = !Number.isFinite(scale)
        ? 'dxf_unreadable'
        : size > 5_000
          ? 'dxf_too_large'
          : size < 1e-9
            ? 'ok, 0 hole(s), 1 ignored'
            : size > 3
              ? 'ok, 0 hole(s), 0 ignored'
              : 'ok, 1 hole(s), 0 ignored';
      expect([written(scale), answer]).toEqual([written(scale), expected]);
    }
  });
});
