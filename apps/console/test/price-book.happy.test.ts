// The price book in the console: staff look, owners upload, compare, publish (now or at a set time)
// and go back; the REST app beside it prices new quotes by the version in force while a stored quote
// keeps its own. Expected prices come from the pricing library over the books themselves.
import { PRICE_BOOK, PRICE_BOOK_JSON, createCatalog, loadPriceBook } from '@shop/catalog';
import { PlateItem } from '@shop/contracts';
import { REFERENCE_PARTS, pricePlateItem } from '@shop/pricing';
import { openStorage } from '@shop/storage';
import { ROOT_DIR, START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';
import { startShopBeside, type ShopBeside } from './shop-beside';

const BUNDLED = PRICE_BOOK.version;
const [BOOK_DATE, BOOK_SERIAL] = BUNDLED.split('.') as [string, string];
const version = (step: number) => `${BOOK_DATE}.${Number(BOOK_SERIAL) + step}`;
/** The REST process reads the version in force again once its 1-second cache has aged. */
const CACHE_MS = 1000;

function bookWith(next: string, edit: (book: Record<string, any>) => void): Record<string, any> {
  const book = structuredClone(PRICE_BOOK_JSON) as Record<string, any>;
  book.version = next;
  edit(book);
  return book;
}

const LASER = (PRICE_BOOK_JSON as { shop: { laserCentsPerHour: number } }).shop.laserCentsPerHour;
const dearerLaser = (factor: number) => (book: Record<string, any>) => {
  book.shop.laserCentsPerHour = Math.round(LASER * factor);
};

const plate = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
  quantity: 10,
};

const catalogOf = (book: unknown) => createCatalog({ shopUrl: 'https://shop.invalid', priceBook: loadPriceBook(book) });

/** The unit price of a plate item in a book, by the pricing library. */
function unitCents(item: Record<string, unknown>, book: unknown): number {
  return pricePlateItem(PlateItem.parse(item), { catalog: catalogOf(book) }).unit_amount_cents as number;
}

function dollars(cents: number): string {
  return `$${Math.floor(cents / 100).toLocaleString('en-CA')}.${String(cents % 100).padStart(2, '0')}`;
}

let app: ConsoleTestApp;
let shop: ShopBeside;
let owner: Browser;
let staff: Browser;

beforeAll(async () => {
  app = await startConsole();
  shop = await startShopBeside(app);
  await app.addPerson('olive@shop.test', 'owner');
  await app.addPerson('sam@shop.test', 'staff');
  owner = app.browser();
  await owner.signIn('olive@shop.test');
  staff = app.browser();
  await staff.signIn('sam@shop.test');
});

afterAll(async () => {
  await shop?.close();
  await app?.close();
});

async function newQuote(): Promise<{ id: string; price_book: string; items: Array<{ unit_amount_cents: number }> }> {
  const reply = await shop.rest('POST', '/api/v1/quotes', { items: [plate] });
  expect(reply.status).toBe(201);
  return reply.json;
}

