// A plate part: its outline, hole patterns and bends, in inches, +x right and +y up.
import { angleDeg, coordinate, Label, positiveInches } from './common';
import { MaterialId } from './materials';
import { z } from './zod';
import { BOUNDS } from './bounds';

export const MAX_CUTOUTS = BOUNDS.cutouts;
export const MIN_RING_WALL_IN = BOUNDS.ringWallIn;

const L = BOUNDS.lengthIn;
/** A length of the part: inches, > 0 and at most 120, saying what it measures. */
const length = (what: string) => positiveInches(L).describe(`${what}, in inches: > 0 and at most ${L}.`);
/** A coordinate in the outline frame: inches, 0 to 120 from the origin, saying what it places. */
const at = (what: string) => coordinate.describe(`${what}, in inches from the origin: 0 to ${L}.`);
/** An angle in degrees, -360 to 360, default 0, saying what it turns. */
const turn = (what: string) => angleDeg.describe(`${what}, in degrees: -${BOUNDS.angleDeg} to ${BOUNDS.angleDeg}, default 0.`);
/** The `kind` tag of one shape of a union. */
const kindOf = <K extends string>(kind: K, meaning: string) => z.literal(kind).describe(`"${kind}": ${meaning}.`);

const Point = z
  .tuple([coordinate, coordinate])
  .meta({ id: 'Point', minItems: 2, maxItems: 2, description: `[x, y] in inches from the origin, each 0 to ${L}.` });
export type Point = z.infer<typeof Point>;

export const RectangleOutline = z
  .object({
    kind: kindOf('rectangle', 'a rectangle with its lower-left corner on the origin'),
    width_in: length('Width along x'),
    height_in: length('Height along y'),
  })
  .strict()
  .meta({ id: 'RectangleOutline', description: 'A rectangle, lower-left corner on the origin.' });

export const CircleOutline = z
  .object({ kind: kindOf('circle', 'a round disc'), diameter_in: length('Diameter') })
  .strict()
  .meta({ id: 'CircleOutline', description: 'A round disc; its centre is at (d/2, d/2), so its bounding box sits on the origin.' });

export const RingOutline = z
  .object({
    kind: kindOf('ring', 'a washer: a disc with a round bore on the same centre'),
    outer_diameter_in: length('Outside diameter'),
    inner_diameter_in: length(`Bore diameter; at most outer_diameter_in - ${2 * BOUNDS.ringWallIn} (a wall of at least 1/8 in)`),
  })
  .strict()
  .superRefine((ring, ctx) => {
    const wall = (ring.outer_diameter_in - ring.inner_diameter_in) / 2;
    if (wall < MIN_RING_WALL_IN) {
      ctx.addIssue({
        code: 'custom',
        path: ['inner_diameter_in'],
        message: `leaves a wall of ${round4(wall)} in; the wall (half the difference of the diameters) must be at least 1/8 in, so inner_diameter_in must be at most ${round4(ring.outer_diameter_in - 2 * MIN_RING_WALL_IN)}`,
      });
    }
  })
  .meta({ id: 'RingOutline', description: 'Outer and inner circles on the same centre, (outer/2, outer/2); wall at least 1/8 in.' });

export const PolygonOutline = z
  .object({
    kind: kindOf('polygon', 'any outline given by its corners'),
    points_in: z
      .array(Point)
      .min(3)
      .max(BOUNDS.polygonCorners + 1)
      .describe(
        `Corners [x, y] in inches (each 0 to ${L}), 3 to ${BOUNDS.polygonCorners} of them in either winding; a last corner repeating the first is dropped (so up to ${BOUNDS.polygonCorners + 1} points). Edges must not cross.`,
      ),
  })
  .strict()
  .superRefine((polygon, ctx) => {
    const corners = dropClosingPoint(polygon.points_in).length;
    if (corners < 3 || corners > BOUNDS.polygonCorners) {
      ctx.addIssue({
        code: 'custom',
        path: ['points_in'],
        message: `has ${corners} corners once a last corner repeating the first is dropped; send 3 to ${BOUNDS.polygonCorners}`,
      });
    }
  })
  .transform((polygon) => ({ ...polygon, points_in: dropClosingPoint(polygon.points_in) }))
  .meta({ id: 'PolygonOutline', description: 'A polygon by its corners, in the same frame as the holes and bends.' });

