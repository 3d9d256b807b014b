// Request bodies used across the REST suites.

export const typicalPlate = (extra: Record<string, unknown> = {}) => ({
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
  bends: [],
  quantity: 10,
  quantity_options: [25, 100],
  label: 'Base plate',
  ...extra,
});

export const kitProduct = (extra: Record<string, unknown> = {}) => ({
  kind: 'product',
  slug: 'round-bale-feeder',
  tier: 'kit',
  quantity: 2,
  ...extra,
});

/** A plate past the laser: a normal 201 answer, but blocked. */
export const blockedPlate = () => typicalPlate({ thickness_in: 2, quantity_options: [] });

/** HST as docs/decisions.md fixes it: round half up of subtotal x 13 / 100, in integers. */
export function expectedHst(subtotalCents: number): number {
  return Math.floor((subtotalCents * 13 + 50) / 100);
}

/** One DXF entity's group codes, as text lines. */
const entity = (type: string, layer: string, codes: Array<[number, number | string]>) => ['0', type, '8', layer, ...codes.flatMap(([code, value]) => [String(code), String(value)])];

/** A closed rectangle of four LINEs. */
const rectangleLines = (x0: number, y0: number, x1: number, y1: number, layer = '0') =>
  [
    [x0, y0, x1, y0],
    [x1, y0, x1, y1],
    [x1, y1, x0, y1],
    [x0, y1, x0, y0],
  ].flatMap(([ax, ay, bx, by]) => entity('LINE', layer, [[10, ax!], [20, ay!], [11, bx!], [21, by!]]));

/**
 * A DXF file (R12, millimetres unless `insUnits` says otherwise) of a 150 x 100 mm plate with four
 * 10 mm holes 20 mm in from the corners, a 40 x 20 mm cut-out in the middle, a bend line on layer
 * BEND across it at x = 40 mm, and a note in TEXT.
 */
export function bracketDxf(options: { insUnits?: number | null } = {}): string {
  const insUnits = options.insUnits === undefined ? 4 : options.insUnits;
  const header = insUnits === null ? [] : ['9', '$INSUNITS', '70', String(insUnits)];
  const holes = [[20, 20], [130, 20], [20, 80], [130, 80]].flatMap(([x, y]) => entity('CIRCLE', 'CUT', [[10, x!], [20, y!], [40, 5]]));
  return [
    '0', 'SECTION', '2', 'HEADER', '9', '$ACADVER', '1', 'AC1009', ...header, '0', 'ENDSEC',
    '0', 'SECTION', '2', 'ENTITIES',
    ...rectangleLines(0, 0, 150, 100, 'CUT'),
    ...holes,
    ...rectangleLines(55, 40, 95, 60, 'CUT'),
    ...entity('LINE', 'BEND', [[10, 40], [20, 0], [11, 40], [21, 100]]),
    ...entity('TEXT', 'NOTES', [[10, 10], [20, 5], [40, 3], [1, 'BRACKET A']]),
    '0', 'ENDSEC', '0', 'EOF', '',
  ].join('\n');
}

/** The bracket of bracketDxf typed as a plate item, in inches. */
export function bracketTyped(extra: Record<string, unknown> = {}) {
  const inch = (mm: number) => Math.round((mm / 25.4) * 1e6) / 1e6;
  return {
    kind: 'plate',
    material: 'mild_steel',
    thickness_in: 0.1345,
    outline: { kind: 'polygon', points_in: [[0, 0], [inch(150), 0], [inch(150), inch(100)], [0, inch(100)]] },
    holes: [[20, 20], [130, 20], [20, 80], [130, 80]].map(([x, y]) => ({ kind: 'single', x_in: inch(x!), y_in: inch(y!), diameter_in: inch(10) })),
    cutouts: [{ kind: 'polygon', points_in: [[inch(55), inch(40)], [inch(95), inch(40)], [inch(95), inch(60)], [inch(55), inch(60)]] }],
    bends: [{ start_in: [inch(40), 0], end_in: [inch(40), inch(100)] }],
    quantity: 10,
    ...extra,
  };
}

/**
 * A DXF file (R12, inches) of a 4 x 3 in plate with a 1 in square hole whose last side stops 0.05 in
 * short of its first corner: an open contour, a blocking issue of the import.
 */
export function openContourDxf(): string {
  const lines = [[0, 0, 4, 0], [4, 0, 4, 3], [4, 3, 0, 3], [0, 3, 0, 0], [1, 1, 2, 1], [2, 1, 2, 2], [2, 2, 1, 2], [1, 2, 1, 1.05]];
  return [
    '0', 'SECTION', '2', 'HEADER', '9', '$ACADVER', '1', 'AC1009', '9', '$INSUNITS', '70', '1', '0', 'ENDSEC',
    '0', 'SECTION', '2', 'ENTITIES',
    ...lines.flatMap(([ax, ay, bx, by]) => entity('LINE', 'CUT', [[10, ax!], [20, ay!], [11, bx!], [21, by!]])),
    '0', 'ENDSEC', '0', 'EOF', '',
  ].join('\n');
}
