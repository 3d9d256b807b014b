// Tool arguments used across the suites.

/** quote_plate's arguments: a PlateItem without `kind`. */
export const typicalPlate = (extra: Record<string, unknown> = {}) => ({
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

/** A plate past the laser: a normal answer, but blocked. */
export const blockedPlate = () => typicalPlate({ thickness_in: 2, quantity_options: [] });

export const kitProduct = (extra: Record<string, unknown> = {}) => ({ slug: 'round-bale-feeder', tier: 'kit', quantity: 2, ...extra });

/** The JSON-RPC error the SDK answers for a tool name it does not know. */
export const INVALID_PARAMS = -32602;
