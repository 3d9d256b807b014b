// Thirteen reference parts priced at 1, 10 and 100 pieces, with the peer price points the shop has
// on record: the table in README.md is rendered from these, and a test keeps the two in step.
import { createCatalog } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import { pricePlateItem } from './price-plate';

/** A peer's published price for the same part, USD each at a quantity. */
interface PeerPoint {
  quantity: number;
  usdLow: number;
  usdHigh: number;
  source: string;
}

interface ReferencePart {
  name: string;
  part: Omit<PlateItemInput, 'kind' | 'quantity' | 'quantity_options'>;
  /** What makes up the price. */
  comparison: string;
  peer?: PeerPoint;
}

/** The rate peer prices are converted at: CAD per USD. */
const CAD_PER_USD = 1.38;

const PEER_SOURCE = 'US instant-quote shop, public price points recorded 2026-11';

const ms = 'mild_steel' as const;

/** A small bracket, about 2 x 3 in with one hole in 10 ga mild steel: one piece stays well under CAD 25. */
export const SMALL_BRACKET = {
  material: ms,
  thickness_in: 0.1345,
  outline: { kind: 'rectangle', width_in: 3, height_in: 2 },
  holes: [{ kind: 'single', x_in: 1.5, y_in: 1, diameter_in: 0.3125 }],
} satisfies ReferencePart['part'];

const REFERENCE_PARTS: readonly ReferencePart[] = [
  {
    name: 'Small bracket 3 x 2 in, 10 ga mild steel, 1 hole',
    part: SMALL_BRACKET,
    comparison: 'The piece minimum: programming, its share of a sheet and a few seconds of cutting come to less.',
  },
  {
    name: '58 mm disc, 12 ga (2.66 mm) mild steel',
    part: { material: ms, thickness_in: 0.1046, outline: { kind: 'circle', diameter_in: 2.2835 } },
    comparison: 'One or two pieces pay the piece minimum; from three the item minimum is shared, and the work itself passes it by 20 pieces.',
    peer: { quantity: 2, usdLow: 12, usdHigh: 18, source: PEER_SOURCE },
  },
  {
    name: 'Washer 2 in OD x 13/16 in bore, 10 ga mild steel',
    part: { material: ms, thickness_in: 0.1345, outline: { kind: 'ring', outer_diameter_in: 2, inner_diameter_in: 0.8125 } },
    comparison: 'Like the disc: the minimum sets one piece; by 100 pieces the programming is 0.12 of each price.',
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
    comparison: 'One piece is the programming (12.00) and the brake set-up (20.00) with a few dollars of work: the peer charges its bending minimum for it.',
    peer: { quantity: 1, usdLow: 19, usdHigh: 29, source: PEER_SOURCE },
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
    comparison: 'Set-ups are spread over the job, never charged per piece; the bend itself (45 s a piece at 1/4 in) is the largest part of 100.',
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
    comparison: 'A large part: 4 go on a sheet, so each pays a quarter of it, and two brake set-ups.',
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
    comparison: 'Set-ups (12.00 + 2 x 20.00) are most of one piece; stainless sheet leads from 10 pieces up.',
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
    comparison: 'Aluminum at CAD 5.50/lb but light: its share of the sheet is most of the price at 100 pieces.',
  },
];

function dollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
}

/** A reference part's price each at the peer's quantity against the middle of the peer's band, in CAD. */
export interface PeerRatio {
  name: string;
  quantity: number;
  ourCents: number;
  peerLowCents: number;
  peerHighCents: number;
  /** Ours / the middle of the peer's band. */
  ratio: number;
}

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

/** Unit prices of a reference part at the quantities given, first the one asked. */
function unitPrices(part: ReferencePart['part'], quantities: readonly [number, ...number[]]): number[] {
  const [quantity, ...options] = quantities;
  const quoted = pricePlateItem(PlateItem.parse({ ...part, kind: 'plate', quantity, quantity_options: options }), { catalog });
  if (quoted.status !== 'ready') throw new Error(`A reference part is blocked: ${quoted.issues.map((i) => i.message).join(' ')}`);
  const byQuantity = new Map(quoted.quantity_options.map((option) => [option.quantity, option.unit_amount_cents as number]));
  byQuantity.set(quantity, quoted.unit_amount_cents as number);
  return quantities.map((q) => byQuantity.get(q) as number);
}

/** Every reference part that has a peer point, with the ratio of our price to it. */
export function peerRatios(): PeerRatio[] {
  return REFERENCE_PARTS.flatMap((ref) => {
    if (!ref.peer) return [];
    const [ourCents = 0] = unitPrices(ref.part, [ref.peer.quantity]);
    const peerLowCents = Math.round(ref.peer.usdLow * CAD_PER_USD * 100);
    const peerHighCents = Math.round(ref.peer.usdHigh * CAD_PER_USD * 100);
    return [{ name: ref.name, quantity: ref.peer.quantity, ourCents, peerLowCents, peerHighCents, ratio: (2 * ourCents) / (peerLowCents + peerHighCents) }];
  });
}

/** The README table: unit price in CAD before HST at 1, 10 and 100 pieces, and the peer point where there is one. */
export function renderReferenceTable(): string {
  const ratios = new Map(peerRatios().map((row) => [row.name, row]));
  const lines = [
    '| Part | 1 piece | 10 pieces, each | 100 pieces, each | Peer point, CAD each | Ratio | What makes the price |',
    '|---|---:|---:|---:|---|---:|---|',
  ];
  for (const ref of REFERENCE_PARTS) {
    const [one = 0, ten = 0, hundred = 0] = unitPrices(ref.part, [1, 10, 100]);
    const peer = ratios.get(ref.name);
    const peerCell = peer ? `${dollars(peer.peerLowCents)}-${dollars(peer.peerHighCents)} at ${peer.quantity} (ours ${dollars(peer.ourCents)})` : 'none on record';
    const ratioCell = peer ? peer.ratio.toFixed(2) : '';
    lines.push(`| ${ref.name} | ${dollars(one)} | ${dollars(ten)} | ${dollars(hundred)} | ${peerCell} | ${ratioCell} | ${ref.comparison} |`);
  }
  return lines.join('\n');
}
