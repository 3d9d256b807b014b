// The shop's clock for the forms: a date-time field holds Toronto wall time (what the owner reads on
// the wall); the database stores the UTC instant it names.

const ZONE = 'America/Toronto';
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Toronto's wall time at an instant, as its fields. */
function wallTime(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const fields = Object.fromEntries(PARTS.formatToParts(date).filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]));
  return fields as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** Minutes Toronto is ahead of UTC at an instant (-300 in winter, -240 in summer). */
function offsetMinutes(date: Date): number {
  const wall = wallTime(date);
  return Math.round((Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a Toronto wall time names (`2026-12-01T09:30` from a datetime-local field); null when it
 * is not one. A time the spring change skips is read with the offset before it (it lands an hour on).
 */
export function torontoToUtc(local: string): Date | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const second = Number(match[6] ?? 0);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // The offset at the first guess, then at the instant it gives: they differ only near a change.
  const first = asUtc - offsetMinutes(new Date(asUtc)) * 60_000;
  const settled = asUtc - offsetMinutes(new Date(first)) * 60_000;
  const shows = (instant: number) => utcToTorontoLocal(new Date(instant)) === `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`;
  return new Date(shows(settled) ? settled : first);
}

/** An instant as a datetime-local field's value in Toronto time (`2026-12-01T09:30`). */
export function utcToTorontoLocal(date: Date): string {
  const wall = wallTime(date);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}T${two(wall.hour)}:${two(wall.minute)}`;
}
