// The audits' hostile drawings: each is refused (or read) before the work it asks for is done. Before
// these checks the first two ran the heap out (the process aborted), the bomb of splines held a core
// for 8 s and the winding spline 13 s, and the NaN and 1e300 ones imported parts that could not be
// priced or drawn.
import { importDxf } from './import-dxf';
import { HOSTILE_DRAWINGS, utf16Text } from './test-hostile-drawings';
import { block, circle, drawing, insert, lwpolyline, rectangleOfLines } from './test-drawings';
import type { DxfImport, DxfImportResult } from './types';

const hostile = (name: string): string => HOSTILE_DRAWINGS.find((h) => h.name === name)!.text;

function expectPart(result: DxfImportResult): DxfImport {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result;
}

/** Every number of the answer, at any depth. */
function numbersOf(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const item of value) numbersOf(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) numbersOf(item, out);
  return out;
}

/** Every figure the part stores, as the points it reaches: each must lie in [0, width] x [0, height]. */
export function storedPoints(part: DxfImport): Array<[number, number]> {
  const { plate } = part;
  return [
    ...plate.outline.points_in,
    ...plate.cutouts.flatMap((c) => c.points_in),
    ...plate.holes.flatMap((h): Array<[number, number]> => [[h.x_in - h.diameter_in / 2, h.y_in - h.diameter_in / 2], [h.x_in + h.diameter_in / 2, h.y_in + h.diameter_in / 2]]),
    ...plate.bends.flatMap((b) => [b.start_in, b.end_in]),
    ...part.marks.flatMap((m) => m.points_in),
  ];
}

describe('hostile drawings', () => {
  it.each(HOSTILE_DRAWINGS.map((h) => [h.name, h] as const))('%s: answered %#', (_name, hostile) => {
    const result = importDxf(hostile.text);
    expect(result.ok ? 'ok' : result.code).toBe(hostile.expected);
    if (!result.ok) expect(result.message.length).toBeLessThan(1_000);
  });

  it('keeps every figure of each part it reads finite and within the part (the import\'s own schema allows nothing else)', () => {
    for (const { name, text } of HOSTILE_DRAWINGS.filter((h) => h.expected === 'ok')) {
      const part = expectPart(importDxf(text));
      expect([name, numbersOf(part).filter((n) => !Number.isFinite(n))]).toEqual([name, []]);
      const outside = storedPoints(part).filter(([x, y]) => !(x >= -1e-6 && x <= part.width_in + 1e-6 && y >= -1e-6 && y <= part.height_in + 1e-6));
      expect([name, outside]).toEqual([name, []]);
    }
  });

  it('reads a bulge under the chord tolerance as the straight side it is', () => {
    const result = importDxf(HOSTILE_DRAWINGS[0]!.text);
    if (!result.ok) throw new Error(result.message);
    expect(result.plate.outline.points_in).toEqual([[0, 0], [0.393701, 0], [0.393701, 0.19685], [0, 0.19685]]);
    expect(result.cut_length_in).toBeCloseTo(30 / 25.4, 6);
  });

  it('still reads a bulge just over the tolerance as an arc', () => {
    // A 10 in side bowed in by 0.01 in (bulge -0.002, clockwise): a flat arc, flattened within 0.002 in.
    const result = importDxf(drawing([lwpolyline([[0, 0, -0.002], [10, 0], [10, 5], [0, 5]], true)], { insUnits: 1 }));
    if (!result.ok) throw new Error(result.message);
    expect(result.plate.outline.points_in).toEqual([[0, 0], [2.499995, 0.0075], [5, 0.01], [7.500005, 0.0075], [10, 0], [10, 5], [0, 5]]);
  });

  it('names the entity, its layer and the figure when refusing', () => {
    const huge = importDxf(hostile('an ARC of radius 1e20'));
    expect(huge).toEqual({ ok: false, code: 'dxf_too_large', message: expect.stringMatching(/^Read in millimetres, an ARC on layer "0" is an arc 5\.57e\+18 in across/) });
    const nan = importDxf(hostile('a bend line at NaN'));
    expect(nan).toEqual({ ok: false, code: 'dxf_unreadable', message: expect.stringContaining('a LINE on layer "BEND" has a start x of NaN') });
  });
});

describe('inserts that scale past any number (issue 35, item 3)', () => {
  // maxStretch squared 1e300 into Infinity and took Infinity - Infinity = NaN: the size check and the
  // point budget were both false for NaN, and the flattening of the circle ran to the heap limit.
  it('refuses a circle inside an insert scaled 1e300 by the scale, before a point is made', () => {
    const past = 'Read in inches, the block inserts around a CIRCLE on layer "0" scale it by 1.00e+300, past the 1e+100 that is read; nothing larger than 10,000 in is read.';
    for (const name of ['an INSERT scaled 1e300 around a circle', 'an INSERT scaled 1e300 one way and 1e-300 the other around a circle']) {
      expect(importDxf(hostile(name))).toEqual({ ok: false, code: 'dxf_too_large', message: expect.stringContaining(past) });
    }
  });

  it('still refuses a circle 2e100 in across by its size when the scale is within what is read', () => {
    const text = drawing([...rectangleOfLines(0, 0, 10, 6), insert('B', 5, 3, '0', { 41: 1e100, 42: 1e100 })], { insUnits: 1, blocks: [block('B', 0, 0, [circle(0, 0, 1)])] });
    expect(importDxf(text)).toEqual({ ok: false, code: 'dxf_too_large', message: expect.stringContaining('a CIRCLE on layer "0" is a circle 2.00e+100 in across (radius 1.00e+100 in)') });
  });

  it('refuses inserts whose scales multiply past any number as too large, not as damaged', () => {
    expect(importDxf(hostile('an INSERT scaled 1e200 inside another scaled 1e200 (1e400 overflows)'))).toEqual({
      ok: false,
      code: 'dxf_too_large',
      message: expect.stringContaining('the block inserts around a CIRCLE on layer "0" scale or move it past any number that can be measured'),
    });
  });

  it('lists a circle an insert shrinks to nothing (a denormal scale) as zero length', () => {
    expect(expectPart(importDxf(hostile('an INSERT scaled 1e-320 (a denormal) around a circle 1e308 across'))).ignored).toEqual([
      { type: 'CIRCLE', layer: '0', count: 1, note: 'zero length: nothing to cut' },
    ]);
  });
});

