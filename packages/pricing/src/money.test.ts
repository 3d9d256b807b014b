import fc from 'fast-check';
import { centsOf, divideRoundHalfUp, hstCents } from './money';

describe('money', () => {
  it('rounds a half cent of HST up', () => {
    // 13,450 x 13 / 100 = 1,748.5 -> 1,749; 150 x 13 / 100 = 19.5 -> 20.
    expect(hstCents(13_450)).toBe(1_749);
    expect(hstCents(150)).toBe(20);
  });

  it('rounds HST under a half cent down and keeps an exact figure', () => {
    // 318,932 x 13 / 100 = 41,461.16 -> 41,461; 65,700 x 13 / 100 = 8,541 exactly.
    expect(hstCents(318_932)).toBe(41_461);
    expect(hstCents(65_700)).toBe(8_541);
    expect(hstCents(0)).toBe(0);
  });

  it('computes HST exactly as integer arithmetic for every subtotal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (subtotal) => {
        const exact = (BigInt(subtotal) * 13n + 50n) / 100n;
        expect(hstCents(subtotal)).toBe(Number(exact));
      }),
    );
  });

  it('refuses a subtotal that is not whole cents', () => {
    expect(() => hstCents(10.5)).toThrow(RangeError);
    expect(() => hstCents(-1)).toThrow(RangeError);
  });

  it('divides to the nearest cent with halves rounding up', () => {
    expect(divideRoundHalfUp(10_720, 10)).toBe(1_072);
    expect(divideRoundHalfUp(5, 2)).toBe(3);
    expect(divideRoundHalfUp(7, 3)).toBe(2);
    expect(divideRoundHalfUp(8, 3)).toBe(3);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 1, max: 999 }), (amount, q) => {
        const unit = divideRoundHalfUp(amount, q);
        // |unit x q - amount| <= q / 2, and an exact half goes up.
        expect(2 * Math.abs(unit * q - amount)).toBeLessThanOrEqual(q);
        if (2 * (amount - unit * q) === q) throw new Error('a half was rounded down');
      }),
    );
  });

  it('turns a quantity times a rate into whole cents, half up, despite float noise', () => {
    expect(centsOf(2.073825, 135)).toBe(280);
    // 0.5 x 5 = 2.5 exactly; 0.3 x 8.333... lands on 2.4999999999999996 in floats.
    expect(centsOf(0.5, 5)).toBe(3);
    expect(centsOf(0.3, 25 / 3)).toBe(3);
    expect(centsOf(0, 18_000)).toBe(0);
    expect(() => centsOf(Number.NaN, 1)).toThrow(RangeError);
  });
});
