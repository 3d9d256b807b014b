import { ISSUE_SEVERITY } from '@shop/contracts';
import type { PlateItemInput } from '@shop/contracts';
import { analyzePlate } from './analyze-plate';
import { RULES, plate } from './test-plates';

type Extra = Parameters<typeof plate>[0];
const analyze = (extra: Extra, prefix = '') => analyzePlate(plate(extra), RULES, prefix);
const codes = (extra: Extra) => analyze(extra).issues.map((i) => i.code);
const single = (x: number, y: number, d: number) => ({ kind: 'single' as const, x_in: x, y_in: y, diameter_in: d });
const bend = (s: [number, number], e: [number, number]) => ({ start_in: s, end_in: e });
const L_SHAPE: Array<[number, number]> = [[0, 0], [8, 0], [8, 2], [2, 2], [2, 6], [0, 6]];
const RING: PlateItemInput['outline'] = { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 };

// At 1/4 in thick with the design rules: web 0.25, holes blocked under 0.125 and warned under 0.25,
// flange 1, hole-to-fold 0.625.

describe('analyzePlate: the typical plate', () => {
  it('finds nothing wrong with a clean 6 x 4 plate, four holes and one bend', () => {
    const a = analyze({
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
      bends: [bend([0, 2], [6, 2])],
    });
    expect(a.issues).toEqual([]);
    expect(a.holeCount).toBe(4);
  });

  it('gives every issue the severity of its code', () => {
    const a = analyze({
      holes: [single(0.1, 2, 0.1), single(0.2, 2, 0.2), single(3, 2.1, 0.2)],
      bends: [bend([0, 2], [6, 2]), bend([3, 0], [3, 4]), bend([0, 9], [6, 9])],
    });
    expect(a.issues.length).toBeGreaterThan(4);
    for (const issue of a.issues) expect(issue.severity).toBe(ISSUE_SEVERITY[issue.code]);
  });
});

describe('analyzePlate: params', () => {
  const extra: Extra = { holes: [single(0.3, 2, 0.5)], bends: [bend([0, 2], [6, 2]), bend([0, 9], [6, 9])] };

  it('puts params under the item prefix', () => {
    const params = analyze(extra, 'items[0]').issues.map((i) => i.param);
    expect(params).toEqual(expect.arrayContaining(['items[0].holes[0]', 'items[0].bends[1]']));
    expect(analyze({ outline: { kind: 'rectangle', width_in: 0.2, height_in: 3 } }, 'items[2]').issues[0]!.param).toBe('items[2].outline');
  });

  it('leaves params bare with an empty prefix', () => {
    const params = analyze(extra).issues.map((i) => i.param);
    expect(params).toEqual(expect.arrayContaining(['holes[0]', 'bends[1]']));
  });
});

describe('outline_invalid', () => {
  it('blocks a self-crossing polygon and skips checks that need a real outline', () => {
    const a = analyze({
      outline: { kind: 'polygon', points_in: [[0, 0], [4, 4], [4, 0], [0, 4]] },
      holes: [single(50, 50, 0.1)],
      bends: [bend([0, 90], [1, 90])],
    });
    expect(a.issues.map((i) => i.code)).toEqual(['outline_invalid', 'hole_too_small']);
    expect(a.issues[0]!.param).toBe('outline');
  });

  it('blocks a polygon with no area', () => {
    expect(codes({ outline: { kind: 'polygon', points_in: [[0, 0], [3, 3], [6, 6]] } })).toEqual(['outline_invalid']);
  });

  it('accepts the same corners in an order that goes round the part', () => {
    expect(codes({ outline: { kind: 'polygon', points_in: [[0, 0], [4, 0], [4, 4], [0, 4]] } })).toEqual([]);
  });
});

describe('part_too_small', () => {
  it('blocks a part under the smallest size in one direction', () => {
    const a = analyze({ outline: { kind: 'rectangle', width_in: 0.49, height_in: 3 } });
    expect(a.issues.map((i) => i.code)).toEqual(['part_too_small']);
    expect(a.issues[0]!.message).toBe(
      'The part is 0.49 x 3 in; the smallest part that can be cut is 0.5 in each way: make it at least 0.5 x 3 in.',
    );
  });

  it('accepts a part exactly at the smallest size', () => {
    expect(codes({ outline: { kind: 'rectangle', width_in: 0.5, height_in: 0.5 } })).toEqual([]);
  });
});

