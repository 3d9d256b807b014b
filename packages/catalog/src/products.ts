// Catalog products sold in tiers. Their prices (CAD cents before HST; null: price on request) are in
// the price book (price-book.json, `products.prices`), joined to the tiers when the catalog is made.
import type { ProductTier, TierKind } from '@shop/contracts';

/** A tier as the catalog describes it; its price comes from the price book. */
type TierSpec = Omit<ProductTier, 'unit_amount_cents' | 'orderable'>;

export interface ProductEntry {
  slug: string;
  name: string;
  division: 'farm' | 'shop' | 'trailer' | 'structural';
  blurb: string;
  certificationNote: string | null;
  tiers: readonly TierSpec[];
}

// Days: design packages go out the next business day; kits are cut in about two weeks, welded units four.
const tier = (kind: TierKind, includes: string[], leadTimeDays: number | null, label?: string): TierSpec => ({
  kind,
  label: label ?? TIER_LABELS[kind],
  includes,
  lead_time_days: leadTimeDays,
});

const TIER_LABELS: Record<TierKind, string> = {
  design: 'Design package (drawings and cut files)',
  kit: 'Kit (steel cut to the drawings, ready to weld)',
  welded: 'Welded (built and finished in our shop)',
};

/** The kit label of a kit the buyer bolts together rather than welds. */
const BOLTED_KIT_LABEL = 'Kit (steel cut and drilled to the drawings, ready to bolt together)';

/** What a design package holds: the cut files name only the kinds of part the product has. */
function designIncludes(cutFiles: { plates: boolean; members: boolean }): string[] {
  return [
    'Dimensioned PDF drawings',
    ...(cutFiles.plates ? ['DXF cut files for every plate part'] : []),
    ...(cutFiles.members ? ['Cut list of every tube and structural member, with lengths, copes and notches'] : []),
    'Bill of materials with weights',
  ];
}

const BOTH = { plates: true, members: true } as const;
const MEMBERS_ONLY = { plates: false, members: true } as const;

