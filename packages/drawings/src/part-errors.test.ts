// Drawings that are not one clean part: several parts, islands, units, 3D entities, crossings, limits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importDxf } from './import-dxf';
import { MIN_PART_IN } from './limits';
import { block, circle, drawing, entityOfType, insert, line, lwpolyline, rectangleOfLines, text } from './test-drawings';
import type { DxfImport, DxfImportResult } from './types';

function expectPart(result: DxfImportResult): DxfImport {
  if (!result.ok) throw new Error(`expected a part, got ${result.code}: ${result.message}`);
  return result;
}

const square = (x: number, y: number, size: number) => lwpolyline([[x, y], [x + size, y], [x + size, y + size], [x, y + size]], true);

describe('drawings that are not one part', () => {
  it('refuses two disjoint parts with dxf_several_parts, giving the count', () => {
    const dxf = drawing([...rectangleOfLines(0, 0, 4, 3), ...rectangleOfLines(10, 0, 14, 3), circle(1, 1, 0.25)], { insUnits: 1 });
    expect(importDxf(dxf)).toEqual({
      ok: false,
      code: 'dxf_several_parts',
      message: 'The drawing holds 2 separate parts (outer contours starting at (0, 0) in, (10, 0) in, drawing coordinates). Send one part per file.',
    });
  });

  it('answers dxf_no_part when nothing closed is drawn, naming what was not cut', () => {
    const result = importDxf(drawing([text(0, 0, 'HELLO'), text(0, 1, 'WORLD')], { insUnits: 1 }));
    expect(result).toEqual({ ok: false, code: 'dxf_no_part', message: expect.stringContaining('No closed contour was found') });
    expect(result.ok ? '' : result.message).toContain('Not cut: 2 TEXT on layer 0.');
  });

  it('blocks an island (a contour inside a cutout) with dxf_island and leaves it out of the plate', () => {
    const dxf = drawing([...rectangleOfLines(0, 0, 10, 10), square(2, 2, 4), square(3, 3, 2)], { insUnits: 1 });
    const part = expectPart(importDxf(dxf));
    expect(part.issues).toEqual([
      {
        code: 'dxf_island',
        severity: 'blocking',
        message: expect.stringMatching(/^A contour inside a cutout, around \(4, 4\) in \(drawing coordinates\), would fall out when cut \(an island\)/),
      },
    ]);
    expect(part.counts).toEqual({ contours: 3, holes: 0, cutouts: 1, bends: 0 });
    expect(part.cut_length_in).toBe(40 + 16);
  });
});