describe('part_exceeds_sheet', () => {
  it('blocks a part that fits the sheet neither way round', () => {
    const a = analyze({ outline: { kind: 'rectangle', width_in: 61, height_in: 100 } });
    expect(a.issues.map((i) => i.code)).toEqual(['part_exceeds_sheet']);
    expect(a.issues[0]!.message).toMatch(/61 x 100 in and does not fit the 60 x 120 in sheet/);
  });

  it('accepts a part that fits once turned', () => {
    expect(codes({ outline: { kind: 'rectangle', width_in: 120, height_in: 60 } })).toEqual([]);
    expect(codes({ outline: { kind: 'rectangle', width_in: 60, height_in: 120 } })).toEqual([]);
  });
});

describe('hole_outside_part', () => {
  it('blocks a hole running past an edge and names the edge', () => {
    const a = analyze({ holes: [single(0.1, 2, 0.5)] });
    expect(a.issues.map((i) => i.code)).toEqual(['hole_outside_part']);
    expect(a.issues[0]!.message).toMatch(/^The 0.5 in hole holes\[0\] at \(0.1, 2\) runs past the left edge of the part;/);
  });

  it('blocks a hole off the part altogether', () => {
    const a = analyze({ holes: [single(10, 2, 0.5)] });
    expect(a.issues[0]!.message).toMatch(/lies outside the part/);
  });

  it('blocks a hole in a ring opening and a hole in a polygon notch', () => {
    expect(codes({ outline: RING, holes: [single(5, 5, 0.5)] })).toEqual(['hole_outside_part']);
    expect(codes({ outline: { kind: 'polygon', points_in: L_SHAPE }, holes: [single(5, 4, 0.5)] })).toEqual(['hole_outside_part']);
  });

  it('groups the stray holes of one pattern into one issue', () => {
    const a = analyze({ holes: [{ kind: 'linear', start_x_in: 3, start_y_in: 2, count: 5, spacing_in: 2, diameter_in: 0.25 }] });
    expect(a.issues.map((i) => i.code)).toEqual(['hole_outside_part']);
    expect(a.issues[0]!.message).toMatch(/^3 holes of holes\[0\] \(0.25 in\) are outside the part or run past its edge; the first, hole 3/);
  });

  it('reports a pattern running hundreds of feet past the part without failing', () => {
    for (const outline of [undefined, RING, { kind: 'polygon' as const, points_in: L_SHAPE }]) {
      const a = analyze({ ...(outline ? { outline } : {}), holes: [{ kind: 'linear', start_x_in: 1, start_y_in: 1, count: 100, spacing_in: 120, diameter_in: 0.5, angle_deg: 45 }] });
      expect(a.issues.map((i) => i.code)).toContain('hole_outside_part');
      expect(a.netAreaIn2).toBeGreaterThan(0);
    }
  });

  it('accepts a hole with exactly the web to the edge', () => {
    expect(codes({ holes: [single(0.5, 2, 0.5)] })).toEqual([]);
  });
});

