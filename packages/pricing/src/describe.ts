// The words of a quoted item: its description and what its price includes.
import type { PlateStock } from '@shop/catalog';
import type { PlateItem, TierKind } from '@shop/contracts';
import type { PlateMeasures } from '@shop/geometry';
import { articleFor } from '@shop/geometry';

/** Inches as people write them: at most three decimals, no trailing zeros. */
export function formatInches(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function formatCount(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** e.g. "Plate 6 x 4 in rectangle, 1/4 in mild steel, 4 holes, 1 bend". */
export function describePlate(item: PlateItem, stock: PlateStock, measures: PlateMeasures): string {
  const parts = [`Plate ${describeOutline(item.outline)}`, `${stock.label} ${stock.materialName}`];
  if (measures.holeCount > 0) parts.push(formatCount(measures.holeCount, 'hole', 'holes'));
  if (measures.slotCount > 0) parts.push(formatCount(measures.slotCount, 'slot', 'slots'));
  if (measures.cutoutCount > 0) parts.push(formatCount(measures.cutoutCount, 'cut-out', 'cut-outs'));
  if (measures.bendCount > 0) parts.push(formatCount(measures.bendCount, 'bend', 'bends'));
  return parts.join(', ');
}

function describeOutline(outline: PlateItem['outline']): string {
  switch (outline.kind) {
    case 'rectangle':
      return `${formatInches(outline.width_in)} x ${formatInches(outline.height_in)} in rectangle`;
    case 'circle':
      return `${formatInches(outline.diameter_in)} in circle`;
    case 'ring':
      return `${formatInches(outline.outer_diameter_in)} in ring with ${articleFor(formatInches(outline.inner_diameter_in))} ${formatInches(outline.inner_diameter_in)} in bore`;
    case 'polygon':
      return `${describePolygonExtent(outline.points_in)} in ${outline.points_in.length}-corner outline`;
  }
}

function describePolygonExtent(points: ReadonlyArray<readonly [number, number]>): string {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return `${formatInches(maxX - minX)} x ${formatInches(maxY - minY)}`;
}

export function describePlateIncludes(stock: PlateStock, measures: PlateMeasures): string[] {
  const cuts = ['the outline'];
  if (measures.holeCount > 0) cuts.push(formatCount(measures.holeCount, 'hole', 'holes'));
  if (measures.slotCount > 0) cuts.push(formatCount(measures.slotCount, 'slot', 'slots'));
  if (measures.cutoutCount > 0) cuts.push(formatCount(measures.cutoutCount, 'cut-out', 'cut-outs'));
  const includes = [
    `${stock.label} ${stock.materialName}, charged on the sheet area each part uses`,
    `Laser cutting of ${cuts.join(', ')}`,
  ];
  if (measures.bendCount > 0) includes.push(`Press-brake bending, ${formatCount(measures.bendCount, 'bend line', 'bend lines')}`);
  includes.push('Set-up, handling and packing');
  if (stock.millCertificate !== null) includes.push(stock.millCertificate);
  return includes;
}

const TIER_WORDS: Record<TierKind, string> = { design: 'design package', kit: 'kit', welded: 'welded' };

/** e.g. "Round bale feeder — kit". */
export function describeProduct(name: string, tier: TierKind): string {
  return `${name} — ${TIER_WORDS[tier]}`;
}
