import { nestRectangles } from './nesting';
import type { NestingRules } from './nesting';

const RULES: NestingRules = { sheetWidthIn: 60, sheetHeightIn: 120, edgeMarginIn: 0.5, partSpacingIn: 0.25 };
const SHEET = 60 * 120;

describe('nesting identical rectangles on 60 x 120 in sheets', () => {
  it('lays a grid of the better orientation: 6 x 4 in parts 9 across and 28 along (252 a sheet)', () => {
    // Upright: (59 + 0.25) / 6.25 = 9.48 -> 9 across, (119 + 0.25) / 4.25 = 28.06 -> 28 along = 252;
    // turned: 59.25 / 4.25 = 13 across, 119.25 / 6.25 = 19 along = 247.
    expect(nestRectangles(6, 4, 1, RULES)).toMatchObject({ perSheet: 252, rotated: false });
    // A 4 x 6 part is the same part turned.
    expect(nestRectangles(4, 6, 1, RULES)).toMatchObject({ perSheet: 252, rotated: true });
  });

  it('charges a piece its share of the sheet, so one small piece pays a 954th of it', () => {
    // 3 x 2 in: 18 across (59.25 / 3.25), 53 along (119.25 / 2.25).
    expect(nestRectangles(3, 2, 1, RULES)).toEqual({ sheetWidthIn: 60, sheetHeightIn: 120, perSheet: 954, sheets: 1, rotated: false, chargedAreaIn2: SHEET / 954 });
  });

  it('500 small discs pay for 500 shares of the sheets they fill, far less than 500 rectangles with margins', () => {
    const nest = nestRectangles(2.28, 2.28, 500, RULES);
    // 23 across and 47 along (2.53 in pitch): 1,081 a sheet.
    expect(nest).toMatchObject({ perSheet: 23 * 47, sheets: 1 });
    expect(nest.chargedAreaIn2).toBeCloseTo((500 * SHEET) / 1081, 9);
    expect(nest.chargedAreaIn2).toBeLessThan(500 * 2.78 * 2.78);
  });

  it('a part that ruins the sheet pays for the sheet: 59 x 119 in, 30 x 115 in, and one too big for the margins', () => {
    expect(nestRectangles(59, 119, 1, RULES)).toEqual({ sheetWidthIn: 60, sheetHeightIn: 120, perSheet: 1, sheets: 1, rotated: false, chargedAreaIn2: SHEET });
    expect(nestRectangles(30, 115, 2, RULES)).toEqual({ sheetWidthIn: 60, sheetHeightIn: 120, perSheet: 1, sheets: 2, rotated: false, chargedAreaIn2: 2 * SHEET });
    // 59.5 in fits the sheet but not inside its margins: each piece takes a sheet.
    expect(nestRectangles(59.5, 119.5, 3, RULES)).toEqual({ sheetWidthIn: 60, sheetHeightIn: 120, perSheet: 1, sheets: 3, rotated: false, chargedAreaIn2: 3 * SHEET });
  });

  it('counts the sheets a quantity needs: 55 squares of 10 in a sheet, 56 need two', () => {
    expect(nestRectangles(10, 10, 55, RULES)).toMatchObject({ perSheet: 55, sheets: 1 });
    expect(nestRectangles(10, 10, 56, RULES)).toMatchObject({ perSheet: 55, sheets: 2 });
  });

  it('costs the same few divisions for 1 and for 999 pieces (closed form)', () => {
    expect(nestRectangles(1, 1, 999, RULES)).toMatchObject({ perSheet: 47 * 95, sheets: 1 });
    expect(nestRectangles(1, 1, 1, RULES).chargedAreaIn2 * 999).toBeCloseTo(nestRectangles(1, 1, 999, RULES).chargedAreaIn2, 9);
  });
});
