// Writes the example drawings in examples/ from the designs below, so they can be looked at and
// kept in step with the renderer. Run: npx tsx --conditions=@shop/source scripts/write-examples.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PlateItem } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import { renderPlateSvg } from '../src/index';
import { worstPlate } from '../src/test-plates';

const base = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25 } as const;

const EXAMPLES: Record<string, PlateItemInput | PlateItem> = {
  'ring-bolt-circle': {
    ...base,
    outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 },
    holes: [{ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 8, bolt_circle_diameter_in: 7, diameter_in: 0.5, start_angle_deg: 22.5 }],
  },
  'polygon-slots': {
    ...base,
    outline: { kind: 'polygon', points_in: [[0, 0], [10, 0], [12, 3], [12, 7], [8, 9], [2, 9], [0, 6]] },
    holes: [
      { kind: 'slot', center_x_in: 2.5, center_y_in: 2, width_in: 0.5, length_in: 2 },
      { kind: 'slot', center_x_in: 9, center_y_in: 2, width_in: 0.5, length_in: 2, angle_deg: 30 },
      { kind: 'slot', center_x_in: 10, center_y_in: 5.5, width_in: 0.625, length_in: 2.5, angle_deg: 90 },
      { kind: 'slot', center_x_in: 4, center_y_in: 7, width_in: 0.5, length_in: 3, angle_deg: -15 },
      { kind: 'single', x_in: 6, y_in: 4.5, diameter_in: 1.5 },
    ],
  },
  'rotated-grid': {
    ...base,
    outline: { kind: 'rectangle', width_in: 12, height_in: 8 },
    holes: [{ kind: 'grid', center_x_in: 6, center_y_in: 4, columns: 4, rows: 3, x_spacing_in: 2, y_spacing_in: 1.5, diameter_in: 0.375, rotation_deg: 20 }],
  },
  'channel-two-bends': {
    ...base,
    thickness_in: 0.1875,
    outline: { kind: 'rectangle', width_in: 16, height_in: 7 },
    holes: [
      { kind: 'linear', start_x_in: 2, start_y_in: 3.5, count: 7, spacing_in: 2, diameter_in: 0.5 },
      { kind: 'slot', center_x_in: 8, center_y_in: 0.75, width_in: 0.4375, length_in: 1.5 },
    ],
    bends: [
      { start_in: [0, 1.75], end_in: [16, 1.75] },
      { start_in: [0, 5.25], end_in: [16, 5.25], direction: 'down', angle_deg: 90 },
    ],
  },
  'gusset-diagonal-bend': {
    ...base,
    outline: { kind: 'polygon', points_in: [[0, 0], [10, 0], [0, 10]] },
    holes: [
      { kind: 'linear', start_x_in: 1, start_y_in: 1, count: 3, spacing_in: 1.5, diameter_in: 0.4375, angle_deg: 0 },
      { kind: 'linear', start_x_in: 1, start_y_in: 2.5, count: 2, spacing_in: 1.5, diameter_in: 0.4375, angle_deg: 90 },
    ],
    bends: [{ start_in: [7, 0], end_in: [0, 7], direction: 'down', angle_deg: 135 }],
  },
  'bracket-cutouts': {
    ...base,
    outline: { kind: 'rectangle', width_in: 10, height_in: 6 },
    holes: [{ kind: 'grid', center_x_in: 5, center_y_in: 3, columns: 2, rows: 2, x_spacing_in: 8, y_spacing_in: 4, diameter_in: 0.5 }],
    cutouts: [
      { kind: 'polygon', points_in: [[2, 2.5], [4, 2.5], [4, 3.5], [2, 3.5]] },
      { kind: 'polygon', points_in: [[6, 1.5], [8, 1.5], [7, 4.5]] },
    ],
  },
  'largest-legal-plate': worstPlate(),
};

const dir = join(__dirname, '..', 'examples');
for (const [name, input] of Object.entries(EXAMPLES)) {
  const svg = renderPlateSvg(PlateItem.parse(input));
  writeFileSync(join(dir, `${name}.svg`), svg);
  console.log(`${name}.svg ${svg.length} bytes`);
}
