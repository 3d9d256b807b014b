// A drawing (DXF) imported into a plate part: what POST /plate-imports and import_dxf take and answer.
import { ISSUE_CODES } from './codes';
import { Issue, Timestamp } from './common';
import { z } from './zod';
import { BOUNDS } from './bounds';

export const DRAWING_UNITS = ['in', 'mm'] as const;

const units = z
  .enum(DRAWING_UNITS)
  .optional()
  .describe('The units the drawing was made in: in or mm. Overrides the file\'s own ($INSUNITS); required when the file has none.');
const filename = z
  .string()
  .min(1)
  .max(BOUNDS.filenameLength)
  // It is echoed back and written on the drawing: line breaks and other control characters are refused.
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'must not hold line breaks or other control characters')
  .optional()
  .describe(`The file's name (up to ${BOUNDS.filenameLength} characters, no line breaks or other control characters), written on the drawing's title; optional.`);

/** The query of POST /plate-imports (the body is the DXF file itself). */
export const PlateImportQuery = z.object({ units, filename }).strict().meta({ id: 'PlateImportQuery' });
export type PlateImportQuery = z.infer<typeof PlateImportQuery>;

/** The import_dxf tool's arguments: the file's text in place of the body. */
export const ImportDxfInput = z
  .object({
    dxf: z
      .string()
      .min(1)
      .max(BOUNDS.dxfToolCharacters)
      .describe(`The whole text of an ASCII DXF file (up to ${BOUNDS.dxfToolCharacters} characters, 1 MiB), as saved by the CAD program.`),
    units,
    filename,
  })
  .strict();

const X = BOUNDS.importExtentIn;
const inches = (what: string) => z.number().min(0).max(X).describe(`${what}, in inches: 0 to ${X}.`);
/** A coordinate of the part as found, from its lower-left corner: an import's own range (a part over 120 in is blocked, not refused). */
const at = (what: string) => z.number().min(0).max(X).describe(`${what}, in inches from the part's lower-left corner: 0 to ${X}.`);
const point = z.tuple([at('x'), at('y')]);
const polygon = z.object({ kind: z.literal('polygon'), points_in: z.array(point).describe(`Corners [x, y], each 0 to ${X} in.`) });

/** The part as found. Its own ranges: a part read at the wrong scale is answered (blocked) as it measures. */
const ImportedPlate = z
  .object({
    outline: polygon,
    holes: z.array(
      z.object({
        kind: z.literal('single'),
        x_in: at('x of the centre'),
        y_in: at('y of the centre'),
        diameter_in: z.number().gt(0).max(X).describe(`Diameter, in inches: > 0 and at most ${X}.`),
      }),
    ),
    cutouts: z.array(polygon),
    bends: z.array(
      z.object({
        start_in: point,
        end_in: point,
        angle_deg: z.number().describe('Always 90 from a drawing; send bends with the quote to set the angle.'),
        direction: z.enum(['up', 'down']).describe('Always up from a drawing.'),
      }),
    ),
  })
  .meta({ id: 'ImportedPlate' })
  .describe(
    `The part as found: the outline (arcs flattened within 0.002 in) with the lower-left corner of what was found on the origin, exact circles as round holes, other closed contours inside it as cut-outs, lines on a BEND layer as bends (within the part). Every coordinate is 0 to ${X} in; a part over ${BOUNDS.lengthIn} in either way comes with the blocking issue dxf_part_too_large.`,
  );

const DefectMark = z
  .object({
    code: z.enum(ISSUE_CODES).describe('The blocking issue it marks: dxf_open_contour, dxf_island or dxf_contours_cross.'),
    points_in: z.array(point).describe('The path in the part\'s frame: an open contour (its gap lies between the first and last points), an island\'s contour, or the one point where contours cross.'),
    closed: z.boolean().describe('true for an island\'s contour.'),
  })
  .meta({ id: 'DefectMark' });

export const PlateImport = z
  .object({
    object: z.literal('plate_import'),
    id: z.string().describe('pi_ and 22 characters: name it as import_id in a plate item to quote this part.'),
    created_at: Timestamp,
    expires_at: Timestamp.describe('30 days after created_at: a quote naming the import after this is refused (import_unknown).'),
    filename: z.string().nullable(),
    units: z.enum(['in', 'mm', 'cm', 'm', 'ft']).describe('The units the drawing was read in (from the file, or as given).'),
    width_in: inches('Width of the part found (an open outline included)'),
    height_in: inches('Height of the part found (an open outline included)'),
    plate: ImportedPlate,
    counts: z.object({ contours: z.int().min(0), holes: z.int().min(0), cutouts: z.int().min(0), bends: z.int().min(0) }),
    ignored: z
      .array(z.object({ type: z.string(), layer: z.string(), count: z.int().min(1), note: z.string() }))
      .max(BOUNDS.importIgnoredGroups)
      .describe(
        `What the drawing holds that is not cut (text, dimensions, hatches, points, hidden entities), by type, layer and reason, largest first: at most ${BOUNDS.importIgnoredGroups} entries. Past that, one type's entries are merged across layers (layer "1,204 layers") and the rest is folded into a last entry of type OTHER whose note says how many more.`,
      ),
    issues: z.array(Issue).describe('What is wrong with the drawing; a blocking issue blocks every quoted item naming the import (the item comes back blocked with that issue) until the drawing is fixed and imported again.'),
    marks: z.array(DefectMark).describe('Where the blocking issues lie, drawn on the preview (at most 25, 3 of a kind, 4,000 points in all); empty for a drawing without them.'),
    preview_url: z.string().describe('SVG drawing of the part as found; with a blocking issue it marks where (the gap circled at both ends, an island in the warning colour) and names the issue in a legend.'),
  })
  .meta({ id: 'PlateImport' });
export type PlateImport = z.infer<typeof PlateImport>;
