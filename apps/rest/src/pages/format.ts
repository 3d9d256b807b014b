// Figures as the pages show them: dollars and cents, inches, dates, lead times.
import type { LeadTime } from '@shop/contracts';

const DOLLARS = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });

/** 123456 -> "$1,234.56". */
export function formatCents(cents: number): string {
  return DOLLARS.format(cents / 100);
}

/** A signed change: "+$12.00", "-$3.50", or "no change". */
export function formatChange(cents: number): string {
  if (cents === 0) return 'no change';
  return `${cents > 0 ? '+' : '-'}${formatCents(Math.abs(cents))}`;
}

/** A figure to at most `places` decimals, without trailing zeros or float noise. */
function formatFigure(value: number, places: number): string {
  const factor = 10 ** places;
  return String(Math.round(value * factor) / factor);
}

/**
 * Inches to at most three decimals, the one rounding of every customer page, of the drawing's title
 * (the service's page cases) and of the quoted description: "14.528 in", never 14.5276 beside it.
 */
const INCH_PLACES = 3;

export function formatInches(value: number): string {
  return `${formatFigure(value, INCH_PLACES)} in`;
}

/** "6 x 4 in". */
export function formatExtents(width: number, height: number): string {
  return `${formatFigure(width, INCH_PLACES)} x ${formatInches(height)}`;
}

/** A plate thickness as the stock is sold: a fraction when it is a 64th ("1/4 in", "1 1/2 in"), else its decimals ("0.1345 in", a gauge). */
export function formatThickness(value: number): string {
  const sixtyFourths = Math.round(value * 64 * 1e6) / 1e6;
  if (!Number.isInteger(sixtyFourths) || sixtyFourths <= 0) return `${formatFigure(value, 4)} in`;
  const whole = Math.floor(sixtyFourths / 64);
  let numerator = sixtyFourths % 64;
  let denominator = 64;
  while (numerator > 0 && numerator % 2 === 0) {
    numerator /= 2;
    denominator /= 2;
  }
  const fraction = numerator === 0 ? '' : `${numerator}/${denominator}`;
  return `${[whole === 0 ? '' : String(whole), fraction].filter(Boolean).join(' ')} in`;
}

export { customerWords } from '@shop/service';

const MM_PER_INCH = 25.4;

/** Inches as millimetres to the hundredth: 5.905512 -> "150 x 100 mm". */
export function formatExtentsMm(widthIn: number, heightIn: number): string {
  return `${formatFigure(widthIn * MM_PER_INCH, 2)} x ${formatFigure(heightIn * MM_PER_INCH, 2)} mm`;
}

/** "1 round hole", "4 round holes". */
export function formatCount(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-CA')} ${count === 1 ? one : many}`;
}

/**
 * Why unit price x quantity may miss the amount by a few cents: the amount is the price of the job
 * and the unit price is it divided by the quantity, rounded to the cent. Null when they agree.
 */
export function unitRoundingNote(unitCents: number, quantity: number, amountCents: number): string | null {
  if (unitCents * quantity === amountCents) return null;
  return `${quantity} x ${formatCents(unitCents)} is ${formatCents(unitCents * quantity)}; the price is the amount, ${formatCents(amountCents)}, and the unit price is that divided by ${quantity}, rounded to the cent.`;
}

export function formatPounds(value: number): string {
  return `${Math.round(value * 100) / 100} lb`;
}

/** "November 9, 2026" in UTC, the zone every stored time is in. */
export function formatDate(iso: string | Date): string {
  return new Date(iso).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** "5-7 days"; the lead time's note says which days they are and is shown beside it. */
export function formatLeadTime(leadTime: LeadTime | null): string {
  if (leadTime === null) return 'Confirmed after the order';
  const span = leadTime.days_min === leadTime.days_max ? `${leadTime.days_min}` : `${leadTime.days_min}-${leadTime.days_max}`;
  return `${span} ${leadTime.days_max === 1 ? 'day' : 'days'}`;
}
