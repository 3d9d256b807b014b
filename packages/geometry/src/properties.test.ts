// Rules that hold for every generated plate, whatever its outline, holes and bends.
import { countCutouts } from '@shop/contracts';
import type { HolePattern, PlateItem } from '@shop/contracts';
import fc from 'fast-check';
import { analyzePlate, measurePlate } from './analyze-plate';
import { expandHoles } from './hole-patterns';
import { expandOutline } from './outline';
import { RULES, plate } from './test-plates';
import type { PlateMeasures } from './types';

// Coordinates on a 1/64 in grid keep translated figures free of float noise where it matters.
const sixtyFourths = (min: number, max: number) => fc.integer({ min: min * 64, max: max * 64 }).map((v) => v / 64);

/** A star-shaped polygon around (30, 30): corners by increasing angle never cross. */
const starPolygon = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 3599 }), sixtyFourths(4, 25)), { minLength: 3, maxLength: 24 })
  .map((corners) => {
    const seen = new Set<number>();
    const sorted = corners.filter(([a]) => !seen.has(a) && seen.add(a)).sort((p, q) => p[0] - q[0]);
    return sorted.map(([tenths, r]): [number, number] => {
      const a = (tenths / 3600) * 2 * Math.PI;
      return [Math.round((30 + r * Math.cos(a)) * 64) / 64, Math.round((30 + r * Math.sin(a)) * 64) / 64];
    });
  })
  .filter((points) => points.length >= 3);

/** A star-shaped cut-out of 3 to 10 corners, 1/4 to 4 in from its centre, somewhere on the part. */
const cutoutPolygon = fc
  .record({
    cx: sixtyFourths(5, 55),
    cy: sixtyFourths(5, 55),
    corners: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 359 }), sixtyFourths(0.25, 4)), { minLength: 3, maxLength: 10, selector: ([a]) => a }),
  })
  .map(({ cx, cy, corners }) => ({
    kind: 'polygon' as const,
    points_in: [...corners]
      .sort((p, q) => p[0] - q[0])
      .map(([deg, r]): [number, number] => {
        const a = (deg / 180) * Math.PI;
        return [Math.round((cx + r * Math.cos(a)) * 64) / 64, Math.round((cy + r * Math.sin(a)) * 64) / 64];
      }),
  }));

const holePattern: fc.Arbitrary<HolePattern> = fc.oneof(
  fc.record({ kind: fc.constant('single' as const), x_in: sixtyFourths(5, 55), y_in: sixtyFourths(5, 55), diameter_in: sixtyFourths(0.0625, 3) }),
  fc.record({
    kind: fc.constant('linear' as const),
    start_x_in: sixtyFourths(5, 55),
    start_y_in: sixtyFourths(5, 55),
    count: fc.integer({ min: 1, max: 6 }),
    spacing_in: sixtyFourths(0.25, 6),
    diameter_in: sixtyFourths(0.0625, 2),
    angle_deg: fc.integer({ min: -360, max: 360 }),
  }),
  fc.record({
    kind: fc.constant('grid' as const),
    center_x_in: sixtyFourths(10, 50),
    center_y_in: sixtyFourths(10, 50),
    columns: fc.integer({ min: 1, max: 4 }),
    rows: fc.integer({ min: 1, max: 4 }),
    x_spacing_in: sixtyFourths(0.25, 5),
    y_spacing_in: sixtyFourths(0.25, 5),
    diameter_in: sixtyFourths(0.0625, 2),
    rotation_deg: fc.integer({ min: -360, max: 360 }),
  }),
  fc.record({
    kind: fc.constant('bolt_circle' as const),
    center_x_in: sixtyFourths(10, 50),
    center_y_in: sixtyFourths(10, 50),
    count: fc.integer({ min: 2, max: 12 }),
    bolt_circle_diameter_in: sixtyFourths(1, 20),
    diameter_in: sixtyFourths(0.0625, 2),
    start_angle_deg: fc.integer({ min: -360, max: 360 }),
  }),
  fc.record({
    kind: fc.constant('slot' as const),
    center_x_in: sixtyFourths(5, 55),
    center_y_in: sixtyFourths(5, 55),
    width_in: sixtyFourths(0.0625, 2),
    length_in: sixtyFourths(0.0625, 6),
    angle_deg: fc.integer({ min: -360, max: 360 }),
  }).map((slot) => (slot.width_in > slot.length_in ? { ...slot, width_in: slot.length_in, length_in: slot.width_in } : slot)),
);