export const Outline = z
  .discriminatedUnion('kind', [RectangleOutline, CircleOutline, RingOutline, PolygonOutline])
  .meta({ id: 'Outline', description: 'The outside of the part: rectangle, circle, ring or polygon (chosen by kind).' });
export type Outline = z.infer<typeof Outline>;

const holeDiameter = length('Hole diameter');

export const SingleHole = z
  .object({
    kind: kindOf('single', 'one round hole'),
    x_in: at('x of the centre'),
    y_in: at('y of the centre'),
    diameter_in: holeDiameter,
  })
  .strict()
  .meta({ id: 'SingleHole', description: 'One hole centred at (x_in, y_in).' });

export const LinearHoles = z
  .object({
    kind: kindOf('linear', 'a row of equal holes'),
    start_x_in: at('x of the first hole\'s centre'),
    start_y_in: at('y of the first hole\'s centre'),
    count: z.int().min(1).max(BOUNDS.patternCount).describe(`Holes in the row: 1 to ${BOUNDS.patternCount}.`),
    spacing_in: length('Centre-to-centre distance between neighbours'),
    diameter_in: holeDiameter,
    angle_deg: turn('Direction of the row, counter-clockwise from +x (0 runs right, 90 runs up)'),
  })
  .strict()
  .meta({ id: 'LinearHoles', description: 'First hole at the start; each next is spacing_in further along angle_deg.' });

export const GridHoles = z
  .object({
    kind: kindOf('grid', 'holes in columns and rows'),
    center_x_in: at('x of the centre of the grid'),
    center_y_in: at('y of the centre of the grid'),
    columns: z.int().min(1).max(BOUNDS.gridColumns).describe(`Columns across: 1 to ${BOUNDS.gridColumns}.`),
    rows: z.int().min(1).max(BOUNDS.gridRows).describe(`Rows up: 1 to ${BOUNDS.gridRows}.`),
    x_spacing_in: length('Centre-to-centre distance between columns'),
    y_spacing_in: length('Centre-to-centre distance between rows'),
    diameter_in: holeDiameter,
    rotation_deg: turn('Turn of the whole grid about its centre, counter-clockwise'),
  })
  .strict()
  .meta({ id: 'GridHoles', description: 'Columns across, rows up, centred on the centre, spacings centre to centre.' });

export const BoltCircle = z
  .object({
    kind: kindOf('bolt_circle', 'holes evenly spaced on a circle'),
    center_x_in: at('x of the centre of the circle'),
    center_y_in: at('y of the centre of the circle'),
    count: z.int().min(2).max(BOUNDS.patternCount).describe(`Holes on the circle: 2 to ${BOUNDS.patternCount}.`),
    bolt_circle_diameter_in: length('Diameter of the circle through the hole centres'),
    diameter_in: holeDiameter,
    start_angle_deg: turn('Where the first hole sits, counter-clockwise from +x'),
  })
  .strict()
  .meta({ id: 'BoltCircle', description: 'Holes evenly spaced on the circle.' });

export const Slot = z
  .object({
    kind: kindOf('slot', 'a round-ended slot'),
    center_x_in: at('x of the middle of the slot'),
    center_y_in: at('y of the middle of the slot'),
    width_in: length('Width across, which is also the diameter of its round ends; at most length_in'),
    length_in: length('Length tip to tip along the long axis (round ends included); at least width_in'),
    angle_deg: turn('Direction of the long axis, counter-clockwise from +x (0 runs along x)'),
  })
  .strict()
  .superRefine((slot, ctx) => {
    if (slot.width_in > slot.length_in) {
      ctx.addIssue({
        code: 'custom',
        path: ['width_in'],
        message: `(${slot.width_in}) is more than length_in (${slot.length_in}): a slot's length is tip to tip along its long axis, so it is at least its width. Swap the two and turn the slot with angle_deg (add 90) if the long axis runs the other way`,
      });
    }
  })
  .meta({ id: 'Slot', description: 'Round-ended slot; width_in at most length_in. Counts as one cutout.' });