describe('hole_too_close_to_edge', () => {
  it('blocks a hole with less than the web to an edge and says how far to move it', () => {
    const a = analyze({
      holes: [single(1, 1, 0.5), { kind: 'linear', start_x_in: 3.5, start_y_in: 2, count: 4, spacing_in: 0.75, diameter_in: 0.25, angle_deg: 0 }],
    });
    expect(a.issues.map((i) => i.code)).toEqual(['hole_too_close_to_edge']);
    expect(a.issues[0]!.message).toBe(
      'Hole 4 of holes[1] (0.25 in, at (5.75, 2)) is 0.125 in from the right edge; holes need at least 0.25 in of material to an edge at 1/4 in thick: move it in by 0.125 in or make the plate larger.',
    );
    expect(a.issues[0]!.param).toBe('holes[1]');
  });

  it('blocks a hole 0.01 in too close and accepts one exactly at the web', () => {
    expect(codes({ holes: [single(3, 3.51, 0.5)] })).toEqual(['hole_too_close_to_edge']);
    expect(codes({ holes: [single(3, 3.5, 0.5)] })).toEqual([]);
  });

  it('measures to the inner edge of a ring', () => {
    // Inner radius 2, hole radius 0.25: the centre must be at least 2.5 from the ring's centre.
    expect(codes({ outline: RING, holes: [single(7.49, 5, 0.5)] })).toEqual(['hole_too_close_to_edge']);
    expect(codes({ outline: RING, holes: [single(7.5, 5, 0.5)] })).toEqual([]);
    expect(analyze({ outline: RING, holes: [single(7.49, 5, 0.5)] }).issues[0]!.message).toMatch(/from the inner edge/);
  });

  it('measures to the edges of a polygon notch', () => {
    expect(codes({ outline: { kind: 'polygon', points_in: L_SHAPE }, holes: [single(5, 1.51, 0.5)] })).toEqual(['hole_too_close_to_edge']);
    expect(codes({ outline: { kind: 'polygon', points_in: L_SHAPE }, holes: [single(5, 1.5, 0.5)] })).toEqual([]);
    // The upright's inner side, x = 2 from (2, 2) up.
    expect(codes({ outline: { kind: 'polygon', points_in: L_SHAPE }, holes: [single(1.51, 4, 0.5)] })).toEqual(['hole_too_close_to_edge']);
    expect(codes({ outline: { kind: 'polygon', points_in: L_SHAPE }, holes: [single(1.5, 4, 0.5)] })).toEqual([]);
  });

  it('measures a slot by its ends', () => {
    const slot = (x: number) => ({ kind: 'slot' as const, center_x_in: x, center_y_in: 2, width_in: 0.5, length_in: 2 });
    // Left end: x - 0.75 - 0.25 from the edge.
    expect(codes({ holes: [slot(1.24)] })).toEqual(['hole_too_close_to_edge']);
    expect(codes({ holes: [slot(1.25)] })).toEqual([]);
  });

  it('uses the minimum web on thin plate', () => {
    // 0.06 in thick: web max(0.06, 0.0625) = 0.0625.
    const thin = (y: number) => analyzePlate(plate({ thickness_in: 0.06, holes: [single(3, y, 0.25)] }), RULES).issues.map((i) => i.code);
    expect(thin(0.18)).toEqual(['hole_too_close_to_edge']);
    expect(thin(0.1875)).toEqual([]);
  });
});

describe('holes_overlap', () => {
  it('blocks overlapping holes and says by how much', () => {
    const a = analyze({ holes: [single(2, 2, 0.5), single(2.3, 2, 0.5)] });
    expect(a.issues.map((i) => i.code)).toEqual(['holes_overlap']);
    expect(a.issues[0]!.message).toBe(
      'The 0.5 in hole holes[0] at (2, 2) and the 0.5 in hole holes[1] at (2.3, 2) overlap by 0.2 in; at 1/4 in thick cutouts need at least 0.25 in of material between them: move them 0.45 in further apart.',
    );
  });

  it('blocks holes with less than the web between them and accepts exactly the web', () => {
    expect(codes({ holes: [single(2, 2, 0.5), single(2.74, 2, 0.5)] })).toEqual(['holes_overlap']);
    expect(codes({ holes: [single(2, 2, 0.5), single(2.75, 2, 0.5)] })).toEqual([]);
  });

  it('checks a slot against a hole beside its straight side', () => {
    const slot = { kind: 'slot' as const, center_x_in: 3, center_y_in: 2, width_in: 0.5, length_in: 3 };
    expect(codes({ holes: [slot, single(3.5, 2.74, 0.5)] })).toEqual(['holes_overlap']);
    expect(codes({ holes: [slot, single(3.5, 2.75, 0.5)] })).toEqual([]);
  });

  it('groups a pattern spaced too tight into one issue', () => {
    const a = analyze({ outline: { kind: 'rectangle', width_in: 20, height_in: 20 }, holes: [{ kind: 'grid', center_x_in: 10, center_y_in: 10, columns: 4, rows: 4, x_spacing_in: 0.6, y_spacing_in: 2, diameter_in: 0.5 }] });
    expect(a.issues.map((i) => i.code)).toEqual(['holes_overlap']);
    expect(a.issues[0]!.message).toMatch(/^12 pairs of cutouts in holes\[0\] are too close; the closest, hole 1 of holes\[0\]/);
  });
});

