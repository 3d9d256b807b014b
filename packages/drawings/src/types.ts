// The public shapes of @shop/drawings: what importDxf answers and what writeDxf takes.

/** A point [x, y] in inches. */
export type Pt = [number, number];

/** Units a drawing can be read in. */
export type DrawingUnits = 'in' | 'mm' | 'cm' | 'm' | 'ft';

/** A problem found in the drawing; `blocking` ones must be fixed before the part can be quoted. */
export interface DxfIssue {
  code: DxfIssueCode;
  severity: 'blocking' | 'warning' | 'info';
  message: string;
}

/** Every issue code importDxf can raise. */
export type DxfIssueCode =
  | 'dxf_open_contour'
  | 'dxf_gap_joined'
  | 'dxf_island'
  | 'dxf_contours_cross'
  | 'dxf_spline_unreadable'
  | 'dxf_unsupported_entity'
  | 'dxf_part_too_large'
  | 'dxf_units_suspect';

/** Entities that are not cut, grouped by type and layer. */
export interface IgnoredGroup {
  type: string;
  layer: string;
  count: number;
  note: string;
}

export interface PolygonShape {
  kind: 'polygon';
  points_in: Pt[];
}

export interface ImportedHole {
  kind: 'single';
  x_in: number;
  y_in: number;
  diameter_in: number;
}

export interface ImportedBend {
  start_in: Pt;
  end_in: Pt;
  angle_deg: 90;
  direction: 'up';
}

/** The plate found in a drawing, in inches, with the bounding-box minimum on (0, 0). */
export interface ImportedPlate {
  outline: PolygonShape;
  holes: ImportedHole[];
  cutouts: PolygonShape[];
  bends: ImportedBend[];
}

/**
 * Where a blocking issue lies, in the plate's frame (inches), for drawing it on the preview: an open
 * contour's path (the gap is between its first and last points), an island's contour (closed), or
 * the one point where contours cross.
 */
export interface DefectMark {
  code: DxfIssueCode;
  points_in: Pt[];
  closed: boolean;
}

/** A drawing read into a plate part. */
export interface DxfImport {
  ok: true;
  units: DrawingUnits;
  width_in: number;
  height_in: number;
  plate: ImportedPlate;
  cut_length_in: number;
  vertices: number;
  counts: { contours: number; holes: number; cutouts: number; bends: number };
  ignored: IgnoredGroup[];
  issues: DxfIssue[];
  /** Where the blocking issues lie (empty when there are none with a place). */
  marks: DefectMark[];
}

/** Why a drawing could not be read into a part at all. */
export type DxfImportErrorCode =
  | 'dxf_unreadable'
  | 'dxf_units_unknown'
  | 'dxf_no_part'
  | 'dxf_several_parts'
  | 'dxf_too_complex'
  | 'dxf_too_large';

export interface DxfImportError {
  ok: false;
  code: DxfImportErrorCode;
  message: string;
}

export type DxfImportResult = DxfImport | DxfImportError;

export interface DxfImportOptions {
  /** Overrides the file's $INSUNITS. Required when the file has none. */
  units?: 'in' | 'mm';
}

/** A plate to draw: the outline and cutouts as polygons, holes as circles, bends as lines. */
export interface WritablePlate {
  outline: PolygonShape;
  holes: ReadonlyArray<{ x_in: number; y_in: number; diameter_in: number }>;
  /** Each cutout as its points, or as the `{kind: 'polygon', points_in}` importDxf gives. */
  cutouts: ReadonlyArray<Pt[] | PolygonShape>;
  bends: ReadonlyArray<{ start_in: Pt; end_in: Pt; angle_deg: number; direction: 'up' | 'down' }>;
}

export interface WriteDxfOptions {
  /** Written on the NOTES layer under the part. */
  label: string;
}
