// The price book in the database: seeding, upload, diff, publishing now and at a set time, going
// back, quotes keeping their version, the event, and two processes agreeing.
import { PRICE_BOOK, PRICE_BOOK_JSON } from '@shop/catalog';
import { ServiceError } from '@shop/contracts';
import { sql } from 'kysely';
import type { Quote } from '@shop/contracts';
import { createPlateOrdersSwitchRepository, createPriceBookVersionRepository } from '@shop/storage';
import { compareVersions, createPriceBookCases } from './price-books';
import { bundledBook, createShopState } from './shop-state';
import { openTestShopService } from './test-shop-service';
import type { TestShopService } from './test-shop-service';

const BUNDLED = PRICE_BOOK.version;

/** The bundled book with a version and some changes. */
function bookWith(version: string, edit: (book: Record<string, any>) => void = () => {}): Record<string, any> {
  const book = structuredClone(PRICE_BOOK_JSON) as Record<string, any>;
  book.version = version;
  edit(book);
  return book;
}

const dearerLaser = (book: Record<string, any>) => {
  book.shop.laserCentsPerHour = 19_800;
};

const plate = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
  quantity: 10,
};

async function quote(shop: TestShopService, items: unknown[] = [plate]): Promise<Quote> {
  return JSON.parse((await shop.service.createQuote({ items }, shop.ctx(), 'rest')).json) as Quote;
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('versions', () => {
  it.each([
    ['2026-11-27.2', '2026-11-27.10', -1],
    ['2026-11-28.1', '2026-11-27.9', 1],
    ['2026-11-27.3', '2026-11-27.3', 0],
  ])('%s against %s compares by date, then serial as a number', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});

describe('the price book in the database', () => {
  let shop: TestShopService;

  beforeEach(async () => {
    shop = await openTestShopService();
  });
  afterEach(() => shop.close());

  it('starts from the bundled book, published and in force, and a second start adds nothing', async () => {
    const history = await shop.service.listPriceBooks();
    expect(history).toEqual([
      expect.objectContaining({ version: BUNDLED, uploadedBy: null, publishedBy: null, status: 'in_force', effectiveFrom: shop.clock.now() }),
    ]);
    expect((await shop.service.health()).priceBook).toBe(BUNDLED);
    expect((await quote(shop)).price_book).toBe(BUNDLED);
    expect(shop.events).toEqual([{ type: 'price_book.published', timestamp: '2026-11-27T15:00:00.000Z', data: { version: BUNDLED, in_force_from: '2026-11-27T15:00:00.000Z' } }]);
    const again = await openTestShopService({ rootDir: shop.rootDir });
    expect(await again.service.listPriceBooks()).toHaveLength(1);
    expect(again.events).toEqual([]);
    await again.close();
    const { text } = await shop.service.getPriceBook(BUNDLED);
    expect(JSON.parse(text)).toEqual(PRICE_BOOK_JSON);
  });

  it('refuses a book the schema refuses, naming the path of the bad figure and every problem', async () => {
    const risingFeed = bookWith('2026-12-01.1', (book) => {
      book.cutting.rows.mild_steel[3][1] = 400;
      book.shop.minimumItemCents = -1;
    });
    const error = await failure(shop.service.uploadPriceBook(risingFeed, 'st_owner'));
    expect(error).toMatchObject({ code: 'parameter_invalid', status: 422 });
    const problems = error.details?.errors as Array<{ param: string; message: string }>;
    expect(problems.map((problem) => problem.param).sort()).toEqual(['cutting.rows.mild_steel[3]', 'shop.minimumItemCents']);
    expect(error.param).toBe(problems[0]!.param);
    expect(error.message).toBe(`The price book is not valid: ${problems[0]!.param}: ${problems[0]!.message}`);
    const feed = problems.find((problem) => problem.param === 'cutting.rows.mild_steel[3]')!;
    expect(feed.message).toBe('row 3: the feed must fall as the plate gets thicker (400 in/min at 0.1575 in after 150 at 0.1181 in)');
    expect(await shop.service.listPriceBooks()).toHaveLength(1);
  });

  it.each([
    ['text that is not JSON', '{"version": "2026-12-01.1",', null, /^The price book is not valid: the file is not JSON/],
    ['a version that is not a date and serial', bookWith('next'), 'version', /^The price book is not valid: version: a version is the date the book was changed and a serial/],
    ['a tier without its price', bookWith('2026-12-01.1', (book) => delete book.products.prices['round-bale-feeder'].welded), 'products.prices.round-bale-feeder.welded', /no welded price for round-bale-feeder/],
    ['the version in force again', bookWith(BUNDLED, dearerLaser), 'version', new RegExp(`^version ${BUNDLED.replace('.', '\\.')} is already stored; a changed book takes a new version \\(raise its serial, e\\.g\\. ${BUNDLED.split('.')[0]}\\.${Number(BUNDLED.split('.')[1]) + 1}\\)\\.$`)],
  ])('refuses %s', async (_name, book, param, message) => {
    const error = await failure(shop.service.uploadPriceBook(book, 'st_owner'));
    expect(error).toMatchObject({ code: 'parameter_invalid', param });
    expect(error.message).toMatch(message);
  });

  it('refuses a book with every rate and minimum at 0: each reference part would cost no more than its material', async () => {
    const free = bookWith('2026-12-01.1', (book) => {
      for (const key of Object.keys(book.shop)) if (/CentsPerHour$|^minimum/.test(key)) book.shop[key] = 0;
    });
    const error = await failure(shop.service.uploadPriceBook(free, 'st_owner'));
    expect(error).toMatchObject({ code: 'parameter_invalid', status: 422, param: 'shop' });
    const problems = error.details?.errors as Array<{ param: string; message: string }>;
    expect(problems.length).toBeGreaterThan(3);
    expect(problems[0]!.message).toMatch(/^Small bracket 3 x 2 in, 10 ga mild steel, 1 hole: one piece would cost CAD \d+\.\d\d each, no more than its material \(CAD \d+\.\d\d\): the cutting, handling and minimums would be free\. Check the shop's rates and minimums\.$/);
    expect(await shop.service.listPriceBooks()).toHaveLength(1);
    // Halving the laser rate stays well above the material: taken.
    await expect(shop.service.uploadPriceBook(bookWith('2026-12-01.2', (book) => (book.shop.laserCentsPerHour = Math.round(book.shop.laserCentsPerHour / 2))), 'st_owner')).resolves.toMatchObject({ version: '2026-12-01.2' });
  });

  it('takes a book saved with a byte order mark (as Windows Notepad saves it) and keeps it without the mark', async () => {
    const text = `${JSON.stringify(bookWith('2026-12-01.1', dearerLaser))}\n`;
    expect(await shop.service.uploadPriceBook(`\uFEFF${text}`, 'st_owner')).toMatchObject({ version: '2026-12-01.1' });
    expect((await shop.service.getPriceBook('2026-12-01.1')).text).toBe(text);
  });

  it('refuses a design rule under which its own products can no longer be made, naming each bill', async () => {
    // Three times the thickness of web to an edge: the 0.8125 in holes of the 3/4 in column base plate sit too close.
    const error = await failure(shop.service.uploadPriceBook(bookWith('2026-12-01.1', (book) => (book.dfm.webThicknessRatio = 3)), 'st_owner'));
    expect(error).toMatchObject({ code: 'parameter_invalid', status: 422 });
    const problems = error.details?.errors as Array<{ param: string; message: string }>;
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem.param).toMatch(/^products\.bills\.[a-z0-9-]+$/);
    expect(problems.map((problem) => problem.message).join(' ')).toMatch(/The bill's plate "Column base plate" cannot be made: .* too close to an edge/);
    expect(await shop.service.listPriceBooks()).toHaveLength(1);
  });

  it('keeps an uploaded book as text, unpublished, and refuses its version a second time', async () => {
    const text = `${JSON.stringify(bookWith('2026-12-01.1', dearerLaser))}\n`;
    const uploaded = await shop.service.uploadPriceBook(text, 'st_owner', { note: 'Laser rate up 10%' });
    expect(uploaded).toMatchObject({ version: '2026-12-01.1', uploadedBy: 'st_owner', note: 'Laser rate up 10%', status: 'unpublished', effectiveFrom: null });
    expect((await shop.service.getPriceBook('2026-12-01.1')).text).toBe(text);
    expect(await failure(shop.service.uploadPriceBook(text, 'st_owner'))).toMatchObject({ code: 'parameter_invalid', param: 'version' });
    expect((await quote(shop)).price_book).toBe(BUNDLED);
  });

  it('diffs each changed figure, the reference parts and the twelve kits priced before and after', async () => {
    await shop.service.uploadPriceBook(
      bookWith('2026-12-01.1', (book) => {
        dearerLaser(book);
        book.products.prices['round-bale-feeder'].kit = 150_000;
      }),
      'st_owner',
    );
    const diff = await shop.service.diffPriceBook('2026-12-01.1');
    expect(diff.from).toBe(BUNDLED);
    expect(diff.to).toBe('2026-12-01.1');
    const kitBefore = (PRICE_BOOK_JSON as any).products.prices['round-bale-feeder'].kit as number;
    expect(diff.figures).toEqual([
      { path: 'shop.laserCentsPerHour', before: 18_000, after: 19_800 },
      { path: 'products.prices.round-bale-feeder.kit', before: kitBefore, after: 150_000 },
    ]);
    expect(diff.referenceParts).toHaveLength(13);
    // The small bracket's one piece is the 26.00 item minimum under both books (docs/pricing.md).
    expect(diff.referenceParts[0]!.quantities[0]).toEqual({ quantity: 1, beforeCents: 2_600, afterCents: 2_600, ratio: 1 });
    for (const part of diff.referenceParts) {
      expect(part.quantities.map((q) => q.quantity)).toEqual([1, 10, 100]);
      for (const q of part.quantities) {
        expect(q.afterCents!).toBeGreaterThanOrEqual(q.beforeCents!);
        expect(q.ratio).toBe(Math.round((q.afterCents! / q.beforeCents!) * 10_000) / 10_000);
      }
    }
    // A dearer laser moves every hundred-piece price.
    expect(diff.referenceParts.every((part) => part.quantities[2]!.ratio! > 1)).toBe(true);
    expect(diff.kits).toHaveLength(12);
    const feeder = diff.kits.find((kit) => kit.slug === 'round-bale-feeder')!;
    expect(feeder.kit).toEqual({ beforeCents: kitBefore, afterCents: 150_000, ratio: Math.round((150_000 / kitBefore) * 10_000) / 10_000 });
    expect(diff.kits.filter((kit) => kit.slug !== 'round-bale-feeder').every((kit) => kit.kit.ratio === 1)).toBe(true);
    // Each bill priced at the dearer laser rate comes to at least the catalog price it was rounded into (most to more).
    for (const kit of diff.kits) expect(kit.billKitCents).toBeGreaterThanOrEqual(kit.slug === 'round-bale-feeder' ? kitBefore : kit.kit.beforeCents!);
    expect(diff.kits.filter((kit) => kit.billKitCents > (kit.slug === 'round-bale-feeder' ? kitBefore : kit.kit.beforeCents!)).length).toBeGreaterThan(6);
    expect(await failure(shop.service.diffPriceBook('2099-01-01.1'))).toMatchObject({ code: 'parameter_invalid', param: 'candidate' });
  });

  it('publishes now: new quotes and the plate quoter price from it, stored quotes and order pages keep theirs', async () => {
    const before = await quote(shop);
    const handoff = await shop.service.createHandoff({ quote_ids: [before.id] }, shop.ctx());
    const storedBytes = (await shop.service.getQuote(before.id, shop.ctx())).json;
    await shop.service.uploadPriceBook(bookWith('2026-12-01.1', dearerLaser), 'st_owner');
    shop.clock.set('2026-11-27T16:00:00.000Z');
    const published = await shop.service.publishPriceBook('2026-12-01.1', { staffId: 'st_owner' });
    expect(published).toMatchObject({ status: 'in_force', publishedBy: 'st_owner', effectiveFrom: new Date('2026-11-27T16:00:00.000Z') });
    expect(shop.events.at(-1)).toEqual({ type: 'price_book.published', timestamp: '2026-11-27T16:00:00.000Z', data: { version: '2026-12-01.1', in_force_from: '2026-11-27T16:00:00.000Z' } });

    const after = await quote(shop);
    expect(after.price_book).toBe('2026-12-01.1');
    expect(after.amount_subtotal_cents!).toBeGreaterThan(before.amount_subtotal_cents!);
    expect((await shop.service.health()).priceBook).toBe('2026-12-01.1');
    // The quote made under the bundled book reads back byte for byte.
    expect((await shop.service.getQuote(before.id, shop.ctx())).json).toBe(storedBytes);
    // Its order page shows what it was quoted at; the plate quoter prices it again under the book in force.
    const page = await shop.service.getOrderPage(handoff.id, shop.ctx());
    expect(page.items[0]!.quoted).toEqual(before.items[0]);
    expect(page.totals!.subtotalCents).toBe(before.amount_subtotal_cents);
    const quoter = await shop.service.getPlateQuoter(page.items[0]!.designId!, undefined, shop.ctx());
    expect(quoter.reprice.quoted).toEqual(before.items[0]);
    expect(quoter.reprice.item.amount_cents).toBe(after.items[0]!.amount_cents);
    expect(quoter.reprice.changeSinceQuoteCents).toBe(after.items[0]!.amount_cents! - before.items[0]!.amount_cents!);
  });

  it('after a publish, the plate quoter, the order form and the stored order request all price at today\'s firm price', async () => {
    const before = await quote(shop, [plate, { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 1 }]);
    const handoff = await shop.service.createHandoff({ quote_ids: [before.id] }, shop.ctx());
    await shop.service.uploadPriceBook(bookWith('2026-12-01.1', dearerLaser), 'st_owner');
    shop.clock.set('2026-11-27T16:00:00.000Z');
    await shop.service.publishPriceBook('2026-12-01.1', { staffId: 'st_owner' });
    const today = await quote(shop, [plate, { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 1 }]);
    expect(today.items[0]!.amount_cents).not.toBe(before.items[0]!.amount_cents);

    const page = await shop.service.getOrderPage(handoff.id, shop.ctx());
    const quoter = await shop.service.getPlateQuoter(page.items[0]!.designId!, undefined, shop.ctx());
    const form = await shop.service.getOrderRequestForm(handoff.id, shop.ctx());
    expect(form.priceBook).toBe('2026-12-01.1');
    expect(form.lines.map((line) => [line.unitAmountCents, line.amountCents, line.quotedAmountCents])).toEqual(
      today.items.map((item, i) => [item.unit_amount_cents, item.amount_cents, before.items[i]!.amount_cents]),
    );
    expect(form.lines[0]!.amountCents).toBe(quoter.reprice.item.amount_cents);
    expect(form.subtotalCents).toBe(today.amount_subtotal_cents);

    const sent = { fulfilment: 'pickup', name: 'Dana Reyes', email: 'dana@example.com', phone: null, company: null, note: null };
    const { id } = await shop.service.createOrderRequest(handoff.id, sent, 'form-1', shop.ctx());
    const stored = await shop.service.getOrderRequest(id, shop.ctx());
    expect(stored.priceBook).toBe('2026-12-01.1');
    expect(stored.lines.map((line) => line.amountCents)).toEqual(form.lines.map((line) => line.amountCents));
    expect(stored.subtotalCents).toBe(today.amount_subtotal_cents);
  });

  it('publishes at a set time: the version takes force at that time, without a restart, and shows as scheduled until then', async () => {
    await shop.service.uploadPriceBook(bookWith('2026-12-01.1', dearerLaser), 'st_owner');
    // An endpoint subscribed to price_book.published gets its outbox row with the publication.
    const endpoint = await shop.storage.webhooks.add({
      name: 'books',
      url: 'https://erp.example/h',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      events: ['price_book.published'],
      createdBy: null,
      createdAt: new Date('2026-11-27T15:00:00.000Z'),
    });
    const published = await shop.service.publishPriceBook('2026-12-01.1', { at: '2026-12-01T05:00:00.000Z', staffId: 'st_owner' });
    expect(published.status).toBe('scheduled');
    expect(shop.events.at(-1)!.data).toEqual({ version: '2026-12-01.1', in_force_from: '2026-12-01T05:00:00.000Z' });
    const rows = await shop.storage.outbox.forSubject('price_book/2026-12-01.1');
    expect(rows.map((row) => [row.kind, row.target, JSON.parse(row.payload)])).toEqual([['webhook', endpoint!.id, shop.events.at(-1)]]);
    shop.clock.set('2026-12-01T04:59:59.999Z');
    expect((await quote(shop)).price_book).toBe(BUNDLED);
    shop.clock.set('2026-12-01T05:00:00.000Z');
    // Inside the cache's second: the time is checked as each quote is priced.
    expect((await quote(shop)).price_book).toBe('2026-12-01.1');
    expect((await shop.service.listPriceBooks()).map((row) => [row.version, row.status])).toEqual([
      ['2026-12-01.1', 'in_force'],
      [BUNDLED, 'earlier'],
    ]);
    expect(await failure(shop.service.publishPriceBook('2026-12-01.1', { at: '2026-11-30T00:00:00Z' }))).toMatchObject({ code: 'parameter_invalid', param: 'at' });
    expect(await failure(shop.service.publishPriceBook('2099-01-01.1'))).toMatchObject({ code: 'parameter_invalid', param: 'version' });
  });

  it('goes back by publishing an earlier version: new quotes are priced exactly as before', async () => {
    const first = await quote(shop);
    await shop.service.uploadPriceBook(bookWith('2026-12-01.1', dearerLaser), 'st_owner');
    await shop.service.publishPriceBook('2026-12-01.1', { staffId: 'st_owner' });
    shop.clock.set('2026-11-27T15:30:00.000Z');
    expect((await quote(shop)).price_book).toBe('2026-12-01.1');
    shop.clock.set('2026-11-27T16:00:00.000Z');
    await shop.service.publishPriceBook(BUNDLED, { staffId: 'st_owner' });
    const back = await quote(shop);
    expect(back.price_book).toBe(BUNDLED);
    expect(back.items[0]!.amount_cents).toBe(first.items[0]!.amount_cents);
    expect((await shop.service.listPriceBooks()).map((row) => [row.version, row.status])).toEqual([
      ['2026-12-01.1', 'earlier'],
      [BUNDLED, 'in_force'],
    ]);
  });

  it('two processes on one database agree on the version in force once the cache has aged', async () => {
    const other = await openTestShopService({ rootDir: shop.rootDir, start: '2026-11-27T15:00:00.000Z' });
    try {
      expect((await quote(other)).price_book).toBe(BUNDLED);
      await shop.service.uploadPriceBook(bookWith('2026-12-01.1', dearerLaser), 'st_owner');
      await shop.service.publishPriceBook('2026-12-01.1', { staffId: 'st_owner' });
      other.clock.set('2026-11-27T15:00:00.500Z');
      expect((await quote(other)).price_book).toBe(BUNDLED);
      other.clock.set('2026-11-27T15:00:01.000Z');
      expect((await quote(other)).price_book).toBe('2026-12-01.1');
    } finally {
      await other.close();
    }
  });
});

describe('seeding from a newer release', () => {
  let shop: TestShopService;

  beforeEach(async () => {
    shop = await openTestShopService();
  });
  afterEach(() => shop.close());

  /** The cases of a release bundling `version`, over the same database. */
  function release(version: string) {
    const versions = createPriceBookVersionRepository(shop.storage);
    const json = bookWith(version);
    const bundled = { loaded: { ...PRICE_BOOK, version }, text: JSON.stringify(json) };
    const state = createShopState({
      versions,
      plateOrders: createPlateOrdersSwitchRepository(shop.storage),
      catalogOptions: { shopUrl: 'https://shop.example.ca' },
      plateOrdersEnabled: true,
      bundled,
    });
    return { cases: createPriceBookCases({ versions, state, now: () => shop.clock.now(), bundled }), state };
  }

  it('adds and publishes a bundled book newer than every stored one', async () => {
    shop.clock.set('2026-12-02T12:00:00.000Z');
    const { cases, state } = release('2026-12-02.1');
    expect(await cases.seedPriceBooks()).toEqual({ added: true, published: true });
    expect((await state.current(shop.clock.now())).book.version).toBe('2026-12-02.1');
    expect(await cases.seedPriceBooks()).toEqual({ added: false, published: false });
  });

  it('adds but does not publish it when staff published a newer version: the owner’s choice stands', async () => {
    await shop.service.uploadPriceBook(bookWith('2026-12-05.1', dearerLaser), 'st_owner');
    await shop.service.publishPriceBook('2026-12-05.1', { staffId: 'st_owner' });
    const { cases, state } = release('2026-12-02.1');
    expect(await cases.seedPriceBooks()).toEqual({ added: true, published: false });
    expect((await state.current(shop.clock.now())).book.version).toBe('2026-12-05.1');
    expect((await cases.listPriceBooks()).find((row) => row.version === '2026-12-02.1')!.status).toBe('unpublished');
  });

  it('adds nothing from a release whose book is not newer than the last one seeded', async () => {
    const { cases } = release('2026-01-01.1');
    expect(await cases.seedPriceBooks()).toEqual({ added: false, published: false });
    expect(await cases.listPriceBooks()).toHaveLength(1);
  });

  it('uses the bundled book’s own text for its row', () => {
    expect(JSON.parse(bundledBook().text)).toEqual(PRICE_BOOK_JSON);
  });
});

describe('while the shop tables cannot be read', () => {
  it('answers from the last state read, and a process that never read one gets storage_unavailable', async () => {
    const shop = await openTestShopService();
    try {
      const book = bookWith('2026-11-28.1', dearerLaser);
      await shop.service.uploadPriceBook(book, 'st_owner');
      await shop.service.publishPriceBook('2026-11-28.1', { staffId: 'st_owner' });
      const stateOver = () =>
        createShopState({
          versions: createPriceBookVersionRepository(shop.storage),
          plateOrders: createPlateOrdersSwitchRepository(shop.storage),
          catalogOptions: { shopUrl: 'https://shop.example.ca' },
          plateOrdersEnabled: true,
          bundled: bundledBook(),
        });
      const state = stateOver();
      const at = shop.clock.now();
      expect((await state.current(at)).book.version).toBe('2026-11-28.1');
      // A real failure of the database: the table is gone.
      await sql`drop table price_book_versions`.execute(shop.storage.db);
      const later = new Date(at.getTime() + 5_000);
      const answered = await state.current(later);
      expect([answered.book.version, answered.plateOrders.open]).toEqual(['2026-11-28.1', true]);
      const error = await failure(stateOver().current(later));
      expect(error.code).toBe('storage_unavailable');
    } finally {
      await shop.close();
    }
  });
});
