// A dozen reference parts priced at 1, 10 and 100 pieces: the table in README.md is rendered from
// these, and a test keeps the two in step.
import { createCatalog } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import { pricePlateItem } from './price-plate';

interface ReferencePart {
  name: string;
  part: Omit<PlateItemInput, 'kind' | 'quantity' | 'quantity_options'>;
  /** How the figures compare with the peer price points. */
  comparison: string;
}

const ms = 'mild_steel' as const;

const REFERENCE_PARTS: readonly ReferencePart[] = [
  {
    name: '58 mm disc, 12 ga (2.66 mm) mild steel',
    part: { material: ms, thickness_in: 0.1046, outline: { kind: 'circle', diameter_in: 2.2835 } },
    comparison: 'Peer: USD 12-18 (CAD 16-25) each at 2 pieces; here CAD 17.50 each at 2 (the item minimum).',
  },
  {
    name: 'Washer 2 in OD x 13/16 in bore, 10 ga mild steel',
    part: { material: ms, thickness_in: 0.1345, outline: { kind: 'ring', outer_diameter_in: 2, inner_diameter_in: 0.8125 } },
    comparison: 'Like the disc: the minimum sets one piece; by 100 pieces the CAD 30 set-up is 0.30 of each price.',
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
    comparison: 'Peer bending: USD 19-29 (CAD 26-40) minimum plus a few dollars a part. Here one piece is CAD 51.24 (30.00 set-up + 20.00 brake set-up), above the peer; from 10 pieces in line.',
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
    comparison: 'Peer bending figures put 10 pieces near CAD 70-110 in all before cutting and material; here CAD 106.55 with everything: in line. Set-up is spread over the job, never charged per piece.',
  },
  {
    name: 'Base plate 4 x 4 in, 3/8 in mild steel, 4 x 9/16 in holes',
    part: {
      material: ms,
      thickness_in: 0.375,
      outline: { kind: 'rectangle', width_in: 4, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 2, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 2.5, y_spacing_in: 2.5, diameter_in: 0.5625 }],
    },
    comparison: 'One piece is the minimum; 100 pieces come to a few dollars each, the material and 5 pierces in 3/8 in.',
  },
  {
    name: 'Column base 12 x 12 in, 1/2 in mild steel, 4 x 13/16 in holes',
    part: {
      material: ms,
      thickness_in: 0.5,
      outline: { kind: 'rectangle', width_in: 12, height_in: 12 },
      holes: [{ kind: 'grid', center_x_in: 6, center_y_in: 6, columns: 2, rows: 2, x_spacing_in: 9, y_spacing_in: 9, diameter_in: 0.8125 }],
    },
    comparison: 'Material leads: 36 go on a sheet (4 x 9 on a 12.25 in pitch), so each pays a 36th of it, about 28 lb at CAD 1.35/lb; slow 1/2 in cutting and 3 s pierces follow.',
  },
  {
    name: 'Gusset triangle 12 x 12 in, 3/8 in mild steel',
    part: { material: ms, thickness_in: 0.375, outline: { kind: 'polygon', points_in: [[0, 0], [12, 0], [0, 12]] } },
    comparison: 'High for its weight: nested on its 12 x 12 in bounding box, twice its net area. Two gussets nest in one square, so a pair quoted as one square part costs about half as much (true-shape nesting would do it for them).',
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
    comparison: 'Far above the peer points because it is a large part they do not cover: 4 go on a sheet, so each pays a quarter of it, and two brake set-ups.',
  },
  {
    name: 'Flange ring 10 in OD x 4 in bore, 3/16 in 304, 6 holes',
    part: {
      material: 'stainless_304',
      thickness_in: 0.1875,
      outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 },
      holes: [{ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 6, bolt_circle_diameter_in: 7, diameter_in: 0.5 }],
    },
    comparison: 'Stainless at CAD 4.50/lb, 55 rings to a sheet: material is most of the 100-piece price.',
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
    comparison: 'Set-ups (CAD 30 + 2 x 20) are two thirds of one piece; stainless sheet leads from 10 pieces up.',
  },
  {
    name: 'Flange 6 in OD x 2.5 in bore, 1/4 in 316, 4 holes',
    part: {
      material: 'stainless_316',
      thickness_in: 0.25,
      outline: { kind: 'ring', outer_diameter_in: 6, inner_diameter_in: 2.5 },
      holes: [{ kind: 'bolt_circle', center_x_in: 3, center_y_in: 3, count: 4, bolt_circle_diameter_in: 4.75, diameter_in: 0.625 }],
    },
    comparison: '316 at CAD 6.00/lb: the dearest material per pound in the table.',
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
    comparison: 'Aluminum at CAD 5.50/lb but light: its share of the sheet is most of the 4.30 at 100 pieces.',
  },
];

function dollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
}

/** The README table: unit price (and total) in CAD before HST at 1, 10 and 100 pieces. */
export function renderReferenceTable(): string {
  const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
  const lines = [
    '| Part | 1 piece | 10 pieces, each | 100 pieces, each | Against the peer price points |',
    '|---|---:|---:|---:|---|',
  ];
  for (const ref of REFERENCE_PARTS) {
    const item = PlateItem.parse({ ...ref.part, kind: 'plate', quantity: 1, quantity_options: [10, 100] });
    const quoted = pricePlateItem(item, { catalog });
    if (quoted.status !== 'ready') throw new Error(`${ref.name} is blocked: ${quoted.issues.map((i) => i.message).join(' ')}`);
    const [ten, hundred] = quoted.quantity_options;
    lines.push(
      `| ${ref.name} | ${dollars(quoted.unit_amount_cents as number)} | ${dollars(ten?.unit_amount_cents as number)} | ${dollars(hundred?.unit_amount_cents as number)} | ${ref.comparison} |`,
    );
  }
  return lines.join('\n');
}
