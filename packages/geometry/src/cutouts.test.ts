import type { PlateItemInput } from '@shop/contracts';
import { analyzePlate, measurePlate } from './analyze-plate';
import { renderPlateSvg } from './render-svg';
import { RULES, circleCorners, importedPlate, plate } from './test-plates';

type Extra = Parameters<typeof plate>[0];
type Corners = Array<[number, number]>;
const cutout = (points: Corners) => ({ kind: 'polygon' as const, points_in: points });
const box = (x0: number, y0: number, x1: number, y1: number): Corners => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];
const single = (x: number, y: number, d: number) => ({ kind: 'single' as const, x_in: x, y_in: y, diameter_in: d });
const bend = (s: [number, number], e: [number, number]) => ({ start_in: s, end_in: e });
/** 10 x 6 in, 1/4 in thick (web 0.25 in, hole-to-fold 0.625 in), with the cut-outs and anything else given. */
const tenBySix = (cutouts: Corners[], extra: Extra = {}) =>
  plate({ outline: { kind: 'rectangle', width_in: 10, height_in: 6 }, cutouts: cutouts.map(cutout), ...extra });
const analyze = (cutouts: Corners[], extra: Extra = {}) => analyzePlate(tenBySix(cutouts, extra), RULES, 'items[0]');
const issuesOf = (cutouts: Corners[], extra: Extra = {}) => analyze(cutouts, extra).issues.map((i) => [i.code, i.param, i.message]);

const WINDOW = box(2, 2.5, 4, 3.5); // 2 x 1 in: area 2, perimeter 6
const TRIANGLE: Corners = [[6, 1.5], [8, 1.5], [7, 4.5]]; // base 2, height 3: area 3, perimeter 2 + 2 sqrt(10)

describe('cut-outs: measures', () => {
  it('takes a 2 x 1 in window and a triangle out of a 10 x 6 plate: area 55, cut 40 + 2 sqrt(10), 3 pierces', () => {
    const m = measurePlate(tenBySix([WINDOW, TRIANGLE]));
    expect(m.outlineAreaIn2).toBe(60);
    expect(m.netAreaIn2).toBeCloseTo(55, 12);
    // 32 round the plate + 6 round the window + 2 + 2 sqrt(10) round the triangle = 46.3245553
    expect(m.cutLengthIn).toBeCloseTo(40 + 2 * Math.sqrt(10), 12);
    expect(m.cutLengthIn).toBeCloseTo(46.3245553, 7);
    expect(m).toMatchObject({ pierceCount: 3, holeCount: 0, slotCount: 0, cutoutCount: 2, cutoutsClear: true });
  });

  it('counts cut-outs apart from holes: each adds its area, its perimeter and one pierce', () => {
    const holes = [{ kind: 'grid' as const, center_x_in: 5, center_y_in: 3, columns: 2, rows: 2, x_spacing_in: 8, y_spacing_in: 4, diameter_in: 0.5 }];
    const m = measurePlate(tenBySix([WINDOW, TRIANGLE], { holes }));
    // 55 - 4 x pi / 16; 46.3245553 + 4 x 0.5 pi
    expect(m.netAreaIn2).toBeCloseTo(55 - Math.PI / 4, 12);
    expect(m.cutLengthIn).toBeCloseTo(40 + 2 * Math.sqrt(10) + 2 * Math.PI, 12);
    expect(m).toMatchObject({ pierceCount: 7, holeCount: 4, slotCount: 0, cutoutCount: 2 });
  });

  it('measures a cut-out the same in either winding', () => {
    const clockwise = measurePlate(tenBySix([[...TRIANGLE].reverse()]));
    expect(clockwise.netAreaIn2).toBeCloseTo(57, 12);
    expect(clockwise.cutLengthIn).toBeCloseTo(34 + 2 * Math.sqrt(10), 12);
  });

  it('finds nothing wrong with cut-outs well inside the part', () => {
    expect(analyze([WINDOW, TRIANGLE]).issues).toEqual([]);
  });
});

