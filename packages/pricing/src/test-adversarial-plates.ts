// The worst legal plates for the checks and the output: every cutout overlapping, every hole stray,
// a 200-corner comb with 500 cutouts, near-coincident folds. Shared by the tests, `pnpm bench` and the
// fuzzer's seeds; each is a legal request (it passes the contract) that a hostile caller could send.
import type { PlateItemInput } from '@shop/contracts';
import fc from 'fast-check';

type PlateInput = Extract<PlateItemInput, { kind: 'plate' }>;

const boltCircle = (diameter: number, hole: number, start: number) =>
  ({ kind: 'bolt_circle', center_x_in: 60, center_y_in: 60, count: 100, bolt_circle_diameter_in: diameter, diameter_in: hole, start_angle_deg: start }) as const;

/** A comb: a 118 in spine along the bottom and 99 teeth up to y = 59, 200 corners in all. */
function combCorners(): Array<[number, number]> {
  const corners: Array<[number, number]> = [
    [0, 0],
    [118, 0],
  ];
  for (let k = 0; k < 198; k++) corners.push([118 - (118 * (k + 0.5)) / 198, k % 2 === 1 ? 10 : 59]);
  return corners;
}

const base = { kind: 'plate' as const, material: 'mild_steel' as const, thickness_in: 0.25, quantity: 999, quantity_options: [1, 10, 100, 250, 500] };

export const ADVERSARIAL_PLATES: Record<string, PlateInput> = {
  /** The 710-byte request of the report: five bolt circles of 100 holes, about 60 in across, overlapping and stray. */
  boltCircles: { ...base, outline: { kind: 'circle', diameter_in: 120 }, holes: [boltCircle(60, 60, 0), boltCircle(50, 55, 1), boltCircle(40, 50, 2), boltCircle(70, 58, 3), boltCircle(80, 59, 4)] },
  /** 500 cutouts of 50-60 in on the comb: every cutout overlaps every other and crosses the edges. */
  everyCutoutOverlapping: {
    ...base,
    outline: { kind: 'polygon', points_in: combCorners() },
    holes: [boltCircle(60, 60, 0), boltCircle(50, 55, 1), boltCircle(40, 50, 2), boltCircle(70, 58, 3), boltCircle(80, 59, 4)],
  },
  /** 500 holes in the gaps between the comb's teeth: every one stray. */
  everyHoleStray: {
    ...base,
    outline: { kind: 'polygon', points_in: combCorners() },
    holes: Array.from({ length: 100 }, (_, k) => ({ kind: 'linear', start_x_in: 0.6 + 1.1918 * Math.floor(k / 2), start_y_in: 20 + 5 * (k % 2), count: 5, spacing_in: 1, angle_deg: 90, diameter_in: 0.3 }) as const),
  },
  /** 200 slots 100 in long through one another, each crossing every tooth. */
  slotsThroughEachOther: {
    ...base,
    outline: { kind: 'polygon', points_in: combCorners() },
    holes: Array.from({ length: 200 }, (_, i) => ({ kind: 'slot', center_x_in: 60 + i * 0.01, center_y_in: 30, width_in: 5, length_in: 100, angle_deg: i }) as const),
  },
  /** 200 single holes 0.01 in apart: 19,900 overlapping pairs. */
  stackedHoles: {
    ...base,
    outline: { kind: 'rectangle', width_in: 10, height_in: 10 },
    holes: Array.from({ length: 200 }, (_, i) => ({ kind: 'single', x_in: 5 + (i * 0.01) / 200, y_in: 5, diameter_in: 1 }) as const),
  },
  /** The comb with 500 small holes near its edges and 10 folds a ten-millionth of an inch apart. */
  nearCoincidentFolds: {
    ...base,
    outline: { kind: 'polygon', points_in: combCorners() },
    holes: [boltCircle(60, 1, 0), boltCircle(50, 1, 1), boltCircle(40, 1, 2), boltCircle(70, 1, 3), boltCircle(80, 1, 4)],
    bends: Array.from({ length: 10 }, (_, k) => ({ start_in: [0, 5 + k * 1e-7] as [number, number], end_in: [118, 5 + k * 1e-7] as [number, number] })),
  },
  /** The comb with 500 holes and 10 folds fanning across the teeth, each crossing the others. */
  crossingFolds: {
    ...base,
    outline: { kind: 'polygon', points_in: combCorners() },
    holes: [boltCircle(60, 1, 0), boltCircle(50, 1, 1), boltCircle(40, 1, 2), boltCircle(70, 1, 3), boltCircle(80, 1, 4)],
    bends: Array.from({ length: 10 }, (_, k) => ({ start_in: [k * 10, 0] as [number, number], end_in: [120 - k * 10, 60] as [number, number] })),
  },
};

/** A quote of ten items, each one of the plates above (the costliest first). */
export function adversarialQuote(name: keyof typeof ADVERSARIAL_PLATES = 'everyCutoutOverlapping'): { items: PlateInput[] } {
  return { items: Array.from({ length: 10 }, () => ADVERSARIAL_PLATES[name]!) };
}

