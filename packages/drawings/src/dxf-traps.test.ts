// One test (or more) for each trap of `dxf` 5.3.1 listed in the README (Traps of the parser).
import { importDxf } from './import-dxf';
import { arc, block, circle, drawing, entityOfType, fitPointSpline, insert, line, lwpolyline, rectangleOfLines } from './test-drawings';
import type { DxfImport, DxfImportResult } from './types';

function expectPart(result: DxfImportResult): DxfImport {
  if (!result.ok) throw new Error(`expected a part, got ${result.code}: ${result.message}`);
  return result;
}

const FLIPPED = { 210: 0, 220: 0, 230: -1 };

describe('trap 1: nested blocks keep their base points', () => {
  // INNER (base 5,5) holds a circle at (6,6): (1,1) from its base. OUTER (base 10,10) holds a
  // 10 x 6 rectangle from its base and INNER inserted at (12,12): (2,2) from its base.
  const blocks = [
    block('INNER', 5, 5, [circle(6, 6, 0.25)]),
    block('OUTER', 10, 10, [lwpolyline([[10, 10], [20, 10], [20, 16], [10, 16]], true), insert('INNER', 12, 12)]),
  ];

  it('puts a circle of a block nested in a block where the drawing shows it', () => {
    const part = expectPart(importDxf(drawing([insert('OUTER', 100, 50)], { insUnits: 1, blocks })));
    expect([part.width_in, part.height_in]).toEqual([10, 6]);
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 3, y_in: 3, diameter_in: 0.5 }]);
  });

  it('applies scale, then rotation, then translation through the nesting', () => {
    const part = expectPart(importDxf(drawing([insert('OUTER', 0, 0, '0', { 41: 2, 42: 2, 50: 90 })], { insUnits: 1, blocks })));
    expect([part.width_in, part.height_in]).toEqual([12, 20]);
    // (3,3) scaled by 2 is (6,6); turned 90 degrees it is (-6,6); the part's box starts at x = -12.
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 6, y_in: 6, diameter_in: 1 }]);
  });

  it('turns a circle in a block scaled 2 x 1 into an elliptic cutout with the true ellipse perimeter', () => {
    const blocks = [block('ROUND', 0, 0, [circle(0, 0, 1)])];
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), insert('ROUND', 5, 5, '0', { 41: 2, 42: 1 })], { insUnits: 1, blocks })));
    expect(part.plate.holes).toEqual([]);
    const xs = part.plate.cutouts[0]!.points_in.map(([x]) => x);
    const ys = part.plate.cutouts[0]!.points_in.map(([, y]) => y);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([3, 7, 4, 6]);
    // Ramanujan: pi (3(a + b) - sqrt((3a + b)(a + 3b))) with a = 2, b = 1.
    expect(part.cut_length_in - 40).toBeCloseTo(Math.PI * (9 - Math.sqrt(35)), 4);
  });

  it('expands MINSERT arrays', () => {
    const part = expectPart(
      importDxf(drawing([...rectangleOfLines(0, 0, 10, 10), insert('HOLE', 2, 2, '0', { 70: 3, 71: 2, 44: 3, 45: 4 })], { insUnits: 1, blocks: [block('HOLE', 0, 0, [circle(0, 0, 0.5)])] })),
    );
    expect(part.plate.holes.map((h) => [h.x_in, h.y_in])).toEqual([[2, 2], [5, 2], [8, 2], [2, 6], [5, 6], [8, 6]]);
  });
});

describe('inserts in paper space or invisible', () => {
  it('does not cut a title block inserted in paper space, and lists it', () => {
    const blocks = [block('TITLE', 0, 0, [...rectangleOfLines(0, 0, 17, 11), circle(15, 1, 0.5)])];
    const dxf = drawing([...rectangleOfLines(0, 0, 4, 3), insert('TITLE', 0, 0, 'BORDER', { 67: 1 }), insert('TITLE', 0, 0, 'BORDER', { 60: 1 })], { insUnits: 1, blocks });
    const part = expectPart(importDxf(dxf));
    expect([part.width_in, part.height_in]).toEqual([4, 3]);
    expect(part.ignored).toEqual([
      { type: 'INSERT', layer: 'BORDER', count: 1, note: 'in paper space (a layout sheet), not in the model' },
      { type: 'INSERT', layer: 'BORDER', count: 1, note: 'invisible entity' },
    ]);
  });
});

