// Money is integer cents. The only place a float becomes money is `centsOf`; everything after it
// is integer arithmetic.

// Float products like 2.5 can land on 2.4999999999; nudge by far less than a cent's worth of error.
const EPSILON = 1e-7;

/** A physical quantity times a rate in cents per unit, rounded half up to a whole cent. */
export function centsOf(quantity: number, centsPerUnit: number): number {
  const value = quantity * centsPerUnit;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Cannot price ${value} cents.`);
  return Math.floor(value + 0.5 + EPSILON);
}

/** numerator / denominator for non-negative integers, rounded half up, without floats. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** HST (13%, Ontario) on a subtotal: round half up of subtotal x 13 / 100. */
export function hstCents(subtotalCents: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0) {
    throw new RangeError(`A subtotal must be a whole, non-negative number of cents; got ${subtotalCents}.`);
  }
  return Math.floor((subtotalCents * 13 + 50) / 100);
}
