// writeDxf: a plate as a cut-ready ASCII DXF (AutoCAD 2007 format, inches) that importDxf reads back
// into the same plate: outline, holes and cutouts on CUT, bends on BEND, the label on NOTES.
import { DxfWriter, LWPolylineFlags, point3d, Units } from '@tarikjabiri/dxf';
import type { Pt, WritablePlate, WriteDxfOptions } from './types';

const LAYERS = { cut: 'CUT', bend: 'BEND', notes: 'NOTES' } as const;
// AutoCAD colour index: white, red, green.
const COLOURS = { cut: 7, bend: 1, notes: 3 } as const;
const MAX_LABEL = 250;

/** The segment clipped to the box (Liang-Barsky), or null when it misses it. */
export function clipSegment(start: Pt, end: Pt, box: { minX: number; minY: number; maxX: number; maxY: number }): [Pt, Pt] | null {
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, start[0] - box.minX],
    [dx, box.maxX - start[0]],
    [-dy, start[1] - box.minY],
    [dy, box.maxY - start[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
    } else if (p < 0) t0 = Math.max(t0, q / p);
    else t1 = Math.min(t1, q / p);
  }
  if (t0 > t1) return null;
  const at = (t: number): Pt => (t === 0 ? start : t === 1 ? end : [start[0] + t * dx, start[1] + t * dy]);
  return [at(t0), at(t1)];
}

/** Text on one line: DXF values end at a line break, so control characters become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, MAX_LABEL);
}

/**
 * Writes the plate as ASCII DXF in inches ($INSUNITS 1): the outline and each cutout as a closed
 * LWPOLYLINE and each hole as a CIRCLE on layer CUT, each bend as a LINE on BEND (clipped to the
 * outline's bounding box), the label as TEXT on NOTES under the part.
 */
export function writeDxf(plate: WritablePlate, options: WriteDxfOptions): string {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Inches);
  dxf.addLayer(LAYERS.cut, COLOURS.cut, 'CONTINUOUS');
  dxf.addLayer(LAYERS.bend, COLOURS.bend, 'CONTINUOUS');
  dxf.addLayer(LAYERS.notes, COLOURS.notes, 'CONTINUOUS');

  const closedPolygon = (points: readonly Pt[]) =>
    dxf.addLWPolyline(points.map(([x, y]) => ({ point: { x, y } })), { flags: LWPolylineFlags.Closed, layerName: LAYERS.cut });

  const outline = plate.outline.points_in;
  closedPolygon(outline);
  for (const hole of plate.holes) dxf.addCircle(point3d(hole.x_in, hole.y_in, 0), hole.diameter_in / 2, { layerName: LAYERS.cut });
  for (const cutout of plate.cutouts) closedPolygon(Array.isArray(cutout) ? cutout : cutout.points_in);

  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of outline) {
    box.minX = Math.min(box.minX, x);
    box.minY = Math.min(box.minY, y);
    box.maxX = Math.max(box.maxX, x);
    box.maxY = Math.max(box.maxY, y);
  }
  const height = outline.length > 0 ? box.maxY - box.minY : 1;
  const textHeight = Math.min(0.5, Math.max(0.1, height / 20));
  for (const bend of plate.bends) {
    const [start, end] = clipSegment(bend.start_in, bend.end_in, box) ?? [bend.start_in, bend.end_in];
    dxf.addLine(point3d(start[0], start[1], 0), point3d(end[0], end[1], 0), { layerName: LAYERS.bend });
    const note = `${bend.direction.toUpperCase()} ${bend.angle_deg}%%d`; // %%d is DXF for the degree sign
    dxf.addText(point3d((start[0] + end[0]) / 2, (start[1] + end[1]) / 2, 0), textHeight / 2, note, { layerName: LAYERS.notes });
  }
  const label = oneLine(options.label);
  if (label !== '') {
    const below = (Number.isFinite(box.minY) ? box.minY : 0) - 2 * textHeight;
    dxf.addText(point3d(Number.isFinite(box.minX) ? box.minX : 0, below, 0), textHeight, label, { layerName: LAYERS.notes });
  }
  return dxf.stringify();
}