describe('trap 2: flipped extrusion (0, 0, -1) mirrors object coordinates in x', () => {
  it('mirrors LWPOLYLINE, CIRCLE and ARC, but not LINE, which is in drawing coordinates', () => {
    const dxf = drawing(
      [
        lwpolyline([[0, 0], [-10, 0], [-10, 5], [0, 5]], true, '0', FLIPPED),
        circle(-2, 2.5, 0.5, '0', { 210: 0, 220: 0, 230: -0.9999999 }),
        line(6, 2, 6, 3),
        arc(-6, 2.5, 0.5, -90, 90, '0', FLIPPED),
      ],
      { insUnits: 1 },
    );
    const part = expectPart(importDxf(dxf));
    expect([part.width_in, part.height_in]).toEqual([10, 5]);
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 2, y_in: 2.5, diameter_in: 1 }]);
    expect(part.plate.cutouts).toHaveLength(1);
    const xs = part.plate.cutouts[0]!.points_in.map(([x]) => x);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([5.5, 6]);
    expect(part.cut_length_in).toBeCloseTo(30 + Math.PI + 1 + Math.PI / 2, 6);
  });

  it('mirrors a block inserted with a flipped extrusion', () => {
    const blocks = [block('TAB', 0, 0, [lwpolyline([[0, 0], [4, 0], [4, 2], [0, 2]], true), circle(1, 1, 0.25)])];
    const part = expectPart(importDxf(drawing([insert('TAB', -10, 0, '0', FLIPPED)], { insUnits: 1, blocks })));
    // Inserted at OCS x = -10, i.e. drawing x = 10; the block's x runs the other way: the hole ends up 1 in from the right.
    expect(part.plate.holes).toEqual([{ kind: 'single', x_in: 3, y_in: 1, diameter_in: 0.5 }]);
    expect([part.width_in, part.height_in]).toEqual([4, 2]);
  });
});

describe('trap 3: a SPLINE given by fit points only', () => {
  it('is a blocking dxf_spline_unreadable, not a hole that silently vanishes', () => {
    const spline = fitPointSpline([[3, 2], [4, 3], [3, 4], [2, 3], [3, 2]]);
    const part = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 6, 6), spline], { insUnits: 1 })));
    expect(part.issues).toEqual([{ code: 'dxf_spline_unreadable', severity: 'blocking', message: expect.stringContaining('A spline is given by fit points only') }]);
    expect(part.plate.cutouts).toEqual([]);
  });
});

describe('trap 4: entities inside a block keep their own layer', () => {
  it('takes a BEND-layer line inside a block inserted on another layer as a bend', () => {
    const blocks = [block('PART', 0, 0, [...rectangleOfLines(0, 0, 6, 4), line(0, 2, 6, 2, 'BEND')])];
    const part = expectPart(importDxf(drawing([insert('PART', 10, 10, 'PARTS')], { insUnits: 1, blocks })));
    expect(part.plate.bends).toEqual([{ start_in: [0, 2], end_in: [6, 2], angle_deg: 90, direction: 'up' }]);
    expect(part.cut_length_in).toBe(20);
  });

  it('cuts CUT-layer lines of a block inserted on a BEND layer', () => {
    const blocks = [block('PART', 0, 0, rectangleOfLines(0, 0, 6, 4, 'CUT'))];
    const part = expectPart(importDxf(drawing([insert('PART', 0, 0, 'BEND')], { insUnits: 1, blocks })));
    expect(part.plate.bends).toEqual([]);
    expect([part.width_in, part.height_in]).toEqual([6, 4]);
  });
});

