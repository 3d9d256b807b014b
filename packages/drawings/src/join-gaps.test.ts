// Joining open pieces: silent, warned and refused gaps, branches, and open contours in words.
import { importDxf } from './import-dxf';
import { drawing, line, lwpolyline, rectangleOfLines } from './test-drawings';
import type { DxfImport, DxfImportResult } from './types';

function expectPart(result: DxfImportResult): DxfImport {
  if (!result.ok) throw new Error(`expected a part, got ${result.code}: ${result.message}`);
  return result;
}

/** A 10 x 5 in rectangle of LINEs whose bottom edge stops `gap` short of the corner (10, 0). */
function rectangleWithGap(gap: number): string[] {
  return [line(0, 0, 10 - gap, 0), line(10, 0, 10, 5), line(10, 5, 0, 5), line(0, 5, 0, 0)];
}

describe('joining open pieces', () => {
  it('joins a gap of 0.0008 in without a word', () => {
    const part = expectPart(importDxf(drawing(rectangleWithGap(0.0008), { insUnits: 1 })));
    expect(part.issues).toEqual([]);
    expect(part.counts.contours).toBe(1);
    expect([part.width_in, part.height_in]).toEqual([10, 5]);
    expect(part.plate.outline.points_in).toHaveLength(4);
  });

  it('joins a gap of 0.003 in with a warning naming where', () => {
    const part = expectPart(importDxf(drawing(rectangleWithGap(0.003), { insUnits: 1 })));
    expect(part.issues).toEqual([
      { code: 'dxf_gap_joined', severity: 'warning', message: 'A gap of 0.003 in was closed at (9.9985, 0) in (drawing coordinates); check the contour there.' },
    ]);
    expect(part.counts.contours).toBe(1);
  });

  it('measures the gap in inches in a mm drawing (0.003 in = 0.0762 mm)', () => {
    const mm = [line(0, 0, 254 - 0.0762, 0), line(254, 0, 254, 127), line(254, 127, 0, 127), line(0, 127, 0, 0)];
    const part = expectPart(importDxf(drawing(mm, { insUnits: 4 })));
    expect(part.issues.map((i) => [i.code, i.message.slice(0, 25)])).toEqual([['dxf_gap_joined', 'A gap of 0.003 in was clo']]);
  });

  it('leaves a gap of 0.02 in open: a blocking dxf_open_contour giving the gap and both ends', () => {
    const dxf = drawing([...rectangleOfLines(-5, -5, 15, 10), ...rectangleWithGap(0.02)], { insUnits: 1 });
    const part = expectPart(importDxf(dxf));
    expect(part.issues).toEqual([
      {
        code: 'dxf_open_contour',
        severity: 'blocking',
        message:
          'A contour is open: its ends (9.98, 0) in and (10, 0) in (drawing coordinates) are 0.02 in apart, more than the 0.005 in that is joined. Close it in the drawing.',
      },
    ]);
    expect(part.counts).toEqual({ contours: 1, holes: 0, cutouts: 0, bends: 0 });
  });

  it('answers dxf_no_part when the only contour is open, with the open ends in the message', () => {
    const result = importDxf(drawing(rectangleWithGap(0.02), { insUnits: 1 }));
    expect(result).toEqual({
      ok: false,
      code: 'dxf_no_part',
      message:
        'No closed contour was found, so there is no part to cut. One contour is open; the first: its ends (9.98, 0) in and (10, 0) in (drawing coordinates) are 0.02 in apart, more than the 0.005 in that is joined. Close it in the drawing.',
    });
  });

  it('says when more than two ends meet (a branch)', () => {
    const dxf = drawing([...rectangleOfLines(0, 0, 10, 5), line(10, 5, 12, 7)], { insUnits: 1 });
    const part = expectPart(importDxf(dxf));
    expect(part.issues).toHaveLength(1);
    expect(part.issues[0]!.code).toBe('dxf_open_contour');
    expect(part.issues[0]!.message).toContain('More than two ends meet at one of them');
  });

  it('folds repeated open contours into the third issue, which gives the total', () => {
    const dashes = Array.from({ length: 10 }, (_, k) => line(1 + k * 0.5, 2, 1.2 + k * 0.5, 2));
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 5), ...dashes], { insUnits: 1 })));
    expect(part.issues.map((i) => i.code)).toEqual(['dxf_open_contour', 'dxf_open_contour', 'dxf_open_contour']);
    expect(part.issues[2]!.message).toMatch(/\(and 7 more like it: 10 in all\)$/);
  });

  it('closes an open polyline whose last point comes back to its first', () => {
    const part = expectPart(importDxf(drawing([lwpolyline([[0, 0], [4, 0], [4, 3], [0, 3], [0, 0]], false)], { insUnits: 1 })));
    expect(part.plate.outline.points_in).toEqual([[0, 0], [4, 0], [4, 3], [0, 3]]);
    expect(part.cut_length_in).toBe(14);
  });
});