describe('the price book pages', () => {
  it('lets staff look, and answers 403 to staff on upload, publish and the switch, changing nothing', async () => {
    const page = await staff.get('/price-book');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Version <a href="/price-book/${BUNDLED}">${BUNDLED}</a>, in force since`);
    expect(page.text).not.toContain('enctype="multipart/form-data"');
    const csrf = await staff.csrf('/price-book');
    const upload = await staff.postMultipart('/price-book', { _csrf: csrf, note: '' }, { name: 'book.json', text: JSON.stringify(bookWith(version(9), dearerLaser(2))) });
    expect(upload.status).toBe(403);
    expect((await staff.post(`/price-book/${BUNDLED}/publish`, { _csrf: csrf, when: 'now' })).status).toBe(403);
    expect((await staff.post('/plate-orders', { _csrf: csrf, state: 'off', message: 'no' })).status).toBe(403);
    expect((await app.opened.shopSettings.listPriceBooks()).map((row) => row.version)).toEqual([BUNDLED]);
    expect((await app.opened.shopSettings.getPlateOrders()).state).toBe('on');
  });

  it('refuses a book with every problem listed by its path, and keeps nothing', async () => {
    const broken = bookWith(version(1), (book) => {
      book.cutting.rows.mild_steel[3][1] = 400;
      book.shop.minimumItemCents = -1;
    });
    const reply = await owner.postMultipart('/price-book', { _csrf: await owner.csrf('/price-book'), book_text: JSON.stringify(broken), note: '' });
    expect(reply.status).toBe(422);
    expect(reply.text).toContain('The book is not valid (2 problems); nothing was kept.');
    expect(reply.text).toContain('<li><code>cutting.rows.mild_steel[3]</code>: row 3: the feed must fall as the plate gets thicker');
    expect(reply.text).toMatch(/<li><code>shop\.minimumItemCents<\/code>: [^<]+<\/li>/);
    const notJson = await owner.postMultipart('/price-book', { _csrf: await owner.csrf('/price-book'), book_text: '{"version": ' });
    expect(notJson.status).toBe(422);
    expect(notJson.text).toContain('<li><code>(the file)</code>: the file is not JSON');
    expect((await app.opened.shopSettings.listPriceBooks()).map((row) => row.version)).toEqual([BUNDLED]);
  });

  it('uploads a book with the laser 10% dearer, shows each figure and the reference parts before and after, publishes it, and new quotes follow it while a stored one keeps its book', async () => {
    const before = await newQuote();
    expect(before.price_book).toBe(BUNDLED);
    expect(before.items[0]!.unit_amount_cents).toBe(unitCents(plate, PRICE_BOOK_JSON));

    const next = version(1);
    const book = bookWith(next, dearerLaser(1.1));
    const uploaded = await owner.postMultipart('/price-book', { _csrf: await owner.csrf('/price-book'), note: 'Laser rate +10%' }, { name: 'book.json', text: JSON.stringify(book, null, 2) });
    expect([uploaded.status, uploaded.location]).toEqual([303, `/price-book/${next}`]);

    const diff = await owner.get(`/price-book/${next}`);
    expect(diff.status).toBe(200);
    expect(diff.text).toContain(`Compared with <strong>${BUNDLED}</strong>, the version in force.`);
    expect([...diff.text.matchAll(/<tr><td data-label="Path"><code>([^<]+)<\/code><\/td><td data-label="Was">([^<]+)<\/td><td data-label="Becomes">([^<]+)<\/td><\/tr>/g)].map((row) => row.slice(1))).toEqual([
      // Figures in the shop's words: dollars an hour, not raw cents.
      ['shop.laserCentsPerHour', `${dollars(LASER)} an hour`, `${dollars(Math.round(LASER * 1.1))} an hour`],
    ]);
    const rows = [...diff.text.matchAll(/<tr><td data-label="Part">([^<]+)<\/td><td data-label="Quantity">(\d+)<\/td><td data-label="Was">([^<]+)<\/td><td data-label="Becomes">([^<]+)<\/td><td data-label="Change">([^<]+)<\/td><td data-label="Change in percent">([^<]+)<\/td><\/tr>/g)].map((row) => row.slice(1));
    const expected = REFERENCE_PARTS.flatMap(({ name, part }) =>
      [1, 10, 100].map((quantity) => {
        const item = { ...part, kind: 'plate', quantity };
        const was = unitCents(item, PRICE_BOOK_JSON);
        const becomes = unitCents(item, book);
        const change = becomes === was ? 'no change' : `${becomes > was ? '+' : '-'}${dollars(Math.abs(becomes - was))} (${becomes > was ? '+' : '-'}${((Math.abs(becomes - was) / was) * 100).toFixed(1)}%)`;
        const percent = ((becomes - was) / was) * 100;
        return [name, String(quantity), dollars(was), dollars(becomes), change, becomes === was ? '0.0%' : `${percent > 0 ? '+' : '-'}${Math.abs(percent).toFixed(1)}%`];
      }),
    );
    expect(rows).toEqual(expected);
    // A dearer laser raises some reference part, and no price falls.
    expect(rows.some((row) => row[4]!.startsWith('+'))).toBe(true);
    expect(rows.some((row) => row[4]!.startsWith('-'))).toBe(false);
    expect(diff.text).toContain('<table class="list kits">');

    const published = await owner.post(`/price-book/${next}/publish`, { _csrf: await owner.csrf(`/price-book/${next}`), when: 'now', note: 'Hydro rates up' });
    expect([published.status, published.location]).toEqual([303, `/price-book?published=${next}`]);
    const page = await owner.get(`/price-book?published=${next}`);
    expect(page.text).toContain(`Version <a href="/price-book/${next}">${next}</a>, in force since <time datetime="${START.toISOString()}">`);
    expect(page.text).toContain('published by olive. Note: Laser rate +10%');

    const audit = (await app.opened.audit.list({ limit: 10 })).entries.filter((entry) => entry.action.startsWith('price_book_'));
    expect(audit.map((entry) => [entry.action, entry.subject, entry.detail])).toEqual([
      ['price_book_published', `price-book/${next}`, { version: next, in_force_from: START.toISOString(), note: 'Hydro rates up' }],
      ['price_book_uploaded', `price-book/${next}`, { version: next, note: 'Laser rate +10%' }],
    ]);
    expect(app.events.at(-1)).toEqual({ type: 'price_book.published', timestamp: START.toISOString(), data: { version: next, in_force_from: START.toISOString() } });

    app.advance(CACHE_MS);
    const after = await newQuote();
    expect(after.price_book).toBe(next);
    expect(after.items[0]!.unit_amount_cents).toBe(unitCents(plate, book));
    expect(after.items[0]!.unit_amount_cents).toBeGreaterThan(before.items[0]!.unit_amount_cents);
    const stored = await shop.rest('GET', `/api/v1/quotes/${(before as { id: string }).id}`);
    expect(stored.json.price_book).toBe(BUNDLED);
    expect(stored.json.items[0].unit_amount_cents).toBe(before.items[0]!.unit_amount_cents);
  });

  it('publishes at a set Toronto time, which takes force then; going back is publishing the earlier version', async () => {
    const inForce = version(1);
    const next = version(2);
    const book = bookWith(next, dearerLaser(1.2));
    expect((await owner.postMultipart('/price-book', { _csrf: await owner.csrf('/price-book'), book_text: JSON.stringify(book), note: 'January rates' })).status).toBe(303);
    // 09:00 in Toronto on 4 November (EST) is 14:00 UTC.
    const scheduled = await owner.post(`/price-book/${next}/publish`, { _csrf: await owner.csrf(`/price-book/${next}`), when: 'at', at: '2026-11-04T09:00', note: '' });
    expect(scheduled.status).toBe(303);
    const page = await owner.get('/price-book');
    expect(page.text).toContain(`<li><a href="/price-book/${next}">${next}</a> takes force <time datetime="2026-11-04T14:00:00.000Z">`);
    expect((await newQuote()).price_book).toBe(inForce);

    app.advance(new Date('2026-11-04T14:00:00.000Z').getTime() - app.now().getTime() - 1);
    expect((await newQuote()).price_book).toBe(inForce);
    app.advance(1 + CACHE_MS);
    const dearer = await newQuote();
    expect(dearer.price_book).toBe(next);
    expect(dearer.items[0]!.unit_amount_cents).toBe(unitCents(plate, book));

    // Going back to the release's book: its history row leads to its diff page, whose form publishes it
    // (signed in again: two days passed). The history publishes nothing in one click.
    await owner.signIn('olive@shop.test');
    const history = await owner.get('/price-book');
    expect(history.text).toContain(`<a class="button" href="/price-book/${BUNDLED}#publish">Review going back to this version<span class="visually-hidden"> (${BUNDLED})</span></a>`);
    expect(history.text).not.toContain('/publish" class="inline"');
    const review = await owner.get(`/price-book/${BUNDLED}`);
    expect(review.text).toContain(`Compared with <strong>${next}</strong>, the version in force.`);
    const back = await owner.post(`/price-book/${BUNDLED}/publish`, { _csrf: await owner.csrf(`/price-book/${BUNDLED}`), when: 'now' });
    expect(back.status).toBe(303);
    app.advance(CACHE_MS);
    const restored = await newQuote();
    expect(restored.price_book).toBe(BUNDLED);
    expect(restored.items[0]!.unit_amount_cents).toBe(unitCents(plate, PRICE_BOOK_JSON));
    const rows = await app.opened.shopSettings.listPriceBooks();
    expect(Object.fromEntries(rows.map((row) => [row.version, row.status]))).toEqual({ [BUNDLED]: 'in_force', [inForce]: 'earlier', [next]: 'earlier' });
  });

  it('makes the time a deliberate choice and asks to confirm reference prices moving past the owner\'s threshold (a book twice as dear)', async () => {
    const next = version(4);
    const dearer = bookWith(next, (book) => {
      for (const key of Object.keys(book.shop)) if (/CentsPerHour$|^minimum/.test(key)) book.shop[key] *= 2;
    });
    expect((await owner.postMultipart('/price-book', { _csrf: await owner.csrf('/price-book'), book_text: JSON.stringify(dearer), note: 'Twice' })).status).toBe(303);
    const diff = await owner.get(`/price-book/${next}`);
    // Neither time is chosen beforehand.
    expect(diff.text).toContain('<input type="radio" name="when" value="now" required> Now');
    expect(diff.text).toContain('<input type="radio" name="when" value="at"> At a set time');
    expect(diff.text).toContain('<input type="checkbox" name="confirm" value="yes"> I have checked these changes and mean to publish them');
    expect(diff.text).toMatch(/<li>Small bracket 3 x 2 in, 10 ga mild steel, 1 hole, one piece: \+\d+\.\d%<\/li>/);
    const csrf = await owner.csrf(`/price-book/${next}`);

    const noTime = await owner.post(`/price-book/${next}/publish`, { _csrf: csrf, note: 'Twice' });
    expect(noTime.status).toBe(422);
    expect(noTime.text).toContain('Choose when the version takes force: now, or at a set time. Nothing was published.');
    const unconfirmed = await owner.post(`/price-book/${next}/publish`, { _csrf: csrf, when: 'now', note: 'Twice', threshold: '20' });
    expect(unconfirmed.status).toBe(422);
    expect(unconfirmed.text).toMatch(/\d+ reference prices move by more than 20%: check them below and tick the confirmation to publish\. Nothing was published\./);
    // What was typed is kept.
    expect(unconfirmed.text).toContain('<input type="radio" name="when" value="now" required checked>');
    expect(unconfirmed.text).toContain('name="note" maxlength="500" value="Twice"');
    expect((await app.opened.shopSettings.listPriceBooks()).find((row) => row.version === next)?.status).toBe('unpublished');
    // A threshold above every change needs no confirmation; the confirmation publishes at any threshold.
    const confirmed = await owner.post(`/price-book/${next}/publish`, { _csrf: csrf, when: 'now', note: 'Twice', threshold: '20', confirm: 'yes' });
    expect(confirmed.status).toBe(303);
    app.advance(CACHE_MS);
    expect((await app.opened.shopSettings.listPriceBooks()).find((row) => row.version === next)?.status).toBe('in_force');
    const back = await owner.post(`/price-book/${BUNDLED}/publish`, { _csrf: await owner.csrf(`/price-book/${BUNDLED}`), when: 'now', threshold: '1000' });
    expect(back.status).toBe(303);
    app.advance(CACHE_MS);
  });

  it('says the database is busy, and publishes nothing, while another connection holds the write lock', async () => {
    const next = version(3);
    expect((await owner.postMultipart('/price-book', { _csrf: await owner.csrf('/price-book'), book_text: JSON.stringify(bookWith(next, dearerLaser(1.3))) })).status).toBe(303);
    const auditBefore = (await app.opened.audit.list({ limit: 50 })).entries.length;
    const eventsBefore = app.events.length;

    // Another process's connection takes the write lock (a write inside an open transaction) and holds it.
    const other = await openStorage({ databaseUrl: app.databaseUrl, rootDir: ROOT_DIR });
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = other.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('price_book_versions').set({ note: 'held' }).where('version', '=', next).execute();
        locked();
        await new Promise<void>((resolve) => (release = resolve));
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await isLocked;
    try {
      const busy = await owner.post(`/price-book/${next}/publish`, { _csrf: await owner.csrf(`/price-book/${next}`), when: 'now' });
      expect(busy.status).toBe(503);
      expect(busy.text).toContain('Database busy: nothing was published');
      expect(busy.text).toContain('The database is busy just now, so nothing was published or changed. Try again in a moment.');
    } finally {
      release();
      expect(await holding).toBe('roll back');
      await other.close();
    }
    const row = (await app.opened.shopSettings.listPriceBooks()).find((entry) => entry.version === next)!;
    expect(row).toMatchObject({ status: 'unpublished', publishedAt: null, effectiveFrom: null, note: '' });
    expect((await app.opened.audit.list({ limit: 50 })).entries.length).toBe(auditBefore);
    expect(app.events.length).toBe(eventsBefore);
    app.advance(CACHE_MS);
    expect((await newQuote()).price_book).toBe(BUNDLED);

    // Once the lock is gone the same form publishes.
    const again = await owner.post(`/price-book/${next}/publish`, { _csrf: await owner.csrf(`/price-book/${next}`), when: 'now' });
    expect(again.status).toBe(303);
    app.advance(CACHE_MS);
    expect((await newQuote()).price_book).toBe(next);
  });
});
