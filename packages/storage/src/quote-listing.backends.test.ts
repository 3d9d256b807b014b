// The staff's lists: quotes filtered on the columns kept beside the body, handoffs with their order
// page's count and the quotes they name, the same on SQLite and PostgreSQL.
import { addDays, DAY_MS, describeEachDatabase, type TestDatabase } from '../test/harness';
import { readListCursor, writeListCursor, type QuoteListing, type Storage } from './index';

const T0 = new Date('2026-03-02T15:00:00.000Z');
const HOUR = 3_600_000;

/** A quote made `hours` after T0, expiring 7 days later, with its listing (none: a row from before the columns). */
function quote(id: string, hours: number, listing?: QuoteListing) {
  const createdAt = new Date(T0.getTime() + hours * HOUR);
  return {
    id,
    createdAt,
    expiresAt: addDays(createdAt, 7),
    body: `{"object":"quote","id":"${id}","note":"bytes kept as sent  "}`,
    request: '{"items":[]}',
    schemaVersion: 1,
    ...(listing ? { listing } : {}),
  };
}

describeEachDatabase('the staff lists of quotes and handoffs', (createDatabase) => {
  let database: TestDatabase;
  let storage: Storage;
  const now = new Date(T0.getTime() + 9 * DAY_MS + HOUR);

  beforeAll(async () => {
    database = createDatabase();
    storage = await database.open();
    // q_old: kept before the listing columns; q_mild, q_ss, q_mixed, q_product later, one a day apart.
    await storage.quotes.insert(quote('q_old', 0));
    await storage.quotes.insert(quote('q_mild', 24, { source: 'rest', itemCount: 1, totalCents: 11_300, materials: ['mild_steel'] }));
    await storage.quotes.insert(quote('q_ss', 48, { source: 'mcp', itemCount: 2, totalCents: 56_500, materials: ['stainless_304'] }));
    await storage.quotes.insert(quote('q_mixed', 72, { source: 'page', itemCount: 3, totalCents: null, materials: ['mild_steel', 'aluminum_6061'] }));
    await storage.quotes.insert(quote('q_product', 72, { source: 'rest', itemCount: 1, totalCents: 22_600, materials: [] }));
    // Past retention at `now`: never listed.
    await storage.quotes.insert({ ...quote('q_gone', -40 * 24), listing: { source: 'rest', itemCount: 1, totalCents: 100, materials: ['mild_steel'] } });
  });

  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  const ids = async (filter: Partial<Parameters<Storage['quotes']['list']>[0]> = {}) => (await storage.quotes.list({ now, ...filter })).rows.map((row) => row.id);

  it('lists newest first (id breaking a tie), with the listing read back and nulls for a row from before', async () => {
    const { rows, next } = await storage.quotes.list({ now });
    expect(rows.map((row) => row.id)).toEqual(['q_product', 'q_mixed', 'q_ss', 'q_mild', 'q_old']);
    expect(next).toBeNull();
    expect(rows[1]).toEqual({
      id: 'q_mixed',
      createdAt: new Date(T0.getTime() + 72 * HOUR),
      expiresAt: new Date(T0.getTime() + 72 * HOUR + 7 * DAY_MS),
      source: 'page',
      itemCount: 3,
      totalCents: null,
      materials: ['mild_steel', 'aluminum_6061'],
    });
    expect(rows[0]).toMatchObject({ totalCents: 22_600, materials: [] });
    expect(rows[4]).toMatchObject({ source: null, itemCount: null, totalCents: null, materials: null });
  });

  it('keeps the body byte for byte beside the new columns', async () => {
    await expect(storage.quotes.get('q_ss', now)).resolves.toMatchObject({ body: '{"object":"quote","id":"q_ss","note":"bytes kept as sent  "}' });
    const [row] = await database.query<{ body: string; source: string; materials: string }>("SELECT body, source, materials FROM quotes WHERE id = 'q_mixed'");
    expect(row).toEqual({ body: '{"object":"quote","id":"q_mixed","note":"bytes kept as sent  "}', source: 'page', materials: ',mild_steel,aluminum_6061,' });
  });

  it('filters by material code, taking LIKE wildcards literally', async () => {
    expect(await ids({ material: 'mild_steel' })).toEqual(['q_mixed', 'q_mild']);
    expect(await ids({ material: 'stainless_304' })).toEqual(['q_ss']);
    expect(await ids({ material: 'mild%' })).toEqual([]);
    expect(await ids({ material: 'mild_stee_' })).toEqual([]);
  });

  it('filters by total with HST, in cents, both ends included; a blocked quote (no total) never matches', async () => {
    expect(await ids({ minTotalCents: 11_300, maxTotalCents: 22_600 })).toEqual(['q_product', 'q_mild']);
    expect(await ids({ minTotalCents: 22_601 })).toEqual(['q_ss']);
    expect(await ids({ maxTotalCents: 11_299 })).toEqual([]);
  });

  it('filters by source, and by unknown for rows from before it was recorded', async () => {
    expect(await ids({ source: 'rest' })).toEqual(['q_product', 'q_mild']);
    expect(await ids({ source: 'mcp' })).toEqual(['q_ss']);
    expect(await ids({ source: 'page' })).toEqual(['q_mixed']);
    expect(await ids({ source: 'unknown' })).toEqual(['q_old']);
  });

  it('filters by creation date and by status at now (in force through expires_at, expired after)', async () => {
    expect(await ids({ createdFrom: new Date(T0.getTime() + 24 * HOUR), createdBefore: new Date(T0.getTime() + 72 * HOUR) })).toEqual(['q_ss', 'q_mild']);
    // At now (T0 + 9 days 1 hour) q_mixed and q_product (T0 + 3 days + 7) are in force, the rest expired.
    expect(await ids({ status: 'in_force' })).toEqual(['q_product', 'q_mixed']);
    expect(await ids({ status: 'expired' })).toEqual(['q_ss', 'q_mild', 'q_old']);
    expect(await ids({ status: 'in_force', now: new Date(T0.getTime() + 72 * HOUR + 7 * DAY_MS) })).toEqual(['q_product', 'q_mixed']);
    expect(await ids({ status: 'in_force', now: new Date(T0.getTime() + 72 * HOUR + 7 * DAY_MS + 1) })).toEqual([]);
    expect(await ids({ status: 'expired', source: 'rest', material: 'mild_steel' })).toEqual(['q_mild']);
  });

  it('pages with a cursor past rows sharing a time, and the cursor survives its text form', async () => {
    const first = await storage.quotes.list({ now, limit: 1 });
    expect(first.rows.map((row) => row.id)).toEqual(['q_product']);
    const cursor = readListCursor(writeListCursor(first.next!));
    expect(cursor).toEqual({ createdAt: new Date(T0.getTime() + 72 * HOUR), id: 'q_product' });
    const second = await storage.quotes.list({ now, limit: 2, after: cursor });
    expect(second.rows.map((row) => row.id)).toEqual(['q_mixed', 'q_ss']);
    const third = await storage.quotes.list({ now, limit: 2, after: second.next });
    expect(third.rows.map((row) => row.id)).toEqual(['q_mild', 'q_old']);
    expect(third.next).toBeNull();
    expect(readListCursor("1' or 1=1")).toBeNull();
  });

  it('reads one summary; none past retention', async () => {
    await expect(storage.quotes.summary('q_ss', now)).resolves.toMatchObject({ id: 'q_ss', source: 'mcp', totalCents: 56_500 });
    await expect(storage.quotes.summary('q_gone', now)).resolves.toBeNull();
  });

  it('counts each order page serving, lists handoffs newest first and finds those naming a quote', async () => {
    const handoff = (id: string, hours: number, quoteIds: string[]) => ({
      id,
      createdAt: new Date(T0.getTime() + hours * HOUR),
      expiresAt: addDays(new Date(T0.getTime() + hours * HOUR), 7),
      body: `{"object":"handoff","id":"${id}"}`,
      schemaVersion: 1,
      designs: [],
      quoteIds,
    });
    await storage.handoffs.insert(handoff('h_one', 25, ['q_mild']));
    await storage.handoffs.insert(handoff('h_two', 73, ['q_mild', 'q_product', 'q_mild']));
    await storage.handoffs.recordOpen('h_one');
    await Promise.all([storage.handoffs.recordOpen('h_two'), storage.handoffs.recordOpen('h_two'), storage.handoffs.recordOpen('h_two')]);
    await storage.handoffs.recordOpen('h_absent');
    const listed = await storage.handoffs.list({ now });
    expect(listed.rows.map(({ id, opens }) => [id, opens])).toEqual([['h_two', 3], ['h_one', 1]]);
    expect(listed.rows[0]).toMatchObject({ body: '{"object":"handoff","id":"h_two"}', expiresAt: addDays(new Date(T0.getTime() + 73 * HOUR), 7) });
    const paged = await storage.handoffs.list({ now, limit: 1 });
    expect(paged.rows.map((row) => row.id)).toEqual(['h_two']);
    expect((await storage.handoffs.list({ now, limit: 1, after: paged.next })).rows.map((row) => row.id)).toEqual(['h_one']);
    expect((await storage.handoffs.listForQuote('q_mild', now)).map(({ id, opens }) => [id, opens])).toEqual([['h_two', 3], ['h_one', 1]]);
    expect((await storage.handoffs.listForQuote('q_product', now)).map((row) => row.id)).toEqual(['h_two']);
    expect(await storage.handoffs.listForQuote('q_ss', now)).toEqual([]);
    // The handoff's get is unchanged by the count.
    await expect(storage.handoffs.get('h_one', now)).resolves.toEqual({ id: 'h_one', createdAt: new Date(T0.getTime() + 25 * HOUR), expiresAt: addDays(new Date(T0.getTime() + 25 * HOUR), 7), body: '{"object":"handoff","id":"h_one"}', schemaVersion: 1 });
  });

  it('purges a handoff with the quotes it names', async () => {
    const later = addDays(now, 60);
    await storage.purgeExpired(later);
    const left = await database.query<{ n: number | string }>('SELECT COUNT(*) AS n FROM handoff_quotes');
    expect(Number(left[0]!.n)).toBe(0);
  });
});
