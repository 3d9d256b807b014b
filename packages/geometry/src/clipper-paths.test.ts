import * as ClipperLib from 'clipper-lib';
import { HolePattern, Outline } from '@shop/contracts';
import { expandFold } from './bend-lines';
import { CLIPPER_SCALE, circlePath, cutoutPath, removedArea, splitByFolds } from './clipper-paths';
import { cutoutArea, expandHoles } from './hole-patterns';
import { expandOutline } from './outline';

const areaOf = (path: ClipperLib.Path) => ClipperLib.Clipper.Area(path) / (CLIPPER_SCALE * CLIPPER_SCALE);

describe('polygons for clipper', () => {
  it.each([0.03125, 0.0625, 0.25, 1, 7.5, 60])('keep a circle of radius %p within 0.01% of pi r^2, counter-clockwise', (r) => {
    const path = circlePath(60, 60, r);
    expect(Math.abs(areaOf(path) / (Math.PI * r * r) - 1)).toBeLessThan(1e-4);
    expect(ClipperLib.Clipper.Orientation(path)).toBe(true);
  });

  it.each([
    [0.0625, 0.5, 17],
    [0.25, 2, 33],
    [1, 6, 90],
    [3, 100, 210],
  ])('keep a %p x %p slot at %p degrees within 0.01% of its exact area', (width, length, angle) => {
    const [slot] = expandHoles([HolePattern.parse({ kind: 'slot', center_x_in: 60, center_y_in: 60, width_in: width, length_in: length, angle_deg: angle })]);
    const path = cutoutPath(slot!);
    expect(Math.abs(areaOf(path) / cutoutArea(slot!) - 1)).toBeLessThan(1e-4);
    expect(ClipperLib.Clipper.Orientation(path)).toBe(true);
  });

  it('takes overlapping cutouts out once', () => {
    const shape = expandOutline(Outline.parse({ kind: 'rectangle', width_in: 10, height_in: 10 }));
    const holes = expandHoles([
      HolePattern.parse({ kind: 'single', x_in: 5, y_in: 5, diameter_in: 2 }),
      HolePattern.parse({ kind: 'single', x_in: 5, y_in: 5, diameter_in: 2 }),
    ]);
    expect(removedArea(shape, holes)).toBeCloseTo(Math.PI, 3);
  });

  it('leaves out cutouts that miss the part, however far away', () => {
    const shape = expandOutline(Outline.parse({ kind: 'rectangle', width_in: 10, height_in: 10 }));
    const holes = expandHoles([HolePattern.parse({ kind: 'linear', start_x_in: 100, start_y_in: 100, count: 100, spacing_in: 120, diameter_in: 1 })]);
    expect(removedArea(shape, holes)).toBe(0);
  });

  it('splits a part into facets along its folds', () => {
    const outline = Outline.parse({ kind: 'rectangle', width_in: 6, height_in: 4 });
    const shape = expandOutline(outline);
    const folds = [
      { start_in: [0, 1] as [number, number], end_in: [6, 1] as [number, number], angle_deg: 90, direction: 'up' as const },
      { start_in: [0, 3] as [number, number], end_in: [6, 3] as [number, number], angle_deg: 90, direction: 'up' as const },
    ].map((b) => expandFold(b, shape));
    const facets = splitByFolds(shape, folds);
    expect(facets).toHaveLength(3);
    const heights = facets.map((f) => Math.max(...f.ys) - Math.min(...f.ys)).sort((a, b) => a - b);
    expect(heights[0]).toBeCloseTo(1, 4);
    expect(heights[1]).toBeCloseTo(1, 4);
    expect(heights[2]).toBeCloseTo(2, 4);
  });
});
