// How the pieces of one item lie on one of the shop's sheets, in closed form: every piece of an item
// is the same rectangle (its bounding box), so the best grid of either orientation is exact for it and
// costs a few divisions, whatever the quantity. Each piece pays its share of the sheet it is cut
// from (the sheet's area over the pieces that fit on it), so the skeleton and margins are paid by
// the pieces that need them, a part that ruins a sheet pays the whole sheet, and what is left of a
// part-used sheet stays with the shop for the next job. Being linear in the quantity, the price per
// piece never rises with the quantity.

export interface NestingRules {
  sheetWidthIn: number;
  sheetHeightIn: number;
  /** Kept clear along every edge of the sheet (clamps, squaring). */
  edgeMarginIn: number;
  /** Between two pieces, kerf included. */
  partSpacingIn: number;
}

export interface Nest {
  /** The sheet the pieces are cut from. */
  sheetWidthIn: number;
  sheetHeightIn: number;
  /** Pieces on one sheet; 1 for a part that fits the sheet only without its margins. */
  perSheet: number;
  sheets: number;
  /** True when the pieces lie with their long side across the sheet's width. */
  rotated: boolean;
  /** Sheet area the job pays for: each piece's share of its sheet. */
  chargedAreaIn2: number;
}

interface Grid {
  across: number;
  along: number;
}

function grid(partAcross: number, partAlong: number, rules: NestingRules): Grid {
  const usableAcross = rules.sheetWidthIn - 2 * rules.edgeMarginIn;
  const usableAlong = rules.sheetHeightIn - 2 * rules.edgeMarginIn;
  const pitchAcross = partAcross + rules.partSpacingIn;
  const pitchAlong = partAlong + rules.partSpacingIn;
  const across = Math.max(0, Math.floor((usableAcross + rules.partSpacingIn) / pitchAcross + 1e-9));
  const along = Math.max(0, Math.floor((usableAlong + rules.partSpacingIn) / pitchAlong + 1e-9));
  return { across, along };
}

const EPS = 1e-9;

/** True when a width x height part fits the sheet itself, either way round (margins aside). */
export function fitsSheet(widthIn: number, heightIn: number, sheetWidthIn: number, sheetHeightIn: number): boolean {
  return (widthIn <= sheetWidthIn + EPS && heightIn <= sheetHeightIn + EPS) || (widthIn <= sheetHeightIn + EPS && heightIn <= sheetWidthIn + EPS);
}

/** Nests `quantity` rectangles of width x height (inches) on the sheets; quantity >= 1. */
export function nestRectangles(widthIn: number, heightIn: number, quantity: number, rules: NestingRules): Nest {
  const sheetWidthIn = rules.sheetWidthIn;
  const sheetHeightIn = rules.sheetHeightIn;
  const sheetArea = sheetWidthIn * sheetHeightIn;
  const upright = grid(widthIn, heightIn, rules);
  const turned = grid(heightIn, widthIn, rules);
  const uprightCount = upright.across * upright.along;
  const turnedCount = turned.across * turned.along;
  const rotated = turnedCount > uprightCount;
  const perSheet = Math.max(uprightCount, turnedCount);
  if (perSheet === 0) {
    // Fits the sheet but not inside its margins: one piece per sheet, each sheet charged whole.
    return { sheetWidthIn, sheetHeightIn, perSheet: 1, sheets: quantity, rotated: false, chargedAreaIn2: quantity * sheetArea };
  }
  const sheets = Math.ceil(quantity / perSheet);
  return { sheetWidthIn, sheetHeightIn, perSheet, sheets, rotated, chargedAreaIn2: (quantity * sheetArea) / perSheet };
}
