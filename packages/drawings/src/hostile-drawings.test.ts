// The audits' hostile drawings: each is refused (or read) before the work it asks for is done. Before
// these checks the first two ran the heap out (the process aborted), the bomb of splines held a core
// for 8 s and the winding spline 13 s, and the NaN and 1e300 ones imported parts that could not be
// priced or drawn.
import { importDxf } from './import-dxf';
import { HOSTILE_DRAWINGS } from './test-hostile-drawings';
import { drawing, lwpolyline } from './test-drawings';

describe('hostile drawings', () => {
  it.each(HOSTILE_DRAWINGS.map((h) => [h.name, h] as const))('%s: answered %#', (_name, hostile) => {
    const result = importDxf(hostile.text);
    expect(result.ok ? 'ok' : result.code).toBe(hostile.expected);
    if (!result.ok) expect(result.message.length).toBeLessThan(1_000);
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
    const huge = importDxf(HOSTILE_DRAWINGS.find((h) => h.name === 'an ARC of radius 1e20')!.text);
    expect(huge).toEqual({ ok: false, code: 'dxf_too_large', message: expect.stringMatching(/^Read in millimetres, an ARC on layer "0" is an arc 5\.57e\+18 in across/) });
    const nan = importDxf(HOSTILE_DRAWINGS.find((h) => h.name === 'a bend line at NaN')!.text);
    expect(nan).toEqual({ ok: false, code: 'dxf_unreadable', message: expect.stringContaining('a LINE on layer "BEND" has a start x of NaN') });
  });
});