export const PRODUCT_ENTRIES: readonly ProductEntry[] = [
  {
    slug: 'round-bale-feeder',
    name: 'Round bale feeder',
    division: 'farm',
    blurb: 'Eight-foot ring feeder for one round bale, with a slant-bar hay saver and lifting tabs for a loader.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['3 ring sections, 2 in square tube rails', '24 slant bars cut to length', 'Lifting tabs and bolts'], 10),
      tier('welded', ['Welded in 3 bolt-together sections', 'Primer and green enamel', 'Hardware'], 20),
    ],
  },
  {
    slug: 'livestock-gate-12ft',
    name: 'Livestock gate, 12 ft',
    division: 'farm',
    blurb: 'Six-bar 12 ft gate in 1-5/8 in tube with a chain latch and hinge pins for a wood or steel post.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(MEMBERS_ONLY), 1),
      tier('kit', ['Tube cut and notched', 'Hinge straps and pins', 'Chain latch'], 10),
      tier('welded', ['Welded gate, galvanizing primer', 'Hinge pins and chain latch'], 15),
    ],
  },
  {
    slug: 'hay-spear-3pt',
    name: 'Three-point hay spear',
    division: 'farm',
    blurb: 'Category 1 and 2 three-point frame with a 39 in main spear and two stabilizers for round bales to 1,800 lb.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['Frame plates and tube cut and bent', 'Spear sleeves', 'Pins and clips'], 10),
      tier('welded', ['Welded frame, painted', '39 in spear and two 17 in stabilizers', 'Pins and clips'], 20),
    ],
  },
  {
    slug: 'calf-creep-feeder',
    name: 'Calf creep feeder',
    division: 'farm',
    blurb: 'Skid-mounted creep feeder holding 30 bushels, with adjustable calf openings and a rain hood.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['Skid, frame and hopper parts cut and bent', 'Adjustable gate bars', 'Hood panels'], 12),
      tier('welded', ['Welded and painted on skids'], null, 'Welded (price on request: built to your herd)'),
    ],
  },
  {
    slug: 'welding-table-4x8',
    name: 'Fixture welding table, 4 x 8 ft',
    division: 'shop',
    blurb: 'Half-inch top with a 2 in grid of 5/8 in holes on a tube frame with levelling feet; takes standard fixture clamps.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['1/2 in top plate laser cut with 5/8 in grid holes', 'Frame tube cut to length', 'Levelling feet'], 10),
      tier('welded', ['Welded frame, top bolted and shimmed flat', 'Levelling feet', 'Painted frame'], 20),
    ],
  },
  {
    slug: 'shop-press-20t',
    name: 'Shop press, 20 ton',
    division: 'shop',
    blurb: 'H-frame press for a 20 ton bottle jack, with a pinned bed every 4 in and press plates.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['Channel uprights and bed cut and drilled', 'Bed pins', 'Press plates'], 10),
      tier('welded', ['Welded frame, painted', 'Bed pins and press plates', 'Jack not included'], 15),
    ],
  },
  {
    slug: 'welding-cart',
    name: 'Welding cart',
    division: 'shop',
    blurb: 'Two-shelf cart for a MIG welder and one cylinder, with a cable hanger and 5 in casters.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['Shelves and frame cut and bent', 'Cylinder chain', 'Casters and bolts'], 7),
      tier('welded', ['Welded and powder coated', 'Casters and cylinder chain'], 15),
    ],
  },
  {
    slug: 'utility-trailer-5x10',
    name: 'Utility trailer frame, 5 x 10 ft',
    division: 'trailer',
    blurb: 'Single-axle 3,500 lb frame in 3 in channel with an A-frame tongue, for a wood deck and a ramp gate.',
    certificationNote:
      'A built trailer needs a VIN and a compliance label from a registered manufacturer before it can be plated in Ontario; ' +
      'the welded tier is built and labelled by the shop on request.',
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['Channel frame and tongue cut and notched', 'Spring hangers and gussets', 'Axle not included'], 12),
      tier('welded', ['Welded, labelled and VIN-registered frame'], null, 'Welded (price on request: certified build)'),
    ],
  },
  {
    slug: 'trailer-ramp-gate',
    name: 'Trailer ramp gate',
    division: 'trailer',
    blurb: 'Five-foot fold-down ramp gate in angle and expanded metal, with a spring assist and hinge pins.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(MEMBERS_ONLY), 1),
      tier('kit', ['Angle frame cut and notched', 'Expanded metal cut to size', 'Hinge pins and spring'], 10),
      tier('welded', ['Welded gate, painted', 'Hinge pins and spring assist'], 15),
    ],
  },
  {
    slug: 'gooseneck-hitch-plate',
    name: 'Gooseneck hitch plate',
    division: 'trailer',
    blurb: 'Under-bed plate and cross-members for a 2-5/16 in gooseneck ball in a full-size pickup.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['1/2 in plate cut and drilled', 'Cross-members', 'Grade 8 bolts'], 10),
      tier('welded', ['Welded assembly fitted to your truck'], null, 'Welded (price on request: fitted to the truck)'),
    ],
  },
  {
    slug: 'stair-stringer-kit',
    name: 'Steel stair stringers',
    division: 'structural',
    blurb: 'Pair of 10 in channel stringers with tread angles for up to 14 risers at 7-3/4 in, for wood or grating treads.',
    certificationNote: null,
    tiers: [
      tier('design', designIncludes(BOTH), 1),
      tier('kit', ['Two stringers cut and coped', 'Tread angles cut and drilled', 'Base and top plates'], 12),
      tier('welded', ['Stringers with tread angles welded on, primed', 'Base and top plates'], 20),
    ],
  },
  {
    slug: 'mezzanine-platform-10x12',
    name: 'Mezzanine platform, 10 x 12 ft',
    division: 'structural',
    blurb: 'Storage mezzanine on four W8 columns with W10 beams and a bar-grating deck rated 125 psf.',
    certificationNote:
      'Designed to the Ontario Building Code for 125 psf storage; each installation needs a building permit and drawings ' +
      'stamped by a professional engineer licensed in Ontario. Welding by a CWB-certified shop (CSA W47.1).',
    tiers: [
      tier('design', [...designIncludes(BOTH), 'Design loads and connection details for your engineer'], 2),
      tier('kit', ['Columns, beams and joists cut, coped and drilled', 'Base plates and clip angles', 'Structural bolts'], 20, BOLTED_KIT_LABEL),
      tier('welded', ['Shop-welded frames, primed, with a stamped drawing set'], null, 'Welded (price on request: engineered)'),
    ],
  },
];
