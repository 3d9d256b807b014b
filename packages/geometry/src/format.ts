// Numbers as people read them in messages and drawings: inches to 4 places at most, no float noise.

/** 0.05 -> "0.05", 2 -> "2", 1/3 -> "0.3333"; never "-0". */
export function formatNumber(value: number, places = 4): string {
  const factor = 10 ** places;
  const rounded = Math.round(value * factor) / factor;
  if (rounded === 0) return '0';
  return String(Number(rounded.toFixed(places)));
}

/** A length a person should change something by, rounded up so doing exactly that is enough. */
export function formatFix(value: number): string {
  return formatNumber(Math.ceil(value * 10_000 - 1e-6) / 10_000);
}

/** "0.25 in" */
export function formatInches(value: number): string {
  return `${formatNumber(value)} in`;
}

/** A plate thickness, as a fraction when it is a 64th (1/4 in, 3/16 in, 1 1/2 in), else in decimals. */
export function formatThickness(value: number): string {
  const sixtyFourths = value * 64;
  if (!Number.isInteger(sixtyFourths)) return formatInches(value);
  const whole = Math.floor(sixtyFourths / 64);
  let num = sixtyFourths % 64;
  let den = 64;
  while (num > 0 && num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  if (num === 0) return `${whole} in`;
  return whole > 0 ? `${whole} ${num}/${den} in` : `${num}/${den} in`;
}

export function formatPoint(x: number, y: number): string {
  return `(${formatNumber(x)}, ${formatNumber(y)})`;
}

/** 19900 -> "19,900". */
export function formatThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "1 hole", "19,900 holes". */
export function formatCount(count: number, one: string, many: string): string {
  return `${formatThousands(count)} ${count === 1 ? one : many}`;
}

/**
 * "a" or "an" before a figure, as the figure is read aloud: an 8, an 11, an 18, an 80, an 8.5, an
 * 11,000; a 1, a 0.5, a 110.
 */
export function articleFor(figure: string): 'a' | 'an' {
  const digits = figure.replace(/,/g, '').split('.')[0] ?? '';
  // The first group of three read aloud: "eleven" thousand, "eighteen" million.
  const lead = digits.slice(0, ((digits.length - 1) % 3) + 1);
  return lead.startsWith('8') || lead === '11' || lead === '18' ? 'an' : 'a';
}