describe('hole_too_small and hole_smaller_than_thickness', () => {
  it('blocks a hole under half the thickness', () => {
    const a = analyze({ holes: [single(3, 2, 0.12)] });
    expect(a.issues.map((i) => i.code)).toEqual(['hole_too_small']);
    expect(a.issues[0]!.message).toMatch(/cannot cut a hole under 0.125 in across: make it at least 0.125 in across/);
  });

  it('names a smallest size that, sent as written, is no longer blocked, at every gauge', () => {
    // Half of 0.123456 is 0.061728: rounded to the nearest 0.0001 (0.0617) it would fall under the limit.
    for (const thickness of [0.0598, 0.0747, 0.1046, 0.1196, 0.1345, 0.1875, 0.0781, 0.1094, 0.1406, 0.19, 0.24688, 0.123456]) {
      const tiny = analyzePlate(plate({ thickness_in: thickness, holes: [single(3, 2, 0.01)] }), RULES, '');
      const figure = Number(/make it at least (\d+(?:\.\d+)?) in across/.exec(tiny.issues[0]!.message)![1]);
      const fixed = analyzePlate(plate({ thickness_in: thickness, holes: [single(3, 2, figure)] }), RULES, '');
      expect([thickness, fixed.issues.map((i) => i.code).filter((code) => code === 'hole_too_small')]).toEqual([thickness, []]);
    }
  });

  it('only warns at exactly half the thickness', () => {
    expect(codes({ holes: [single(3, 2, 0.125)] })).toEqual(['hole_smaller_than_thickness']);
  });

  it('warns under the thickness and accepts exactly the thickness', () => {
    expect(codes({ holes: [single(3, 2, 0.24)] })).toEqual(['hole_smaller_than_thickness']);
    expect(codes({ holes: [single(3, 2, 0.25)] })).toEqual([]);
  });

  it('judges a slot by its width', () => {
    const slot = (w: number) => ({ kind: 'slot' as const, center_x_in: 3, center_y_in: 2, width_in: w, length_in: 2 });
    expect(codes({ holes: [slot(0.1)] })).toEqual(['hole_too_small']);
    expect(codes({ holes: [slot(0.2)] })).toEqual(['hole_smaller_than_thickness']);
    expect(codes({ holes: [slot(0.25)] })).toEqual([]);
  });
});

describe('bend_misses_part', () => {
  it('blocks a fold line that never crosses the part', () => {
    const a = analyze({ bends: [bend([0, 5], [6, 5])] });
    expect(a.issues.map((i) => i.code)).toEqual(['bend_misses_part']);
    expect(a.issues[0]!.param).toBe('bends[0]');
  });

  it('blocks a fold line that only runs along an edge', () => {
    expect(codes({ bends: [bend([0, 4], [6, 4])] })).toEqual(['bend_misses_part']);
  });

  it('accepts a fold line through the opening of a ring: it still crosses the ring on both sides', () => {
    expect(codes({ outline: RING, bends: [bend([5, 0], [5, 10])] })).toEqual([]);
  });

  it('accepts a fold line anywhere across the part, given by any two of its points', () => {
    expect(codes({ bends: [bend([100, 3], [110, 3])] })).toEqual([]);
  });
});

