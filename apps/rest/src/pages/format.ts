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

/** Inches as people write them: at most three decimals. */
export function formatInches(value: number): string {
  return `${Math.round(value * 1000) / 1000} in`;
}

/** "6 x 4 in". */
export function formatExtents(width: number, height: number): string {
  return `${formatInches(width).slice(0, -3)} x ${formatInches(height)}`;
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
