// Named example bodies of the POST routes, as the reference page offers them to try: each a request
// the service answers with 201 (the import's id stands for one a client has just been given).

interface NamedExample {
  summary: string;
  value: unknown;
}

const bentPlate = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
  bends: [{ start_in: [0, 2], end_in: [6, 2], angle_deg: 90, direction: 'up' }],
  quantity: 10,
  quantity_options: [25, 100],
  label: 'Base plate',
};

const polygonPlate = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.1875,
  outline: { kind: 'polygon', points_in: [[0, 0], [8, 0], [8, 3], [3, 3], [3, 6], [0, 6]] },
  holes: [
    { kind: 'single', x_in: 1.5, y_in: 1.5, diameter_in: 0.5 },
    { kind: 'slot', center_x_in: 1.5, center_y_in: 4.5, width_in: 0.5, length_in: 1.5, angle_deg: 90 },
  ],
  cutouts: [{ kind: 'polygon', points_in: [[4.5, 1], [6.5, 1], [6.5, 2], [4.5, 2]] }],
  quantity: 4,
  label: 'Corner bracket',
};

const importedPlate = {
  kind: 'plate',
  material: 'stainless_304',
  thickness_in: 0.125,
  import_id: 'pi_4Vx9kQ2mT7pL1sN8rB3cZ0',
  bends: [{ start_in: [1, 0], end_in: [1, 3], angle_deg: 90, direction: 'down' }],
  quantity: 25,
};

const kit = { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2 };

export const REQUEST_EXAMPLES = {
  quotes: {
    bent_plate: { summary: 'A plate with four holes and a bend, and a catalog kit', value: { items: [bentPlate, kit] } },
    polygon_plate: { summary: 'An L-shaped plate (polygon) with a hole, a slot and a cut-out', value: { items: [polygonPlate] } },
    imported_drawing: {
      summary: 'A part from a DXF drawing: the import_id of POST /plate-imports, with a bend of its own',
      value: { items: [importedPlate] },
    },
  },
  handoffs: {
    one_quote: { summary: 'An order link for the items of one ready quote', value: { quote_ids: ['q_4Vx9kQ2mT7pL1sN8rB3cZ0'] } },
  },
  rfqLinks: {
    weldment: {
      summary: 'Work the quote endpoint does not price: a weldment',
      value: { description: 'Weld a 3/8 in base plate to a 4 x 4 x 1/4 HSS post, 36 in tall, hot-dip galvanized.', material: 'mild steel', thickness_in: 0.375, quantity: 12 },
    },
  },
} satisfies Record<string, Record<string, NamedExample>>;