describe('bends_cross', () => {
  it('blocks folds that cross inside the part', () => {
    const a = analyze({ outline: { kind: 'rectangle', width_in: 10, height_in: 10 }, bends: [bend([5, 0], [5, 10]), bend([0, 5], [10, 5])] });
    expect(a.issues.map((i) => i.code)).toEqual(['bends_cross']);
    expect(a.issues[0]!.message).toMatch(/bends\[0\] and bends\[1\] meet inside the part at \(5, 5\)/);
    expect(a.issues[0]!.param).toBe('bends[1]');
  });

  it('blocks the same fold given twice', () => {
    expect(codes({ outline: { kind: 'rectangle', width_in: 10, height_in: 10 }, bends: [bend([0, 5], [10, 5]), bend([8, 5], [2, 5])] })).toEqual(['bends_cross']);
  });

  it('accepts folds that would meet outside the part', () => {
    // x = 2 + y/6 and x = 8 - y/6 meet at y = 18, above a 6 in tall part.
    expect(codes({ outline: { kind: 'rectangle', width_in: 10, height_in: 6 }, bends: [bend([2, 0], [3, 6]), bend([8, 0], [7, 6])] })).toEqual([]);
  });
});

describe('bend_flange_too_short', () => {
  it('blocks a fold too near an edge and says which side', () => {
    const a = analyze({ bends: [bend([0, 0.99], [6, 0.99])] });
    expect(a.issues.map((i) => i.code)).toEqual(['bend_flange_too_short']);
    expect(a.issues[0]!.message).toBe(
      'The material below the fold of bends[0] ((0, 0.99) to (6, 0.99)) reaches only 0.99 in from it; at 1/4 in thick each side of a fold needs at least 1 in: move the fold, or the edge or fold beyond it, 0.01 in further apart.',
    );
  });

  it('accepts a flange of exactly the minimum on a rectangle and on a circle', () => {
    expect(codes({ bends: [bend([0, 1], [6, 1])] })).toEqual([]);
    expect(codes({ outline: { kind: 'circle', diameter_in: 10 }, bends: [bend([0, 9], [10, 9])] })).toEqual([]);
    expect(codes({ outline: { kind: 'circle', diameter_in: 10 }, bends: [bend([0, 9.01], [10, 9.01])] })).toEqual(['bend_flange_too_short']);
  });

  it('blocks two folds closer than two flanges and accepts them exactly two flanges apart', () => {
    const close = analyze({ bends: [bend([0, 1], [6, 1]), bend([0, 2.99], [6, 2.99])] });
    expect(close.issues.map((i) => [i.code, i.param])).toEqual([['bend_flange_too_short', 'bends[1]']]);
    expect(close.issues[0]!.message).toBe(
      'The folds of bends[0] ((0, 1) to (6, 1)) and bends[1] ((0, 2.99) to (6, 2.99)) come within 1.99 in of each other in the part; at 1/4 in thick the material between two folds is a flange of each and needs at least 2 in (1 in a side): move them 0.01 in further apart, or make one fold.',
    );
    expect(codes({ bends: [bend([0, 1], [6, 1]), bend([0, 3], [6, 3])] })).toEqual([]);
  });

  it('blocks two folds a ten-millionth of an inch apart', () => {
    const a = analyze({ outline: { kind: 'rectangle', width_in: 10, height_in: 10 }, bends: [bend([0, 5], [10, 5]), bend([0, 5.0000001], [10, 5.0000001])] });
    expect(a.issues.map((i) => i.code)).toEqual(['bend_flange_too_short']);
    expect(a.issues[0]!.message).toMatch(/come within less than 0\.0001 in of each other/);
  });

  it('measures the gap of two folds that do not run parallel where they come closest in the part', () => {
    // Lines meeting at (12, 5), outside the 10 x 10 part: 2 in apart at x = 0, 1/3 in at x = 10.
    const square = { kind: 'rectangle' as const, width_in: 10, height_in: 10 };
    const a = analyze({ outline: square, bends: [bend([0, 4], [12, 5]), bend([0, 6], [12, 5])] });
    expect(a.issues.map((i) => i.code)).toEqual(['bend_flange_too_short']);
    expect(a.issues[0]!.message).toMatch(/come within 0\.33\d* in of each other/);
    expect(codes({ outline: square, bends: [bend([0, 2], [10, 1]), bend([0, 6], [10, 7])] })).toEqual([]);
  });

  it('measures the flange on a polygon from the fold to the far edge of that piece', () => {
    // A fold across the L's upright at y = 5 leaves 1 in above it; at y = 5.01 only 0.99.
    const l = (y: number) => codes({ outline: { kind: 'polygon', points_in: L_SHAPE }, bends: [bend([0, y], [2, y])] });
    expect(l(5)).toEqual([]);
    expect(l(5.01)).toEqual(['bend_flange_too_short']);
  });
});