describe('units', () => {
  it('refuses a file without $INSUNITS when no units are given', () => {
    expect(importDxf(drawing(rectangleOfLines(0, 0, 4, 3)))).toEqual({
      ok: false,
      code: 'dxf_units_unknown',
      message: 'The drawing does not say which units it is drawn in. Say whether it is in inches or millimetres (units "in" or "mm").',
    });
  });

  it('refuses $INSUNITS 0 (unitless) and units it does not read (9, mils)', () => {
    expect(importDxf(drawing(rectangleOfLines(0, 0, 4, 3), { insUnits: 0 }))).toMatchObject({ ok: false, code: 'dxf_units_unknown' });
    expect(importDxf(drawing(rectangleOfLines(0, 0, 4, 3), { insUnits: 9 }))).toMatchObject({ ok: false, code: 'dxf_units_unknown', message: expect.stringContaining('$INSUNITS 9') });
  });

  it('reads a file without $INSUNITS in the units given', () => {
    const part = expectPart(importDxf(drawing(rectangleOfLines(0, 0, 101.6, 76.2)), { units: 'mm' }));
    expect(part).toMatchObject({ units: 'mm', width_in: 4, height_in: 3 });
  });

  it('blocks a part over 120 in (dxf_part_too_large) and warns dxf_units_suspect when a mm drawing is read as inches (254 x 127 in)', () => {
    const part = expectPart(importDxf(drawing(rectangleOfLines(0, 0, 254, 127)), { units: 'in' }));
    expect(part.issues).toEqual([
      {
        code: 'dxf_part_too_large',
        severity: 'blocking',
        message:
          "Read in inches, the part measures 254 x 127 in: larger than the 120 in either way that a plate may be, so it cannot be cut or quoted as drawn. Check the drawing's units (a part drawn in millimetres and read as inches is 25.4 times too large) and import it again.",
      },
      {
        code: 'dxf_units_suspect',
        severity: 'warning',
        message:
          'Read in inches, the part measures 254 x 127 in; at 1/25.4 that scale it would measure 10 x 5 in, which looks more like a drawing in millimetres read as inches. Check the units.',
      },
    ]);
  });

  it('refuses a part over 10,000 in across with dxf_too_large, whatever its entities', () => {
    const result = importDxf(drawing([...rectangleOfLines(0, 0, 12_000, 10)], { insUnits: 1 }));
    expect(result).toEqual({ ok: false, code: 'dxf_too_large', message: expect.stringMatching(/^Read in inches, the part measures 12000 x 10 in; nothing larger than 10,000 in is read/) });
  });

  it('warns dxf_units_suspect when an inch drawing is read as mm (0.16 x 0.08 in)', () => {
    const part = expectPart(importDxf(drawing(rectangleOfLines(0, 0, 4, 2)), { units: 'mm' }));
    expect(part.issues.map((i) => i.code)).toEqual(['dxf_units_suspect']);
    expect(part.issues[0]!.message).toContain('at 25.4 times that scale it would measure 4 x 2 in');
  });

  // The check looked at the largest side against 0.25 in while pricing blocks a part under 0.5 in either
  // way: this part came in without the hint, and every quote of it was blocked part_too_small.
  it('warns dxf_units_suspect for a 10 x 6 in part in a file that says millimetres (0.39 x 0.24 in)', () => {
    const part = expectPart(importDxf(drawing(rectangleOfLines(0, 0, 10, 6), { insUnits: 4 })));
    expect(part.issues).toEqual([
      {
        code: 'dxf_units_suspect',
        severity: 'warning',
        message:
          'Read in millimetres, the part measures 0.3937 x 0.2362 in; at 25.4 times that scale it would measure 10 x 6 in, which looks more like a drawing in inches read as millimetres. Check the units.',
      },
    ]);
  });

  it('warns when only the smaller side is under the smallest part pricing cuts (4 x 0.39 in, read in millimetres)', () => {
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 100, 10), { insUnits: 4 }))).issues.map((i) => i.code)).toEqual(['dxf_units_suspect']);
    // 100 x 12.7 mm is 0.5 in the short way: quotable as read, no hint.
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 100, 12.7), { insUnits: 4 }))).issues).toEqual([]);
  });

  it('gives no units hint that the units read cannot explain: a small part in inches, a large one in millimetres', () => {
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 0.4, 0.3), { insUnits: 1 }))).issues).toEqual([]);
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 4000, 2000), { insUnits: 4 }))).issues.map((i) => i.code)).toEqual(['dxf_part_too_large']);
  });

  it('takes the smallest part from what pricing cuts: the price book\'s minPartSizeIn', () => {
    // This package reads no price book (it depends on no other package): the file keeps the two equal.
    const book = JSON.parse(readFileSync(join(__dirname, '../../catalog/src/price-book.json'), 'utf8')) as { dfm: { minPartSizeIn: number } };
    expect(MIN_PART_IN).toBe(book.dfm.minPartSizeIn);
  });

  it('does not warn for a 100 x 50 in part', () => {
    expect(expectPart(importDxf(drawing(rectangleOfLines(0, 0, 100, 50), { insUnits: 1 }))).issues).toEqual([]);
  });
});

describe('what cannot be cut', () => {
  it('blocks 3D solids, regions and 3D faces with dxf_unsupported_entity, with counts (blocks counted as inserted)', () => {
    const blocks = [block('BODY', 0, 0, [entityOfType('3DSOLID', 'MODEL')])];
    const face = entityOfType('3DFACE', '0', { 10: 0, 20: 0, 30: 0, 11: 1, 21: 0, 31: 0, 12: 1, 22: 1, 32: 0, 13: 0, 23: 1, 33: 0 });
    const dxf = drawing([...rectangleOfLines(0, 0, 4, 3), entityOfType('3DSOLID'), entityOfType('REGION'), insert('BODY', 0, 0), insert('BODY', 5, 0), face], { insUnits: 1, blocks });
    const part = expectPart(importDxf(dxf));
    expect(part.issues).toEqual([
      {
        code: 'dxf_unsupported_entity',
        severity: 'blocking',
        message: "The drawing holds entities that cannot be cut from a flat drawing: 1 3DFACE, 3 3DSOLID, 1 REGION. Export the part's flat pattern as 2D lines, arcs and polylines.",
      },
    ]);
    expect(part.counts.contours).toBe(1);
  });

  it('lists entity types the parser does not read (LEADER) in ignored', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 4, 3), entityOfType('LEADER', 'NOTES'), entityOfType('LEADER', 'NOTES')], { insUnits: 1 })));
    expect(part.ignored).toEqual([{ type: 'LEADER', layer: 'NOTES', count: 2, note: expect.stringContaining('not read') }]);
  });
});

