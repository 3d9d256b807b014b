import { Outline } from '@shop/contracts';
import { expandOutline } from './outline';
import type { PolygonShape } from './outline';

const shapeOf = (input: unknown) => expandOutline(Outline.parse(input));
const polygon = (points: Array<[number, number]>) => shapeOf({ kind: 'polygon', points_in: points }) as PolygonShape;

describe('expandOutline', () => {
  it('puts a rectangle on the origin with area w*h and perimeter 2(w+h)', () => {
    const s = shapeOf({ kind: 'rectangle', width_in: 6, height_in: 4 });
    expect(s).toMatchObject({ kind: 'box', areaIn2: 24, perimeterIn: 20, contourCount: 1 });
    expect(s.bounds).toEqual({ minX: 0, minY: 0, maxX: 6, maxY: 4 });
  });

  it('centres a circle at (d/2, d/2) with area pi d^2/4 and perimeter pi d', () => {
    const s = shapeOf({ kind: 'circle', diameter_in: 10 });
    expect(s).toMatchObject({ kind: 'disc', cx: 5, cy: 5, radius: 5, innerRadius: 0, contourCount: 1 });
    expect(s.areaIn2).toBeCloseTo(78.5398163, 6);
    expect(s.perimeterIn).toBeCloseTo(31.4159265, 6);
    expect(s.bounds).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 10 });
  });

  it('gives a ring two contours, the area between them and both circumferences', () => {
    const s = shapeOf({ kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 6 });
    // pi (25 - 9) = 50.2655; pi (10 + 6) = 50.2655
    expect(s.areaIn2).toBeCloseTo(50.2654825, 6);
    expect(s.perimeterIn).toBeCloseTo(50.2654825, 6);
    expect(s.contourCount).toBe(2);
  });

  it('measures a polygon the same in either winding', () => {
    const ccw = polygon([[0, 0], [4, 0], [4, 1], [1, 1], [1, 3], [0, 3]]);
    const cw = polygon([[0, 3], [1, 3], [1, 1], [4, 1], [4, 0], [0, 0]]);
    for (const s of [ccw, cw]) {
      expect(s.areaIn2).toBeCloseTo(6, 12); // L shape: 4x1 + 1x2
      expect(s.perimeterIn).toBeCloseTo(14, 12);
      expect(s.bounds).toEqual({ minX: 0, minY: 0, maxX: 4, maxY: 3 });
      expect(s.problem).toBeNull();
    }
  });

  it('drops a last corner repeating the first and a corner repeating the one before', () => {
    const s = polygon([[1, 1], [5, 1], [5, 1], [5, 4], [1, 4], [1, 1]]);
    expect(s.xs.length).toBe(4);
    expect(s.areaIn2).toBe(12);
    expect(Array.from(s.sourceIndex).sort()).toEqual([0, 1, 3, 4]);
  });

  it('measures extents of a polygon off the origin from its corners', () => {
    const s = polygon([[10, 20], [14, 20], [12, 23]]);
    expect(s.bounds).toEqual({ minX: 10, minY: 20, maxX: 14, maxY: 23 });
    expect(s.areaIn2).toBe(6);
  });

  it('finds a self-crossing polygon (a bow tie) and names the two edges', () => {
    const s = polygon([[0, 0], [2, 2], [2, 0], [0, 2]]);
    expect(s.problem).toMatch(/crosses or touches itself: the edge from points_in\[\d\] to points_in\[\d\] meets/);
  });

  it('finds a polygon touching itself at a corner', () => {
    // Two squares meeting at (2, 2).
    const s = polygon([[0, 0], [2, 0], [2, 2], [4, 2], [4, 4], [2, 4], [2, 2], [0, 2]]);
    expect(s.problem).toMatch(/crosses or touches itself/);
  });

  it('finds corners on one line (zero area)', () => {
    expect(polygon([[0, 0], [1, 1], [2, 2]]).problem).toMatch(/no area/);
  });

  it('finds an edge doubling back over the one before', () => {
    const s = polygon([[0, 0], [4, 0], [2, 0], [2, 3]]);
    expect(s.problem).toMatch(/doubles back on itself at corner points_in\[1\]|crosses or touches itself/);
  });

  it('accepts a polygon with three corners in a row on one straight edge', () => {
    expect(polygon([[0, 0], [2, 0], [4, 0], [4, 3], [0, 3]]).problem).toBeNull();
  });
});
