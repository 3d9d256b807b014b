// Thirteen reference parts priced at 1, 10 and 100 pieces: the table in README.md and docs/pricing.md
// is rendered from these, and a test keeps the copies in step. How the prices compare with the market is
// the dated peer set's job (test-peer-prices.ts).
import { createCatalog } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import { pricePlateItem } from './price-plate';
import { REFERENCE_PARTS } from './reference-parts';
import type { ReferencePart } from './reference-parts';

function dollars(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
}

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

/** Unit prices of a reference part at the quantities given, first the one asked. */
function unitPrices(part: ReferencePart['part'], quantities: readonly [number, ...number[]]): number[] {
  const [quantity, ...options] = quantities;
  const quoted = pricePlateItem(PlateItem.parse({ ...part, kind: 'plate', quantity, quantity_options: options }), { catalog });
  if (quoted.status !== 'ready') throw new Error(`A reference part is blocked: ${quoted.issues.map((i) => i.message).join(' ')}`);
  const byQuantity = new Map(quoted.quantity_options.map((option) => [option.quantity, option.unit_amount_cents as number]));
  byQuantity.set(quantity, quoted.unit_amount_cents as number);
  return quantities.map((q) => byQuantity.get(q) as number);
}

/** The README table: unit price in CAD before HST at 1, 10 and 100 pieces, and what makes it. */
export function renderReferenceTable(): string {
  const lines = ['| Part | 1 piece | 10 pieces, each | 100 pieces, each | What makes the price |', '|---|---:|---:|---:|---|'];
  for (const ref of REFERENCE_PARTS) {
    const [one = 0, ten = 0, hundred = 0] = unitPrices(ref.part, [1, 10, 100]);
    lines.push(`| ${ref.name} | ${dollars(one)} | ${dollars(ten)} | ${dollars(hundred)} | ${ref.comparison} |`);
  }
  return lines.join('\n');
}