describe('hole_near_bend', () => {
  it('warns about a hole within 2.5 x thickness of a fold', () => {
    const a = analyze({ holes: [single(3, 2.87, 0.5)], bends: [bend([0, 2], [6, 2])] });
    expect(a.issues.map((i) => i.code)).toEqual(['hole_near_bend']);
    expect(a.issues[0]!.message).toBe(
      'The 0.5 in hole holes[0] at (3, 2.87) is 0.62 in from the fold of bends[0]; holes closer than 0.625 in to a fold at 1/4 in thick may stretch out of shape when bent: move it 0.005 in further from the fold, or accept some distortion.',
    );
  });

  it('accepts a hole exactly the clearance away', () => {
    expect(codes({ holes: [single(3, 2.875, 0.5)], bends: [bend([0, 2], [6, 2])] })).toEqual([]);
  });

  it('says so when the fold runs through a slot', () => {
    const a = analyze({ holes: [{ kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 0.5, length_in: 2, angle_deg: 90 }], bends: [bend([0, 2], [6, 2])] });
    expect(a.issues[0]!.message).toMatch(/^The fold of bends\[0\] runs through the slot holes\[0\]/);
  });
});

describe('web_too_narrow', () => {
  const thick = (t: number, extra: Extra) => analyzePlate(plate({ thickness_in: t, ...extra }), RULES);
  const webCodes = (t: number, extra: Extra) => thick(t, extra).issues.map((i) => i.code);
  const legL = (leg: number): Array<[number, number]> => [[0, 0], [10, 0], [10, leg], [leg, leg], [leg, 10], [0, 10]];

  it('blocks a ring whose wall is thinner than the plate and names the wall and the minimum', () => {
    const a = thick(1, { outline: { kind: 'ring', outer_diameter_in: 4, inner_diameter_in: 3.75 } });
    expect(a.issues.map((i) => [i.code, i.param])).toEqual([['web_too_narrow', 'outline']]);
    expect(a.issues[0]!.message).toBe(
      "The ring's wall is only 0.125 in (half the difference of its diameters); at 1 in thick the part must be at least 1 in wide everywhere: make inner_diameter_in 1.75 in smaller, or choose thinner plate.",
    );
  });

  it('accepts a ring whose wall is exactly the thickness', () => {
    expect(webCodes(0.25, { outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 9.5 } })).toEqual([]);
    expect(webCodes(0.25, { outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 9.52 } })).toEqual(['web_too_narrow']);
  });

  it('blocks a strip narrower than the plate is thick and accepts one exactly as wide', () => {
    const a = thick(1, { outline: { kind: 'rectangle', width_in: 10, height_in: 0.6 } });
    expect(a.issues[0]!.message).toMatch(/^The part is only 0\.6 in tall; at 1 in thick the part must be at least 1 in wide everywhere: make it 0\.4 in taller/);
    expect(webCodes(1, { outline: { kind: 'rectangle', width_in: 10, height_in: 1 } })).toEqual([]);
    expect(webCodes(1, { outline: { kind: 'circle', diameter_in: 0.9 } })).toEqual(['web_too_narrow']);
  });

  it('blocks an L whose legs are narrower than the plate and accepts legs exactly as wide', () => {
    const a = thick(1, { outline: { kind: 'polygon', points_in: legL(0.2) } });
    expect(a.issues.map((i) => i.code)).toEqual(['web_too_narrow']);
    expect(a.issues[0]!.message).toMatch(/^The part narrows to 0\.2 in between the edge from points_in\[\d\] to points_in\[\d\] and the edge from points_in\[\d\] to points_in\[\d\], around \(/);
    expect(webCodes(1, { outline: { kind: 'polygon', points_in: legL(1) } })).toEqual([]);
    expect(webCodes(1, { outline: { kind: 'polygon', points_in: legL(0.999) } })).toEqual(['web_too_narrow']);
  });

  it('finds a neck between two V notches, measured from tip to tip', () => {
    const hourglass = (gap: number): Array<[number, number]> => [
      [0, 0], [10, 0], [10, 4], [5 + gap / 2, 5], [10, 6], [10, 10], [0, 10], [0, 6], [5 - gap / 2, 5], [0, 4],
    ];
    const a = thick(1.5, { outline: { kind: 'polygon', points_in: hourglass(1.2) } });
    expect(a.issues.map((i) => i.code)).toEqual(['web_too_narrow']);
    expect(a.issues[0]!.message).toMatch(/narrows to 1\.2 in .* around \(5, 5\)/);
    expect(webCodes(1.5, { outline: { kind: 'polygon', points_in: hourglass(1.5) } })).toEqual([]);
  });

  it('does not take a slot cut into the part for a narrow place', () => {
    // A 10 x 10 square with a 0.1 in slit from the top down to y = 2: the material is everywhere wide.
    const slit: Array<[number, number]> = [[0, 0], [10, 0], [10, 10], [5.05, 10], [5.05, 2], [4.95, 2], [4.95, 10], [0, 10]];
    expect(webCodes(0.25, { outline: { kind: 'polygon', points_in: slit } })).toEqual([]);
  });

  it('blocks a point sharper than 28 degrees and accepts a 30-60-90 gusset', () => {
    const a = thick(0.25, { outline: { kind: 'polygon', points_in: [[0, 0], [10, 0], [0, 10 * Math.tan((20 * Math.PI) / 180)]] } });
    expect(a.issues.map((i) => i.code)).toEqual(['web_too_narrow']);
    expect(a.issues[0]!.message).toMatch(/^The corner at points_in\[1\] comes to a 20° point, narrower than 0\.25 in for 0\.7\d* in from its tip/);
    expect(webCodes(0.25, { outline: { kind: 'polygon', points_in: [[0, 0], [10, 0], [0, 10 * Math.tan(Math.PI / 6)]] } })).toEqual([]);
  });

  it('finds no narrow place on a 200-corner ellipse or on the largest legal plate', () => {
    const ellipse = Array.from({ length: 200 }, (_, k): [number, number] => {
      const a = (2 * Math.PI * k) / 200;
      return [30 + 28 * Math.cos(a), 60 + 55 * Math.sin(a)];
    });
    expect(webCodes(0.1345, { outline: { kind: 'polygon', points_in: ellipse } })).toEqual([]);
  });
});