const bendLine = fc
  .tuple(sixtyFourths(0, 60), sixtyFourths(0, 60), sixtyFourths(0, 60), sixtyFourths(0, 60))
  .filter(([a, b, c, d]) => a !== c || b !== d)
  .map(([a, b, c, d]) => ({ start_in: [a, b] as [number, number], end_in: [c, d] as [number, number], angle_deg: 90, direction: 'up' as const }));

const outline = fc.oneof(
  fc.record({ kind: fc.constant('rectangle' as const), width_in: sixtyFourths(1, 60), height_in: sixtyFourths(1, 60) }),
  fc.record({ kind: fc.constant('circle' as const), diameter_in: sixtyFourths(1, 60) }),
  sixtyFourths(2, 60).chain((outer) =>
    sixtyFourths(0.5, Math.max(0.5, outer - 0.25)).map((inner) => ({ kind: 'ring' as const, outer_diameter_in: outer, inner_diameter_in: Math.min(inner, outer - 0.25) })),
  ),
  starPolygon.map((points) => ({ kind: 'polygon' as const, points_in: points })),
);

const cutoutList = fc.array(cutoutPolygon, { maxLength: 3 });

const plateArb = fc
  .record({ outline, holes: fc.array(holePattern, { maxLength: 8 }), cutouts: cutoutList, bends: fc.array(bendLine, { maxLength: 3 }) })
  .map((p) => plate(p));

const polygonPlate = fc
  .record({ points: starPolygon, holes: fc.array(holePattern, { maxLength: 8 }), cutouts: cutoutList, bends: fc.array(bendLine, { maxLength: 3 }) })
  .map(({ points, holes, cutouts, bends }) => plate({ outline: { kind: 'polygon', points_in: points }, holes, cutouts, bends }));

function expectSameMeasures(a: PlateMeasures, b: PlateMeasures): void {
  const close = (x: number, y: number) => expect(Math.abs(x - y)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(x)));
  close(a.widthIn, b.widthIn);
  close(a.heightIn, b.heightIn);
  close(a.outlineAreaIn2, b.outlineAreaIn2);
  // Areas from clipper (stray or overlapping cutouts) are good to its 0.00001 in grid.
  expect(Math.abs(a.netAreaIn2 - b.netAreaIn2)).toBeLessThanOrEqual(1e-3);
  close(a.cutLengthIn, b.cutLengthIn);
  expect([a.pierceCount, a.holeCount, a.slotCount, a.cutoutCount, a.bendCount]).toEqual([b.pierceCount, b.holeCount, b.slotCount, b.cutoutCount, b.bendCount]);
  expect(a.bendLengthsIn.length).toBe(b.bendLengthsIn.length);
  a.bendLengthsIn.forEach((len, i) => close(len, b.bendLengthsIn[i]!));
}

const codeList = (item: PlateItem) =>
  analyzePlate(item, RULES)
    .issues.map((i) => `${i.code}/${i.severity}`)
    .sort();

function translate(item: PlateItem, dx: number, dy: number): PlateItem {
  const move = (p: readonly [number, number]): [number, number] => [p[0] + dx, p[1] + dy];
  const holes = item.holes.map((h): HolePattern => {
    switch (h.kind) {
      case 'single':
        return { ...h, x_in: h.x_in + dx, y_in: h.y_in + dy };
      case 'linear':
        return { ...h, start_x_in: h.start_x_in + dx, start_y_in: h.start_y_in + dy };
      default:
        return { ...h, center_x_in: h.center_x_in + dx, center_y_in: h.center_y_in + dy };
    }
  });
  if (item.outline.kind !== 'polygon') throw new Error('only a polygon can move');
  return plate({
    outline: { kind: 'polygon', points_in: item.outline.points_in.map(move) },
    holes,
    cutouts: item.cutouts.map((c) => ({ ...c, points_in: c.points_in.map(move) })),
    bends: item.bends.map((b) => ({ ...b, start_in: move(b.start_in), end_in: move(b.end_in) })),
  });
}

