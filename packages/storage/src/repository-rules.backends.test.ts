// Rules every repository keeps on both databases: byte-for-byte rows, retention, units kept whole,
// idempotency, the purge's cutoffs and counts.
import { addDays, DAY_MS, describeEachDatabase, type TestDatabase } from '../test/harness';
import { RETENTION_DAYS, type NewHandoff, type PlateDesignRecord } from './records';
import type { Storage } from './storage';

const created = new Date('2026-03-02T15:04:05.678Z');
const expires = addDays(created, 7);
const pastRetention = addDays(expires, RETENTION_DAYS);
const lastReadable = new Date(pastRetention.getTime() - 1);

// Spacing, escapes, non-ASCII and a number JSON.parse would round: all must survive.
const body = '{"id":"x","total_cents":123456789012345678901234567890, "label":"Bracket \\"A\\" – 6 mm","note":"é ü 日本 🔩","z":1.50,"a":null}';

interface Fixture {
  repos: Storage;
  database: TestDatabase;
  /** Runs a statement on a connection of its own, to look at what was stored. */
  raw<T>(sql: string): Promise<T[]>;
}

/** A storage on a database of its own for the enclosing describe block. */
function useFixture(createDatabase: () => TestDatabase): Fixture {
  const fixture = {} as Fixture;
  beforeAll(async () => {
    fixture.database = createDatabase();
    fixture.repos = await fixture.database.open();
    fixture.raw = (sql) => fixture.database.query(sql);
  });
  afterAll(async () => {
    await fixture.repos?.close();
    await fixture.database?.drop();
  });
  return fixture;
}

/**
 * The driver's unique-violation error, as thrown (not StorageUnavailable: the caller's mistake). Its
 * class may come from another test file's context (a native driver's), so it is told by its fields.
 */
function expectDuplicate(error: unknown): void {
  expect(error).toMatchObject({ message: expect.stringMatching(/unique/i) });
  expect((error as Error).name).not.toBe('StorageUnavailable');
  expect(error).toMatchObject({ code: expect.stringMatching(/^(SQLITE_CONSTRAINT_PRIMARYKEY|23505)$/) });
}

function makeDesign(id: string, quoteId: string, itemIndex: number, overrides: Partial<PlateDesignRecord> = {}): PlateDesignRecord {
  return { id, quoteId, itemIndex, createdAt: created, expiresAt: expires, design: `{"outline":{"width_in":${itemIndex + 10}},"id":"${id}"}`, schemaVersion: 2, ...overrides };
}

function makeHandoff(id: string, designs: PlateDesignRecord[], overrides: Partial<NewHandoff> = {}): NewHandoff {
  return { id, createdAt: created, expiresAt: expires, body: body.replace('"x"', `"${id}"`), schemaVersion: 3, designs, ...overrides };
}

function makeDocument(id: string, overrides: { createdAt?: Date; expiresAt?: Date } = {}) {
  return { id, createdAt: created, expiresAt: expires, body: body.replace('"x"', `"${id}"`), schemaVersion: 2, ...overrides };
}

/** A plate import kept, as the service keeps it, 30 days past its expiry. */
function makeImport(id: string, overrides: { createdAt?: Date; expiresAt?: Date } = {}) {
  const document = makeDocument(id, overrides);
  return { ...document, retainUntil: addDays(document.expiresAt, RETENTION_DAYS) };
}

