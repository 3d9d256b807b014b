// Dates in the console's tables, alike on both databases: written as fixed-width UTC text, read
// back whatever the driver gives.

/**
 * A date as both databases store it: milliseconds and `+00:00`, the text the SQLite rows already
 * hold (so text order is time order there). PostgreSQL's `timestamp(3)` columns take the same text.
 */
export function dateToDb(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** A stored date: SQLite's text, PostgreSQL's zone-less text (UTC) or a driver's Date. */
export function dateFromDb(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}
