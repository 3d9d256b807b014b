// Figures as messages show them: inches to 4 decimals at most, trailing zeros dropped.

/** A length or coordinate in inches, e.g. 0.02 or 12.3457. */
export function formatInches(value: number): string {
  const rounded = Number(value.toFixed(4));
  return String(rounded === 0 ? 0 : rounded);
}

/** A point in drawing inches, e.g. "(1.5, 0) in". */
export function formatPoint(x: number, y: number): string {
  return `(${formatInches(x)}, ${formatInches(y)}) in`;
}

/** A count with thousands separators. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