function makeSubmission(id: string, idempotencyKey: string, createdAt = created) {
  return { id, rfqLinkId: 'rfq_1', createdAt, idempotencyKey, body: `{"name":"Ann ${id}","note":"é 🔩"}`, schemaVersion: 2 };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

describeEachDatabase('repository rules', (createDatabase) => {
describe('handoffs, designs, links, imports and submissions', () => {
  const fixture = useFixture(createDatabase);
  let repos: Storage;

  beforeAll(() => {
    repos = fixture.repos;
  });

  it('keeps a handoff and its designs byte for byte, designs listed by quote id then item index', async () => {
    // Stored out of order: the list must sort them.
    const designs = [makeDesign('pd_b1', 'q_b', 1), makeDesign('pd_a2', 'q_a', 2), makeDesign('pd_a0', 'q_a', 0), makeDesign('pd_b0', 'q_b', 0)];
    const handoff = makeHandoff('h_1', designs);
    await repos.handoffs.insert(handoff);

    const { designs: _designs, ...record } = handoff;
    const read = await repos.handoffs.get('h_1', created);
    expect(read).toEqual(record);
    expect(Buffer.from(read!.body).equals(Buffer.from(record.body))).toBe(true);
    for (const design of designs) await expect(repos.designs.get(design.id, created)).resolves.toEqual(design);
    const listed = await repos.designs.listForHandoff('h_1', created);
    expect(listed.map((design) => design.id)).toEqual(['pd_a0', 'pd_a2', 'pd_b0', 'pd_b1']);
    expect(listed).toEqual([designs[2], designs[1], designs[3], designs[0]]);
    expect(Object.keys(listed[0]!)).not.toContain('handoffId');
  });

  it('keeps a handoff without designs, and lists none for a handoff never stored', async () => {
    await repos.handoffs.insert(makeHandoff('h_bare', []));
    await expect(repos.handoffs.get('h_bare', created)).resolves.toMatchObject({ id: 'h_bare' });
    await expect(repos.designs.listForHandoff('h_bare', created)).resolves.toEqual([]);
    await expect(repos.designs.listForHandoff('h_never', created)).resolves.toEqual([]);
    await expect(repos.handoffs.get('h_never', created)).resolves.toBeNull();
    await expect(repos.designs.get('pd_never', created)).resolves.toBeNull();
  });

  it('reads handoffs and designs until 30 days after they expire, and lists only designs inside retention', async () => {
    const later = addDays(expires, 10);
    await repos.handoffs.insert(makeHandoff('h_ret', [makeDesign('pd_ret_0', 'q_r', 0), makeDesign('pd_ret_1', 'q_r', 1, { expiresAt: later })]));
    await expect(repos.handoffs.get('h_ret', lastReadable)).resolves.not.toBeNull();
    await expect(repos.handoffs.get('h_ret', pastRetention)).resolves.toBeNull();
    await expect(repos.designs.get('pd_ret_0', lastReadable)).resolves.not.toBeNull();
    await expect(repos.designs.get('pd_ret_0', pastRetention)).resolves.toBeNull();
    const listed = await repos.designs.listForHandoff('h_ret', pastRetention);
    expect(listed.map((design) => design.id)).toEqual(['pd_ret_1']);
  });

  it('keeps nothing of a handoff when one design cannot be stored, and nothing else queued with it is lost', async () => {
    await repos.handoffs.insert(makeHandoff('h_first', [makeDesign('pd_taken', 'q_1', 0)]));
    // The second design's id is taken: it fails after the handoff row and the first design were written.
    const [failed, sameId, link] = await Promise.allSettled([
      repos.handoffs.insert(makeHandoff('h_partial', [makeDesign('pd_partial', 'q_1', 0), makeDesign('pd_taken', 'q_1', 1)])),
      repos.handoffs.insert(makeHandoff('h_twice', [makeDesign('pd_twice', 'q_1', 0), makeDesign('pd_twice', 'q_1', 1)])),
      // Queued in the same turn, so in the same group commit.
      repos.rfqLinks.insert(makeDocument('rfq_beside')),
    ]);
    for (const outcome of [failed, sameId]) {
      expect(outcome.status).toBe('rejected');
      // The caller's mistake, not an outage (not StorageUnavailable, so no 503).
      expectDuplicate((outcome as PromiseRejectedResult).reason);
    }
    expect(link.status).toBe('fulfilled');
    await expect(repos.handoffs.get('h_partial', created)).resolves.toBeNull();
    await expect(repos.designs.get('pd_partial', created)).resolves.toBeNull();
    await expect(repos.handoffs.get('h_twice', created)).resolves.toBeNull();
    await expect(repos.designs.get('pd_twice', created)).resolves.toBeNull();
    await expect(repos.designs.get('pd_taken', created)).resolves.toMatchObject({ itemIndex: 0 });
    await expect(repos.rfqLinks.get('rfq_beside', created)).resolves.not.toBeNull();
  });

  it('keeps an rfq link and a plate import byte for byte until 30 days after they expire', async () => {
    const link = makeDocument('rfq_1');
    const importBody = JSON.stringify({ object: 'plate_import', points_in: Array.from({ length: 20_000 }, (_, i) => [i / 1000, (i % 7) / 3]), note: '日本' });
    const plateImport = { ...makeImport('pi_1'), body: importBody };
    await repos.rfqLinks.insert(link);
    await repos.plateImports.insert(plateImport);
    await expect(repos.rfqLinks.get('rfq_1', created)).resolves.toEqual(link);
    await expect(repos.plateImports.get('pi_1', created)).resolves.toEqual(plateImport);
    await expect(repos.rfqLinks.get('rfq_1', lastReadable)).resolves.not.toBeNull();
    await expect(repos.plateImports.get('pi_1', lastReadable)).resolves.not.toBeNull();
    await expect(repos.rfqLinks.get('rfq_1', pastRetention)).resolves.toBeNull();
    await expect(repos.plateImports.get('pi_1', pastRetention)).resolves.toBeNull();
    await expect(repos.rfqLinks.get('rfq_none', created)).resolves.toBeNull();
    await expect(repos.plateImports.get('pi_none', created)).resolves.toBeNull();
  });

  it('refuses a second rfq link or plate import with the same id as a mistake, not an outage', async () => {
    await repos.rfqLinks.insert(makeDocument('rfq_dup'));
    await repos.plateImports.insert(makeImport('pi_dup'));
    // One attempt at a time: a second one started early could reject before anything awaits it.
    for (const attempt of [() => repos.rfqLinks.insert(makeDocument('rfq_dup')), () => repos.plateImports.insert(makeImport('pi_dup'))]) {
      expectDuplicate(await rejection(attempt()));
    }
  });

  it('stores an rfq submission once per idempotency key and answers a repeat with the first id', async () => {
    await expect(repos.rfqSubmissions.insert(makeSubmission('sub_1', 'key-1'))).resolves.toEqual({ created: true, id: 'sub_1' });
    await expect(repos.rfqSubmissions.insert({ ...makeSubmission('sub_2', 'key-1'), body: '{"again":true}' })).resolves.toEqual({ created: false, id: 'sub_1' });
    const stored = await fixture.raw("SELECT id, body FROM rfq_submissions WHERE idempotency_key = 'key-1'");
    expect(stored).toEqual([{ id: 'sub_1', body: makeSubmission('sub_1', 'key-1').body }]);
  });

  it('lets exactly one of many simultaneous submissions with one key win', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => repos.rfqSubmissions.insert(makeSubmission(`race_${index}`, 'key-race'))));
    const winners = results.filter((result) => result.created);
    expect(winners).toHaveLength(1);
    expect(new Set(results.map((result) => result.id))).toEqual(new Set([winners[0]!.id]));
  });
});