describe('cut-outs: hole_outside_part', () => {
  it('blocks a cut-out crossing an edge, naming the edge and where it crosses', () => {
    expect(issuesOf([box(9, 2, 10.5, 3)])).toEqual([
      [
        'hole_outside_part',
        'items[0].cutouts[0]',
        'The cut-out cutouts[0] (1.5 x 1 in, around (9.75, 2.5)) meets or crosses the right edge of the part at (10, 2); every cutout needs material all round it (at least 0.25 in to an edge at 1/4 in thick): move it inside the outline or change the outline.',
      ],
    ]);
  });

  it('blocks a cut-out off the part and one touching its edge from inside', () => {
    expect(analyze([[[11, 1], [12, 1], [12, 2]]]).issues[0]!.message).toMatch(/^The cut-out cutouts\[0\] \(1 x 1 in, around \(11\.5, 1\.5\)\) lies outside the part;/);
    expect(issuesOf([box(9, 2, 10, 3)]).map(([code, param]) => [code, param])).toEqual([['hole_outside_part', 'items[0].cutouts[0]']]);
  });

  it('blocks a cut-out that takes in the whole part, and one in the opening of a ring', () => {
    const small = { kind: 'polygon' as const, points_in: box(1, 1, 5, 4) };
    const around = analyzePlate(plate({ outline: small, cutouts: [cutout(box(0.5, 0.5, 6, 5))] }), RULES);
    expect(around.issues.map((i) => i.message)).toEqual([
      'The cut-out cutouts[0] (5.5 x 4.5 in, around (3.25, 2.75)) takes in the whole part; every cutout needs material all round it (at least 0.25 in to an edge at 1/4 in thick): move it inside the outline or change the outline.',
    ]);
    const ring = { outline: { kind: 'ring' as const, outer_diameter_in: 10, inner_diameter_in: 4 } };
    const inBore = analyzePlate(plate({ ...ring, cutouts: [cutout(box(4.5, 4.5, 5.5, 5.5))] }), RULES);
    expect(inBore.issues.map((i) => [i.code, i.param])).toEqual([['hole_outside_part', 'cutouts[0]']]);
    expect(inBore.issues[0]!.message).toMatch(/lies outside the part/);
    const roundBore = analyzePlate(plate({ ...ring, cutouts: [cutout(box(2.5, 2.5, 7.5, 7.5))] }), RULES);
    expect(roundBore.issues[0]!.message).toMatch(/^The cut-out cutouts\[0\] \(5 x 5 in, around \(5, 5\)\) takes in the ring's opening;/);
  });

  it('blocks a cut-out reaching into the notch of a polygon outline', () => {
    const lShape = { kind: 'polygon' as const, points_in: [[0, 0], [8, 0], [8, 2], [2, 2], [2, 6], [0, 6]] as Corners };
    const a = analyzePlate(plate({ outline: lShape, cutouts: [cutout(box(4, 0.5, 5, 2.5))] }), RULES);
    expect(a.issues.map((i) => i.code)).toEqual(['hole_outside_part']);
    expect(a.issues[0]!.message).toMatch(/meets or crosses the edge from points_in\[2\] to points_in\[3\] of the part at \(\d/);
    expect(a.cutoutsClear).toBe(false);
  });
});

describe('cut-outs: hole_too_close_to_edge', () => {
  it('blocks a cut-out with less than the web to an edge and says how far to move it', () => {
    expect(issuesOf([box(9, 2, 9.9, 3)])).toEqual([
      [
        'hole_too_close_to_edge',
        'items[0].cutouts[0]',
        'The cut-out cutouts[0] (0.9 x 1 in, around (9.45, 2.5)) comes within 0.1 in of the right edge of the part at (9.9, 2); cut-outs need at least 0.25 in of material to an edge at 1/4 in thick: move it in by 0.15 in, trim it there or make the plate larger.',
      ],
    ]);
  });

  it('accepts a cut-out exactly the web from an edge', () => {
    expect(analyze([box(9, 2, 9.75, 3)]).issues).toEqual([]);
  });

  it('measures from a triangle point to a circle and to the bore of a ring', () => {
    const circle = { outline: { kind: 'circle' as const, diameter_in: 10 } };
    // A corner at (9.8, 5) is 0.2 in from the rim.
    const near = analyzePlate(plate({ ...circle, cutouts: [cutout([[7, 4], [9.8, 5], [7, 6]])] }), RULES);
    expect(near.issues.map((i) => i.code)).toEqual(['hole_too_close_to_edge']);
    expect(near.issues[0]!.message).toMatch(/comes within 0\.2 in of the outer edge of the part at \(9\.8, 5\)/);
    const ring = { outline: { kind: 'ring' as const, outer_diameter_in: 10, inner_diameter_in: 4 } };
    // The bore reaches x = 7 on y = 5; an edge at x = 7.1 leaves 0.1 in.
    const bore = analyzePlate(plate({ ...ring, cutouts: [cutout(box(7.1, 4.5, 8, 5.5))] }), RULES);
    expect(bore.issues[0]!.message).toMatch(/comes within 0\.1 in of the inner edge of the part at \(7\.1, 5\)/);
  });

  it('finds the web to a 20,000-corner outline through its spatial index', () => {
    const dense = { outline: { kind: 'polygon' as const, points_in: circleCorners(60, 60, 50, 20_000) } };
    // The corner (109.9, 60.5) is 49.9025 in from the centre: 0.0975 in from the rim.
    const a = analyzePlate(plate({ ...dense, cutouts: [cutout(box(108, 59.5, 109.9, 60.5))] }), RULES);
    const close = a.issues.filter((i) => i.code === 'hole_too_close_to_edge');
    expect(close.map((i) => i.param)).toEqual(['cutouts[0]']);
    expect(close[0]!.message).toMatch(/comes within 0\.0975 in of the edge from points_in\[\d+\] to points_in\[\d+\] of the part at \(109\.9, 60\.5\)/);
  });
});

describe('cut-outs: holes_overlap', () => {
  it('blocks a hole too close to a cut-out, naming the hole first', () => {
    expect(issuesOf([WINDOW], { holes: [single(4.3, 3, 0.5)] })).toEqual([
      [
        'holes_overlap',
        'items[0].holes[0]',
        'The 0.5 in hole holes[0] at (4.3, 3) and the cut-out cutouts[0] (2 x 1 in, around (3, 3)) leave only 0.05 in of material between them; at 1/4 in thick cutouts need at least 0.25 in of material between them: move them 0.2 in further apart.',
      ],
    ]);
  });

  it('blocks a hole inside a cut-out and says how far it must move to clear it', () => {
    // The centre is 0.5 in from the window's long sides: out by 0.5 + 0.25 + the 0.25 web.
    expect(analyze([WINDOW], { holes: [single(3, 3, 0.5)] }).issues[0]!.message).toBe(
      'The 0.5 in hole holes[0] at (3, 3) and the cut-out cutouts[0] (2 x 1 in, around (3, 3)) overlap by 0.75 in; at 1/4 in thick cutouts need at least 0.25 in of material between them: move them 1 in further apart.',
    );
  });

  it('blocks two cut-outs too close together and accepts them exactly the web apart', () => {
    expect(issuesOf([WINDOW, box(4.2, 2.5, 5, 3.5)])).toEqual([
      [
        'holes_overlap',
        'items[0].cutouts[0]',
        'The cut-out cutouts[0] (2 x 1 in, around (3, 3)) and the cut-out cutouts[1] (0.8 x 1 in, around (4.6, 3)) leave only 0.2 in of material between them; at 1/4 in thick cutouts need at least 0.25 in of material between them: move them 0.05 in further apart.',
      ],
    ]);
    expect(analyze([WINDOW, box(4.25, 2.5, 5, 3.5)]).issues).toEqual([]);
  });

  it('blocks cut-outs whose outlines cross, and one inside another', () => {
    const crossing = analyze([WINDOW, box(3.5, 2, 5, 3)]);
    expect(crossing.issues.map((i) => [i.code, i.param])).toEqual([['holes_overlap', 'items[0].cutouts[0]']]);
    expect(crossing.issues[0]!.message).toBe(
      'The cut-out cutouts[0] (2 x 1 in, around (3, 3)) and the cut-out cutouts[1] (1.5 x 1 in, around (4.25, 2.5)) overlap; at 1/4 in thick cutouts need at least 0.25 in of material between them: move them apart, or make them smaller, until that much lies between them.',
    );
    expect(crossing.cutoutsClear).toBe(false);
    const nested = analyze([box(1, 1, 6, 5), box(2, 2, 3, 3)]);
    expect(nested.issues.map((i) => [i.code, i.param])).toEqual([['holes_overlap', 'items[0].cutouts[0]']]);
    expect(nested.issues[0]!.message).toMatch(/ overlap; /);
  });

  it('counts the pairs between a hole pattern and a cut-out as one issue', () => {
    const row = { kind: 'linear' as const, start_x_in: 2.5, start_y_in: 3.7, count: 3, spacing_in: 0.5, diameter_in: 0.25 };
    expect(issuesOf([WINDOW], { holes: [row] })).toEqual([
      [
        'holes_overlap',
        'items[0].holes[0]',
        '3 pairs of cutouts between holes[0] and cutouts[0] are too close; the closest, hole 1 of holes[0] (0.25 in, at (2.5, 3.7)) and the cut-out cutouts[0] (2 x 1 in, around (3, 3)), leave only 0.075 in of material between them; at 1/4 in thick cutouts need at least 0.25 in of material between them: move them 0.175 in further apart.',
      ],
    ]);
  });

  it('checks a slot against a cut-out beside it', () => {
    const slot = (x: number) => ({ kind: 'slot' as const, center_x_in: x, center_y_in: 3, width_in: 0.5, length_in: 2, angle_deg: 90 });
    expect(analyze([WINDOW], { holes: [slot(4.49)] }).issues.map((i) => i.code)).toEqual(['holes_overlap']);
    expect(analyze([WINDOW], { holes: [slot(4.5)] }).issues).toEqual([]);
  });
});

describe('cut-outs: outline_invalid', () => {
  it('blocks a cut-out whose edges cross, names the edges and leaves it out of the other checks', () => {
    const a = analyze([[[2, 2], [4, 4], [4, 2], [2, 4]]], { holes: [single(3, 3, 0.5)] });
    expect(a.issues.map((i) => [i.code, i.param, i.message])).toEqual([
      [
        'outline_invalid',
        'items[0].cutouts[0]',
        'The cut-out cutouts[0] crosses or touches itself: the edge from points_in[0] to points_in[1] meets the edge from points_in[2] to points_in[3]. List the corners in order around the cut-out so no two edges meet except at their shared corner.',
      ],
    ]);
    expect(a.cutoutsClear).toBe(false);
  });

  it('blocks a cut-out with no area', () => {
    const a = analyze([[[2, 2], [3, 3], [4, 4]]]);
    expect(a.issues.map((i) => [i.code, i.param])).toEqual([['outline_invalid', 'items[0].cutouts[0]']]);
    expect(a.issues[0]!.message).toMatch(/^The cut-out cutouts\[0\] has no area/);
  });

  it('folds four invalid cut-outs after an invalid outline into three issues with the total', () => {
    const bowTie = (x: number): Corners => [[x, 2], [x + 1, 3], [x + 1, 2], [x, 3]];
    const a = analyzePlate(
      plate({ outline: { kind: 'polygon', points_in: [[0, 0], [10, 6], [10, 0], [0, 6]] }, cutouts: [1, 3, 5, 7].map((x) => cutout(bowTie(x))) }),
      RULES,
    );
    expect(a.issues.map((i) => i.param)).toEqual(['outline', 'cutouts[0]', 'cutouts[1]']);
    expect(a.issues[2]!.message).toBe(
      '5 polygons that are not simple shapes in all; 3 of them from here on, starting with cutouts[1]; the first of all: outline. List the corners of each in order around it so no two edges meet except at their shared corner.',
    );
  });
});

describe('cut-outs: hole_near_bend', () => {
  it('warns about a cut-out within 2.5 x thickness of a fold', () => {
    expect(issuesOf([box(2, 3.5, 4, 4.5)], { bends: [bend([0, 3], [10, 3])] })).toEqual([
      [
        'hole_near_bend',
        'items[0].cutouts[0]',
        'The cut-out cutouts[0] (2 x 1 in, around (3, 4)) is 0.5 in from the fold of bends[0]; holes closer than 0.625 in to a fold at 1/4 in thick may stretch out of shape when bent: move it 0.125 in further from the fold, or accept some distortion.',
      ],
    ]);
  });

  it('says so when the fold runs through a cut-out, and accepts one exactly the clearance away', () => {
    const through = analyze([WINDOW], { bends: [bend([0, 3], [10, 3])] });
    expect(through.issues[0]!.message).toMatch(/^The fold of bends\[0\] runs through the cut-out cutouts\[0\] \(2 x 1 in, around \(3, 3\)\); .* move it 0\.625 in further/);
    expect(analyze([box(2, 3.625, 4, 4.5)], { bends: [bend([0, 3], [10, 3])] }).issues).toEqual([]);
  });
});

describe('cut-outs: the drawing', () => {
  it('draws each cut-out as a closed path with the holes and counts them in the title', () => {
    const svg = renderPlateSvg(tenBySix([WINDOW, TRIANGLE], { holes: [single(1, 1, 0.5)] }));
    expect(svg).toContain('<path d="M2 -2.5L4 -2.5L4 -3.5L2 -3.5Z"/>');
    expect(svg).toContain('<path d="M6 -1.5L8 -1.5L7 -4.5Z"/>');
    expect(svg).toContain('1 hole, 0 slots, 2 cut-outs, 0 bends</title>');
    // The outline, then the hole and both cut-outs inside one white group.
    expect(svg).toMatch(/<g fill="#ffffff"[^>]*>\n<circle [^\n]*\n<path d="M2 [^\n]*\n<path d="M6 [^\n]*\n<\/g>/);
  });

  it('thins a 20,000-corner outline to a few hundred corners, every left-out corner within 0.01 in of the line drawn', () => {
    const corners = circleCorners(60, 60, 50, 20_000);
    const svg = renderPlateSvg(plate({ outline: { kind: 'polygon', points_in: corners } }));
    expect(Buffer.byteLength(svg)).toBeLessThan(10_000);
    const drawn = [...svg.match(/<path d="([^"]+)"/)![1]!.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), -Number(m[2])] as const);
    expect(drawn.length).toBeGreaterThan(50);
    expect(drawn.length).toBeLessThan(500);
    // Each corner drawn is a corner sent; every corner sent lies near the chord drawn over it.
    let k = 0;
    const at: number[] = drawn.map(([x, y]) => {
      while (Math.hypot(corners[k]![0] - x, corners[k]![1] - y) > 1e-4) k++;
      return k;
    });
    at.push(corners.length);
    let worst = 0;
    for (let j = 0; j + 1 < at.length; j++) {
      const [ax, ay] = corners[at[j]!]!;
      const [bx, by] = corners[at[j + 1]! % corners.length]!;
      for (let i = at[j]! + 1; i < at[j + 1]!; i++) {
        const [px, py] = corners[i]!;
        worst = Math.max(worst, Math.abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / Math.hypot(bx - ax, by - ay));
      }
    }
    // The tolerance is 1e-4 of the 100 in part; the figures drawn are rounded to 0.0001 in.
    expect(worst).toBeGreaterThan(0.001);
    expect(worst).toBeLessThanOrEqual(0.0101);
  });
});

describe('cut-outs: an imported part at the limits', () => {
  it('measures a 20,000-corner outline with 50 cut-outs and 400 holes to within 1e-6', () => {
    const a = analyzePlate(importedPlate(), RULES);
    const n = 20_000;
    const outline = (n / 2) * 50 * 50 * Math.sin((2 * Math.PI) / n);
    const gearArea = 100 * 1.5 * 1.8 * Math.sin((2 * Math.PI) / 200);
    const gearPerimeter = 200 * Math.sqrt(1.5 ** 2 + 1.8 ** 2 - 2 * 1.5 * 1.8 * Math.cos((2 * Math.PI) / 200));
    const net = outline - 400 * Math.PI * 0.1875 ** 2 - 50 * gearArea;
    const cut = n * 100 * Math.sin(Math.PI / n) + 400 * Math.PI * 0.375 + 50 * gearPerimeter;
    const relative = (x: number, y: number) => Math.abs(x - y) / y;
    expect(relative(a.outlineAreaIn2, outline)).toBeLessThan(1e-6);
    expect(relative(a.outlineAreaIn2, Math.PI * 2500)).toBeLessThan(1e-6);
    expect(relative(a.netAreaIn2, net)).toBeLessThan(1e-6);
    expect(relative(a.cutLengthIn, cut)).toBeLessThan(1e-6);
    expect(a).toMatchObject({ pierceCount: 451, holeCount: 400, cutoutCount: 50, cutoutsClear: true });
    // Every check ran and passed; a 100 in disc is simply larger than the 60 x 120 sheet.
    expect(a.issues.map((i) => i.code)).toEqual(['part_exceeds_sheet']);
  });

  it('finds a cut-out and a hole laid on top of each other among them', () => {
    const base = importedPlate();
    // In place of the last gear: a square over the hole at (28, 40.5), close to those at y 39.6 and 41.4.
    const cutouts: PlateItemInput['cutouts'] = [...base.cutouts.slice(0, 49), cutout(box(27.5, 40, 28.5, 41))];
    const a = analyzePlate(plate({ outline: base.outline, holes: base.holes, cutouts }), RULES);
    const overlaps = a.issues.filter((i) => i.code === 'holes_overlap');
    expect(overlaps.map((i) => i.param)).toEqual(['holes[0]']);
    expect(overlaps[0]!.message).toMatch(/^3 pairs of cutouts between holes\[0\] and cutouts\[49\] are too close; the closest, hole 6 of holes\[0\] \(0\.375 in, at \(28, 40\.5\)\)/);
  });
});
