import * as ClipperLib from 'clipper-lib';
import { Outline } from '@shop/contracts';
import { expandFold } from './bend-lines';
import { CLIPPER_SCALE, circlePath, splitByFolds } from './clipper-paths';
import { expandOutline } from './outline';

const areaOf = (path: ClipperLib.Path) => ClipperLib.Clipper.Area(path) / (CLIPPER_SCALE * CLIPPER_SCALE);

describe('polygons for clipper', () => {
  it.each([0.03125, 0.0625, 0.25, 1, 7.5, 60])('keep a circle of radius %p within 0.01% of pi r^2, counter-clockwise', (r) => {
    const path = circlePath(60, 60, r);
    expect(Math.abs(areaOf(path) / (Math.PI * r * r) - 1)).toBeLessThan(1e-4);
    expect(ClipperLib.Clipper.Orientation(path)).toBe(true);
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
