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