describe('trap 5: binary, garbage, truncated and empty text are refused, not read as an empty drawing', () => {
  const whole = drawing(rectangleOfLines(0, 0, 4, 3), { insUnits: 1 });
  it.each([
    ['binary DXF', 'AutoCAD Binary DXF\r\n\u001a\u0000\u0000\u0000SECTION', 'binary DXF'],
    ['garbage', 'PK\u0003\u0004 this is a zip file, not a drawing', 'not a DXF file'],
    ['truncated (no EOF)', whole.slice(0, Math.floor(whole.length * 0.6)), 'cut short'],
    ['empty', '', 'empty'],
    ['blank', ' \r\n\r\n', 'empty'],
    ['pairs out of step', '0\nSECTION\n2\nENTITIES\nLINE\n0\n8\n0\nENDSEC\n0\nEOF\n', 'group code'],
  ])('%s', (_, text, reason) => {
    const result = importDxf(text);
    expect(result).toEqual({ ok: false, code: 'dxf_unreadable', message: expect.stringContaining('Save the drawing as ASCII DXF') });
    expect(result.ok ? '' : result.message).toContain(reason);
  });
});

describe('trap 6: block bombs and self-inserting blocks are refused before expanding', () => {
  it('refuses 7 nested levels of 10 copies (10 million entities) before expanding them', () => {
    const blocks = [block('L0', 0, 0, Array.from({ length: 10 }, (_, k) => line(k, 0, k, 1)))];
    for (let level = 1; level <= 6; level++) blocks.push(block(`L${level}`, 0, 0, Array.from({ length: 10 }, (_, k) => insert(`L${level - 1}`, 0, k * 2))));
    const result = importDxf(drawing([insert('L6', 0, 0)], { insUnits: 1, blocks }));
    expect(result).toEqual({ ok: false, code: 'dxf_too_complex', message: expect.stringContaining('more than 50,000 entities') });
  });

  it('refuses a MINSERT array of 300 x 200', () => {
    const blocks = [block('DOT', 0, 0, [circle(0, 0, 0.1)])];
    const result = importDxf(drawing([insert('DOT', 0, 0, '0', { 70: 300, 71: 200, 44: 1, 45: 1 })], { insUnits: 1, blocks }));
    expect(result).toMatchObject({ ok: false, code: 'dxf_too_complex' });
  });

  it('refuses a block that inserts itself', () => {
    const blocks = [block('A', 0, 0, [line(0, 0, 1, 1), insert('A', 1, 1)])];
    expect(importDxf(drawing([insert('A', 0, 0)], { insUnits: 1, blocks }))).toEqual({
      ok: false,
      code: 'dxf_too_complex',
      message: expect.stringContaining('Block "A" inserts itself ("A" -> "A")'),
    });
  });

  it('refuses a cycle through another block', () => {
    const blocks = [block('A', 0, 0, [insert('B', 0, 0)]), block('B', 0, 0, [line(0, 0, 1, 1), insert('A', 2, 2)])];
    const result = importDxf(drawing([insert('A', 0, 0)], { insUnits: 1, blocks }));
    expect(result).toMatchObject({ ok: false, code: 'dxf_too_complex' });
    expect(result.ok ? '' : result.message).toContain('("A" -> "B" -> "A")');
  });
});