describe('rfq submissions listed', () => {
  const fixture = useFixture(createDatabase);

  const ids = async (limit?: number) => (await fixture.repos.rfqSubmissions.list(limit === undefined ? {} : { limit })).map((row) => row.id);

  it('lists newest first, the higher id first at the same instant, every field as stored', async () => {
    await fixture.repos.rfqSubmissions.insert(makeSubmission('s_b', 'k_b', addDays(created, 1)));
    await fixture.repos.rfqSubmissions.insert(makeSubmission('s_c', 'k_c', addDays(created, -1)));
    await fixture.repos.rfqSubmissions.insert(makeSubmission('s_a', 'k_a', addDays(created, 1)));
    await fixture.repos.rfqSubmissions.insert(makeSubmission('s_d', 'k_d', created));
    const rows = await fixture.repos.rfqSubmissions.list();
    expect(rows.map((row) => row.id)).toEqual(['s_b', 's_a', 's_d', 's_c']);
    const { idempotencyKey: _key, ...record } = makeSubmission('s_d', 'k_d', created);
    expect(rows[2]).toEqual(record);
  });

  it('clamps the limit to 1..1000 (whole numbers), 100 when not given, and refuses NaN', async () => {
    await expect(ids(2)).resolves.toEqual(['s_b', 's_a']);
    await expect(ids(2.9)).resolves.toEqual(['s_b', 's_a']);
    await expect(ids(0)).resolves.toEqual(['s_b']);
    await expect(ids(-5)).resolves.toEqual(['s_b']);
    const older = Array.from({ length: 1001 }, (_, index) =>
      fixture.repos.rfqSubmissions.insert(makeSubmission(`old_${String(index).padStart(4, '0')}`, `k_old_${index}`, addDays(created, -10))),
    );
    await Promise.all(older);
    await expect(ids()).resolves.toHaveLength(100);
    const all = await ids(5000);
    expect(all).toHaveLength(1000);
    expect(all.slice(0, 5)).toEqual(['s_b', 's_a', 's_d', 's_c', 'old_1000']);
    await expect(ids(Number.POSITIVE_INFINITY)).resolves.toHaveLength(1000);
    await expect(rejection(fixture.repos.rfqSubmissions.list({ limit: Number.NaN }))).resolves.toBeInstanceOf(RangeError);
  });
});

