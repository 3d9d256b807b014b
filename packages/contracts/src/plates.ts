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

/** Corners [x, y] of a closed polygon, 3 to `maxCorners` once a last point repeating the first is dropped. */
function cornerList(maxCorners: number, what: string) {
  return z
    .array(Point)
    .min(3)
    .max(maxCorners + 1)
    .describe(
      `${what} [x, y] in inches (each 0 to ${L}), 3 to ${maxCorners} of them in either winding; a last corner repeating the first is dropped (so up to ${maxCorners + 1} points). Edges must not cross.`,
    );
}

/** A polygon by its corners, checked for the corner count once a closing point is dropped, and without it. */
function polygonOf(kind: ReturnType<typeof kindOf<'polygon'>>, maxCorners: number, what: string) {
  return z
    .object({ kind, points_in: cornerList(maxCorners, what) })
    .strict()
    .superRefine((polygon, ctx) => {
      const corners = dropClosingPoint(polygon.points_in).length;
      if (corners < 3 || corners > maxCorners) {
        ctx.addIssue({
          code: 'custom',
          path: ['points_in'],
          message: `has ${corners} corners once a last corner repeating the first is dropped; send 3 to ${maxCorners}`,
        });
      }
    })
    .transform((polygon) => ({ ...polygon, points_in: dropClosingPoint(polygon.points_in) }));
}

const outlinePolygonKind = kindOf('polygon', 'any outline given by its corners');
const cutoutPolygonKind = kindOf('polygon', 'a cut-out of any shape given by its corners');

export const PolygonOutline = polygonOf(outlinePolygonKind, BOUNDS.polygonCorners, 'Corners').meta({
  id: 'PolygonOutline',
  description: 'A polygon by its corners, in the same frame as the holes and bends.',
});

/** An imported part's outline: arcs flattened, so up to the import's vertex limit. Reached only through `import_id`. */
const ImportedPolygonOutline = polygonOf(outlinePolygonKind, BOUNDS.importVertices, 'Corners');

export const Cutout = polygonOf(cutoutPolygonKind, BOUNDS.polygonCorners, 'Corners of the cut-out').meta({
  id: 'Cutout',
  description: 'A hole of any shape, cut out of the part: a closed polygon inside the outline, in its frame, with material all round it.',
});
export type Cutout = z.infer<typeof Cutout>;

const ImportedCutout = polygonOf(cutoutPolygonKind, BOUNDS.importVertices, 'Corners of the cut-out');

export const Outline = z
  .discriminatedUnion('kind', [RectangleOutline, CircleOutline, RingOutline, PolygonOutline])
  .meta({ id: 'Outline', description: 'The outside of the part: rectangle, circle, ring or polygon (chosen by kind).' });
export type Outline = z.infer<typeof Outline>;

/** The outline of a part as priced: a typed one, or an imported polygon of up to the import's vertex limit. */
const PartOutline = z.discriminatedUnion('kind', [RectangleOutline, CircleOutline, RingOutline, ImportedPolygonOutline]);

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

const material = MaterialId.describe('Material id, as listed by list_materials or GET /materials.');
const thickness = z
  .number()
  .gt(0)
  .lte(BOUNDS.thicknessIn)
  .describe("Inches: exactly one of the material's listed thicknesses (list_materials or GET /materials).");
const holeList = z
  .array(HolePattern)
  .max(BOUNDS.holeEntries)
  .describe(`At most ${BOUNDS.holeEntries} entries and ${BOUNDS.cutouts} cutouts in all, counting every hole of a pattern and every cut-out.`);
const cutoutList = <T extends z.ZodType>(cutout: T) =>
  z
    .array(cutout)
    .max(BOUNDS.cutoutShapes)
    .describe(`Cut-outs of any shape, at most ${BOUNDS.cutoutShapes}; each counts as one of the ${BOUNDS.cutouts} cutouts.`);
const bendList = z.array(Bend).max(BOUNDS.bends).default([]).describe(`Folds, at most ${BOUNDS.bends}; none for a flat part.`);
const quantity = z.int().min(1).max(BOUNDS.plateQuantity).default(1).describe(`Pieces: 1 to ${BOUNDS.plateQuantity}, default 1. The plate is priced as one job at this quantity.`);
const quantityOptions = z
  .array(z.int().min(1).max(BOUNDS.plateQuantity))
  .max(BOUNDS.quantityOptions)
  .default([])
  .describe(`Up to ${BOUNDS.quantityOptions} other quantities (each 1 to ${BOUNDS.plateQuantity}) to price beside \`quantity\`.`);

export const IMPORT_ID_PATTERN = /^pi_[0-9A-Za-z]{1,61}$/;

