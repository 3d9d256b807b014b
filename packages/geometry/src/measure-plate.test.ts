import { measurePlate } from './analyze-plate';
import { plate } from './test-plates';

const PI = Math.PI;
const L_SHAPE: Array<[number, number]> = [[0, 0], [8, 0], [8, 2], [2, 2], [2, 6], [0, 6]];

describe('measurePlate', () => {
  it('measures the typical plate: 6 x 4 rectangle, four 1/2 in holes, one bend', () => {
    const m = measurePlate(
      plate({
        holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
        bends: [{ start_in: [0, 2], end_in: [6, 2] }],
      }),
    );
    // 24 - 4 x pi x 0.25^2 = 23.2146018; 20 + 4 x pi x 0.5 = 26.2831853
    expect(m).toMatchObject({ widthIn: 6, heightIn: 4, outlineAreaIn2: 24, pierceCount: 5, holeCount: 4, slotCount: 0, cutoutCount: 0, bendCount: 1, bendLengthsIn: [6] });
    expect(m.netAreaIn2).toBeCloseTo(23.2146018, 6);
    expect(m.cutLengthIn).toBeCloseTo(26.2831853, 6);
  });

  it('measures a circle with a bolt circle', () => {
    const m = measurePlate(
      plate({
        outline: { kind: 'circle', diameter_in: 10 },
        holes: [{ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 6, bolt_circle_diameter_in: 8, diameter_in: 0.5 }],
      }),
    );
    // 25 pi - 6 x 0.0625 pi = 77.3617191; 10 pi + 6 x 0.5 pi = 40.8407045
    expect(m.widthIn).toBe(10);
    expect(m.heightIn).toBe(10);
    expect(m.netAreaIn2).toBeCloseTo(77.3617191, 6);
    expect(m.cutLengthIn).toBeCloseTo(40.8407045, 6);
    expect(m.pierceCount).toBe(7);
    expect(m.holeCount).toBe(6);
  });

  it('counts a ring as two contours and both its circles in the cut length', () => {
    const m = measurePlate(
      plate({
        outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 },
        holes: [{ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 8, bolt_circle_diameter_in: 7, diameter_in: 0.375 }],
      }),
    );
    // pi (25 - 4) - 8 pi 0.1875^2 = 65.0898728; pi (10 + 4) + 8 x 0.375 pi = 53.4070751
    expect(m.outlineAreaIn2).toBeCloseTo(65.9734457, 6);
    expect(m.netAreaIn2).toBeCloseTo(65.0898728, 6);
    expect(m.cutLengthIn).toBeCloseTo(53.4070751, 6);
    expect(m.pierceCount).toBe(10);
  });

  it('measures a polygon with a slot: slots count apart from holes', () => {
    const m = measurePlate(
      plate({
        outline: { kind: 'polygon', points_in: L_SHAPE },
        holes: [{ kind: 'slot', center_x_in: 5, center_y_in: 1, width_in: 0.5, length_in: 2 }],
      }),
    );
    // 24 - (pi 0.0625 + 1.5 x 0.5) = 23.0536505; 28 + 0.5 pi + 3 = 32.5707963
    expect(m).toMatchObject({ widthIn: 8, heightIn: 6, outlineAreaIn2: 24, holeCount: 0, slotCount: 1, pierceCount: 2 });
    expect(m.netAreaIn2).toBeCloseTo(23.0536505, 6);
    expect(m.cutLengthIn).toBeCloseTo(32.5707963, 6);
  });

  it('counts every hole of linear and grid patterns one by one', () => {
    const m = measurePlate(
      plate({
        outline: { kind: 'rectangle', width_in: 40, height_in: 40 },
        holes: [
          { kind: 'linear', start_x_in: 2, start_y_in: 2, count: 5, spacing_in: 2, diameter_in: 0.5 },
          { kind: 'grid', center_x_in: 20, center_y_in: 20, columns: 3, rows: 4, x_spacing_in: 2, y_spacing_in: 2, diameter_in: 0.5 },
          { kind: 'slot', center_x_in: 30, center_y_in: 5, width_in: 0.5, length_in: 3, angle_deg: 45 },
        ],
      }),
    );
    expect(m.holeCount).toBe(17);
    expect(m.slotCount).toBe(1);
    expect(m.pierceCount).toBe(19);
  });

  it('measures each bend inside the part: diagonal, chord, ring, polygon, and a miss', () => {
    const lengths = (outline: object, bends: Array<[[number, number], [number, number]]>) =>
      measurePlate(plate({ outline: outline as never, bends: bends.map(([s, e]) => ({ start_in: s, end_in: e })) })).bendLengthsIn;
    expect(lengths({ kind: 'rectangle', width_in: 6, height_in: 4 }, [[[0, 0], [3, 2]]])[0]).toBeCloseTo(Math.sqrt(52), 12);
    // 3 in off the centre of a 10 in circle: half chord sqrt(25 - 9) = 4.
    expect(lengths({ kind: 'circle', diameter_in: 10 }, [[[0, 8], [1, 8]]])[0]).toBeCloseTo(8, 12);
    // Through the centre of a 10/4 ring: 10 - 4.
    expect(lengths({ kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 }, [[[0, 5], [10, 5]]])[0]).toBeCloseTo(6, 12);
    const polygon = lengths({ kind: 'polygon', points_in: L_SHAPE }, [
      [[1, 0], [1, 6]],
      [[0, 1], [8, 1]],
      [[0, 4], [1, 4]],
      [[0, 7], [8, 7]],
    ]);
    expect(polygon).toEqual([6, 8, 2, 0]);
  });

  it('says the figures are not those of a real piece when cutouts overlap, and takes each cutout off whole', () => {
    const m = measurePlate(
      plate({
        holes: [
          { kind: 'single', x_in: 2, y_in: 2, diameter_in: 1 },
          { kind: 'single', x_in: 2.5, y_in: 2, diameter_in: 1 },
        ],
      }),
    );
    expect(m.cutoutsClear).toBe(false);
    // Both discs taken off whole: a lower bound of the material left (the lens is counted twice).
    expect(m.netAreaIn2).toBeCloseTo(24 - 2 * (PI / 4), 9);
    expect(m.cutLengthIn).toBeCloseTo(20 + 2 * PI, 9);
  });

  it('says the figures are not those of a real piece when a cutout runs past the edge', () => {
    const m = measurePlate(plate({ holes: [{ kind: 'single', x_in: 0, y_in: 2, diameter_in: 1 }] }));
    expect(m.cutoutsClear).toBe(false);
    expect(m.netAreaIn2).toBeCloseTo(24 - PI / 4, 9);
  });

  it('says the figures are those of a real piece when every cutout is inside and apart', () => {
    const m = measurePlate(plate({ holes: [{ kind: 'single', x_in: 2, y_in: 2, diameter_in: 1 }, { kind: 'single', x_in: 3.5, y_in: 2, diameter_in: 1 }] }));
    expect(m.cutoutsClear).toBe(true);
  });

  it('still measures a self-crossing polygon without failing', () => {
    const m = measurePlate(plate({ outline: { kind: 'polygon', points_in: [[0, 0], [2, 2], [2, 0], [0, 2]] } }));
    expect(m.widthIn).toBe(2);
    expect(m.netAreaIn2).toBeGreaterThanOrEqual(0);
    expect(m.cutoutsClear).toBe(false);
  });
  it('measures a fold across the teeth of a comb piece by piece, and one along the edges between them', () => {
    // Base 7 x 1 with three teeth 1 wide and 2 tall at x 0-1, 3-4 and 6-7.
    const comb: Array<[number, number]> = [[0, 0], [7, 0], [7, 3], [6, 3], [6, 1], [4, 1], [4, 3], [3, 3], [3, 1], [1, 1], [1, 3], [0, 3]];
    const fold = (y: number) => measurePlate(plate({ outline: { kind: 'polygon', points_in: comb }, bends: [{ start_in: [0, y], end_in: [7, y] }] })).bendLengthsIn;
    expect(fold(2)).toEqual([3]);
    // Along y = 1 the line runs on the edges between the teeth: only the teeth's roots bend.
    expect(fold(1)).toEqual([3]);
    expect(fold(0.5)).toEqual([7]);
  });

  it('measures a fold across a 19,999-corner comb in one pass along the line', () => {
    // 4,999 teeth 0.01 wide at a 0.02 pitch, 2 tall, on a 100 x 1 base: the fold at y = 2 crosses each.
    const comb: Array<[number, number]> = [[0, 0], [100, 0], [100, 1]];
    for (let k = 4998; k >= 0; k--) comb.push([0.02 * k + 0.01, 1], [0.02 * k + 0.01, 3], [0.02 * k, 3], [0.02 * k, 1]);
    const m = measurePlate(plate({ outline: { kind: 'polygon', points_in: comb }, bends: [{ start_in: [0, 2], end_in: [100, 2] }] }));
    expect(m.bendLengthsIn[0]).toBeCloseTo(4999 * 0.01, 9);
  });
});
