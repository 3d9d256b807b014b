// A plate part: its outline, hole patterns and bends, in inches, +x right and +y up.
import { angleDeg, coordinate, Label, positiveInches } from './common';
import { MaterialId } from './materials';
import { z } from './zod';
import { BOUNDS } from './bounds';

export const MAX_CUTOUTS = BOUNDS.cutouts;
export const MIN_RING_WALL_IN = BOUNDS.ringWallIn;

const dimension = positiveInches(BOUNDS.lengthIn);
const Point = z
  .tuple([coordinate, coordinate])
  .openapi('Point', { description: `[x, y] in inches, each 0 to ${BOUNDS.lengthIn}.`, minItems: 2, maxItems: 2 });
export type Point = z.infer<typeof Point>;

export const RectangleOutline = z
  .object({ kind: z.literal('rectangle'), width_in: dimension, height_in: dimension })
  .strict()
  .openapi('RectangleOutline', { description: 'Lower-left corner on the origin.' });

export const CircleOutline = z
  .object({ kind: z.literal('circle'), diameter_in: dimension })
  .strict()
  .openapi('CircleOutline', { description: 'Centre at (d/2, d/2).' });

export const RingOutline = z
  .object({ kind: z.literal('ring'), outer_diameter_in: dimension, inner_diameter_in: dimension })
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
  .openapi('RingOutline', { description: 'Outer and inner circles on the same centre; wall at least 1/8 in.' });

export const PolygonOutline = z
  .object({
    kind: z.literal('polygon'),
    points_in: z
      .array(Point)
      .min(3)
      .max(BOUNDS.polygonCorners + 1)
      .openapi({ description: '3 to 200 corners in either winding; a last corner repeating the first is dropped.' }),
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
  .openapi('PolygonOutline');

export const Outline = z
  .discriminatedUnion('kind', [RectangleOutline, CircleOutline, RingOutline, PolygonOutline])
  .openapi('Outline');
export type Outline = z.infer<typeof Outline>;

const holeDiameter = dimension.openapi({ description: 'Hole diameter in inches, > 0 and at most 120.' });

export const SingleHole = z
  .object({ kind: z.literal('single'), x_in: coordinate, y_in: coordinate, diameter_in: holeDiameter })
  .strict()
  .openapi('SingleHole', { description: 'One hole centred at (x_in, y_in).' });

export const LinearHoles = z
  .object({
    kind: z.literal('linear'),
    start_x_in: coordinate,
    start_y_in: coordinate,
    count: z.int().min(1).max(BOUNDS.patternCount),
    spacing_in: dimension,
    diameter_in: holeDiameter,
    angle_deg: angleDeg.openapi({ description: 'Direction of the row: 0 runs right, 90 runs up.' }),
  })
  .strict()
  .openapi('LinearHoles', { description: 'First hole at the start; each next is spacing_in further along angle_deg.' });

export const GridHoles = z
  .object({
    kind: z.literal('grid'),
    center_x_in: coordinate,
    center_y_in: coordinate,
    columns: z.int().min(1).max(BOUNDS.gridColumns),
    rows: z.int().min(1).max(BOUNDS.gridRows),
    x_spacing_in: dimension,
    y_spacing_in: dimension,
    diameter_in: holeDiameter,
    rotation_deg: angleDeg.openapi({ description: 'Counter-clockwise about the centre.' }),
  })
  .strict()
  .openapi('GridHoles', { description: 'Columns across, rows up, centred on the centre, spacings centre to centre.' });

export const BoltCircle = z
  .object({
    kind: z.literal('bolt_circle'),
    center_x_in: coordinate,
    center_y_in: coordinate,
    count: z.int().min(2).max(BOUNDS.patternCount),
    bolt_circle_diameter_in: dimension,
    diameter_in: holeDiameter,
    start_angle_deg: angleDeg.openapi({ description: 'The first hole, counter-clockwise from +x.' }),
  })
  .strict()
  .openapi('BoltCircle', { description: 'Holes evenly spaced on the circle.' });

export const Slot = z
  .object({
    kind: z.literal('slot'),
    center_x_in: coordinate,
    center_y_in: coordinate,
    width_in: dimension,
    length_in: dimension.openapi({ description: 'Tip to tip.' }),
    angle_deg: angleDeg.openapi({ description: 'Long axis, counter-clockwise from +x.' }),
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
  .openapi('Slot', { description: 'Round-ended slot; width_in at most length_in.' });

export const HolePattern = z
  .discriminatedUnion('kind', [SingleHole, LinearHoles, GridHoles, BoltCircle, Slot])
  .openapi('HolePattern');
export type HolePattern = z.infer<typeof HolePattern>;

export const Bend = z
  .object({
    start_in: Point.openapi({ description: 'A point on the fold line.' }),
    end_in: Point.openapi({ description: 'Another point on the fold line.' }),
    angle_deg: z.number().gt(0).lte(180).default(90),
    direction: z
      .enum(['up', 'down'])
      .default('up')
      .openapi({ description: 'up = mountain fold seen from above, down = valley fold. Does not change the price.' }),
  })
  .strict()
  .superRefine((bend, ctx) => {
    if (bend.start_in[0] === bend.end_in[0] && bend.start_in[1] === bend.end_in[1]) {
      ctx.addIssue({ code: 'custom', path: ['end_in'], message: 'must differ from start_in: two points set the fold line' });
    }
  })
  .openapi('Bend', { description: 'A straight fold across the whole part.' });
export type Bend = z.infer<typeof Bend>;

export const PlateItem = z
  .object({
    kind: z.literal('plate'),
    material: MaterialId,
    thickness_in: z
      .number()
      .gt(0)
      .lte(BOUNDS.thicknessIn)
      .openapi({ description: "One of the material's listed thicknesses, exactly." }),
    outline: Outline,
    holes: z
      .array(HolePattern)
      .max(BOUNDS.holeEntries)
      .default([])
      .openapi({ description: `At most ${BOUNDS.holeEntries} entries and ${BOUNDS.cutouts} cutouts in all, counting every hole of a pattern.` }),
    bends: z.array(Bend).max(BOUNDS.bends).default([]),
    quantity: z.int().min(1).max(BOUNDS.plateQuantity).default(1),
    quantity_options: z
      .array(z.int().min(1).max(BOUNDS.plateQuantity))
      .max(BOUNDS.quantityOptions)
      .default([])
      .openapi({ description: 'Other quantities to price beside `quantity`.' }),
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
  .openapi('PlateItem', {
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
