// Quotes one plate, fetches its drawing and makes an order link for the person who asked.
// Run against a running service: npx tsx --conditions=@shop/source examples/quote-and-handoff.ts http://localhost:3000
import { apiBaseUrl, createShopClient } from '@shop/client';
import type { ErrorEnvelope, Handoff, Quote, ShopClient } from '@shop/client';

export interface QuoteAndHandoffResult {
  quote: Quote;
  drawing: string;
  handoff: Handoff;
}

function explain(what: string, failure: ErrorEnvelope | undefined, status: number): Error {
  return new Error(`${what} failed with ${status}: ${failure ? `${failure.error.code}: ${failure.error.message}` : 'no error body'}`);
}

export async function quoteAndHandoff(client: ShopClient): Promise<QuoteAndHandoffResult> {
  // A 6 x 4 in bracket in 1/4 in mild steel: four holes on a grid and one bend across the middle.
  const created = await client.POST('/quotes', {
    body: {
      items: [
        {
          kind: 'plate',
          material: 'mild_steel',
          thickness_in: 0.25,
          outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
          holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
          bends: [{ start_in: [0, 2], end_in: [6, 2] }],
          quantity: 10,
          quantity_options: [25, 100],
          label: 'Bracket A',
        },
      ],
    },
  });
  if (!created.data) throw explain('POST /quotes', created.error, created.response.status);
  const quote = created.data;
  // A blocked quote is a normal answer: its issues say what to change.
  if (quote.status !== 'ready') {
    throw new Error(`quote ${quote.id} is ${quote.status}: ${quote.items.flatMap((item) => item.issues.map((issue) => issue.message)).join('; ')}`);
  }

  const preview = await client.GET('/quotes/{public_id}/items/{index}/preview.svg', {
    params: { path: { public_id: quote.id, index: 0 } },
    parseAs: 'text',
  });
  if (preview.data === undefined) throw explain('GET preview.svg', preview.error, preview.response.status);

  const handed = await client.POST('/handoffs', { body: { quote_ids: [quote.id] } });
  if (!handed.data) throw explain('POST /handoffs', handed.error, handed.response.status);
  return { quote, drawing: preview.data, handoff: handed.data };
}

async function main(): Promise<void> {
  const publicUrl = process.argv[2] ?? 'http://localhost:3000';
  const client = createShopClient({ baseUrl: apiBaseUrl(publicUrl) });
  const { quote, drawing, handoff } = await quoteAndHandoff(client);
  const [item] = quote.items;
  console.log(`quote ${quote.id}: ${item?.description}`);
  console.log(`  ${item?.quantity} x ${item?.unit_amount_cents} = ${item?.amount_cents} cents; lead time ${item?.lead_time?.days_min}-${item?.lead_time?.days_max} days`);
  for (const option of item?.quantity_options ?? []) console.log(`  at ${option.quantity}: ${option.unit_amount_cents} cents each`);
  console.log(`  subtotal ${quote.amount_subtotal_cents} + HST ${quote.amount_tax_cents} = ${quote.amount_total_cents} cents`);
  console.log(`drawing: ${drawing.length} bytes of SVG`);
  console.log(`order link (give it only to the person it is for): ${handoff.url}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
