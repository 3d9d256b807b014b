// A plate as priced, written as a cut-ready DXF: the outline and cut-outs as polygons, round holes as
// circles, slots and round outlines flattened within the same chord tolerance an import uses, so the
// file read back is the part priced (an imported part comes back exactly).
import type { PlateItem } from '@shop/contracts';
import type * as Drawings from '@shop/drawings';
import type { Pt, WritablePlate } from '@shop/drawings';
import { expandHoles } from '@shop/geometry';

/** The chord tolerance of flattened arcs, in inches: an import's. */
const CHORD_IN = 0.002;

/** Points around a circle (counter-clockwise from +x), the chord never further than CHORD_IN from the arc. */
function circlePoints(x: number, y: number, radius: number): Pt[] {
  const count = arcSteps(radius, 2 * Math.PI);
  return Array.from({ length: count }, (_, k): Pt => {
    const angle = (2 * Math.PI * k) / count;
    return [x + radius * Math.cos(angle), y + radius * Math.sin(angle)];
  });
}

/** Steps for an arc of `sweep` radians at the chord tolerance, at least 8 a circle. */
function arcSteps(radius: number, sweep: number): number {
  const step = 2 * Math.acos(Math.max(-1, 1 - CHORD_IN / radius));
  return Math.max(Math.ceil((sweep / (2 * Math.PI)) * 8), Math.ceil(sweep / step));
}

/** A slot (the points within `radius` of a-b) as a polygon: two half circles joined by straight sides. */
function capsulePoints(ax: number, ay: number, bx: number, by: number, radius: number): Pt[] {
  const heading = Math.atan2(by - ay, bx - ax);
  const steps = arcSteps(radius, Math.PI);
  const half = (cx: number, cy: number, from: number): Pt[] =>
    Array.from({ length: steps + 1 }, (_, k): Pt => {
      const angle = from + (Math.PI * k) / steps;
      return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
    });
  return [...half(bx, by, heading - Math.PI / 2), ...half(ax, ay, heading + Math.PI / 2)];
}

/** The plate's shapes in the drawing's terms. */
function drawablePlate(item: PlateItem): WritablePlate {
  const holes: { x_in: number; y_in: number; diameter_in: number }[] = [];
  const cutouts: Pt[][] = item.cutouts.map((cutout) => cutout.points_in.map(([x, y]): Pt => [x, y]));
  for (const cut of expandHoles(item.holes)) {
    if (cut.kind === 'hole') holes.push({ x_in: cut.x, y_in: cut.y, diameter_in: 2 * cut.radius });
    else cutouts.push(capsulePoints(cut.ax, cut.ay, cut.bx, cut.by, cut.radius));
  }
  const outline = item.outline;
  let points: Pt[];
  switch (outline.kind) {
    case 'rectangle':
      points = [[0, 0], [outline.width_in, 0], [outline.width_in, outline.height_in], [0, outline.height_in]];
      break;
    case 'circle':
      points = circlePoints(outline.diameter_in / 2, outline.diameter_in / 2, outline.diameter_in / 2);
      break;
    case 'ring': {
      const centre = outline.outer_diameter_in / 2;
      points = circlePoints(centre, centre, centre);
      holes.push({ x_in: centre, y_in: centre, diameter_in: outline.inner_diameter_in });
      break;
    }
    case 'polygon':
      points = outline.points_in.map(([x, y]): Pt => [x, y]);
      break;
  }
  return { outline: { kind: 'polygon', points_in: points }, holes, cutouts, bends: item.bends };
}

/** The DXF text of a plate, labelled (quote, item, material, quantity) on its NOTES layer. */
export function plateDxf(item: PlateItem, label: string): string {
  // Loaded on the first cut file, not at start: the DXF libraries are some 10 MB of memory that a
  // process serving quotes only never needs (drawings are read on the worker threads).
  const { writeDxf } = require('@shop/drawings') as typeof Drawings;
  return writeDxf(drawablePlate(item), { label });
}
