// Imports as the store keeps them: what a quote of the part needs found once when the drawing is
// read (and used by every quote of it), an unnamed import kept only its 30 days, and a bound on the
// drawing bytes one address adds to the store in a day.
import { randomBytes } from 'node:crypto';
import type { ServiceError } from '@shop/contracts';
import type { Quote } from '@shop/contracts';
import type { PlateItem } from '@shop/contracts';
import { plateDxf } from './drawing-export';
import { STORED_BYTES_PER_DAY } from './plate-imports';
import { openTestShopService } from './test-shop-service';
import type { TestShopService } from './test-shop-service';

/** A 10 x 6 in plate with a 0.3 in neck between two V notches, as the shop's own cut files write it. */
const NOTCHED_PLATE: PlateItem = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  quantity: 1,
  quantity_options: [],
  label: null,
  outline: {
    kind: 'polygon',
    points_in: [
      [0, 0],
      [4.85, 0],
      [5, 2.85],
      [5.15, 0],
      [10, 0],
      [10, 6],
      [5.15, 6],
      [5, 3.15],
      [4.85, 6],
      [0, 6],
    ],
  },
  holes: [],
  cutouts: [],
  bends: [],
};
const NOTCHED = plateDxf(NOTCHED_PLATE, 'notched');

const item = (importId: string, thicknessIn: number) => ({ kind: 'plate', import_id: importId, material: 'mild_steel', thickness_in: thicknessIn, quantity: 1 });

describe('plate imports in the store', () => {
  let shop: TestShopService;

  beforeEach(async () => {
    shop = await openTestShopService();
  });

  afterEach(async () => {
    await shop.close();
  });

  it('keeps the survey of the outline with the import, and quotes of it check the web from that survey', async () => {
    const found = await shop.service.importDrawing({ file: NOTCHED, options: {} }, shop.ctx());
    const row = await shop.storage.plateImports.get(found.id, shop.clock.now());
    const survey = JSON.parse(row!.survey!) as { outline: { reachIn: number; corners: number; neck: { widthIn: number } | null } };
    expect(survey.outline).toMatchObject({ reachIn: 1, corners: 10 });
    expect(survey.outline.neck!.widthIn).toBeCloseTo(0.3, 6);
    const quoteOf = async (thicknessIn: number) => JSON.parse((await shop.service.createQuote({ items: [item(found.id, thicknessIn)] }, shop.ctx(), 'rest')).json) as Quote;
    const codes = (quote: Quote) => quote.items[0]!.issues.map((issue) => issue.code);
    expect(codes(await quoteOf(0.375))).toContain('web_too_narrow');
    expect(codes(await quoteOf(0.25))).not.toContain('web_too_narrow');
  });

  it('reads the survey kept with an import instead of searching the outline again', async () => {
    const found = await shop.service.importDrawing({ file: NOTCHED, options: {} }, shop.ctx());
    const row = (await shop.storage.plateImports.get(found.id, shop.clock.now()))!;
    // The same part kept again with a survey that places its narrowest neck at 0.1 in: a quote of it
    // at 0.1196 in can only find that neck through the survey (the outline's own neck is 0.3 in).
    const told = { ...row, id: 'pi_toldNeck00000000000001', survey: JSON.stringify({ outline: { reachIn: 1, corners: 10, problem: null, neck: { kind: 'neck', widthIn: 0.1, edgeA: 1, edgeB: 6, x: 5, y: 3 } } }) };
    await shop.storage.plateImports.insert({ ...told, body: row.body.replace(found.id, told.id) });
    const quote = JSON.parse((await shop.service.createQuote({ items: [item(told.id, 0.1196)] }, shop.ctx(), 'rest')).json) as Quote;
    expect(quote.items[0]!.issues.find((issue) => issue.code === 'web_too_narrow')?.message).toMatch(/narrows to 0\.1 in/);
  });

  it('keeps an import no quote names until it expires, 30 days, and no longer', async () => {
    const found = await shop.service.importDrawing({ file: NOTCHED, options: {} }, shop.ctx());
    const row = (await shop.storage.plateImports.get(found.id, shop.clock.now()))!;
    expect(row.retainUntil.toISOString()).toBe(found.expires_at);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 86_400_000);
    await expect(shop.storage.plateImports.get(found.id, new Date(row.expiresAt.getTime() + 1))).resolves.toBeNull();
  });

  it(`refuses a drawing with 429 and Retry-After once an address's drawings of the day hold ${STORED_BYTES_PER_DAY / 1024 / 1024} MB, and not another address's`, async () => {
    const sender = shop.ctx().clientIp;
    const started = shop.clock.now();
    // Bodies that hardly deflate (random base64: 1.6 MB each as kept): seven from this address, the first 3 hours ago.
    for (let k = 0; k < 7; k++) {
      const createdAt = new Date(started.getTime() - (3 - k * 0.25) * 3_600_000);
      const body = JSON.stringify({ filler: randomBytes(1.6 * 1024 * 1024).toString('base64') });
      await shop.storage.plateImports.insert({ id: `pi_filler${k}000000000000`, createdAt, expiresAt: createdAt, retainUntil: createdAt, body, schemaVersion: 1, clientKey: sender });
    }
    const refused = await shop.service.importDrawing({ file: NOTCHED, options: {} }, shop.ctx()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: 'rate_limited', status: 429, retryAfterSeconds: 21 * 3600 });
    expect((refused as ServiceError).message).toMatch(/at most 10 MB a day are kept/);
    await expect(shop.service.importDrawing({ file: NOTCHED, options: {} }, { ...shop.ctx(), clientIp: '192.0.2.44' })).resolves.toMatchObject({ object: 'plate_import' });
    // A day after the first of them, its bytes no longer count.
    shop.clock.set(new Date(started.getTime() + 21 * 3_600_000 + 1000));
    await expect(shop.service.importDrawing({ file: NOTCHED, options: {} }, shop.ctx())).resolves.toMatchObject({ object: 'plate_import' });
  });
});
