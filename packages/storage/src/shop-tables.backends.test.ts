// The price book versions and the plate orders switch, on a database made by the real migrations.
import { describeEachDatabase, type TestDatabase } from '../test/harness';
import { createPlateOrdersSwitchRepository } from './repositories/plate-orders-switch';
import { createPriceBookVersionRepository } from './repositories/price-book-versions';
import type { Storage } from './storage';

describeEachDatabase('price book versions and the plate orders switch', (createDatabase) => {
  let database: TestDatabase;
  let storage: Storage;

  beforeEach(async () => {
    database = createDatabase();
    storage = await database.open();
  });

  afterEach(async () => {
    await storage.close();
    await database.drop();
  });

  const uploadedAt = new Date('2026-11-27T10:00:00.123Z');

  it('keeps a version byte for byte and refuses the same version twice', async () => {
    const versions = createPriceBookVersionRepository(storage);
    const book = '{"version":"2026-11-27.3", "note":"é ✓"}';
    expect(await versions.insert({ version: '2026-11-27.3', book, uploadedAt, uploadedBy: 'st_owner', note: 'spring rates' })).toBe(true);
    expect(await versions.insert({ version: '2026-11-27.3', book: '{}', uploadedAt, uploadedBy: null, note: '' })).toBe(false);
    expect(await versions.get('2026-11-27.3')).toEqual({
      version: '2026-11-27.3',
      book,
      uploadedAt,
      uploadedBy: 'st_owner',
      publishedAt: null,
      publishedBy: null,
      effectiveFrom: null,
      note: 'spring rates',
    });
    expect(await versions.get('2026-11-27.4')).toBeUndefined();
  });

  it('publishes a version, lists the published ones latest taking force first, and lists them all', async () => {
    const versions = createPriceBookVersionRepository(storage);
    for (const [version, minutes] of [['2026-11-01.1', 0], ['2026-11-02.1', 1], ['2026-11-03.1', 2]] as const) {
      await versions.insert({ version, book: '{}', uploadedAt: new Date(uploadedAt.getTime() + minutes * 60_000), uploadedBy: null, note: '' });
    }
    const at = (iso: string) => new Date(iso);
    expect(await versions.publish('2026-11-01.1', { publishedAt: at('2026-11-27T11:00:00Z'), publishedBy: null, effectiveFrom: at('2026-11-27T11:00:00Z') })).toBe(true);
    expect(await versions.publish('2026-11-03.1', { publishedAt: at('2026-11-27T12:00:00Z'), publishedBy: 'st_1', effectiveFrom: at('2026-12-01T05:00:00.500Z') })).toBe(true);
    expect(await versions.publish('2099-01-01.1', { publishedAt: at('2026-11-27T12:00:00Z'), publishedBy: 'st_1', effectiveFrom: at('2026-11-27T12:00:00Z') })).toBe(false);
    const published = await versions.listPublished();
    expect(published.map((row) => [row.version, row.effectiveFrom?.toISOString(), row.publishedBy])).toEqual([
      ['2026-11-03.1', '2026-12-01T05:00:00.500Z', 'st_1'],
      ['2026-11-01.1', '2026-11-27T11:00:00.000Z', null],
    ]);
    expect((await versions.list()).map((row) => row.version)).toEqual(['2026-11-03.1', '2026-11-02.1', '2026-11-01.1']);
  });

  it('reads no switch until one is set, then the last one set', async () => {
    const plateOrders = createPlateOrdersSwitchRepository(storage);
    expect(await plateOrders.get()).toBeUndefined();
    const paused = {
      state: 'paused' as const,
      pausedFrom: new Date('2026-12-24T05:00:00Z'),
      pausedUntil: new Date('2027-01-04T05:00:00Z'),
      message: 'The shop is closed over the holidays.',
      updatedAt: uploadedAt,
      updatedBy: 'st_owner',
    };
    await plateOrders.set(paused);
    expect(await plateOrders.get()).toEqual(paused);
    const on = { state: 'on' as const, pausedFrom: null, pausedUntil: null, message: '', updatedAt: new Date('2026-11-28T00:00:00Z'), updatedBy: null };
    await plateOrders.set(on);
    expect(await plateOrders.get()).toEqual(on);
    expect(await database.query('SELECT COUNT(*) AS n FROM plate_orders_switch')).toEqual([{ n: database.provider === 'sqlite' ? 1 : '1' }]);
  });
});
