// A figure that came out NaN fails every limit it is held to: blocked, never let through (DESIGN
// 10.1). Contract-checked plates never carry NaN; these reach the checks past the schema, as a
// number from a drawing or an arithmetic slip would.
import { analyzePlate } from './analyze-plate';
import { RULES, plate } from './test-plates';

const codes = (item: ReturnType<typeof plate>) => analyzePlate(item, RULES).issues.map((i) => i.code);

describe('limits compared so that NaN fails them', () => {
  it('blocks a part whose size came out NaN as too small (a NaN width passed the minimum)', () => {
    const item = plate();
    Object.assign(item.outline, { width_in: Number.NaN });
    expect(codes(item)).toContain('part_too_small');
  });

  it('blocks a hole whose diameter came out NaN as too small', () => {
    const item = plate({ holes: [{ kind: 'single', x_in: 3, y_in: 2, diameter_in: 0.5 }] });
    Object.assign(item.holes[0]!, { diameter_in: Number.NaN });
    expect(codes(item)).toContain('hole_too_small');
  });

  it('reports a ring whose wall came out NaN as too narrow', () => {
    const item = plate({ outline: { kind: 'ring', outer_diameter_in: 6, inner_diameter_in: 2 } });
    Object.assign(item.outline, { inner_diameter_in: Number.NaN });
    expect(codes(item)).toContain('web_too_narrow');
  });
});
