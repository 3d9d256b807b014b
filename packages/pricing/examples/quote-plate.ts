import { createCatalog } from '@shop/catalog';
import { QuoteRequest, typedPlate } from '@shop/contracts';
import { hstCents, pricePlateItem, priceQuote } from '@shop/pricing';

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });

// Parse through the contract first: it applies the defaults (holes [], bends [], quantity 1, label null).
const request = QuoteRequest.parse({
  items: [
    {
      kind: 'plate',
      material: 'mild_steel',
      thickness_in: 0.25,
      outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
      bends: [{ start_in: [3, 0], end_in: [3, 4] }],
      quantity: 10,
      quantity_options: [1, 100],
      label: 'Base plate A',
    },
    { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2 },
  ],
});

const quote = priceQuote(request, {
  catalog,
  now: new Date('2026-03-02T14:05:09.123Z'),
  quoteId: 'q_example',
  previewUrl: (quoteId, index) => `https://quote.example.ca/api/v1/quotes/${quoteId}/items/${index}/preview.svg`,
});

for (const item of quote.items) console.log(`${item.description}: ${item.quantity} x ${item.unit_amount_cents} = ${item.amount_cents} cents`);
console.log(`subtotal ${quote.amount_subtotal_cents}, HST ${quote.amount_tax_cents}, total ${quote.amount_total_cents}`);

// The same plate again at 25 pieces, as the plate quoter page does.
const plate = request.items[0];
if (plate?.kind === 'plate') console.log(pricePlateItem({ ...typedPlate(plate), quantity: 25 }, { catalog }).amount_cents);
console.log(hstCents(13_450)); // 1749: half a cent rounds up
