// Thirteen reference parts: the README's and docs/pricing.md's table prices them at 1, 10 and 100
// pieces, and a new price book's diff prices them before and after. The one list of them.
import type { PlateItemInput } from '@shop/contracts';

/** A part the shop prices to show where its prices stand, and what makes up its price. */
export interface ReferencePart {
  name: string;
  part: Omit<PlateItemInput, 'kind' | 'quantity' | 'quantity_options'>;
  /** What makes up the price. */
  comparison: string;
}

const ms = 'mild_steel' as const;

/** A small bracket, about 2 x 3 in with one hole in 10 ga mild steel: one piece stays well under CAD 25. */
export const SMALL_BRACKET = {
  material: ms,
  thickness_in: 0.1345,
  outline: { kind: 'rectangle', width_in: 3, height_in: 2 },
  holes: [{ kind: 'single', x_in: 1.5, y_in: 1, diameter_in: 0.3125 }],
} satisfies ReferencePart['part'];

export const REFERENCE_PARTS: readonly ReferencePart[] = [
  {
    name: 'Small bracket 3 x 2 in, 10 ga mild steel, 1 hole',
    part: SMALL_BRACKET,
    comparison: 'One piece is the 26.00 minimum (programming, 16.00, the batch and its work come to 19.87); by 100 pieces the job is 0.17 a piece, and the sheet (0.75), two contours (0.58) and one tumbler load shared (0.17) are most of each.',
  },
  {
    name: '58 mm disc, 12 ga (2.66 mm) mild steel',
    part: { material: ms, thickness_in: 0.1046, outline: { kind: 'circle', diameter_in: 2.2835 } },
    comparison: 'Two to 22 pieces share the 50.00 item minimum; the work passes it from 23. One contour (0.29) and 0.1 lb of sheet (0.52) a piece, counted in bulk and tumbled as a lot.',
  },
  {
    name: 'Washer 2 in OD x 13/16 in bore, 10 ga mild steel',
    part: { material: ms, thickness_in: 0.1345, outline: { kind: 'ring', outer_diameter_in: 2, inner_diameter_in: 0.8125 } },
    comparison: 'Like the disc, with a second contour, the bore (0.29 of laser time and labour), a piece.',
  },
  {
    name: 'Clip 3 x 1.5 in, 16 ga mild steel, 1 hole, 1 bend',
    part: {
      material: ms,
      thickness_in: 0.0598,
      outline: { kind: 'rectangle', width_in: 3, height_in: 1.5 },
      holes: [{ kind: 'single', x_in: 0.75, y_in: 0.75, diameter_in: 0.25 }],
      bends: [{ start_in: [1.5, 0], end_in: [1.5, 1.5] }],
    },
    comparison: 'One piece is programming (16.00) and the brake set-up (20.00) with a few dollars of work; the bend runs 10 s (0.33) a piece, and the clip is tumbled with its lot.',
  },
  {
    name: 'Bracket 6 x 4 in, 1/4 in mild steel, 4 holes, 1 bend',
    part: {
      material: ms,
      thickness_in: 0.25,
      outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
      bends: [{ start_in: [3, 0], end_in: [3, 4] }],
    },
    comparison: 'Set-ups (16.00 + 20.00) are spread over the job; a piece is its share of a 48 x 96 in sheet (5.90), deburring its edge by hand (2.95), three lifts (2.25), five contours (1.60) and the bend (1.50).',
  },
  {
    name: 'Base plate 4 x 4 in, 3/8 in mild steel, 4 x 9/16 in holes',
    part: {
      material: ms,
      thickness_in: 0.375,
      outline: { kind: 'rectangle', width_in: 4, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 2, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 2.5, y_spacing_in: 2.5, diameter_in: 0.5625 }],
    },
    comparison: 'Its steel (6.03) leads each piece, then deburring 3/8 in edges by hand (3.61), its lifts (2.25) and five contours with 1.9 s pierces (1.79); 3/8 in is past the tumbler.',
  },
  {
    name: 'Column base 12 x 12 in, 1/2 in mild steel, 4 x 13/16 in holes',
    part: {
      material: ms,
      thickness_in: 0.5,
      outline: { kind: 'rectangle', width_in: 12, height_in: 12 },
      holes: [{ kind: 'grid', center_x_in: 6, center_y_in: 6, columns: 2, rows: 2, x_spacing_in: 9, y_spacing_in: 9, diameter_in: 0.8125 }],
    },
    comparison: 'Material leads: 44 go on a 60 x 144 in sheet, each taking 27.8 lb at 2.98/lb (82.95); deburring 1/2 in edges (11.68) and cutting at 44 in/min (3.95) follow.',
  },
  {
    name: 'Gusset triangle 12 x 12 in, 3/8 in mild steel',
    part: { material: ms, thickness_in: 0.375, outline: { kind: 'polygon', points_in: [[0, 0], [12, 0], [0, 12]] } },
    comparison: 'High for its weight: nested on its 12 x 12 in bounding box, twice its net area (62.21 of steel a piece). Two gussets quoted as one square part cost about half as much (true-shape nesting would do it for them).',
  },
  {
    name: 'Sheet panel 48 x 24 in, 10 ga mild steel, 20 holes, 2 bends',
    part: {
      material: ms,
      thickness_in: 0.1345,
      outline: { kind: 'rectangle', width_in: 48, height_in: 24 },
      holes: [{ kind: 'grid', center_x_in: 24, center_y_in: 12, columns: 5, rows: 4, x_spacing_in: 10, y_spacing_in: 4, diameter_in: 0.375 }],
      bends: [
        { start_in: [0, 2], end_in: [48, 2] },
        { start_in: [0, 22], end_in: [48, 22] },
      ],
    },
    comparison: 'A large part: 5 go on a 60 x 144 in sheet, each taking 65.9 lb (171.45); deburring (11.94), 21 contours (6.13), its lifts (3.75, one worker at 43.9 lb) and two brake set-ups.',
  },
  {
    name: 'Flange ring 10 in OD x 4 in bore, 3/16 in 304, 6 holes',
    part: {
      material: 'stainless_304',
      thickness_in: 0.1875,
      outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 },
      holes: [{ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 6, bolt_circle_diameter_in: 7, diameter_in: 0.5 }],
    },
    comparison: 'Stainless sold at 6.36/lb: 36 rings to a 48 x 96 in sheet, 44.09 of steel each; deburring by hand (4.81), eight contours (2.44) and its lifts (2.32).',
  },
  {
    name: 'Cover 24 x 12 in, 14 ga 304 stainless, 2 bends',
    part: {
      material: 'stainless_304',
      thickness_in: 0.0781,
      outline: { kind: 'rectangle', width_in: 24, height_in: 12 },
      bends: [
        { start_in: [0, 1], end_in: [24, 1] },
        { start_in: [0, 11], end_in: [24, 11] },
      ],
    },
    comparison: 'Set-ups (16.00 + 2 x 20.00) are most of one piece; from 10 pieces the stainless sheet leads (56.35 each, 22 to a 60 x 144 in sheet).',
  },
  {
    name: 'Flange 6 in OD x 2.5 in bore, 1/4 in 316, 4 holes',
    part: {
      material: 'stainless_316',
      thickness_in: 0.25,
      outline: { kind: 'ring', outer_diameter_in: 6, inner_diameter_in: 2.5 },
      holes: [{ kind: 'bolt_circle', center_x_in: 3, center_y_in: 3, count: 4, bolt_circle_diameter_in: 4.75, diameter_in: 0.625 }],
    },
    comparison: '316 sold at 9.38/lb, the dearest per pound in the table: 28.52 of it each, 171 to a 60 x 120 in sheet (316 is not stocked at 60 x 144).',
  },
  {
    name: 'Plate 8 x 5 in, 1/8 in 6061 aluminum, 4 holes and a slot',
    part: {
      material: 'aluminum_6061',
      thickness_in: 0.125,
      outline: { kind: 'rectangle', width_in: 8, height_in: 5 },
      holes: [
        { kind: 'grid', center_x_in: 4, center_y_in: 2.5, columns: 2, rows: 2, x_spacing_in: 7, y_spacing_in: 4, diameter_in: 0.25 },
        { kind: 'slot', center_x_in: 4, center_y_in: 2.5, width_in: 0.5, length_in: 2 },
      ],
    },
    comparison: 'Aluminum sold at 8.69/lb but light (4.84 of sheet a piece); deburring by hand (2.29), its lifts (2.21) and six contours (1.74) are most of a piece.',
  },
];
