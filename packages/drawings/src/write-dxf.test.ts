// writeDxf: the file it writes, and importDxf reading it back into the same plate.
import { parseString } from 'dxf';
import { importDxf } from './import-dxf';
import { arc, circle, drawing, line, lwpolyline } from './test-drawings';
import type { DxfImport, DxfImportResult, WritablePlate } from './types';
import { clipSegment, writeDxf } from './write-dxf';

function expectPart(result: DxfImportResult): DxfImport {
  if (!result.ok) throw new Error(`expected a part, got ${result.code}: ${result.message}`);
  return result;
}

/** An L-shaped bracket with a chamfer, two holes, a triangular and a square cutout and one fold. */
const bracket: WritablePlate = {
  outline: { kind: 'polygon', points_in: [[0, 0], [8.25, 0], [8.25, 2.5], [3.125, 2.5], [3.125, 6], [0.5, 6], [0, 5.5]] },
  holes: [
    { x_in: 1.5, y_in: 1.25, diameter_in: 0.5 },
    { x_in: 6.75, y_in: 1.25, diameter_in: 0.3125 },
  ],
  cutouts: [
    [[1, 3], [2.5, 3], [1.75, 4.5]],
    [[4, 0.75], [5, 0.75], [5, 1.75], [4, 1.75]],
  ],
  bends: [{ start_in: [0, 2.5], end_in: [3.125, 2.5], angle_deg: 90, direction: 'up' }],
};

describe('writeDxf', () => {
  it('gives back the same plate when read by importDxf', () => {
    const part = expectPart(importDxf(writeDxf(bracket, { label: 'Bracket, 0.25 in mild steel' })));
    expect(part.units).toBe('in');
    expect(part.plate.outline).toEqual(bracket.outline);
    expect(part.plate.holes).toEqual(bracket.holes.map((h) => ({ kind: 'single', ...h })));
    expect(part.plate.cutouts).toEqual(bracket.cutouts.map((points) => ({ kind: 'polygon', points_in: points })));
    expect(part.plate.bends).toEqual(bracket.bends);
    expect([part.width_in, part.height_in]).toEqual([8.25, 6]);
    expect(part.issues).toEqual([]);
    expect(part.ignored).toEqual([{ type: 'TEXT', layer: 'NOTES', count: 2, note: expect.stringContaining('text is not cut') }]);
  });

  it('round-trips an imported plate with arcs point for point (within 1e-6 in)', () => {
    const source = drawing(
      [
        lwpolyline([[0.5, 0], [5.5, 0, Math.tan(Math.PI / 8)], [6, 0.5], [6, 4], [0, 4], [0, 0.5, Math.tan(Math.PI / 8)]], true),
        circle(3, 2, 0.375),
        line(4, 1, 5, 1),
        arc(5, 1.5, 0.5, -90, 90),
        line(5, 2, 4, 2),
        arc(4, 1.5, 0.5, 90, 270),
        line(0, 3, 6, 3, 'BEND'),
      ],
      { insUnits: 1 },
    );
    const first = expectPart(importDxf(source));
    const again = expectPart(importDxf(writeDxf(first.plate, { label: 'round trip' })));
    expect(again.plate.holes).toEqual(first.plate.holes);
    expect(again.plate.bends).toEqual(first.plate.bends);
    expect(again.plate.outline.points_in).toHaveLength(first.plate.outline.points_in.length);
    again.plate.outline.points_in.forEach(([x, y], k) => {
      expect(Math.abs(x - first.plate.outline.points_in[k]![0])).toBeLessThanOrEqual(1e-6);
      expect(Math.abs(y - first.plate.outline.points_in[k]![1])).toBeLessThanOrEqual(1e-6);
    });
    expect(again.plate.cutouts).toEqual(first.plate.cutouts);
    expect(again.vertices).toBe(first.vertices);
  });

  it('writes ASCII DXF in inches ($INSUNITS 1) with layers CUT, BEND and NOTES', () => {
    const text = writeDxf(bracket, { label: 'Bracket' });
    expect(text.startsWith('0\nSECTION\n2\nHEADER\n')).toBe(true);
    expect(text).toMatch(/\$INSUNITS\n70\n1\n/);
    expect(text).toMatch(/\$ACADVER\n1\nAC1021\n/);
    expect(text.trimEnd().endsWith('0\nEOF')).toBe(true);
    const parsed = parseString(text) as unknown as { entities: Array<{ type: string; layer: string; closed?: boolean; string?: string }>; tables: { layers: Record<string, unknown> } };
    expect(Object.keys(parsed.tables.layers)).toEqual(expect.arrayContaining(['CUT', 'BEND', 'NOTES']));
    const summary = parsed.entities.map((e) => `${e.type}@${e.layer}${e.closed ? ' closed' : ''}`);
    expect(summary).toEqual([
      'LWPOLYLINE@CUT closed',
      'CIRCLE@CUT',
      'CIRCLE@CUT',
      'LWPOLYLINE@CUT closed',
      'LWPOLYLINE@CUT closed',
      'LINE@BEND',
      'TEXT@NOTES',
      'TEXT@NOTES',
    ]);
    expect(parsed.entities.filter((e) => e.type === 'TEXT').map((e) => e.string)).toEqual(['UP 90%%d', 'Bracket']);
  });

  it('keeps the label on one line', () => {
    const text = writeDxf(bracket, { label: 'Line one\nline two\r\n\tend' });
    expect(text).toContain('\nLine one line two end\n');
  });

  it('clips a bend to the outline bounding box', () => {
    const plate: WritablePlate = { ...bracket, bends: [{ start_in: [-2, 1], end_in: [10, 1], angle_deg: 45, direction: 'down' }] };
    const part = expectPart(importDxf(writeDxf(plate, { label: '' })));
    expect(part.plate.bends).toEqual([{ start_in: [0, 1], end_in: [8.25, 1], angle_deg: 90, direction: 'up' }]);
  });

  it('reads cutouts given as {kind, points_in} too', () => {
    const plate: WritablePlate = { ...bracket, cutouts: [{ kind: 'polygon', points_in: [[4, 0.75], [5, 0.75], [5, 1.75], [4, 1.75]] }] };
    expect(expectPart(importDxf(writeDxf(plate, { label: 'x' }))).plate.cutouts).toEqual([{ kind: 'polygon', points_in: [[4, 0.75], [5, 0.75], [5, 1.75], [4, 1.75]] }]);
  });
});

describe('clipSegment', () => {
  const box = { minX: 0, minY: 0, maxX: 10, maxY: 5 };
  it('cuts a line crossing the box at its sides', () => expect(clipSegment([-5, 2], [15, 2], box)).toEqual([[0, 2], [10, 2]]));
  it('keeps a line inside the box as it is', () => expect(clipSegment([1, 1], [9, 4], box)).toEqual([[1, 1], [9, 4]]));
  it('gives null for a line outside', () => expect(clipSegment([-5, 6], [15, 6], box)).toBeNull());
  it('cuts a diagonal at the corners', () => expect(clipSegment([-1, -0.5], [11, 5.5], box)).toEqual([[0, 0], [10, 5]]));
});
