// Every bound of the contract in one place: the schemas, the pricing library's own checks, the pages
// and the tool descriptions all read them from here.

export const BOUNDS = {
  /** Items in one quote request. */
  itemsPerQuote: 10,
  plateQuantity: 999,
  productQuantity: 50,
  /** Entries of `quantity_options`. */
  quantityOptions: 5,
  labelLength: 60,
  slugLength: 80,
  /** Plate thickness in inches, > 0 and at most this (and within the material's laser limit). */
  thicknessIn: 4,
  /** Outline dimensions and every coordinate, in inches. */
  lengthIn: 120,
  polygonCorners: 200,
  /** Entries of `holes`. */
  holeEntries: 200,
  /** Cutouts in all, counting every hole of a pattern and every cut-out. */
  cutouts: 500,
  /** Entries of `cutouts` (polygon cut-outs). */
  cutoutShapes: 50,
  /** Vertices of an imported part's outline and cut-outs after flattening. */
  importVertices: 20_000,
  /** A DXF file sent to POST /plate-imports, in bytes; the import_dxf tool's text, in characters. */
  dxfBytes: 5 * 1024 * 1024,
  dxfToolCharacters: 1024 * 1024,
  /** Entities of a drawing after block expansion. */
  dxfEntities: 50_000,
  /**
   * An imported part as found, in inches: the largest it may measure (past it the drawing is refused,
   * dxf_too_large). A part over `lengthIn` is answered blocked (dxf_part_too_large), so every
   * coordinate of an import lies from 0 to this.
   */
  importExtentIn: 10_000,
  /** Entries of an import's `ignored`. */
  importIgnoredGroups: 20,
  filenameLength: 120,
  bends: 10,
  /** Holes in a linear pattern or on a bolt circle. */
  patternCount: 100,
  gridColumns: 50,
  gridRows: 50,
  /** Angles in degrees, -360 to 360. */
  angleDeg: 360,
  /** A ring's wall (half the difference of its diameters), in inches. */
  ringWallIn: 0.125,
  handoffQuoteIds: 10,
  /** Items across the quotes of one handoff. */
  handoffItems: 10,
  quoteIdLength: 64,
  rfqDescription: 2_000,
  rfqMaterial: 60,
  rfqThicknessIn: 12,
  rfqQuantity: 100_000,
  /** Request bodies, in bytes. */
  bodyBytes: 256 * 1024,
  /** `limit` of a list page, and its default. */
  pageLimit: 50,
  pageLimitDefault: 20,
  /** Search and cursor text of the lists. */
  searchLength: 40,
} as const;