/** Every cutout a plate makes: each hole of a pattern, each slot, each cut-out. */
function checkCutoutCount(plate: { holes?: readonly HolePattern[]; cutouts?: readonly unknown[] }, ctx: z.RefinementCtx): void {
  const cutouts = countCutouts(plate.holes ?? []) + (plate.cutouts?.length ?? 0);
  if (cutouts > MAX_CUTOUTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['holes'],
      message: `make ${cutouts} cutouts in all; a plate may have at most ${MAX_CUTOUTS}, counting every hole of a pattern and every cut-out`,
    });
  }
}

/**
 * A plate item as a request sends it: its outline, holes and cut-outs typed, or the `import_id` of a
 * drawing imported with POST /plate-imports (or import_dxf) in their place.
 */
export const PlateItemRequest = z
  .object({
    kind: z.literal('plate'),
    material,
    thickness_in: thickness,
    outline: Outline.optional().describe('The outside of the part: rectangle, circle, ring or polygon (chosen by kind). Required unless import_id is given.'),
    holes: holeList.optional(),
    cutouts: cutoutList(Cutout).optional(),
    import_id: z
      .string()
      .regex(IMPORT_ID_PATTERN, 'must be the id of a plate import (pi_...)')
      .optional()
      .describe('The id (pi_...) of a drawing imported with POST /plate-imports or the import_dxf tool: its outline, holes and cut-outs stand in for outline, holes and cutouts, which are then left out; bends sent here replace the imported ones.'),
    bends: z.array(Bend).max(BOUNDS.bends).optional().describe(`Folds, at most ${BOUNDS.bends}; none for a flat part. With import_id, the imported bends unless given.`),
    quantity,
    quantity_options: quantityOptions,
    label: Label,
  })
  .strict()
  .superRefine((plate, ctx) => {
    if (plate.import_id !== undefined) {
      const typed = (['outline', 'holes', 'cutouts'] as const).filter((field) => plate[field] !== undefined);
      if (typed.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['import_id'],
          message: `cannot be sent with ${typed.join(', ')}: the import holds the outline, holes and cut-outs; send import_id or them, not both`,
        });
      }
    } else if (plate.outline === undefined) {
      ctx.addIssue({ code: 'custom', path: ['outline'], message: 'is required unless import_id is given' });
    }
    checkCutoutCount(plate, ctx);
  })
  .meta({ id: 'PlateItem',
    // The rule of the refinement above, for a client reading the schema: the part's shape is given
    // either by outline (with holes and cutouts) or by import_id alone, never both and never neither.
    // (Each branch names the fields it requires; their schemas are the object's own, above.)
    oneOf: [
      { title: 'Typed shape', properties: { outline: {} }, required: ['outline'] },
      {
        title: 'Imported drawing',
        properties: { import_id: {} },
        required: ['import_id'],
        not: { anyOf: [{ properties: { holes: {} }, required: ['holes'] }, { properties: { cutouts: {} }, required: ['cutouts'] }] },
      },
    ],
    example: {
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.25,
      outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5, rotation_deg: 0 }],
      bends: [{ start_in: [0, 2], end_in: [6, 2], angle_deg: 90, direction: 'up' }],
      quantity: 10,
      quantity_options: [25, 100],
      label: 'Base plate',
    },
  });
export type PlateItemRequest = z.infer<typeof PlateItemRequest>;

/**
 * A plate part as it is priced and drawn: every shape in place (an import resolved into its outline,
 * holes and cut-outs, which may then hold up to the import's vertex limit).
 */
export const PlateItem = z
  .object({
    kind: z.literal('plate'),
    material,
    thickness_in: thickness,
    outline: PartOutline,
    holes: holeList.default([]),
    cutouts: cutoutList(ImportedCutout).default([]),
    bends: bendList,
    quantity,
    quantity_options: quantityOptions,
    label: Label,
  })
  .strict()
  .superRefine(checkCutoutCount);
export type PlateItem = z.infer<typeof PlateItem>;
export type PlateItemInput = z.input<typeof PlateItem>;

/**
 * The plate part of a request item whose shapes are all typed (no import_id): what pricing takes.
 * Throws when the item still names an import, which the service resolves first.
 */
export function typedPlate(item: PlateItemRequest): PlateItem {
  if (item.import_id !== undefined || item.outline === undefined) {
    throw new Error(`A plate item naming an import (${item.import_id ?? 'no outline'}) must be resolved into its shapes before pricing.`);
  }
  // Copied key by key into one object: a rest pattern and a spread (`{ outline, ...rest } = item`,
  // `{ ...rest, outline }`) each took V8's slow path, some 10 us a plate on every quote. The same
  // keys in the same order.
  const plate: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    if (!SHAPE_KEYS.has(key)) plate[key] = item[key as keyof PlateItemRequest];
  }
  plate.outline = item.outline;
  plate.holes = item.holes ?? [];
  plate.cutouts = item.cutouts ?? [];
  plate.bends = item.bends ?? [];
  return plate as PlateItem;
}

/** The keys typedPlate sets itself (or drops: import_id). */
const SHAPE_KEYS: ReadonlySet<string> = new Set(['import_id', 'outline', 'holes', 'cutouts', 'bends']);

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