describe('contours that cross', () => {
  it('blocks two cutouts that overlap, saying where', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), square(2, 2, 3), square(4, 4, 3)], { insUnits: 1 })));
    expect(part.issues).toEqual([{ code: 'dxf_contours_cross', severity: 'blocking', message: expect.stringMatching(/cross or touch the outline or each other near \((5, 4|4, 5)\) in/) }]);
  });

  it('blocks a cutout that touches the outline along an edge', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), square(0, 2, 2)], { insUnits: 1 })));
    expect(part.issues).toEqual([{ code: 'dxf_contours_cross', severity: 'blocking', message: expect.stringMatching(/near \(0, [24]\) in/) }]);
  });

  it('blocks a hole that crosses the outline', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), circle(9.8, 5, 0.5)], { insUnits: 1 })));
    expect(part.issues).toEqual([{ code: 'dxf_contours_cross', severity: 'blocking', message: expect.stringContaining('near (10, 5) in') }]);
  });

  it('blocks a hole tangent to the outline (a square with its inscribed circle)', () => {
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), circle(5, 5, 5)], { insUnits: 1 })));
    expect(part.issues).toEqual([{ code: 'dxf_contours_cross', severity: 'blocking', message: expect.stringMatching(/near \((5, 0|10, 5|5, 10|0, 5)\) in/) }]);
  });

  it('blocks two holes that touch, and a hole that touches a cutout', () => {
    const touching = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), circle(3, 3, 1), circle(5, 3, 1)], { insUnits: 1 })));
    expect(touching.issues).toEqual([{ code: 'dxf_contours_cross', severity: 'blocking', message: expect.stringContaining('near (4, 3) in') }]);
    const onCutout = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), square(5, 2, 2), circle(4, 3, 1)], { insUnits: 1 })));
    expect(onCutout.issues).toEqual([{ code: 'dxf_contours_cross', severity: 'blocking', message: expect.stringContaining('near (5, 3) in') }]);
  });

  it('blocks two holes that overlap, and passes holes that only come close', () => {
    const overlapping = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), circle(3, 3, 1), circle(4.5, 3, 1)], { insUnits: 1 })));
    expect(overlapping.issues.map((i) => i.code)).toEqual(['dxf_contours_cross']);
    const apart = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), circle(3, 3, 1), circle(5.01, 3, 1)], { insUnits: 1 })));
    expect(apart.issues).toEqual([]);
  });
});

describe('limits', () => {
  it('refuses 20,000 concentric circles (each inside all the bigger ones) ', () => {
    const circles = Array.from({ length: 20_000 }, (_, k) => circle(0, 0, 1 + k * 0.01));
    expect(importDxf(drawing(circles, { insUnits: 1 }))).toMatchObject({ ok: false, code: 'dxf_too_complex', message: expect.stringContaining('lie inside one another') });
  });

  it('refuses 30,000 lines all starting at one point ', () => {
    const star = Array.from({ length: 30_000 }, (_, k) => line(0, 0, Math.cos(k), Math.sin(k)));
    expect(importDxf(drawing(star, { insUnits: 1 }))).toMatchObject({ ok: false, code: 'dxf_too_complex', message: expect.stringContaining('line ends lie on top of one another') });
  });

  it('leaves ends open where more than 16 meet, instead of pairing them', () => {
    const star = Array.from({ length: 20 }, (_, k) => line(5, 2.5, 5 + Math.cos(k), 2.5 + Math.sin(k)));
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 5), ...star], { insUnits: 1 })));
    expect(part.issues.map((i) => i.code)).toEqual(['dxf_open_contour', 'dxf_open_contour', 'dxf_open_contour']);
    expect(part.issues[2]!.message).toContain('20 in all');
  });

  it('refuses more than 20,000 vertices with dxf_too_complex', () => {
    const n = 20_001;
    const points = Array.from({ length: n }, (_, k) => [10 * Math.cos((2 * Math.PI * k) / n), 10 * Math.sin((2 * Math.PI * k) / n)]);
    expect(importDxf(drawing([lwpolyline(points, true)], { insUnits: 1 }))).toEqual({
      ok: false,
      code: 'dxf_too_complex',
      message: 'The part has 20,001 vertices once its curves are flattened, over the 20,000 that are read. Simplify the outline and cutouts.',
    });
  });
});
