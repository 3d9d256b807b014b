import { addDays, describeEachDatabase, type TestDatabase } from '../test/harness';
import { RETENTION_DAYS, type Storage } from './index';

const created = new Date('2026-03-02T15:04:05.678Z');
const expires = addDays(created, 7);

// Spacing, key order, escapes, non-ASCII and a number JSON.parse would round: all must survive.
const quoteBody =
  '{"object":"quote","id":"q_1","total_cents":123456789012345678901234567890,' +
  ' "items" : [ {"label":"Bracket \\"A\\" – 6 mm","note":"é ü 日本 🔩"} ],"z":1.50,"a":null}';

function makeQuote(id: string, overrides: Partial<{ createdAt: Date; expiresAt: Date }> = {}) {
  return {
    id,
    createdAt: overrides.createdAt ?? created,
    expiresAt: overrides.expiresAt ?? expires,
    body: quoteBody.replace('q_1', id),
    request: `{"items":[{"kind":"plate","quote":"${id}"}]}`,
    schemaVersion: 1,
  };
}

describeEachDatabase('repositories', (createDatabase) => {
  let database: TestDatabase;
  let storage: Storage;

  beforeAll(async () => {
    database = createDatabase();
    storage = await database.open();
  });

  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  it('applies the migrations on first open and records how long they took', () => {
    expect(storage.provider).toBe(database.provider);
    expect(storage.startup.appliedMigrations.length).toBeGreaterThan(0);
    expect(storage.startup.migrationMs).toBeGreaterThan(0);
  });

  it('reports itself healthy: reached, intact and able to take a write', async () => {
    await expect(storage.health()).resolves.toEqual({ state: 'ok' });
  });

  it('keeps a quote body and request byte for byte', async () => {
    const quote = makeQuote('q_bytes');
    await storage.quotes.insert(quote);
    const read = await storage.quotes.get('q_bytes', created);
    expect(read).toEqual(quote);
    expect(Buffer.from(read!.body).equals(Buffer.from(quote.body))).toBe(true);
  });

  it('returns null for a quote never stored', async () => {
    await expect(storage.quotes.get('q_missing', created)).resolves.toBeNull();
  });

  it('reads a quote until 30 days after it expires, then returns null', async () => {
    await storage.quotes.insert(makeQuote('q_retention'));
    const lastMoment = new Date(addDays(expires, RETENTION_DAYS).getTime() - 1);
    await expect(storage.quotes.get('q_retention', expires)).resolves.not.toBeNull();
    await expect(storage.quotes.get('q_retention', lastMoment)).resolves.not.toBeNull();
    await expect(storage.quotes.get('q_retention', addDays(expires, RETENTION_DAYS))).resolves.toBeNull();
  });

  it('refuses a second quote with the same id (not as StorageUnavailable)', async () => {
    await storage.quotes.insert(makeQuote('q_twice'));
    const error = await storage.quotes.insert(makeQuote('q_twice')).catch((caught: unknown) => caught);
    // An error (on SQLite the driver's own, whose class may come from another test file's context).
    expect(error).toMatchObject({ message: expect.stringMatching(/unique/i) });
    expect((error as Error).name).not.toBe('StorageUnavailable');
  });

  it('stores a handoff with its plate designs and reads each back', async () => {
    const designs = [0, 1].map((itemIndex) => ({
      id: `pd_h1_${itemIndex}`,
      quoteId: 'q_bytes',
      itemIndex,
      createdAt: created,
      expiresAt: expires,
      schemaVersion: 1,
      design: `{"outline":{"type":"rectangle","width_in":${itemIndex + 10}},"holes":[]}`,
    }));
    await storage.handoffs.insert({ id: 'h_1', createdAt: created, expiresAt: expires, schemaVersion: 1, body: '{"id":"h_1"}', designs });
    await expect(storage.handoffs.get('h_1', created)).resolves.toEqual({
      id: 'h_1',
      createdAt: created,
      expiresAt: expires,
      schemaVersion: 1,
      body: '{"id":"h_1"}',
    });
    await expect(storage.designs.get('pd_h1_1', created)).resolves.toEqual(designs[1]);
    await expect(storage.designs.get('pd_h1_0', addDays(expires, RETENTION_DAYS))).resolves.toBeNull();
    await expect(storage.designs.listForHandoff('h_1', created)).resolves.toEqual(designs);
    await expect(storage.designs.listForHandoff('h_1', addDays(expires, RETENTION_DAYS))).resolves.toEqual([]);
    await expect(storage.designs.listForHandoff('h_none', created)).resolves.toEqual([]);
  });

  it('stores nothing of a handoff when one of its designs cannot be stored', async () => {
    const design = (id: string) => ({
      id,
      quoteId: 'q_bytes',
      itemIndex: 0,
      createdAt: created,
      expiresAt: expires,
      schemaVersion: 1,
      design: '{}',
    });
    // pd_h1_0 already exists: the second design fails after the handoff row was written.
    const attempt = storage.handoffs.insert({
      id: 'h_partial',
      createdAt: created,
      expiresAt: expires,
      schemaVersion: 1,
      body: '{}',
      designs: [design('pd_partial'), design('pd_h1_0')],
    });
    await expect(attempt).rejects.toMatchObject({ message: expect.stringMatching(/unique/i) });
    await expect(storage.handoffs.get('h_partial', created)).resolves.toBeNull();
    await expect(storage.designs.get('pd_partial', created)).resolves.toBeNull();
  });

  it('stores an rfq link and keeps it readable for 30 days after it expires', async () => {
    const link = { id: 'rfq_1', createdAt: created, expiresAt: addDays(created, 30), schemaVersion: 1, body: '{"description":"stairs"}' };
    await storage.rfqLinks.insert(link);
    await expect(storage.rfqLinks.get('rfq_1', addDays(created, 45))).resolves.toEqual(link);
    await expect(storage.rfqLinks.get('rfq_1', addDays(created, 60))).resolves.toBeNull();
  });

  it('stores a plate import byte for byte and keeps it readable for 30 days after it expires', async () => {
    const body = JSON.stringify({ object: 'plate_import', id: 'pi_1', plate: { outline: { kind: 'polygon', points_in: Array.from({ length: 20_000 }, (_, i) => [i / 1000, (i % 7) / 3]) } } });
    const plateImport = { id: 'pi_1', createdAt: created, expiresAt: addDays(created, 30), retainUntil: addDays(created, 60), schemaVersion: 1, body };
    await storage.plateImports.insert(plateImport);
    await expect(storage.plateImports.get('pi_1', addDays(created, 45))).resolves.toEqual(plateImport);
    await expect(storage.plateImports.get('pi_1', addDays(created, 60))).resolves.toBeNull();
    await expect(storage.plateImports.get('pi_none', created)).resolves.toBeNull();
  });

  it('keeps a plate import body deflated (its bytes counted for its sender) and reads the same text back', async () => {
    const points = Array.from({ length: 19_000 }, (_, i) => [Number((30 + 29 * Math.cos(i / 3000)).toFixed(5)), Number((30 + 29 * Math.sin(i / 3000)).toFixed(5))]);
    const body = JSON.stringify({ object: 'plate_import', id: 'pi_big', plate: { outline: { kind: 'polygon', points_in: points } } });
    const survey = '{"reachIn":1,"corners":19000,"neck":null}';
    const big = { id: 'pi_big', createdAt: created, expiresAt: addDays(created, 30), retainUntil: addDays(created, 30), schemaVersion: 1, body, survey, clientKey: '203.0.113.9' };
    await storage.plateImports.insert(big);
    await storage.plateImports.insert({ ...big, id: 'pi_next', createdAt: addDays(created, 0.5), body: '{"id":"pi_next"}', survey: null });
    await storage.plateImports.insert({ ...big, id: 'pi_other', body: '{"id":"pi_other"}', survey: null, clientKey: '198.51.100.1' });
    await expect(storage.plateImports.get('pi_big', addDays(created, 1))).resolves.toEqual(big);
    const [row] = await database.query<{ body: string; stored_bytes: number | string }>("SELECT body, stored_bytes FROM plate_imports WHERE id = 'pi_big'");
    expect(row!.body).toBe('');
    // 19,000 corners: some 360 KB of JSON (19 bytes a corner) kept in 7.2 bytes a corner or less.
    expect(body.length).toBeGreaterThan(350_000);
    const storedBytes = Number(row!.stored_bytes);
    expect(storedBytes).toBeLessThan(7.2 * 19_000);
    expect(storedBytes).toBeGreaterThan(survey.length);
    const { bytes, oldest } = await storage.plateImports.storedBytesSince('203.0.113.9', created);
    expect(oldest).toEqual(created);
    expect(bytes).toBeGreaterThan(storedBytes);
    await expect(storage.plateImports.storedBytesSince('203.0.113.9', addDays(created, 0.25))).resolves.toEqual({ bytes: bytes - storedBytes, oldest: addDays(created, 0.5) });
    await expect(storage.plateImports.storedBytesSince('192.0.2.1', created)).resolves.toEqual({ bytes: 0, oldest: null });
  });

  it('stores an rfq submission once per idempotency key', async () => {
    const first = { id: 'sub_1', rfqLinkId: 'rfq_1', createdAt: created, idempotencyKey: 'key-1', schemaVersion: 1, body: '{"name":"Ann"}' };
    await expect(storage.rfqSubmissions.insert(first)).resolves.toEqual({ created: true, id: 'sub_1' });
    await expect(
      storage.rfqSubmissions.insert({ ...first, id: 'sub_2', body: '{"name":"Ann again"}' }),
    ).resolves.toEqual({ created: false, id: 'sub_1' });
    const rows = await storage.rfqSubmissions.list({ limit: 1000 });
    expect(rows.filter((row) => row.rfqLinkId === 'rfq_1' && row.id.startsWith('sub_'))).toEqual([
      { id: 'sub_1', rfqLinkId: 'rfq_1', createdAt: created, body: '{"name":"Ann"}', schemaVersion: 1 },
    ]);
  });

  it('lets exactly one of many simultaneous submissions with one key win', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        storage.rfqSubmissions.insert({
          id: `race_${index}`,
          rfqLinkId: 'rfq_race',
          createdAt: created,
          idempotencyKey: 'key-race',
          schemaVersion: 1,
          body: `{"n":${index}}`,
        }),
      ),
    );
    const winners = results.filter((result) => result.created);
    expect(winners).toHaveLength(1);
    expect(new Set(results.map((result) => result.id))).toEqual(new Set([winners[0]!.id]));
  });

  it('lists submissions newest first, up to the limit', async () => {
    for (const [index, minutes] of [30, 10, 20].entries()) {
      await storage.rfqSubmissions.insert({
        id: `order_${index}`,
        rfqLinkId: 'rfq_order',
        createdAt: new Date(addDays(created, 1).getTime() + minutes * 60_000),
        idempotencyKey: `key-order-${index}`,
        schemaVersion: 1,
        body: '{}',
      });
    }
    const rows = await storage.rfqSubmissions.list({ limit: 2 });
    expect(rows.map((row) => row.id)).toEqual(['order_0', 'order_2']);
  });

  it('purges rows past retention, counts them, and keeps submissions', async () => {
    const old = { createdAt: addDays(created, -100), expiresAt: addDays(created, -60) };
    await storage.quotes.insert(makeQuote('q_old', old));
    await storage.handoffs.insert({
      schemaVersion: 1,
      id: 'h_old',
      ...old,
      body: '{}',
      designs: [{ schemaVersion: 1, id: 'pd_old', quoteId: 'q_old', itemIndex: 0, ...old, design: '{}' }],
    });
    await storage.rfqLinks.insert({ id: 'rfq_old', ...old, body: '{}', schemaVersion: 1 });
    await storage.plateImports.insert({ id: 'pi_old', ...old, retainUntil: addDays(old.expiresAt, RETENTION_DAYS), body: '{}', schemaVersion: 1 });
    await storage.rfqSubmissions.insert({
      schemaVersion: 1,
      id: 'sub_old',
      rfqLinkId: 'rfq_old',
      createdAt: old.createdAt,
      idempotencyKey: 'key-old',
      body: '{"lead":true}',
    });
    await storage.idempotencyKeys.claim({ key: 'k_old', requestHash: 'h', now: old.createdAt, keepMs: 86_400_000, staleMs: 60_000 });
    await storage.idempotencyKeys.claim({ key: 'k_new', requestHash: 'h', now: created, keepMs: 86_400_000, staleMs: 60_000 });

    const counts = await storage.purgeExpired(created);
    expect(counts).toEqual({ quotes: 1, designs: 1, handoffs: 1, rfqLinks: 1, plateImports: 1, rateLimits: 0, idempotencyKeys: 1 });
    // Rows inside retention stay.
    await expect(storage.quotes.get('q_bytes', created)).resolves.not.toBeNull();
    await expect(storage.designs.get('pd_h1_0', created)).resolves.not.toBeNull();
    const leads = await storage.rfqSubmissions.list({ limit: 1000 });
    expect(leads.map((row) => row.id)).toContain('sub_old');
    await expect(storage.purgeExpired(created)).resolves.toEqual({
      quotes: 0,
      designs: 0,
      handoffs: 0,
      rfqLinks: 0,
      plateImports: 0,
      rateLimits: 0,
      idempotencyKeys: 0,
    });
  });

  it('reads the same bytes after a restart and applies no migration twice', async () => {
    const reopened = await database.open();
    try {
      expect(reopened.startup.appliedMigrations).toEqual([]);
      const read = await reopened.quotes.get('q_bytes', created);
      expect(read?.body).toBe(makeQuote('q_bytes').body);
    } finally {
      await reopened.close();
    }
  });
});