describe('properties', () => {
  it('a cut-out takes off exactly its own area and adds its perimeter when the plate is clear', () => {
    fc.assert(
      fc.property(plateArb, (item) => {
        const m = measurePlate(item);
        const without = measurePlate(plate({ outline: item.outline, holes: item.holes, bends: item.bends }));
        const shoelace = (points: ReadonlyArray<readonly [number, number]>) =>
          Math.abs(points.reduce((sum, [x, y], k) => sum + x * points[(k + 1) % points.length]![1] - points[(k + 1) % points.length]![0] * y, 0)) / 2;
        const perimeter = (points: ReadonlyArray<readonly [number, number]>) =>
          points.reduce((sum, [x, y], k) => sum + Math.hypot(points[(k + 1) % points.length]![0] - x, points[(k + 1) % points.length]![1] - y), 0);
        const area = item.cutouts.reduce((sum, c) => sum + shoelace(c.points_in), 0);
        const length = item.cutouts.reduce((sum, c) => sum + perimeter(c.points_in), 0);
        expect(Math.abs(m.cutLengthIn - without.cutLengthIn - length)).toBeLessThanOrEqual(1e-9 * Math.max(1, m.cutLengthIn));
        expect(m.pierceCount - without.pierceCount).toBe(item.cutouts.length);
        if (m.cutoutsClear) expect(Math.abs(without.netAreaIn2 - m.netAreaIn2 - area)).toBeLessThanOrEqual(1e-9 * Math.max(1, m.outlineAreaIn2));
      }),
      { numRuns: 300 },
    );
  });

  it('a plate moved with its holes, cut-outs and bends keeps every measure and every check', () => {
    fc.assert(
      fc.property(polygonPlate, sixtyFourths(0, 50).map((v) => Math.round(v * 4) / 4), fc.integer({ min: 0, max: 200 }).map((v) => v / 4), (item, dx, dy) => {
        const moved = translate(item, dx, dy);
        expectSameMeasures(measurePlate(item), measurePlate(moved));
        expect(codeList(moved)).toEqual(codeList(item));
      }),
      { numRuns: 200 },
    );
  });

  it('net area is never more than the outline area, nor below zero', () => {
    fc.assert(
      fc.property(plateArb, (item) => {
        const m = measurePlate(item);
        expect(m.netAreaIn2).toBeLessThanOrEqual(m.outlineAreaIn2 + 1e-9);
        expect(m.netAreaIn2).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('cut length is at least the outline perimeter and pierces are one per contour', () => {
    fc.assert(
      fc.property(plateArb, (item) => {
        const m = measurePlate(item);
        const shape = expandOutline(item.outline);
        expect(m.cutLengthIn).toBeGreaterThanOrEqual(shape.perimeterIn);
        expect(m.pierceCount).toBe(shape.contourCount + countCutouts(item.holes) + item.cutouts.length);
        expect(m.holeCount + m.slotCount).toBe(expandHoles(item.holes).length);
        expect(m.cutoutCount).toBe(item.cutouts.length);
      }),
      { numRuns: 300 },
    );
  });

  it('the order of the hole entries changes no figure and no check', () => {
    fc.assert(
      fc.property(plateArb, fc.infiniteStream(fc.nat()), (item, randoms) => {
        const shuffled = item.holes.map((h) => [randoms.next().value, h] as const).sort((a, b) => a[0] - b[0]).map(([, h]) => h);
        const reordered = plate({ outline: item.outline, holes: shuffled, cutouts: item.cutouts, bends: item.bends });
        expectSameMeasures(measurePlate(item), measurePlate(reordered));
        expect(codeList(reordered)).toEqual(codeList(item));
      }),
      { numRuns: 200 },
    );
  });

  it('a rectangle and the same rectangle as a polygon give the same figures and checks', () => {
    fc.assert(
      fc.property(sixtyFourths(1, 60), sixtyFourths(1, 60), fc.array(holePattern, { maxLength: 6 }), cutoutList, fc.array(bendLine, { maxLength: 3 }), (w, h, holes, cutouts, bends) => {
        const rect = plate({ outline: { kind: 'rectangle', width_in: w, height_in: h }, holes, cutouts, bends });
        const poly = plate({ outline: { kind: 'polygon', points_in: [[0, 0], [w, 0], [w, h], [0, h]] }, holes, cutouts, bends });
        expectSameMeasures(measurePlate(rect), measurePlate(poly));
        expect(codeList(poly)).toEqual(codeList(rect));
      }),
      { numRuns: 200 },
    );
  });
});
