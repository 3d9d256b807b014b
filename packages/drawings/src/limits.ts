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
/** Blocks nested deeper than this are refused. */
export const MAX_BLOCK_DEPTH = 32;
/** A part larger than this either way, or smaller than the minimum, makes the units suspect. */
export const MAX_PART_IN = 120;
export const MIN_PART_IN = 0.25;
/** Output coordinates are rounded to this. */
export const ROUND_IN = 1e-6;
/** clipper-lib works on integers: units per inch. */
export const CLIPPER_UNITS_PER_IN = 1e4;
/** At most this many issues per import; repeats of one code beyond 3 fold into the third. */
export const MAX_ISSUES = 25;
export const MAX_REPEATS = 3;