describeEachDatabase('imports named by quotes', (make) => {
  let database: TestDatabase;
  let storage: Storage;

  beforeAll(async () => {
    database = make();
    storage = await database.open();
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('keeps an import as long as the last quote naming it, past its own retention', async () => {
    const importExpires = addDays(created, 30);
    const own = addDays(importExpires, RETENTION_DAYS);
    await storage.plateImports.insert({ id: 'pi_named', createdAt: created, expiresAt: importExpires, retainUntil: own, schemaVersion: 1, body: '{"id":"pi_named"}' });
    await storage.plateImports.insert({ id: 'pi_alone', createdAt: created, expiresAt: importExpires, retainUntil: own, schemaVersion: 1, body: '{"id":"pi_alone"}' });
    // A quote made on the import's last day expires 7 days later: the import is kept 30 days past that.
    const lastDay = addDays(created, 29);
    await storage.quotes.insert({ ...makeQuote('q_names', { createdAt: lastDay, expiresAt: addDays(lastDay, 7) }), importIds: ['pi_named', 'pi_named'] });
    // An earlier quote never shortens it.
    await storage.quotes.insert({ ...makeQuote('q_names_early', { createdAt: created, expiresAt: addDays(created, 7) }), importIds: ['pi_named'] });
    const quoteGone = addDays(addDays(lastDay, 7), RETENTION_DAYS);
    await expect(storage.plateImports.get('pi_named', new Date(quoteGone.getTime() - 1))).resolves.toMatchObject({ retainUntil: quoteGone });
    await expect(storage.plateImports.get('pi_alone', own)).resolves.toBeNull();
    // The purge goes by the same date: the import stays while the quote does.
    const between = new Date(quoteGone.getTime() - 1);
    const counts = await storage.purgeExpired(between);
    expect(counts.plateImports).toBe(1);
    await expect(storage.quotes.get('q_names', between)).resolves.not.toBeNull();
    await expect(storage.plateImports.get('pi_named', between)).resolves.not.toBeNull();
    await expect(storage.purgeExpired(quoteGone)).resolves.toMatchObject({ quotes: 1, plateImports: 1 });
    await expect(storage.plateImports.get('pi_named', created)).resolves.toBeNull();
  });

});

describeEachDatabase('a purge of many rows', (make) => {
  let database: TestDatabase;
  let storage: Storage;
  const now = new Date('2026-06-15T12:00:00.000Z');
  const old = { createdAt: addDays(now, -60), expiresAt: addDays(now, -RETENTION_DAYS - 1) };

  beforeAll(async () => {
    database = make();
    storage = await database.open();
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('deletes in slices and lets other work run between them', async () => {
    const rows = 300;
    for (let i = 0; i < rows; i++) await storage.quotes.insert(makeQuote(`q_slice_${i}`, old));
    await storage.quotes.insert(makeQuote('q_live', { createdAt: now, expiresAt: addDays(now, 7) }));
    const count = async () => Number((await database.query<{ n: number | bigint }>("SELECT COUNT(*) AS n FROM quotes WHERE id LIKE 'q_slice_%'"))[0]!.n);
    let done = false;
    const purge = storage.purgeExpired(now, { sliceRows: 10 }).finally(() => {
      done = true;
    });
    // Another request while the purge runs: it is answered, and finds the purge part way through.
    const seenDuring: number[] = [];
    while (!done) {
      const live = await storage.quotes.get('q_live', now);
      expect(live?.id).toBe('q_live');
      if (!done) seenDuring.push(await count());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(purge).resolves.toMatchObject({ quotes: rows });
    expect(seenDuring.some((n) => n > 0 && n < rows)).toBe(true);
    await expect(count()).resolves.toBe(0);
    // Hundreds of single inserts first: seconds on a busy machine.
  }, 60_000);
});

describeEachDatabase('idempotency keys', (make) => {
  let database: TestDatabase;
  let storage: Storage;
  const at = new Date('2026-03-02T10:00:00.000Z');
  const claim = (key: string, requestHash: string, now = at) => storage.idempotencyKeys.claim({ key, requestHash, now, keepMs: 86_400_000, staleMs: 60_000 });

  beforeAll(async () => {
    database = make();
    storage = await database.open();
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('gives a new key to its first request, says a second one is still running, then replays the answer kept', async () => {
    await expect(claim('k1', 'h1')).resolves.toEqual({ claimed: true });
    await expect(claim('k1', 'h1')).resolves.toEqual({ claimed: false, requestHash: 'h1', answer: null });
    await storage.idempotencyKeys.complete('k1', { status: 201, body: '{"id":"q_1"}' });
    await expect(claim('k1', 'h1')).resolves.toEqual({ claimed: false, requestHash: 'h1', answer: { status: 201, body: '{"id":"q_1"}' } });
    await expect(claim('k1', 'other')).resolves.toEqual({ claimed: false, requestHash: 'h1', answer: { status: 201, body: '{"id":"q_1"}' } });
  });

  it('frees a released key, a key past its 24 hours, and a first request dead for a minute', async () => {
    await claim('k2', 'h2');
    await storage.idempotencyKeys.release('k2');
    await expect(claim('k2', 'h2b')).resolves.toEqual({ claimed: true });
    await storage.idempotencyKeys.complete('k2', { status: 201, body: '{}' });
    await expect(claim('k2', 'h2c', new Date(at.getTime() + 86_400_000))).resolves.toEqual({ claimed: true });
    await claim('k3', 'h3');
    await expect(claim('k3', 'h3', new Date(at.getTime() + 59_000))).resolves.toMatchObject({ claimed: false, answer: null });
    await expect(claim('k3', 'h3', new Date(at.getTime() + 61_000))).resolves.toEqual({ claimed: true });
  });

  it("keeps an imported drawing's answer as a reference to its import and replays the import's body", async () => {
    const body = JSON.stringify({ object: 'plate_import', id: 'pi_replay', points_in: Array.from({ length: 5000 }, (_, i) => [i, i / 7]) });
    await storage.plateImports.insert({ id: 'pi_replay', createdAt: at, expiresAt: addDays(at, 30), retainUntil: addDays(at, 60), schemaVersion: 1, body });
    await claim('k_import', 'hi');
    await storage.idempotencyKeys.complete('k_import', { status: 201, plateImportId: 'pi_replay' });
    await expect(claim('k_import', 'hi')).resolves.toEqual({ claimed: false, requestHash: 'hi', answer: { status: 201, body } });
    const stored = await database.query<{ body: string | null; plate_import_id: string | null }>("SELECT body, plate_import_id FROM idempotency_keys WHERE key = 'k_import'");
    expect(stored).toEqual([{ body: null, plate_import_id: 'pi_replay' }]);
  });

  it('purges keys past their 24 hours', async () => {
    await claim('k4', 'h4');
    const counts = await storage.purgeExpired(new Date(at.getTime() + 2 * 86_400_000));
    expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(1);
    await expect(claim('k4', 'other', new Date(at.getTime() + 2 * 86_400_000))).resolves.toEqual({ claimed: true });
  });
});