describe('trap 7: the parser logger stays quiet', () => {
  it('prints nothing for an insert of a missing block or a stray vertex, and lists both in ignored', () => {
    const spies = (['error', 'warn', 'info', 'log'] as const).map((name) => jest.spyOn(console, name).mockImplementation(() => undefined));
    try {
      const dxf = drawing([...rectangleOfLines(0, 0, 4, 3), insert('GHOST', 1, 1, 'PARTS'), entityOfType('VERTEX', '0', { 10: 1, 20: 1 })], { insUnits: 1 });
      const part = expectPart(importDxf(dxf));
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      expect(part.ignored).toEqual([
        { type: 'INSERT', layer: 'PARTS', count: 1, note: 'inserts block "GHOST", which the file does not define' },
        { type: 'VERTEX', layer: '', count: 1, note: 'a vertex outside any polyline' },
      ]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('trap 9: the parser expands inserts in quadratic time, so they are expanded here', () => {
  it('puts every copy of an array insert where the array puts it, turned with the insert', () => {
    // 40 rows x 50 columns of 0.1 in holes, 1 in apart, the array turned 90 degrees: rows run along -x.
    const dxf = drawing([...rectangleOfLines(-50, -1, 1, 60), insert('H', 0, 0, '0', { 70: 50, 71: 40, 44: 1, 45: 1, 50: 90 })], {
      insUnits: 1,
      blocks: [block('H', 0, 0, [circle(0, 0, 0.05)])],
    });
    const part = expectPart(importDxf(dxf));
    expect(part.counts.holes).toBe(2_000);
    const centres = new Set(part.plate.holes.map((h) => `${Math.round(h.x_in - 50)},${Math.round(h.y_in - 1)}`));
    expect(centres.has('0,0')).toBe(true);
    expect(centres.has('-39,49')).toBe(true);
    expect(centres.has('0,49')).toBe(true);
  });

  // The parser's own loop made no copy for a count under 1: the block's hole vanished, with ignored: [].
  it('reads an array count of 0 or a negative one as 1, the DXF default: the block is cut once', () => {
    for (const [columns, rows] of [[1, 0], [0, 1], [-1, 1], [1, -5], [0, 0], [1, -1_000_000]]) {
      const dxf = drawing([...rectangleOfLines(0, 0, 10, 10), insert('H', 5, 5, '0', { 70: columns!, 71: rows! })], { insUnits: 1, blocks: [block('H', 0, 0, [circle(0, 0, 1)])] });
      const part = expectPart(importDxf(dxf));
      expect([columns, rows, part.plate.holes, part.ignored]).toEqual([columns, rows, [{ kind: 'single', x_in: 5, y_in: 5, diameter_in: 2 }], []]);
    }
  });

  it('refuses an array count that is not a number, naming the insert, its block and the count', () => {
    for (const [code, name] of [[70, 'column count'], [71, 'row count']] as const) {
      const dxf = drawing([...rectangleOfLines(0, 0, 10, 10), insert('H', 5, 5, 'HOLES', { [code]: 'x' })], { insUnits: 1, blocks: [block('H', 0, 0, [circle(0, 0, 1)])] });
      expect(importDxf(dxf)).toEqual({
        ok: false,
        code: 'dxf_unreadable',
        message: `The drawing is damaged: an INSERT of block "H" on layer "HOLES" has a ${name} of NaN, which is not a number of copies. Save the drawing as ASCII DXF (R12 or later) and send it again.`,
      });
    }
  });

  // A scale of 0 was read as 1: the drawing shows the block as nothing, the import cut it whole.
  it('lists an insert scaled by 0 either way as not cut, as often as it is inserted, at the top and inside blocks', () => {
    const holes = block('H', 0, 0, [circle(0, 0, 1)]);
    const row = block('ROW', 0, 0, [insert('H', 2, 0, '0', { 41: 0 }), insert('H', 5, 0)]);
    const dxf = drawing([...rectangleOfLines(0, 0, 10, 10), insert('H', 8, 8, 'TOP', { 42: 0 }), insert('ROW', 0, 2, 'ROWS', { 71: 3, 45: 2 })], { insUnits: 1, blocks: [holes, row] });
    const part = expectPart(importDxf(dxf));
    expect(part.plate.holes.map((h) => [h.x_in, h.y_in])).toEqual([[5, 2], [5, 4], [5, 6]]);
    expect(part.ignored).toEqual([
      { type: 'INSERT', layer: '0', count: 3, note: 'an insert scaled by 0 shrinks its block to nothing: not cut; give it a scale other than 0 if it should be' },
      { type: 'INSERT', layer: 'TOP', count: 1, note: 'an insert scaled by 0 shrinks its block to nothing: not cut; give it a scale other than 0 if it should be' },
    ]);
  });
});
