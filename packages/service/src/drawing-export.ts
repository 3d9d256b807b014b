// A plate as priced, written as a cut-ready DXF: the outline and cut-outs as polygons, round holes as
// circles, slots and round outlines flattened as an import flattens arcs (@shop/drawings' own
// arcPoints), so the file read back is the part priced (an imported part comes back exactly).
import type { PlateItem } from '@shop/contracts';
import type * as Drawings from '@shop/drawings';
import type { Pt, WritablePlate } from '@shop/drawings';
import { expandHoles } from '@shop/geometry';

type Flatten = Pick<typeof Drawings, 'arcPoints' | 'circlePoints'>;

/** A slot (the points within `radius` of a-b) as a polygon: two half circles joined by straight sides. */
function capsulePoints(flatten: Flatten, ax: number, ay: number, bx: number, by: number, radius: number): Pt[] {
  const heading = Math.atan2(by - ay, bx - ax);
  return [...flatten.arcPoints(bx, by, radius, heading - Math.PI / 2, Math.PI), ...flatten.arcPoints(ax, ay, radius, heading + Math.PI / 2, Math.PI)];
}

/** The plate's shapes in the drawing's terms. */
function drawablePlate(item: PlateItem, flatten: Flatten): WritablePlate {
  const holes: { x_in: number; y_in: number; diameter_in: number }[] = [];
  const cutouts: Pt[][] = item.cutouts.map((cutout) => cutout.points_in.map(([x, y]): Pt => [x, y]));
  for (const cut of expandHoles(item.holes)) {
    if (cut.kind === 'hole') holes.push({ x_in: cut.x, y_in: cut.y, diameter_in: 2 * cut.radius });
    else cutouts.push(capsulePoints(flatten, cut.ax, cut.ay, cut.bx, cut.by, cut.radius));
  }
  const outline = item.outline;
  let points: Pt[];
  switch (outline.kind) {
    case 'rectangle':
      points = [[0, 0], [outline.width_in, 0], [outline.width_in, outline.height_in], [0, outline.height_in]];
      break;
    case 'circle':
      points = flatten.circlePoints(outline.diameter_in / 2, outline.diameter_in / 2, outline.diameter_in / 2);
      break;
    case 'ring': {
      const centre = outline.outer_diameter_in / 2;
      points = flatten.circlePoints(centre, centre, centre);
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
  const drawings = require('@shop/drawings') as typeof Drawings;
  return drawings.writeDxf(drawablePlate(item, drawings), { label });
}
