import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalog } from './create-catalog';
import { PRICE_BOOK, loadPriceBook } from './price-book';
import bundled from './price-book.json';
import { PRODUCT_ENTRIES } from './products';

/** A copy of the bundled book with one change made by `edit`. */
function bookWith(edit: (book: Record<string, any>) => void): unknown {
  const book = structuredClone(bundled) as Record<string, any>;
  edit(book);
  return book;
}

describe('the price book', () => {
  it('loads the bundled book, versioned by date and serial', () => {
    expect(PRICE_BOOK.version).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
    expect(createCatalog({ shopUrl: 'https://shop.example.ca' }).priceBookVersion).toBe(PRICE_BOOK.version);
  });

  it('holds exactly the prices of the catalog’s tiers, and the catalog sells them at those prices', () => {
    const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
    expect(Object.keys(PRICE_BOOK.productPrices).sort()).toEqual(PRODUCT_ENTRIES.map((entry) => entry.slug).sort());
    for (const entry of PRODUCT_ENTRIES) {
      expect(Object.keys(PRICE_BOOK.productPrices[entry.slug]!).sort()).toEqual(entry.tiers.map((tier) => tier.kind).sort());
      for (const tier of catalog.getProduct(entry.slug)!.tiers) {
        const price = PRICE_BOOK.productPrices[entry.slug]![tier.kind];
        expect(tier.unit_amount_cents).toBe(price);
        expect(tier.orderable).toBe(price !== null);
      }
    }
  });

  it('prices from another book when given one: a changed rate moves the figure, and the version with it', () => {
    const dearer = loadPriceBook(bookWith((book) => {
      book.version = '2026-12-01.1';
      book.products.prices['round-bale-feeder'].kit = 150_000;
    }));
    const catalog = createCatalog({ shopUrl: 'https://shop.example.ca', priceBook: dearer });
    expect(catalog.priceBookVersion).toBe('2026-12-01.1');
    expect(catalog.getProduct('round-bale-feeder')!.tiers.find((t) => t.kind === 'kit')!.unit_amount_cents).toBe(150_000);
  });

  it.each([
    ['a feed that rises with thickness', (book: Record<string, any>) => (book.cutting.rows.mild_steel[3][1] = 400), /cutting\.rows\.mild_steel\.3: row 3: the feed must fall as the plate gets thicker \(400 in\/min at 0\.1575 in after 150 at 0\.1181 in\)/],
    ['a pierce time that falls with thickness', (book: Record<string, any>) => (book.cutting.rows.aluminum_6061[5][2] = 0.1), /cutting\.rows\.aluminum_6061\.5: row 5: the pierce time must not fall as the plate gets thicker \(0\.1 s at 0\.2362 in after 0\.8 s at 0\.1969 in\)/],
    ['a price basis that does not start at 0 in', (book: Record<string, any>) => (book.materials.rows.mild_steel.basis[0].fromThicknessIn = 0.1), /materials\.rows\.mild_steel\.basis\.0\.fromThicknessIn: the first basis row starts at 0 in/],
    ['a material without a service-centre multiplier', (book: Record<string, any>) => delete book.materials.rows.stainless_304.serviceCentreMultiplier, /materials\.rows\.stainless_304\.serviceCentreMultiplier/],
    ['a margin past 100%', (book: Record<string, any>) => (book.materials.marginPercent = 150), /materials\.marginPercent/],
    ['no sheet that holds the largest part', (book: Record<string, any>) => (book.sheets.stocked.stainless_316 = [[48, 96], [60, 100]]), /sheets\.stocked\.stainless_316: no stainless_316 sheet holds the largest part, 60 x 120 in/],
    ['a bill line naming an item the table does not price', (book: Record<string, any>) => (book.products.bills['welding-cart'].bought[0].item = 'unobtainium'), /products\.bills\.welding-cart\.bought\.0\.item: names the bought item "unobtainium", which products\.boughtItems does not price/],
    ['negative money', (book: Record<string, any>) => (book.shop.minimumItemCents = -1), /shop\.minimumItemCents: .*>=0/],
    ['money in fractions of a cent', (book: Record<string, any>) => (book.shop.minimumPieceCents = 1.5), /shop\.minimumPieceCents/],
    ['a lift limit of no weight', (book: Record<string, any>) => (book.handling.lifting.oneWorkerLiftLb = 0), /handling\.lifting\.oneWorkerLiftLb/],
    ['half a worker at a team lift', (book: Record<string, any>) => (book.handling.lifting.teamWorkers = 1.5), /handling\.lifting\.teamWorkers/],
    ['no lift limit', (book: Record<string, any>) => delete book.handling.lifting.oneWorkerLiftLb, /handling\.lifting\.oneWorkerLiftLb/],
    ['a team limit under the one-worker limit', (book: Record<string, any>) => (book.handling.lifting.teamLiftMaxLb = 40), /handling\.lifting\.teamLiftMaxLb: the team lift limit is at least the one-worker limit/],
    ['no crane minutes, so no ceiling on handling', (book: Record<string, any>) => delete book.handling.lifting.craneMinutesPerLift, /handling\.lifting\.craneMinutesPerLift/],
    ['no handling at all', (book: Record<string, any>) => delete book.handling, /handling: a book needs the handling group/],
    ['both per-piece and batch handling', (book: Record<string, any>) => (book.shop.pieceHandlingSeconds = 100), /shop\.pieceHandlingSeconds: shop\.pieceHandlingSeconds belongs to the per-piece handling of books before 2026-12-01/],
    ['a table without a source', (book: Record<string, any>) => delete book.laser.source, /laser\.source/],
    ['a source the book does not define', (book: Record<string, any>) => (book.sheets.source = ['nowhere']), /sheets names the source "nowhere", which the book does not define/],
    ['a source without a date', (book: Record<string, any>) => delete book.sources.matweb.date, /sources\.matweb\.date/],
    ['a source with neither a url nor a document', (book: Record<string, any>) => delete book.sources.matweb.url, /sources\.matweb: a source needs a url or a document/],
    ['a version that is not a date and serial', (book: Record<string, any>) => (book.version = 'latest'), /version: a version is the date the book was changed and a serial/],
    ['a figure the book does not know', (book: Record<string, any>) => (book.shop.discountCents = 5), /shop: .*discountCents/],
    ['a kit price without a bill', (book: Record<string, any>) => delete book.products.bills['welding-cart'], /products\.bills\.welding-cart: welding-cart has a kit price but no bill/],
    ['a welded price whose bill has no welding', (book: Record<string, any>) => (book.products.bills['welding-cart'].welded = null), /welding-cart has a welded price but its bill has no welded part/],
    ['a bill plate the contract refuses', (book: Record<string, any>) => (book.products.bills['welding-cart'].plates[0].part.thickness_in = -1), /products\.bills\.welding-cart\.plates\.0\.part: is not a plate: thickness_in/],
    ['a bought item in fractions of a cent', (book: Record<string, any>) => (book.products.boughtItems['caster-5'].unitCents = 3.5), /products\.boughtItems\.caster-5/],
  ])('refuses a book with %s, naming where', (_name, edit, message) => {
    expect(() => loadPriceBook(bookWith(edit))).toThrow(message);
  });

  it('still reads the last book of pricing v3 (2026-11-27.2) as stored, with its per-piece handling', () => {
    const v3 = loadPriceBook(JSON.parse(readFileSync(join(__dirname, 'test-books/price-book-2026-11-27.2.json'), 'utf8')));
    expect(v3.version).toBe('2026-11-27.2');
    expect(v3.tables.handling).toBeNull();
    expect(v3.tables.shop.perPieceHandling).toEqual({ pieceHandlingSeconds: 100, handlingSecondsPerLb: 10, oneWorkerLiftLb: 51, heavyPieceWorkers: 2 });
    expect(PRICE_BOOK.tables.shop.perPieceHandling).toBeNull();
    expect(PRICE_BOOK.version > v3.version).toBe(true);
  });

  it('names a source for every figure group, and names the shop\'s own figures as its policy with the reasoning', () => {
    const book = bundled as Record<string, any>;
    for (const [group, value] of Object.entries(book)) {
      if (value && typeof value === 'object' && 'source' in value) expect(value.source.length).toBeGreaterThan(0);
      else expect(['$comment', 'version', 'currency', 'sources']).toContain(group);
    }
    for (const key of ['material-terms', 'shop-rates-policy', 'handling-policy']) {
      expect(book.sources[key].name).toMatch(/policy/);
      expect(book.sources[key].document).toMatch(/^docs\/pricing\.md, /);
    }
  });

  it('refuses a catalog whose product has no price in the book', () => {
    const missing = loadPriceBook(bookWith((book) => delete book.products.prices['round-bale-feeder'].welded));
    expect(() => createCatalog({ shopUrl: 'https://shop.example.ca', priceBook: missing })).toThrow('The price book has no welded price for round-bale-feeder.');
  });
});
