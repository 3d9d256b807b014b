// Descriptions that make the contact patterns work hardest (many dots and numbers, no contact detail):
// shared by the tests, which check the answer, and bench/faults.ts, which times it.

/** About 2 KB of dotted sizes and quantities, then fifty `a.`: no address, e-mail or phone in it. */
export const LONG_DOTTED_DESCRIPTION = `${'Plate 1.25 x 3.5 in, 10 pcs. at 0.375 in. '.repeat(45)}${'a.'.repeat(50)}`;
