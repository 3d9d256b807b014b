// Prices every kit and welded unit of the price book from its bill and writes the figures into the
// book's `products.prices`: run after changing a rate, a bill or a plate table, then raise the
// book's version. `pnpm --filter @shop/pricing price-kits`
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalog, loadPriceBook } from '@shop/catalog';
import { priceBill } from '../src/price-bill';

const path = join(__dirname, '../../catalog/src/price-book.json');
const json = JSON.parse(readFileSync(path, 'utf8')) as { products: { prices: Record<string, Record<string, number | null>> } };
const book = loadPriceBook(json);
const catalog = createCatalog({ shopUrl: 'https://shop.example.ca', priceBook: book });
for (const [slug, bill] of Object.entries(book.productBills)) {
  const priced = priceBill(bill, book, catalog);
  const prices = json.products.prices[slug]!;
  const before = { kit: prices.kit, welded: prices.welded };
  prices.kit = priced.kitCents;
  if (prices.welded !== null) prices.welded = priced.weldedCents;
  console.log(`${slug}: kit ${before.kit} -> ${prices.kit}, welded ${before.welded} -> ${prices.welded}`);
}
writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
