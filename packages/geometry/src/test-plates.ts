// Shared by the tests: the thresholds of the design figures and a quick way to build a parsed plate.
import { PlateItem } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import type { PlateRules } from './types';

/** Sheet 60 x 120; web = max(t, 1/16); holes blocked under t/2, warned under t; flange max(4t, 1/4); bend clearance 2.5t. */
export const RULES: PlateRules = {
  sheetWidthIn: 60,
  sheetHeightIn: 120,
  minPartSizeIn: 0.5,
  webThicknessRatio: 1,
  minWebIn: 0.0625,
  holeBlockRatio: 0.5,
  holeWarnRatio: 1,
  flangeThicknessRatio: 4,
  minFlangeIn: 0.25,
  holeBendClearanceRatio: 2.5,
};

type Extra = Partial<Omit<PlateItemInput, 'kind'>>;

/** A parsed plate: 1/4 in mild steel, 6 x 4 rectangle unless told otherwise. */
export function plate(extra: Extra = {}): PlateItem {
  return PlateItem.parse({
    kind: 'plate',
    material: 'mild_steel',
    thickness_in: 0.25,
    outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
    ...extra,
  });
}

/** The typical plate of the performance target: 6 x 4 rectangle, four 1/2 in holes, one bend. */
export function typicalPlate(): PlateItem {
  return plate({
    holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
    bends: [{ start_in: [0, 2], end_in: [6, 2] }],
  });
}

/**
 * The largest plate the contract allows, and a clean one: a 200-corner polygon (116 x 56 in with a
 * toothed top edge), 200 hole entries making 500 cutouts (100 holes, 50 rows of 7, 50 slots) and
 * 10 folds.
 */
export function worstPlate(): PlateItem {
  const points: Array<[number, number]> = [[2, 2], [118, 2], [118, 58]];
  for (let k = 1; k <= 196; k++) points.push([118 - (116 * k) / 197, k % 2 === 1 ? 57 : 58]);
  points.push([2, 58]);
  const holes: PlateItemInput['holes'] = [];
  for (let k = 0; k < 20; k++) {
    for (let j = 0; j < 5; j++) holes.push({ kind: 'single', x_in: 8 + 5.5 * k, y_in: 6 + 2 * j, diameter_in: 0.5 });
  }
  for (let k = 0; k < 10; k++) {
    for (let j = 0; j < 5; j++) {
      holes.push({ kind: 'linear', start_x_in: 7 + 11 * k, start_y_in: 17 + 2.5 * j, count: 7, spacing_in: 1, diameter_in: 0.375 });
    }
  }
  for (let k = 0; k < 25; k++) {
    for (let j = 0; j < 2; j++) {
      holes.push({ kind: 'slot', center_x_in: 8 + 4.4 * k, center_y_in: 30 + 3.5 * j, width_in: 0.5, length_in: 2, angle_deg: 90 });
    }
  }
  const bends: PlateItemInput['bends'] = [];
  // Two flanges' worth (2 in at 1/4 in) between folds, clear of the slots below them.
  for (let k = 0; k < 10; k++) bends.push({ start_in: [0, 35.5 + 2 * k], end_in: [120, 35.5 + 2 * k], direction: k % 2 === 0 ? 'up' : 'down' });
  return plate({ outline: { kind: 'polygon', points_in: points }, holes, bends });
}

/** The same counts laid out so nearly every check fires: 62 issues to write. */
export function worstPlateWithIssues(): PlateItem {
  const points: Array<[number, number]> = [];
  for (let k = 0; k < 200; k++) {
    const a = (k / 200) * 2 * Math.PI;
    const r = k % 2 === 0 ? 55 : 53;
    points.push([Math.round((60 + r * Math.cos(a)) * 1000) / 1000, Math.round((60 + r * Math.sin(a)) * 1000) / 1000]);
  }
  const holes: PlateItemInput['holes'] = [];
  for (let k = 0; k < 10; k++) {
    for (let j = 0; j < 10; j++) holes.push({ kind: 'single', x_in: 26 + 7 * k, y_in: 50 + 2.5 * j, diameter_in: 0.5 });
  }
  for (let k = 0; k < 5; k++) {
    for (let j = 0; j < 10; j++) {
      holes.push({ kind: 'linear', start_x_in: 26 + 14 * k, start_y_in: 26 + 2 * j, count: 7, spacing_in: 1, diameter_in: 0.375 });
    }
  }
  for (let k = 0; k < 10; k++) {
    for (let j = 0; j < 5; j++) {
      holes.push({ kind: 'slot', center_x_in: 29 + 7 * k, center_y_in: 78 + 4 * j, width_in: 0.5, length_in: 2, angle_deg: 90 });
    }
  }
  const bends: PlateItemInput['bends'] = [];
  for (let k = 0; k < 10; k++) bends.push({ start_in: [20 + 9 * k, 0], end_in: [20 + 9 * k, 120], direction: k % 2 === 0 ? 'up' : 'down' });
  return plate({ outline: { kind: 'polygon', points_in: points }, holes, bends });
}