describe('inserts read as the drawing shows them (issue 35, items 4 and 9)', () => {
  it.each([['a row count of 0'], ['a column count of -1']])('keeps the hole of an insert with %s (its block once, the DXF default)', (count) => {
    const part = expectPart(importDxf(hostile(`an INSERT of the only hole with ${count}`)));
    expect([part.plate.holes, part.ignored, part.issues]).toEqual([[{ kind: 'single', x_in: 5, y_in: 3, diameter_in: 2 }], [], []]);
  });

  it('lists an insert scaled by 0 as not cut, with the reason', () => {
    const part = expectPart(importDxf(hostile('an INSERT of the only hole scaled by 0')));
    expect([part.plate.holes, part.ignored]).toEqual([[], [{ type: 'INSERT', layer: '0', count: 1, note: expect.stringContaining('scaled by 0 shrinks its block to nothing: not cut') }]]);
  });
});

describe('a flat ellipse and a cut-out reaching out of its part (issue 35, item 5)', () => {
  it('lists an ellipse of axis ratio 1e-300, or -1, as not read instead of storing a 10,000 in sliver', () => {
    for (const name of ['an ELLIPSE of axis ratio 1e-300 across a 10 in part', 'an ELLIPSE of axis ratio -1']) {
      const part = expectPart(importDxf(hostile(name)));
      expect([part.width_in, part.height_in, part.plate.cutouts, part.issues]).toEqual([10, 6, [], []]);
      expect(part.ignored).toEqual([{ type: 'ELLIPSE', layer: '0', count: 1, note: expect.stringContaining('axis ratio is 0 or less, or under 1e-6') }]);
    }
  });

  it('still reads an ellipse of axis ratio 1e-6 (a 2 x 0.000002 in sliver is small, not unreadable)', () => {
    // Its two halves meet along the major axis: a contour of no area, listed as nothing to cut.
    const thin = expectPart(importDxf(drawing([...rectangleOfLines(0, 0, 10, 6), `0\nELLIPSE\n8\n0\n10\n5\n20\n3\n30\n0\n11\n1\n21\n0\n31\n0\n40\n0.000001\n41\n0\n42\n${2 * Math.PI}`], { insUnits: 1 })));
    expect(thin.ignored.map((g) => g.note)).not.toContainEqual(expect.stringContaining('axis ratio'));
  });

  it('blocks a cut-out found inside the part that reaches out of it, and leaves it out of the part', () => {
    const part = expectPart(importDxf(hostile('a cut-out 9,990 in long and 0.001 in wide found inside a 10 in part')));
    expect([part.width_in, part.height_in, part.plate.cutouts]).toEqual([10, 6, []]);
    expect(part.issues).toEqual([{ code: 'dxf_contours_cross', severity: 'blocking', message: expect.stringContaining('near (10, 2.9995) in') }]);
    expect(part.marks).toEqual([{ code: 'dxf_contours_cross', points_in: [[10, 2.9995]], closed: false }]);
    expect(part.ignored).toEqual([{ type: 'LWPOLYLINE', layer: '0', count: 1, note: expect.stringContaining('reaching outside it') }]);
  });
});

describe('a UTF-16 drawing (issue 35, item 9)', () => {
  const text = drawing(rectangleOfLines(0, 0, 10, 6), { insUnits: 1 });
  const SAY = 'This DXF file is saved as Unicode text (UTF-16), which is not read. Save the drawing as ASCII DXF (R12 or later), or as a DXF in UTF-8, and send it again.';

  it.each([
    ['little-endian with its mark', utf16Text(text, 'le', true)],
    ['big-endian with its mark', utf16Text(text, 'be', true)],
    ['little-endian without a mark', utf16Text(text, 'le', false)],
    ['big-endian without a mark', utf16Text(text, 'be', false)],
    ['little-endian read as Latin-1', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).toString('latin1')],
  ])('says to save it as ASCII or UTF-8 DXF: %s', (_how, wide) => {
    expect(importDxf(wide)).toEqual({ ok: false, code: 'dxf_unreadable', message: SAY });
  });

  it('still reads the same drawing decoded as UTF-16 (its mark is stripped), and an ASCII file padded with NULs after EOF', () => {
    expect(expectPart(importDxf(`\ufeff${text}`))).toMatchObject({ width_in: 10, height_in: 6 });
    expect(expectPart(importDxf(text + '\u0000'.repeat(600)))).toMatchObject({ width_in: 10, height_in: 6 });
  });
});
