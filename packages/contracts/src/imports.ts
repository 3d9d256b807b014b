// A drawing (DXF) imported into a plate part: what POST /plate-imports and import_dxf take and answer.
import { Issue, Timestamp } from './common';
import { Bend, SingleHole } from './plates';
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
  .optional()
  .describe(`The file's name (up to ${BOUNDS.filenameLength} characters), written on the drawing's title; optional.`);

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

const inches = (what: string) => z.number().describe(`${what}, in inches.`);
const polygon = z.object({ kind: z.literal('polygon'), points_in: z.array(z.tuple([z.number(), z.number()])) });

export const PlateImport = z
  .object({
    object: z.literal('plate_import'),
    id: z.string().describe('pi_ and 22 characters: name it as import_id in a plate item to quote this part.'),
    created_at: Timestamp,
    expires_at: Timestamp.describe('30 days after created_at: a quote naming the import after this is refused (import_unknown).'),
    filename: z.string().nullable(),
    units: z.enum(['in', 'mm', 'cm', 'm', 'ft']).describe('The units the drawing was read in (from the file, or as given).'),
    width_in: inches('Width of the part found'),
    height_in: inches('Height of the part found'),
    plate: z
      .object({
        outline: polygon,
        holes: z.array(SingleHole),
        cutouts: z.array(polygon),
        bends: z.array(Bend),
      })
      .describe('The part as found: the outline (arcs flattened within 0.002 in) with its lower-left corner on the origin, exact circles as round holes, other closed contours inside it as cut-outs, lines on a BEND layer as bends.'),
    counts: z.object({ contours: z.int(), holes: z.int(), cutouts: z.int(), bends: z.int() }),
    ignored: z
      .array(z.object({ type: z.string(), layer: z.string(), count: z.int(), note: z.string() }))
      .describe('What the drawing holds that is not cut (text, dimensions, hatches, points, hidden entities), by type and layer.'),
    issues: z.array(Issue).describe('What is wrong with the drawing; a blocking issue keeps the part from being quoted until the drawing is fixed and imported again.'),
    preview_url: z.string().nullable().describe('SVG drawing of the part found; null when a blocking issue stops it.'),
  })
  .meta({ id: 'PlateImport' });
export type PlateImport = z.infer<typeof PlateImport>;
