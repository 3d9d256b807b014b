// What the staff's list keeps of a priced quote beside its body: read from the quote object as
// priced, so the body's bytes are made and kept exactly as before.
import type { Quote } from '@shop/contracts';

export interface PricedListing {
  itemCount: number;
  totalCents: number | null;
  materials: string[];
}

export function listingOf(quote: Quote): PricedListing {
  const materials: string[] = [];
  for (const item of quote.items) {
    const material = item.plate?.material;
    if (material !== undefined && !materials.includes(material)) materials.push(material);
  }
  return { itemCount: quote.items.length, totalCents: quote.amount_total_cents, materials };
}
