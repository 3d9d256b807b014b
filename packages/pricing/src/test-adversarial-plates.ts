// The worst legal plates for the checks and the output: every cutout overlapping, every hole stray,
// a 200-corner comb with 500 cutouts, near-coincident folds. Shared by the tests, `pnpm bench` and the
// fuzzer's seeds; each is a legal request (it passes the contract) that a hostile caller could send.
import type { PlateItemInput } from '@shop/contracts';

type PlateInput = Extract<PlateItemInput, { kind: 'plate' }>;

const boltCircle = (diameter: number, hole: number, start: number) =>
  ({ kind: 'bolt_circle', center_x_in: 60, center_y_in: 60, count: 100, bolt_circle_diameter_in: diameter, diameter_in: hole, start_angle_deg: start }) as const;

/** A comb: a 118 in spine along the bottom and 99 teeth up to y = 59, 200 corners in all. */
export function combCorners(): Array<[number, number]> {
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