/**
 * Legal plates built to be costly: large overlapping bolt circles and grids, stacked singles, long
 * slots through each other, comb and star outlines, folds close together or crossing. For the
 * slow-input search of `pnpm fuzz` and the property tests of the output bounds.
 */
export function costlyPlate(): fc.Arbitrary<PlateInput> {
  const coordinate = fc.double({ min: 0, max: 120, noNaN: true });
  const outline = fc.oneof(
    fc.record({ kind: fc.constant('rectangle' as const), width_in: fc.double({ min: 0.5, max: 120, noNaN: true }), height_in: fc.double({ min: 0.5, max: 60, noNaN: true }) }),
    fc.constant({ kind: 'circle' as const, diameter_in: 120 }),
    fc.integer({ min: 1, max: 100 }).map((gap) => ({ kind: 'ring' as const, outer_diameter_in: 120, inner_diameter_in: 120 - gap })),
    fc.integer({ min: 3, max: 99 }).map((teeth) => {
      const corners: Array<[number, number]> = [
        [0, 0],
        [118, 0],
      ];
      for (let k = 0; k < 2 * teeth; k++) corners.push([118 - (118 * (k + 0.5)) / (2 * teeth), k % 2 === 1 ? 10 : 59]);
      return { kind: 'polygon' as const, points_in: corners };
    }),
    fc.integer({ min: 3, max: 100 }).map((spikes) => ({
      kind: 'polygon' as const,
      points_in: Array.from({ length: 2 * spikes }, (_, k): [number, number] => {
        const a = (Math.PI * k) / spikes;
        const r = k % 2 === 0 ? 29.9 : 3;
        return [30 + r * Math.cos(a), 30 + r * Math.sin(a)];
      }),
    })),
  );
  const diameter = fc.oneof(fc.double({ min: 0.01, max: 1, noNaN: true }), fc.double({ min: 1, max: 60, noNaN: true }));
  const pattern = fc.oneof(
    fc.record({ kind: fc.constant('bolt_circle' as const), center_x_in: coordinate, center_y_in: coordinate, count: fc.integer({ min: 2, max: 100 }), bolt_circle_diameter_in: fc.double({ min: 0.1, max: 120, noNaN: true }), diameter_in: diameter }),
    fc.record({ kind: fc.constant('grid' as const), center_x_in: coordinate, center_y_in: coordinate, columns: fc.integer({ min: 1, max: 50 }), rows: fc.integer({ min: 1, max: 10 }), x_spacing_in: fc.double({ min: 0.001, max: 5, noNaN: true }), y_spacing_in: fc.double({ min: 0.001, max: 5, noNaN: true }), diameter_in: diameter }),
    fc.record({ kind: fc.constant('linear' as const), start_x_in: coordinate, start_y_in: coordinate, count: fc.integer({ min: 1, max: 100 }), spacing_in: fc.double({ min: 0.001, max: 2, noNaN: true }), diameter_in: diameter, angle_deg: fc.double({ min: -360, max: 360, noNaN: true }) }),
    fc.record({ kind: fc.constant('single' as const), x_in: coordinate, y_in: coordinate, diameter_in: diameter }),
    fc.record({ kind: fc.constant('slot' as const), center_x_in: coordinate, center_y_in: coordinate, width_in: fc.double({ min: 0.01, max: 5, noNaN: true }), length_in: fc.double({ min: 5, max: 120, noNaN: true }), angle_deg: fc.double({ min: -360, max: 360, noNaN: true }) }),
  );
  const bend = fc.record({ start_in: fc.tuple(coordinate, coordinate), end_in: fc.tuple(coordinate, coordinate) }).filter((b) => b.start_in[0] !== b.end_in[0] || b.start_in[1] !== b.end_in[1]);
  const nearFolds = fc.tuple(coordinate, fc.integer({ min: 2, max: 10 }), fc.double({ min: 1e-9, max: 3, noNaN: true })).map(([y, n, step]) =>
    Array.from({ length: n }, (_, k) => ({ start_in: [0, Math.min(120, y + k * step)] as [number, number], end_in: [118, Math.min(120, y + k * step)] as [number, number] })),
  );
  return fc
    .record({
      outline,
      holes: fc.array(pattern, { maxLength: 200, size: 'max' }),
      bends: fc.oneof(fc.array(bend, { maxLength: 10, size: 'max' }), nearFolds),
      thickness_in: fc.constantFrom(0.0598, 0.1345, 0.25, 0.5, 1),
    })
    .map(({ outline: o, holes, bends, thickness_in }) => {
      // At most 500 cutouts: drop entries from the end until the count fits.
      const kept = [...holes];
      const count = () => kept.reduce((sum, p) => sum + (p.kind === 'bolt_circle' || p.kind === 'linear' ? p.count : p.kind === 'grid' ? p.columns * p.rows : 1), 0);
      while (count() > 500) kept.pop();
      return { ...base, thickness_in, outline: o, holes: kept, bends } as PlateInput;
    });
}