describe('bounded issues', () => {
  const holes200 = Array.from({ length: 200 }, (_, i) => single(5 + (i * 0.01) / 200, 5, 1));

  it('folds the 19,900 overlapping pairs of 200 stacked holes into three issues, the third with the total', () => {
    const a = analyze({ outline: { kind: 'rectangle', width_in: 10, height_in: 10 }, holes: holes200 });
    const overlaps = a.issues.filter((i) => i.code === 'holes_overlap');
    expect(overlaps.map((i) => i.param)).toEqual(['holes[0]', 'holes[0]', 'holes[0]']);
    expect(overlaps[0]!.message).toMatch(/^The 1 in hole holes\[0\] at \(5, 5\) and the 1 in hole holes\[1\] at/);
    expect(overlaps[2]!.message).toBe(
      '19,900 pairs of cutouts overlapping or too close in all; 19,898 of them from here on, starting with holes[0] and holes[3]; the first of all: holes[0] and holes[1]. At 1/4 in thick cutouts need at least 0.25 in of material between them: space them out, make them smaller or use fewer.',
    );
    expect(a.cutoutsClear).toBe(false);
  });

  it('shows at most three issues of one code, the first ones in request order', () => {
    const stray = Array.from({ length: 50 }, (_, i) => single(100, 1 + i, 0.5));
    const a = analyze({ holes: stray });
    expect(a.issues.map((i) => i.param)).toEqual(['holes[0]', 'holes[1]', 'holes[2]']);
    expect(a.issues[2]!.message).toMatch(/^50 cutouts outside the part or past its edge in all; 48 of them from here on, starting with holes\[2\]/);
  });
});
