// Drawings saved by CAD programs (Inkscape, FreeCAD): test/fixtures/SOURCES.md says how each was
// made. Every expected figure is worked out by hand from the drawing's source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importDxf } from './import-dxf';
import type { DxfImport, DxfImportOptions } from './types';
import { writeDxf } from './write-dxf';

const FIXTURES = join(__dirname, '..', 'test', 'fixtures');
const mm = (value: number) => value / 25.4;

function read(name: string, options: DxfImportOptions = {}): DxfImport {
  const result = importDxf(readFileSync(join(FIXTURES, name), 'utf8'), options);
  if (!result.ok) throw new Error(`${name}: ${result.code}: ${result.message}`);
  return result;
}

describe('drawings saved by CAD programs', () => {
  it('Inkscape R14 in mm: curves as splines, the holes as closed splines (cut-outs, not exact circles)', () => {
    const part = read('inkscape-bracket-mm-r14.dxf');
    expect(part).toMatchObject({ units: 'mm', counts: { contours: 6, holes: 0, cutouts: 5, bends: 0 }, issues: [] });
    expect(part.width_in).toBeCloseTo(mm(150), 5);
    expect(part.height_in).toBeCloseTo(mm(100), 5);
    // 2 x (130 + 80) + 2 pi 10 (corners) + 4 x 2 pi 5 (holes) + 2 x 20 + 2 pi 10 (slot) = 711.327 mm.
    expect(part.cut_length_in).toBeCloseTo(mm(420 + 20 * Math.PI + 40 * Math.PI + 40 + 20 * Math.PI), 2);
    expect(part.ignored).toEqual([{ type: 'LWPOLYLINE', layer: '0', count: 6, note: expect.stringContaining('zero length') }]);
  });

  it('Inkscape R12 without units: refused until the units are given, then 188 lines joined into the same part', () => {
    const text = readFileSync(join(FIXTURES, 'inkscape-bracket-r12-nounits.dxf'), 'utf8');
    expect(importDxf(text, {})).toMatchObject({ ok: false, code: 'dxf_units_unknown' });
    const part = read('inkscape-bracket-r12-nounits.dxf', { units: 'mm' });
    expect(part).toMatchObject({ units: 'mm', counts: { contours: 6, holes: 0, cutouts: 5 }, issues: [] });
    expect(part.width_in).toBeCloseTo(mm(150), 5);
    expect(part.height_in).toBeCloseTo(mm(100), 5);
    // Chords of the arcs: a little short of the true 711.3 mm.
    expect(part.cut_length_in).toBeGreaterThan(mm(705));
    expect(part.cut_length_in).toBeLessThan(mm(711.33));
  });

  it('Inkscape R14 in inches: a chamfered plate, three spline holes and a rectangular cut-out', () => {
    const part = read('inkscape-plate-in-r14.dxf');
    expect(part).toMatchObject({ units: 'in', width_in: 7, height_in: 4, counts: { contours: 5, holes: 0, cutouts: 4 }, issues: [] });
    // 7 + 4 + 5 + 2 sqrt 2 + 2 (outline) + 3 x pi x 0.5 + 2 x (2 + 1.5).
    expect(part.cut_length_in).toBeCloseTo(18 + 2 * Math.SQRT2 + 1.5 * Math.PI + 7, 3);
    const rectangle = part.plate.cutouts.find((cutout) => cutout.points_in.length === 4);
    // SVG's y runs down: the rectangle at y 1.5-3 in the SVG is at 2-3.5 in the DXF, 1.5-3 once the part sits on the origin.
    expect(rectangle?.points_in).toEqual(expect.arrayContaining([[3, 1.5], [5, 1.5], [5, 3], [3, 3]]));
  });

  it('FreeCAD R14 in mm: arcs, exact circles as round holes, a slot of lines and arcs', () => {
    const part = read('freecad-flange-mm-r14.dxf');
    expect(part).toMatchObject({ units: 'mm', width_in: 6, height_in: 4, counts: { contours: 6, holes: 4, cutouts: 1, bends: 0 }, ignored: [], issues: [] });
    expect(part.plate.holes).toEqual([[1, 1], [5, 1], [1, 3], [5, 3]].map(([x, y]) => ({ kind: 'single', x_in: x, y_in: y, diameter_in: 0.5 })));
    // 2 x (5 + 3) + pi (corners) + 4 x pi x 0.5 + 2 x 1.25 + pi x 0.75 (slot).
    expect(part.cut_length_in).toBeCloseTo(16 + Math.PI + 2 * Math.PI + 2.5 + 0.75 * Math.PI, 4);
  });

  it('FreeCAD R12 without units: the same flange once read in millimetres', () => {
    const text = readFileSync(join(FIXTURES, 'freecad-flange-r12-nounits.dxf'), 'utf8');
    expect(importDxf(text, {})).toMatchObject({ ok: false, code: 'dxf_units_unknown' });
    const r12 = read('freecad-flange-r12-nounits.dxf', { units: 'mm' });
    const r14 = read('freecad-flange-mm-r14.dxf');
    expect(r12).toMatchObject({ units: 'mm', width_in: 6, height_in: 4, counts: r14.counts, issues: [] });
    expect(r12.plate.holes).toEqual(r14.plate.holes);
    expect(r12.cut_length_in).toBeCloseTo(r14.cut_length_in, 6);
  });

  it.each(['freecad-flange-mm-r14.dxf', 'inkscape-plate-in-r14.dxf'])('%s written back and read again is the same part', (name) => {
    const part = read(name);
    const again = importDxf(writeDxf(part.plate, { label: name }), {});
    if (!again.ok) throw new Error(again.message);
    expect(again.plate.outline.points_in).toHaveLength(part.plate.outline.points_in.length);
    again.plate.outline.points_in.forEach(([x, y], i) => {
      expect(x).toBeCloseTo(part.plate.outline.points_in[i]![0], 6);
      expect(y).toBeCloseTo(part.plate.outline.points_in[i]![1], 6);
    });
    expect(again.plate.holes).toEqual(part.plate.holes);
    expect(again.plate.cutouts.map((cutout) => cutout.points_in.length)).toEqual(part.plate.cutouts.map((cutout) => cutout.points_in.length));
    expect(again.counts).toEqual(part.counts);
  });
});
