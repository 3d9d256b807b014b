// The tolerances and limits of the import, in one place (lengths in inches).

/** Largest gap between a true arc and its chords. */
export const CHORD_TOLERANCE_IN = 0.002;
/** Gaps up to this are joined without a word. */
export const SILENT_GAP_IN = 0.001;
/** Gaps up to this are joined with a warning; wider ones leave the contour open. */
export const JOIN_GAP_IN = 0.005;
/** Entities after block expansion, counted before expanding. */
export const MAX_ENTITIES = 50_000;
/** Vertices of the outline and cutouts after flattening. */
export const MAX_VERTICES = 20_000;
/** Flattened points of all geometry together, checked while flattening so a bad file stops early. */
export const MAX_FLATTENED_POINTS = 400_000;
/**
 * The expanded drawing's size, counted before expanding: each entity counts 1 plus its vertices and
 * control points (a cubic spline's; higher degrees count more), so blocks of big polylines or splines
 * cannot expand into more data than a flattened drawing may hold.
 */
export const MAX_EXPANDED_SIZE = 400_000;
/** Splines of a higher degree are refused (CAD programs write at most 11). */
export const MAX_SPLINE_DEGREE = 11;
/**
 * Nothing cut may be larger than this (a radius, an ellipse's axis, a spline's control points, the
 * part itself): 254 m, past any sheet even in a drawing read at the wrong scale. Bigger is refused
 * before a single point is made, so a curve's step never shrinks to nothing.
 */
export const MAX_SIZE_IN = 10_000;
/**
 * The most the inserts around an entity (and its units) may stretch it. No drawing comes near it;
 * past it, the flattening's own sums (a scale of 1.8e308 times a turn of the circle) overflow to
 * Infinity however small the entity, so such a chain is refused as too large before anything is made.
 */
export const MAX_STRETCH = 1e100;
/** Nothing cut may lie farther than this from the drawing's origin (about 25 km). */
export const MAX_COORDINATE_IN = 1_000_000;
/**
 * An ELLIPSE whose minor/major axis ratio is under this (or 0 or less) is not read: a sliver that
 * flattens to a line drawn twice, listed in `ignored` (DXF allows (0, 1]).
 */
export const MIN_ELLIPSE_RATIO = 1e-6;
/** Blocks nested deeper than this are refused. */
export const MAX_BLOCK_DEPTH = 32;
/**
 * A part larger than this either way, or smaller than the minimum either way, cannot be quoted at the
 * size read, which makes the units suspect; larger than this it is also blocked: no plate that size is
 * cut (and none can be asked for).
 */
export const MAX_PART_IN = 120;
/**
 * The smallest part pricing cuts, each way (the price book's `minPartSizeIn`, 0.5 in; a part under it
 * is blocked part_too_small). This package reads no price book: a test keeps the two equal.
 */
export const MIN_PART_IN = 0.5;
/** Output coordinates are rounded to this. */
export const ROUND_IN = 1e-6;
/** clipper-lib works on integers: units per inch. */
export const CLIPPER_UNITS_PER_IN = 1e4;
/** At most this many issues per import; repeats of one code beyond 3 fold into the third. */
export const MAX_ISSUES = 25;
export const MAX_REPEATS = 3;
/** Entries of `ignored` at most; the rest are folded into the last one ("and K more"). */
export const MAX_IGNORED_GROUPS = 20;
/** Type and layer names are cut to this many characters in what the import answers. */
export const MAX_NAME_CHARS = 64;
/** Points kept in all of an import's defect marks (open contours, islands, fit-point splines). */
export const MAX_MARK_POINTS = 4_000;
