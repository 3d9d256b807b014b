// Writes of the shop's tables meeting a database another connection holds locked: they wait for it
// up to the lock wait and then fail as StorageUnavailable with nothing kept, or land once it is let go.
import { describeEachDatabase, type TestDatabase } from '../test/harness';
import { sampleOrderRequest } from '../test/order-requests.cases';
import { createOrderRequestRepository } from './repositories/order-requests';
import { createPriceBookVersionRepository } from './repositories/price-book-versions';
import type { Storage } from './storage';
import { StorageUnavailable } from './storage-unavailable';

describeEachDatabase('writes meeting a held lock', (createDatabase) => {
  let database: TestDatabase;
  let storage: Storage;

  afterEach(async () => {
    await database.query('ROLLBACK').catch(() => undefined);
    await storage.close();
    await database.drop();
  });

  /** Another connection takes the write lock (SQLite) or an exclusive lock on `table` (PostgreSQL) and keeps it. */
  async function holdLock(table: string): Promise<void> {
    if (database.provider === 'sqlite') {
      await database.query('BEGIN IMMEDIATE');
    } else {
      await database.query('BEGIN');
      await database.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    }
  }

  const count = async (table: string) => Number((await database.query<{ n: unknown }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
  const turn = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('an order request past the lock wait is StorageUnavailable, and neither it nor its items are kept', async () => {
    database = createDatabase();
    storage = await database.open({ lockWaitMs: 100 });
    await holdLock('order_requests');
    await expect(createOrderRequestRepository(storage).insert(sampleOrderRequest())).rejects.toBeInstanceOf(StorageUnavailable);
    await database.query('COMMIT');
    expect(await count('order_requests')).toBe(0);
    expect(await count('order_request_items')).toBe(0);
    // The storage carries on once the lock is let go.
    await expect(createOrderRequestRepository(storage).insert(sampleOrderRequest())).resolves.toEqual({ created: true, id: sampleOrderRequest().id });
  });

  it('an order request waiting for the lock is kept whole once it is let go', async () => {
    database = createDatabase();
    storage = await database.open({ lockWaitMs: 30_000 });
    await holdLock('order_requests');
    let settled = false;
    const insert = createOrderRequestRepository(storage)
      .insert(sampleOrderRequest())
      .finally(() => {
        settled = true;
      });
    await turn();
    expect(settled).toBe(false);
    await database.query('COMMIT');
    await expect(insert).resolves.toEqual({ created: true, id: sampleOrderRequest().id });
    expect(await count('order_request_items')).toBe(2);
  });

  it('a publish past the lock wait is StorageUnavailable and changes nothing; one waiting lands once the lock is let go', async () => {
    database = createDatabase();
    storage = await database.open({ lockWaitMs: 100 });
    const versions = createPriceBookVersionRepository(storage);
    await versions.insert({ version: '2026-12-01.1', book: '{}', uploadedAt: new Date('2026-11-30T12:00:00Z'), uploadedBy: 'st_1', note: '' });
    const publication = { publishedAt: new Date('2026-11-30T13:00:00Z'), publishedBy: 'st_1', effectiveFrom: new Date('2026-12-01T05:00:00Z') };
    await holdLock('price_book_versions');
    await expect(versions.publish('2026-12-01.1', publication)).rejects.toBeInstanceOf(StorageUnavailable);
    await database.query('COMMIT');
    expect(await versions.listPublished()).toEqual([]);

    await storage.close();
    storage = await database.open({ lockWaitMs: 30_000 });
    await holdLock('price_book_versions');
    const publish = createPriceBookVersionRepository(storage).publish('2026-12-01.1', publication);
    await turn();
    await database.query('COMMIT');
    await expect(publish).resolves.toBe(true);
    expect((await createPriceBookVersionRepository(storage).listPublished()).map((row) => row.effectiveFrom)).toEqual([publication.effectiveFrom]);
  });
});