/** Corners of a regular polygon: `count` of them on a circle of radius r round (cx, cy), counter-clockwise from +x. */
export function circleCorners(cx: number, cy: number, r: number, count: number): Array<[number, number]> {
  return Array.from({ length: count }, (_, k): [number, number] => {
    const a = (2 * Math.PI * k) / count;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}

/** A 200-corner gear round (cx, cy): corners alternately 1.5 and 1.8 in from its centre. */
function gearCorners(cx: number, cy: number): Array<[number, number]> {
  return Array.from({ length: 200 }, (_, k): [number, number] => {
    const a = (2 * Math.PI * k) / 200;
    const r = k % 2 === 0 ? 1.8 : 1.5;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });
}

/**
 * An imported part at the bounded-work limits, clean: a circle of radius 50 round (60, 60) flattened
 * into 20,000 corners, 50 gear cut-outs of 200 corners (10 across, 5 up, 8 and 10 in apart) and 400
 * holes of 3/8 in in eight columns between them, with `bends` as given.
 */
export function importedPlate(bends: PlateItemInput['bends'] = []): PlateItem {
  const cutouts: PlateItemInput['cutouts'] = [];
  for (let j = 0; j < 5; j++) {
    for (let i = 0; i < 10; i++) cutouts.push({ kind: 'polygon', points_in: gearCorners(24 + 8 * i, 40 + 10 * j) });
  }
  const holes: PlateItemInput['holes'] = [];
  for (let i = 0; i < 8; i++) {
    holes.push({ kind: 'linear', start_x_in: 28 + 8 * i, start_y_in: 36, count: 50, spacing_in: 0.9, diameter_in: 0.375, angle_deg: 90 });
  }
  return plate({ outline: { kind: 'polygon', points_in: circleCorners(60, 60, 50, 20_000) }, holes, cutouts, bends });
}

/** A comb: a base `base` tall, with `teeth` teeth 1 wide and `tall` tall above it every `pitch` from x = 0. */
export function combCorners(teeth: number, pitch: number, base: number, tall: number): Array<[number, number]> {
  const points: Array<[number, number]> = [[0, 0], [pitch * (teeth - 1) + 1, 0]];
  for (let k = teeth - 1; k >= 0; k--) points.push([pitch * k + 1, base], [pitch * k + 1, base + tall], [pitch * k, base + tall], [pitch * k, base]);
  // The right side runs straight up the last tooth.
  points.splice(2, 1);
  return points;
}

/**
 * An imported comb, the outline a sweep-line clipper pays most for: 3,999 teeth 0.02 in wide at a
 * 0.03 in pitch (15,997 corners) on a 120 x 20 in base, 400 holes in the base and folds across the
 * teeth and along their roots. The teeth are narrower than the 16-gauge web: one issue.
 */
export function combPlate(): PlateItem {
  const corners = combCorners(3999, 1.5, 20, 5).map(([x, y]): [number, number] => [x / 50, y]);
  const holes: PlateItemInput['holes'] = [];
  for (let i = 0; i < 8; i++) holes.push({ kind: 'linear', start_x_in: 5 + 14 * i, start_y_in: 2, count: 50, spacing_in: 0.3, diameter_in: 0.125, angle_deg: 90 });
  return plate({
    thickness_in: 0.0598,
    outline: { kind: 'polygon', points_in: corners },
    holes,
    bends: [
      { start_in: [0, 22], end_in: [120, 22] },
      { start_in: [0, 20], end_in: [120, 20] },
    ],
  });
}
