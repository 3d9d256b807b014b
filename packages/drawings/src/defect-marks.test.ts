// What the import gives for the preview of a drawing that cannot be cut as it is (where each defect
// lies, in the part's frame), and how it keeps its answer small: bends within the part, `ignored`
// grouped and capped.
import { importDxf } from './import-dxf';
import { circle, drawing, entityOfType, line, lwpolyline, openContourDrawing, point, rectangleOfLines } from './test-drawings';
import type { DxfImport, DxfImportResult } from './types';

function expectPart(result: DxfImportResult): DxfImport {
  if (!result.ok) throw new Error(`expected a part, got ${result.code}: ${result.message}`);
  return result;
}

describe('defect marks', () => {
  it('marks an open contour by its path, the gap between its ends, and sizes the part by it (not by the hole inside)', () => {
    const part = expectPart(importDxf(openContourDrawing()));
    expect(part.issues.map((i) => i.code)).toEqual(['dxf_open_contour']);
    expect([part.width_in, part.height_in]).toEqual([4, 3]);
    // The hole stays where it was drawn, in the frame of the whole part as found.
    expect(part.plate.outline.points_in[0]).toEqual([2.5, 1.5]);
    expect(part.marks).toHaveLength(1);
    const [mark] = part.marks;
    expect(mark).toMatchObject({ code: 'dxf_open_contour', closed: false });
    const ends = [mark!.points_in[0], mark!.points_in[mark!.points_in.length - 1]];
    expect(ends).toEqual(expect.arrayContaining([[1.95, 0], [2, 0]]));
  });

  it('marks an island by its contour, closed', () => {
    const square = (x: number, y: number, size: number) => lwpolyline([[x, y], [x + size, y], [x + size, y + size], [x, y + size]], true);
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), square(2, 2, 4), square(3, 3, 2)], { insUnits: 1 })));
    expect(part.marks).toEqual([{ code: 'dxf_island', closed: true, points_in: [[3, 3], [5, 3], [5, 5], [3, 5]] }]);
  });

  it('marks the spot where contours cross', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), circle(2, 2, 1), circle(2.5, 2, 1)], { insUnits: 1 })));
    expect(part.issues.map((i) => i.code)).toEqual(['dxf_contours_cross']);
    expect(part.marks).toEqual([{ code: 'dxf_contours_cross', closed: false, points_in: [expect.any(Array)] }]);
  });

  it('has no marks for a clean part', () => {
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 10, 5), { insUnits: 1 }))).marks).toEqual([]);
  });

  it('keeps at most 3 marks of a kind and 4,000 points in all, however many lines are open', () => {
    const lines = Array.from({ length: 2_000 }, (_, k) => line(k * 0.01, 1, k * 0.01 + 0.004, 2));
    const part = expectPart(importDxf(drawing([...rectangleOfLines(-1, -1, 30, 30), ...lines], { insUnits: 1 })));
    expect(part.marks).toHaveLength(3);
    expect(part.marks.reduce((sum, m) => sum + m.points_in.length, 0)).toBeLessThanOrEqual(4_000);
  });
});

describe('bend lines', () => {
  it('runs a bend line drawn past the part across the part only', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 6), line(4, -2, 4, 9, 'BEND')], { insUnits: 1 })));
    expect(part.plate.bends).toEqual([{ start_in: [4, 0], end_in: [4, 6], angle_deg: 90, direction: 'up' }]);
  });

  it('keeps a bend line drawn inside the part as drawn', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 6), line(4, 1, 4, 5, 'BEND')], { insUnits: 1 })));
    expect(part.plate.bends).toEqual([{ start_in: [4, 1], end_in: [4, 5], angle_deg: 90, direction: 'up' }]);
  });

  it('leaves out a bend line clear of the part, saying so in ignored', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 6), line(20, 0, 20, 6, 'BEND')], { insUnits: 1 })));
    expect(part.plate.bends).toEqual([]);
    expect(part.ignored).toEqual([{ type: 'LINE', layer: 'BEND', count: 1, note: 'on a bend layer but clear of the part: no fold' }]);
  });
});

describe('ignored, grouped and capped', () => {
  it('groups 18,158 points each on its own layer into one entry that counts the layers', () => {
    const points = Array.from({ length: 18_158 }, (_, k) => point(k % 100, Math.floor(k / 100) % 5, `P${k}`));
    const part = expectPart(importDxf(drawing([...rectangleOfLines(-1, -1, 101, 6), ...points], { insUnits: 1 })));
    expect(part.ignored).toEqual([{ type: 'POINT', layer: '18,158 layers', count: 18_158, note: 'points are not cut' }]);
    expect(JSON.stringify(part).length).toBeLessThan(2_000);
  });

  it('folds unknown entity types, each of its own name and layer, into the last entry: "and K more"', () => {
    const odd = Array.from({ length: 3_000 }, (_, k) => entityOfType(`ODD${k % 900}${'X'.repeat(200)}`, `L${k}`));
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 5), ...odd], { insUnits: 1 })));
    expect(part.ignored).toHaveLength(20);
    expect(part.ignored[0]).toMatchObject({ count: 4, layer: '4 layers' });
    expect(part.ignored[19]).toEqual({ type: 'OTHER', layer: '', count: expect.any(Number), note: expect.stringMatching(/^and 881 more groups of entities not cut \(ODD/) });
    for (const group of part.ignored) expect(group.type.length).toBeLessThanOrEqual(64);
    expect(JSON.stringify(part).length).toBeLessThan(10_000);
  });

  it('refuses over 1,000 kinds of entity it does not read, before counting them one by one', () => {
    const odd = Array.from({ length: 1_001 }, (_, k) => entityOfType(`ODD${k}`, `L${k}`));
    const result = importDxf(drawing([...rectangleOfLines(0, 0, 10, 5), ...odd], { insUnits: 1 }));
    expect(result).toEqual({ ok: false, code: 'dxf_too_complex', message: expect.stringMatching(/^The drawing holds more than 1,000 kinds of entity the import does not read \("ODD0", "ODD1", "ODD2", \.\.\.\)/) });
  });
});
