// Figures and codes as the shop's staff read them: material names, inches, and a price book
// figure in dollars, percent or its unit rather than raw cents and code names.
import type { MaterialId } from '@shop/contracts';

const MATERIAL_LABELS: Record<MaterialId, string> = {
  mild_steel: 'Mild steel',
  stainless_304: 'Stainless steel 304',
  stainless_316: 'Stainless steel 316',
  aluminum_6061: 'Aluminum 6061-T6',
};

/** A material code's name (`mild_steel` -> Mild steel); any other text as it was written. */
export function materialLabel(value: string): string {
  return (MATERIAL_LABELS as Record<string, string>)[value] ?? value;
}

/** Whole cents as dollars, e.g. 123456 -> $1,234.56; a fraction of a cent kept to its last digit. */
function dollarsOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  if (!Number.isInteger(abs)) return `${sign}$${(abs / 100).toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-CA')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Inches to the thousandth, as the customer pages write them: 0.375 -> 0.375 in, 0.1345 -> 0.135 in. */
export function inchesOf(value: number): string {
  return `${Number(value.toFixed(3))} in`;
}

const UNITS: Array<[RegExp, (value: number) => string]> = [
  [/CentsPerHour$/, (v) => `${dollarsOf(v)} an hour`],
  [/CentsPer(\w+)$/, (v) => `${dollarsOf(v)}`],
  [/Cents$/, (v) => dollarsOf(v)],
  [/Percent$/, (v) => `${v}%`],
  [/Minutes(Per\w+)?$/, (v) => `${v} min`],
  [/Seconds(Per\w+)?$/, (v) => `${v} s`],
  [/Days$/, (v) => `${v} days`],
  [/In$/, (v) => inchesOf(v)],
];

/**
 * A figure of the price book in words for its path's last name: `shop.laserCentsPerHour` 18000 ->
 * "$180.00 an hour", `…CentsPerLb` -> "$2.98 per lb", `…Percent` -> "12%"; other values as JSON, cut
 * short past 120 characters.
 */
export function bookFigure(path: string, value: unknown): string {
  const name = /([A-Za-z]+)(\[\d+\])*$/.exec(path)?.[1] ?? '';
  if (typeof value === 'number') {
    const per = /CentsPer(?!Hour)([A-Z][a-z0-9]*)$/.exec(name);
    if (per) return `${dollarsOf(value)} per ${per[1]!.toLowerCase()}`;
    for (const [pattern, format] of UNITS) if (pattern.test(name)) return format(value);
    return String(value);
  }
  if (value === null || value === undefined) return '—';
  const text = JSON.stringify(value) ?? '—';
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
