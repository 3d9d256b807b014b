// The drawing's units: the caller's choice, else the file's $INSUNITS; inches per unit for each.
import type { DrawingUnits, DxfImportError } from './types';

const INCHES_PER_UNIT: Record<DrawingUnits, number> = { in: 1, mm: 1 / 25.4, cm: 1 / 2.54, m: 1000 / 25.4, ft: 12 };
const BY_INSUNITS: Record<number, DrawingUnits> = { 1: 'in', 2: 'ft', 4: 'mm', 5: 'cm', 6: 'm' };
const UNIT_NAMES: Record<DrawingUnits, string> = { in: 'inches', mm: 'millimetres', cm: 'centimetres', m: 'metres', ft: 'feet' };

/** The name of a unit in words, e.g. "millimetres". */
export function unitName(units: DrawingUnits): string {
  return UNIT_NAMES[units];
}

/**
 * The units to read the drawing in: `override` when given, else the file's $INSUNITS (1 in, 2 ft,
 * 4 mm, 5 cm, 6 m). Missing, 0 (unitless) or another unit is refused: the size would be a guess.
 */
export function resolveUnits(
  insUnits: number | undefined,
  override: 'in' | 'mm' | undefined,
): { ok: true; units: DrawingUnits; inchesPerUnit: number } | DxfImportError {
  const units = override ?? (insUnits === undefined ? undefined : BY_INSUNITS[insUnits]);
  if (units !== undefined) return { ok: true, units, inchesPerUnit: INCHES_PER_UNIT[units] };
  const found = insUnits === undefined || insUnits === 0 ? 'does not say which units it is drawn in' : `is drawn in units the import does not read ($INSUNITS ${insUnits})`;
  return {
    ok: false,
    code: 'dxf_units_unknown',
    message: `The drawing ${found}. Say whether it is in inches or millimetres (units "in" or "mm").`,
  };
}
