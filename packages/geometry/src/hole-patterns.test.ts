import { HolePattern } from '@shop/contracts';
import { cosSin, cutoutArea, cutoutPerimeter, expandHoles } from './hole-patterns';

const expand = (...patterns: unknown[]) => expandHoles(patterns.map((p) => HolePattern.parse(p)));

describe('expandHoles', () => {
  it('places a single hole at its centre with radius d/2', () => {
    const [h] = expand({ kind: 'single', x_in: 1.5, y_in: 2, diameter_in: 0.5 });
    expect(h).toMatchObject({ kind: 'hole', entry: 0, index: 0, x: 1.5, y: 2, radius: 0.25 });
    expect(h!.ax).toBe(h!.bx);
  });

  it('runs a linear pattern from its start along angle_deg', () => {
    const holes = expand({ kind: 'linear', start_x_in: 1, start_y_in: 1, count: 3, spacing_in: 2, diameter_in: 0.25, angle_deg: 90 });
    expect(holes.map((h) => [h.x, h.y])).toEqual([[1, 1], [1, 3], [1, 5]]);
    const diagonal = expand({ kind: 'linear', start_x_in: 0, start_y_in: 0, count: 2, spacing_in: 2, diameter_in: 0.25, angle_deg: 45 });
    expect(diagonal[1]!.x).toBeCloseTo(Math.SQRT2, 12);
    expect(diagonal[1]!.y).toBeCloseTo(Math.SQRT2, 12);
  });

  it('centres a grid on its centre, columns across and rows up, row by row from the bottom', () => {
    const holes = expand({ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 3, rows: 2, x_spacing_in: 1, y_spacing_in: 2, diameter_in: 0.25 });
    expect(holes.map((h) => [h.x, h.y])).toEqual([[2, 1], [3, 1], [4, 1], [2, 3], [3, 3], [4, 3]]);
    expect(holes.map((h) => h.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('turns a rotated grid counter-clockwise about its centre (corner hole by hand)', () => {
    // 2 x 2 grid, spacings 4 and 2, turned 30 degrees about (10, 10).
    // Lower-left hole before turning: (-2, -1) from the centre.
    // Turned: x = -2 cos30 + 1 sin30 = -1.2320508, y = -2 sin30 - 1 cos30 = -1.8660254.
    const holes = expand({ kind: 'grid', center_x_in: 10, center_y_in: 10, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5, rotation_deg: 30 });
    expect(holes[0]!.x).toBeCloseTo(8.7679492, 6);
    expect(holes[0]!.y).toBeCloseTo(8.1339746, 6);
    // Upper-right: (2, 1) -> (2 cos30 - sin30, 2 sin30 + cos30) = (1.2320508, 1.8660254)
    expect(holes[3]!.x).toBeCloseTo(11.2320508, 6);
    expect(holes[3]!.y).toBeCloseTo(11.8660254, 6);
  });

  it('starts a bolt circle at start_angle_deg and goes counter-clockwise', () => {
    const holes = expand({ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 6, bolt_circle_diameter_in: 8, diameter_in: 0.5, start_angle_deg: 30 });
    // First at 30 degrees on a 4 in radius: (5 + 4 cos30, 5 + 4 sin30) = (8.4641016, 7)
    expect(holes[0]!.x).toBeCloseTo(8.4641016, 6);
    expect(holes[0]!.y).toBeCloseTo(7, 12);
    // Second at 90 degrees: straight up.
    expect(holes[1]!.x).toBeCloseTo(5, 12);
    expect(holes[1]!.y).toBeCloseTo(9, 12);
    expect(holes).toHaveLength(6);
  });

  it('makes a slot with its end centres half of (length - width) from the centre along angle_deg', () => {
    const [s] = expand({ kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 0.5, length_in: 2.5, angle_deg: 90 });
    expect(s).toMatchObject({ kind: 'slot', x: 3, y: 2, ax: 3, ay: 1, bx: 3, by: 3, radius: 0.25 });
  });

  it('refuses a slot wider than it is long instead of turning it silently', () => {
    expect(() => expand({ kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 2.5, length_in: 0.5 })).toThrow(/more than length_in \(0\.5\)/);
    const [s] = expand({ kind: 'slot', center_x_in: 3, center_y_in: 2, width_in: 0.5, length_in: 2.5, angle_deg: 90 });
    expect(s).toMatchObject({ ax: 3, ay: 1, bx: 3, by: 3, radius: 0.25 });
  });

  it('numbers entries in request order across patterns', () => {
    const holes = expand(
      { kind: 'single', x_in: 1, y_in: 1, diameter_in: 0.5 },
      { kind: 'linear', start_x_in: 1, start_y_in: 2, count: 2, spacing_in: 1, diameter_in: 0.5 },
    );
    expect(holes.map((h) => [h.entry, h.index])).toEqual([[0, 0], [1, 0], [1, 1]]);
  });

  it('gives a round hole area pi r^2 and perimeter 2 pi r', () => {
    const [h] = expand({ kind: 'single', x_in: 1, y_in: 1, diameter_in: 0.5 });
    expect(cutoutArea(h!)).toBeCloseTo(0.1963495, 6);
    expect(cutoutPerimeter(h!)).toBeCloseTo(1.5707963, 6);
  });

  it('gives a slot a disc plus the rectangle between its ends, and a circle plus two straight sides', () => {
    const [s] = expand({ kind: 'slot', center_x_in: 5, center_y_in: 5, width_in: 0.5, length_in: 2.5, angle_deg: 33 });
    // pi 0.25^2 + 2 x 0.5 = 1.1963495; pi 0.5 + 2 x 2 = 5.5707963
    expect(cutoutArea(s!)).toBeCloseTo(1.1963495, 6);
    expect(cutoutPerimeter(s!)).toBeCloseTo(5.5707963, 6);
  });

  it('keeps axis angles exact so axis-aligned patterns stay on the grid', () => {
    expect(cosSin(90)).toEqual([0, 1]);
    expect(cosSin(-90)).toEqual([0, -1]);
    expect(cosSin(540)).toEqual([-1, 0]);
  });
});