describe('idempotency keys', () => {
  const fixture = useFixture(createDatabase);
  const at = new Date('2026-03-02T10:00:00.000Z');
  const claim = (key: string, requestHash: string, now = at) => fixture.repos.idempotencyKeys.claim({ key, requestHash, now, keepMs: DAY_MS, staleMs: 60_000 });
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('gives a new key to its first request, says a second one is still running, then replays the answer kept', async () => {
    await expect(claim('k1', 'h1')).resolves.toEqual({ claimed: true });
    await expect(claim('k1', 'h1')).resolves.toEqual({ claimed: false, requestHash: 'h1', answer: null });
    await fixture.repos.idempotencyKeys.complete('k1', { status: 201, body: '{"id":"q_1","note":"é"}' });
    const answer = { status: 201, body: '{"id":"q_1","note":"é"}' };
    await expect(claim('k1', 'h1')).resolves.toEqual({ claimed: false, requestHash: 'h1', answer });
    await expect(claim('k1', 'other', later(23 * 3_600_000))).resolves.toEqual({ claimed: false, requestHash: 'h1', answer });
    // Times are whole epoch milliseconds in BIGINT columns.
    const [row] = await fixture.raw<{ created_ms: unknown; expires_ms: unknown; status: unknown }>("SELECT created_ms, expires_ms, status FROM idempotency_keys WHERE key = 'k1'");
    expect({ created: Number(row!.created_ms), expires: Number(row!.expires_ms), status: row!.status }).toEqual({ created: at.getTime(), expires: at.getTime() + DAY_MS, status: 201 });
    if (fixture.database.provider === 'sqlite') {
      await expect(fixture.raw("SELECT typeof(created_ms) AS c, typeof(expires_ms) AS e, typeof(status) AS s FROM idempotency_keys WHERE key = 'k1'")).resolves.toEqual([{ c: 'integer', e: 'integer', s: 'integer' }]);
    }
  });

  it('frees a released key, but never a key that has its answer', async () => {
    await claim('k2', 'h2');
    await fixture.repos.idempotencyKeys.release('k2');
    await expect(claim('k2', 'h2b')).resolves.toEqual({ claimed: true });
    await fixture.repos.idempotencyKeys.complete('k2', { status: 200, body: '{}' });
    await fixture.repos.idempotencyKeys.release('k2');
    await expect(claim('k2', 'h2b')).resolves.toEqual({ claimed: false, requestHash: 'h2b', answer: { status: 200, body: '{}' } });
  });

  it('lets a key past its 24 hours be claimed again, from that very millisecond', async () => {
    await claim('k3', 'h3');
    await fixture.repos.idempotencyKeys.complete('k3', { status: 201, body: '{}' });
    await expect(claim('k3', 'h3b', later(DAY_MS - 1))).resolves.toMatchObject({ claimed: false });
    await expect(claim('k3', 'h3b', later(DAY_MS))).resolves.toEqual({ claimed: true });
    await expect(claim('k3', 'h3c', later(DAY_MS))).resolves.toEqual({ claimed: false, requestHash: 'h3b', answer: null });
  });

  it('takes over the key of a first request still running after a minute, not before', async () => {
    await claim('k4', 'h4');
    await expect(claim('k4', 'h4', later(59_999))).resolves.toEqual({ claimed: false, requestHash: 'h4', answer: null });
    await expect(claim('k4', 'h4', later(60_000))).resolves.toEqual({ claimed: true });
    // The takeover restarts the minute.
    await expect(claim('k4', 'h4', later(60_001))).resolves.toMatchObject({ claimed: false });
  });

  it('refuses to keep an answer for a key it does not hold, as a mistake, not an outage', async () => {
    const error = await rejection(fixture.repos.idempotencyKeys.complete('k_never', { status: 201, body: '{}' }));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).not.toBe('StorageUnavailable');
  });
});