export const HolePattern = z
  .discriminatedUnion('kind', [SingleHole, LinearHoles, GridHoles, BoltCircle, Slot])
  .meta({ id: 'HolePattern', description: 'A hole, a pattern of holes or a slot (chosen by kind), in the outline\'s frame; every hole must lie inside the outline.' });
export type HolePattern = z.infer<typeof HolePattern>;

export const Bend = z
  .object({
    start_in: Point.describe(`A point on the fold line, [x, y] in inches from the origin, each 0 to ${L}.`),
    end_in: Point.describe(`Another point on the fold line, [x, y] in inches from the origin, each 0 to ${L}; not start_in.`),
    angle_deg: z.number().gt(0).lte(180).default(90).describe('How far the flange turns, in degrees: > 0 and at most 180, default 90.'),
    direction: z
      .enum(['up', 'down'])
      .default('up')
      .describe('up = mountain fold seen from above, down = valley fold; default up. Does not change the price.'),
  })
  .strict()
  .superRefine((bend, ctx) => {
    if (bend.start_in[0] === bend.end_in[0] && bend.start_in[1] === bend.end_in[1]) {
      ctx.addIssue({ code: 'custom', path: ['end_in'], message: 'must differ from start_in: two points set the fold line' });
    }
  })
  .meta({ id: 'Bend', description: 'A straight fold across the whole part, on the infinite line through start_in and end_in.' });
export type Bend = z.infer<typeof Bend>;

export const PlateItem = z
  .object({
    kind: z.literal('plate'),
    material: MaterialId.describe('Material id, as listed by list_materials or GET /materials.'),
    thickness_in: z
      .number()
      .gt(0)
      .lte(BOUNDS.thicknessIn)
      .describe("Inches: exactly one of the material's listed thicknesses (list_materials or GET /materials)."),
    outline: Outline,
    holes: z
      .array(HolePattern)
      .max(BOUNDS.holeEntries)
      .default([])
      .describe(`At most ${BOUNDS.holeEntries} entries and ${BOUNDS.cutouts} cutouts in all, counting every hole of a pattern.`),
    bends: z.array(Bend).max(BOUNDS.bends).default([]).describe(`Folds, at most ${BOUNDS.bends}; none for a flat part.`),
    quantity: z.int().min(1).max(BOUNDS.plateQuantity).default(1).describe(`Pieces: 1 to ${BOUNDS.plateQuantity}, default 1. The plate is priced as one job at this quantity.`),
    quantity_options: z
      .array(z.int().min(1).max(BOUNDS.plateQuantity))
      .max(BOUNDS.quantityOptions)
      .default([])
      .describe(`Up to ${BOUNDS.quantityOptions} other quantities (each 1 to ${BOUNDS.plateQuantity}) to price beside \`quantity\`.`),
    label: Label,
  })
  .strict()
  .superRefine((plate, ctx) => {
    const cutouts = countCutouts(plate.holes);
    if (cutouts > MAX_CUTOUTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['holes'],
        message: `make ${cutouts} cutouts in all; a plate may have at most ${MAX_CUTOUTS}, counting every hole of a pattern`,
      });
    }
  })
  .meta({ id: 'PlateItem',
    example: {
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.25,
      outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5, rotation_deg: 0 }],
      bends: [],
      quantity: 10,
      quantity_options: [25, 100],
      label: 'Base plate',
    },
  });
export type PlateItem = z.infer<typeof PlateItem>;
export type PlateItemInput = z.input<typeof PlateItem>;

/** Cutouts a pattern makes: every hole of a pattern counts, a slot counts once. */
export function countPatternCutouts(pattern: { kind: string; count?: number; columns?: number; rows?: number }): number {
  switch (pattern.kind) {
    case 'linear':
    case 'bolt_circle':
      return pattern.count ?? 0;
    case 'grid':
      return (pattern.columns ?? 0) * (pattern.rows ?? 0);
    default:
      return 1;
  }
}

export function countCutouts(holes: readonly HolePattern[]): number {
  let total = 0;
  for (const pattern of holes) total += countPatternCutouts(pattern);
  return total;
}

function dropClosingPoint(points: readonly Point[]): Point[] {
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) return points.slice(0, -1);
  return points.slice();
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
