// The contract's outlines turned into exact shapes in the item's frame, with their area, perimeter and
// validity. Circles stay circles: areas and perimeters come from formulas, never from polygons.
import type { Outline } from '@shop/contracts';
import type { EdgeIndex } from './edge-index';
import { findPolygonProblem, normalizePolygon } from './polygon';
import type { Bounds } from './polygon';

interface ShapeFigures {
  bounds: Bounds;
  areaIn2: number;
  perimeterIn: number;
  /** Closed contours the laser cuts for the outline itself (a ring has two). */
  contourCount: number;
}

/** A rectangle with its lower-left corner on the origin. */
export interface BoxShape extends ShapeFigures {
  kind: 'box';
  width: number;
  height: number;
}

/** A circle (innerRadius 0) or a ring. */
export interface DiscShape extends ShapeFigures {
  kind: 'disc';
  cx: number;
  cy: number;
  radius: number;
  innerRadius: number;
}

/** A polygon with corners counter-clockwise and repeated consecutive corners removed. */
export interface PolygonShape extends ShapeFigures {
  kind: 'polygon';
  xs: Float64Array;
  ys: Float64Array;
  /** For each kept corner, its index in the request's points_in. */
  sourceIndex: Int32Array;
  /** Set when the corners do not make a simple polygon with area. */
  problem: string | null;
  edges: EdgeIndex;
}

export type OutlineShape = BoxShape | DiscShape | PolygonShape;

/** What is known of a polygon outline's validity already (its survey's): the check is not made again. */
export interface KnownValidity {
  /** Corners of the polygon it was found on, after repeated corners were removed. */
  corners: number;
  problem: string | null;
}

/** The exact shape of an outline in the item's frame. */
export function expandOutline(outline: Outline, known?: KnownValidity): OutlineShape {
  switch (outline.kind) {
    case 'rectangle': {
      const w = outline.width_in;
      const h = outline.height_in;
      return {
        kind: 'box',
        width: w,
        height: h,
        bounds: { minX: 0, minY: 0, maxX: w, maxY: h },
        areaIn2: w * h,
        perimeterIn: 2 * (w + h),
        contourCount: 1,
      };
    }
    case 'circle': {
      const r = outline.diameter_in / 2;
      return discShape(r, 0);
    }
    case 'ring':
      return discShape(outline.outer_diameter_in / 2, outline.inner_diameter_in / 2);
    case 'polygon':
      return polygonShape(outline.points_in, known);
  }
}

function discShape(r: number, rin: number): DiscShape {
  return {
    kind: 'disc',
    cx: r,
    cy: r,
    radius: r,
    innerRadius: rin,
    bounds: { minX: 0, minY: 0, maxX: 2 * r, maxY: 2 * r },
    areaIn2: Math.PI * (r * r - rin * rin),
    perimeterIn: 2 * Math.PI * (r + rin),
    contourCount: rin > 0 ? 2 : 1,
  };
}

function polygonShape(points: ReadonlyArray<readonly [number, number]>, known: KnownValidity | undefined): PolygonShape {
  const corners = normalizePolygon(points);
  const problem = known !== undefined && known.corners === corners.xs.length ? known.problem : findPolygonProblem(corners, 'The polygon outline', 'the part');
  return { kind: 'polygon', ...corners, contourCount: 1, problem };
}