describe('purging expired rows', () => {
  const fixture = useFixture(createDatabase);
  const now = new Date('2026-06-15T12:00:00.000Z');
  // Rows at the cutoff itself go, one millisecond later stay.
  const cutoff = addDays(now, -RETENTION_DAYS);
  const gone = { createdAt: addDays(cutoff, -7), expiresAt: cutoff };
  const kept = { createdAt: addDays(cutoff, -7), expiresAt: new Date(cutoff.getTime() + 1) };

  it('deletes what is past retention, counts each table, and keeps the rest and every submission', async () => {
    const { repos, raw } = fixture;
    // A year apart too: the text comparison must hold across every digit of the date.
    const ancient = { createdAt: new Date('2024-01-01T00:00:00.000Z'), expiresAt: new Date('2024-12-31T23:59:59.999Z') };
    await repos.handoffs.insert(makeHandoff('h_gone', [makeDesign('pd_gone_0', 'q', 0, gone), makeDesign('pd_gone_1', 'q', 1, gone)], gone));
    await repos.handoffs.insert(makeHandoff('h_kept', [makeDesign('pd_kept', 'q', 0, kept), makeDesign('pd_kept_gone', 'q', 1, ancient)], kept));
    await repos.rfqLinks.insert(makeDocument('rfq_gone', gone));
    await repos.rfqLinks.insert(makeDocument('rfq_ancient', ancient));
    await repos.rfqLinks.insert(makeDocument('rfq_kept', kept));
    await repos.plateImports.insert(makeImport('pi_gone', gone));
    await repos.plateImports.insert(makeImport('pi_kept', kept));
    await repos.rfqSubmissions.insert(makeSubmission('sub_old', 'key-old', ancient.createdAt));
    await repos.quotes.insert({ id: 'q_gone', createdAt: gone.createdAt, expiresAt: cutoff, body: '{}', request: '{}', schemaVersion: 1 });
    await repos.quotes.insert({ id: 'q_kept', createdAt: kept.createdAt, expiresAt: kept.expiresAt, body: '{}', request: '{}', schemaVersion: 1 });
    // Rate limits are not these repositories' to write: rows as the limiter leaves them.
    await raw(`INSERT INTO rate_limits (key, points, expire) VALUES ('rl_gone', 1, ${now.getTime() - 3_600_001}), ('rl_kept', 1, ${now.getTime() - 3_600_000}), ('rl_forever', 1, NULL)`);
    const claim = (key: string, at: Date) => repos.idempotencyKeys.claim({ key, requestHash: 'h', now: at, keepMs: DAY_MS, staleMs: 60_000 });
    await claim('k_gone', new Date(now.getTime() - DAY_MS));
    await claim('k_kept', new Date(now.getTime() - DAY_MS + 1));

    await expect(repos.purgeExpired(now)).resolves.toEqual({ quotes: 1, designs: 3, handoffs: 1, rfqLinks: 2, plateImports: 1, rateLimits: 1, idempotencyKeys: 1 });

    const idsOf = async (table: string, column = 'id') => (await raw<{ id: string }>(`SELECT ${column} AS id FROM ${table} ORDER BY 1`)).map((row) => row.id);
    await expect(idsOf('handoffs')).resolves.toEqual(['h_kept']);
    await expect(idsOf('plate_designs')).resolves.toEqual(['pd_kept']);
    await expect(idsOf('quotes')).resolves.toEqual(['q_kept']);
    await expect(idsOf('rfq_links')).resolves.toEqual(['rfq_kept']);
    await expect(idsOf('plate_imports')).resolves.toEqual(['pi_kept']);
    await expect(idsOf('rate_limits', 'key')).resolves.toEqual(['rl_forever', 'rl_kept']);
    await expect(idsOf('idempotency_keys', 'key')).resolves.toEqual(['k_kept']);
    await expect(idsOf('rfq_submissions')).resolves.toEqual(['sub_old']);
    await expect(repos.purgeExpired(now)).resolves.toEqual({ quotes: 0, designs: 0, handoffs: 0, rfqLinks: 0, plateImports: 0, rateLimits: 0, idempotencyKeys: 0 });
  });

  it('counts a design deleted with its handoff only once, among the designs', async () => {
    await fixture.repos.handoffs.insert(makeHandoff('h_cascade', [makeDesign('pd_cascade', 'q', 0, gone)], gone));
    await expect(fixture.repos.purgeExpired(now)).resolves.toMatchObject({ designs: 1, handoffs: 1 });
    await expect(fixture.raw("SELECT id FROM plate_designs WHERE handoff_id = 'h_cascade'")).resolves.toEqual([]);
  });
});
});
