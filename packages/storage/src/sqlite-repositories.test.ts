import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import { addDays, createSqliteDatabase, DAY_MS, type TestDatabase } from '../test/harness';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import { RETENTION_DAYS, type NewHandoff, type PlateDesignRecord } from './records';
import {
  createHandoffRepository,
  createIdempotencyRepository,
  createPlateDesignRepository,
  createPlateImportRepository,
  createRfqLinkRepository,
  createRfqSubmissionRepository,
} from './repositories';
import { toSqliteDateTime } from './sqlite-quotes';
import { createSqliteRepositories, type SqliteRepositories } from './sqlite-repositories';
import { createSqliteWrites, type SqliteWrites } from './sqlite-write-batch';
import { guardStorage, type StorageGuard } from './storage-unavailable';

const created = new Date('2026-03-02T15:04:05.678Z');
const expires = addDays(created, 7);
const pastRetention = addDays(expires, RETENTION_DAYS);
const lastReadable = new Date(pastRetention.getTime() - 1);

// Spacing, escapes, non-ASCII and a number JSON.parse would round: all must survive.
const body = '{"id":"x","total_cents":123456789012345678901234567890, "label":"Bracket \\"A\\" – 6 mm","note":"é ü 日本 🔩","z":1.50,"a":null}';

interface Fixture {
  file: string;
  repos: SqliteRepositories;
  /** A connection of its own, to look at what was stored. */
  raw: Database.Database;
  /** The actions each guard call named, in order. */
  actions: string[];
  close(): Promise<void>;
}

/**
 * A migrated file (openStorage applies the real migrations), then the repositories as the storage
 * will run them: reads on one connection, writes through the group commit on another.
 */
async function openFixture(database: TestDatabase): Promise<Fixture> {
  await (await database.open()).close();
  const file = path.join(database.rootDir, 'data', 'shop.db');
  const reader = new Database(file);
  reader.pragma('journal_mode = WAL');
  const writer = new Database(file, { timeout: 10 });
  const writes: SqliteWrites = createSqliteWrites(writer);
  const raw = new Database(file);
  const actions: string[] = [];
  const guard: StorageGuard = (action, run) => {
    actions.push(action);
    return guardStorage(action, run);
  };
  return {
    file,
    repos: createSqliteRepositories(reader, writes, guard),
    raw,
    actions,
    async close() {
      await writes.close();
      raw.close();
      writer.close();
      reader.close();
    },
  };
}

/** A fixture on a database of its own for the enclosing describe block, filled in before its tests. */
function useFixture(): Fixture {
  const fixture = {} as Fixture;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = createSqliteDatabase();
    Object.assign(fixture, await openFixture(database));
  });
  afterAll(async () => {
    await fixture.close?.();
    await database?.drop();
  });
  return fixture;
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

describe('repositories on SQLite without Prisma', () => {
  const fixture = useFixture();
  let repos: SqliteRepositories;

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
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ name: 'SqliteError', code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
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
    for (const attempt of [repos.rfqLinks.insert(makeDocument('rfq_dup')), repos.plateImports.insert(makeImport('pi_dup'))]) {
      const error = await rejection(attempt);
      expect(error).toMatchObject({ name: 'SqliteError', code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
    }
  });

  it('stores an rfq submission once per idempotency key and answers a repeat with the first id', async () => {
    await expect(repos.rfqSubmissions.insert(makeSubmission('sub_1', 'key-1'))).resolves.toEqual({ created: true, id: 'sub_1' });
    await expect(repos.rfqSubmissions.insert({ ...makeSubmission('sub_2', 'key-1'), body: '{"again":true}' })).resolves.toEqual({ created: false, id: 'sub_1' });
    const stored = fixture.raw.prepare('SELECT id, body FROM rfq_submissions WHERE idempotency_key = ?').all('key-1');
    expect(stored).toEqual([{ id: 'sub_1', body: makeSubmission('sub_1', 'key-1').body }]);
  });

  it('lets exactly one of many simultaneous submissions with one key win', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, index) => repos.rfqSubmissions.insert(makeSubmission(`race_${index}`, 'key-race'))));
    const winners = results.filter((result) => result.created);
    expect(winners).toHaveLength(1);
    expect(new Set(results.map((result) => result.id))).toEqual(new Set([winners[0]!.id]));
  });

  it('names each database call as the Prisma repositories do', async () => {
    fixture.actions.length = 0;
    await repos.handoffs.insert(makeHandoff('h_named', [makeDesign('pd_named', 'q_n', 0)]));
    await repos.handoffs.get('h_named', created);
    await repos.designs.get('pd_named', created);
    await repos.designs.listForHandoff('h_named', created);
    await repos.rfqLinks.insert(makeDocument('rfq_named'));
    await repos.rfqLinks.get('rfq_named', created);
    await repos.plateImports.insert(makeImport('pi_named'));
    await repos.plateImports.get('pi_named', created);
    await repos.rfqSubmissions.insert(makeSubmission('sub_named', 'key-named'));
    await repos.rfqSubmissions.insert(makeSubmission('sub_named_2', 'key-named'));
    await repos.rfqSubmissions.list();
    await repos.idempotencyKeys.claim({ key: 'k_named', requestHash: 'h', now: created, keepMs: DAY_MS, staleMs: 60_000 });
    await repos.idempotencyKeys.claim({ key: 'k_named', requestHash: 'h', now: created, keepMs: DAY_MS, staleMs: 60_000 });
    await repos.idempotencyKeys.complete('k_named', { status: 201, body: '{}' });
    await repos.idempotencyKeys.release('k_named');
    await repos.purgeExpired(created);
    expect(fixture.actions).toEqual([
      'store the handoff and its plate designs',
      'read the handoff',
      'read the plate design',
      'read the plate designs',
      'store the rfq link',
      'read the rfq link',
      'store the plate import',
      'read the plate import',
      'store the rfq submission',
      'store the rfq submission',
      'read the rfq submission',
      'list rfq submissions',
      'claim the idempotency key',
      'claim the idempotency key',
      'read the idempotency key',
      'keep the idempotent answer',
      'release the idempotency key',
      'purge expired rows',
    ]);
  });
});

describe('rfq submissions listed on SQLite without Prisma', () => {
  const fixture = useFixture();

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

describe('idempotency keys on SQLite without Prisma', () => {
  const fixture = useFixture();
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
    // Times are whole epoch milliseconds, as Prisma's BigInt columns hold them.
    expect(fixture.raw.prepare('SELECT typeof(created_ms) AS created, typeof(expires_ms) AS expires, created_ms, expires_ms, typeof(status) AS status FROM idempotency_keys WHERE key = ?').get('k1')).toEqual({
      created: 'integer',
      expires: 'integer',
      created_ms: at.getTime(),
      expires_ms: at.getTime() + DAY_MS,
      status: 'integer',
    });
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

describe('purging expired rows on SQLite without Prisma', () => {
  const fixture = useFixture();
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
    // Quotes and rate limits are not these repositories' to write: rows as their writers leave them.
    const insertQuote = raw.prepare('INSERT INTO quotes (id, created_at, expires_at, body, request, schema_version) VALUES (?, ?, ?, ?, ?, 1)');
    insertQuote.run('q_gone', '2026-04-01T00:00:00.000+00:00', toSqliteDateTime(cutoff), '{}', '{}');
    insertQuote.run('q_kept', '2026-04-01T00:00:00.000+00:00', toSqliteDateTime(kept.expiresAt), '{}', '{}');
    const insertLimit = raw.prepare('INSERT INTO rate_limits (key, points, expire) VALUES (?, 1, ?)');
    insertLimit.run('rl_gone', BigInt(now.getTime() - 3_600_001));
    insertLimit.run('rl_kept', BigInt(now.getTime() - 3_600_000));
    insertLimit.run('rl_forever', null);
    const claim = (key: string, at: Date) => repos.idempotencyKeys.claim({ key, requestHash: 'h', now: at, keepMs: DAY_MS, staleMs: 60_000 });
    await claim('k_gone', new Date(now.getTime() - DAY_MS));
    await claim('k_kept', new Date(now.getTime() - DAY_MS + 1));

    await expect(repos.purgeExpired(now)).resolves.toEqual({ quotes: 1, designs: 3, handoffs: 1, rfqLinks: 2, plateImports: 1, rateLimits: 1, idempotencyKeys: 1 });

    const idsOf = (table: string, column = 'id') => raw.prepare(`SELECT ${column} AS id FROM ${table} ORDER BY 1`).pluck().all();
    expect(idsOf('handoffs')).toEqual(['h_kept']);
    expect(idsOf('plate_designs')).toEqual(['pd_kept']);
    expect(idsOf('quotes')).toEqual(['q_kept']);
    expect(idsOf('rfq_links')).toEqual(['rfq_kept']);
    expect(idsOf('plate_imports')).toEqual(['pi_kept']);
    expect(idsOf('rate_limits', 'key')).toEqual(['rl_forever', 'rl_kept']);
    expect(idsOf('idempotency_keys', 'key')).toEqual(['k_kept']);
    expect(idsOf('rfq_submissions')).toEqual(['sub_old']);
    await expect(repos.purgeExpired(now)).resolves.toEqual({ quotes: 0, designs: 0, handoffs: 0, rfqLinks: 0, plateImports: 0, rateLimits: 0, idempotencyKeys: 0 });
  });

  it('counts a design deleted with its handoff only once, among the designs', async () => {
    await fixture.repos.handoffs.insert(makeHandoff('h_cascade', [makeDesign('pd_cascade', 'q', 0, gone)], gone));
    await expect(fixture.repos.purgeExpired(now)).resolves.toMatchObject({ designs: 1, handoffs: 1 });
    expect(fixture.raw.prepare("SELECT COUNT(*) FROM plate_designs WHERE handoff_id = 'h_cascade'").pluck().get()).toBe(0);
  });
});

describe('rows written by Prisma and by these repositories on one SQLite file', () => {
  const fixture = useFixture();
  let prisma: SqlitePrismaClient;

  beforeAll(async () => {
    // Prisma's own SQLite client (what wrote the file before these repositories), on the same file.
    prisma = new SqlitePrismaClient({ adapter: new PrismaBetterSqlite3({ url: fixture.file }) });
    await prisma.$connect();
  });

  afterAll(async () => {
    await prisma?.$disconnect();
  });

  /** Every column but the ids, with its SQLite storage class: the same instant must be the same bytes. */
  const storedRow = (table: string, id: string) => {
    const columns = (fixture.raw.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[]).filter(
      (name) => name !== 'id' && name !== 'handoff_id' && name !== 'idempotency_key',
    );
    const select = columns.map((name) => `hex(${name}) AS ${name}, typeof(${name}) AS ${name}_type`).join(', ');
    return fixture.raw.prepare(`SELECT ${select} FROM ${table} WHERE id = ?`).get(id);
  };

  it('stores a handoff and its designs exactly as Prisma does, and each reads the other', async () => {
    const ours = makeHandoff('h_ours', [makeDesign('pd_ours', 'q_1', 0)]);
    const theirs = makeHandoff('h_theirs', [makeDesign('pd_theirs', 'q_1', 0)], { body: ours.body });
    theirs.designs[0]!.design = ours.designs[0]!.design;
    const prismaHandoffs = createHandoffRepository(prisma, guardStorage);
    const prismaDesigns = createPlateDesignRepository(prisma, guardStorage);
    await fixture.repos.handoffs.insert(ours);
    await prismaHandoffs.insert(theirs);

    expect(storedRow('handoffs', 'h_ours')).toEqual(storedRow('handoffs', 'h_theirs'));
    expect(storedRow('plate_designs', 'pd_ours')).toEqual(storedRow('plate_designs', 'pd_theirs'));
    expect(fixture.raw.prepare("SELECT created_at FROM handoffs WHERE id = 'h_ours'").pluck().get()).toBe('2026-03-02T15:04:05.678+00:00');

    for (const id of ['h_ours', 'h_theirs']) {
      const mine = await fixture.repos.handoffs.get(id, created);
      const prismas = await prismaHandoffs.get(id, created);
      expect(mine).toEqual(prismas);
      expect(Object.keys(mine!)).toEqual(Object.keys(prismas!));
      await expect(fixture.repos.designs.listForHandoff(id, created)).resolves.toEqual(await prismaDesigns.listForHandoff(id, created));
    }
    for (const id of ['pd_ours', 'pd_theirs']) {
      const mine = await fixture.repos.designs.get(id, created);
      expect(mine).toEqual(await prismaDesigns.get(id, created));
      expect(mine).toEqual({ ...ours.designs[0], id });
    }
  });

  it('stores an rfq link and a plate import exactly as Prisma does, and each reads the other', async () => {
    const prismaLinks = createRfqLinkRepository(prisma, guardStorage);
    const prismaImports = createPlateImportRepository(prisma, guardStorage);
    await fixture.repos.rfqLinks.insert(makeDocument('rfq_ours'));
    await prismaLinks.insert({ ...makeDocument('rfq_theirs'), body: makeDocument('rfq_ours').body });
    await fixture.repos.plateImports.insert(makeImport('pi_ours'));
    await prismaImports.insert({ ...makeImport('pi_theirs'), body: makeImport('pi_ours').body });
    expect(storedRow('rfq_links', 'rfq_ours')).toEqual(storedRow('rfq_links', 'rfq_theirs'));
    expect(storedRow('plate_imports', 'pi_ours')).toEqual(storedRow('plate_imports', 'pi_theirs'));
    for (const id of ['rfq_ours', 'rfq_theirs']) {
      const mine = await fixture.repos.rfqLinks.get(id, created);
      expect(mine).toEqual(await prismaLinks.get(id, created));
      expect(mine).toEqual({ ...makeDocument(id), body: makeDocument('rfq_ours').body });
    }
    for (const id of ['pi_ours', 'pi_theirs']) {
      await expect(fixture.repos.plateImports.get(id, created)).resolves.toEqual(await prismaImports.get(id, created));
    }
  });

  it('stores rfq submissions as Prisma does, lists them in the same order, and shares idempotency with it', async () => {
    const prismaSubmissions = createRfqSubmissionRepository(prisma, guardStorage);
    await fixture.repos.rfqSubmissions.insert(makeSubmission('sub_ours', 'key-ours'));
    await prismaSubmissions.insert({ ...makeSubmission('sub_theirs', 'key-theirs'), body: makeSubmission('sub_ours', 'key-ours').body });
    expect(storedRow('rfq_submissions', 'sub_ours')).toEqual(storedRow('rfq_submissions', 'sub_theirs'));
    // A key first used through Prisma is taken for us too, and the other way round.
    await expect(fixture.repos.rfqSubmissions.insert(makeSubmission('sub_x', 'key-theirs'))).resolves.toEqual({ created: false, id: 'sub_theirs' });
    await expect(prismaSubmissions.insert(makeSubmission('sub_y', 'key-ours'))).resolves.toEqual({ created: false, id: 'sub_ours' });
    for (const [index, minutes] of [30, 10, 20, 10].entries()) {
      const submission = makeSubmission(`order_${index}`, `key-order-${index}`, new Date(created.getTime() + minutes * 60_000));
      await (index % 2 === 0 ? fixture.repos.rfqSubmissions : prismaSubmissions).insert(submission);
    }
    for (const limit of [1, 3, 100]) {
      await expect(fixture.repos.rfqSubmissions.list({ limit })).resolves.toEqual(await prismaSubmissions.list({ limit }));
    }
  });

  it('claims idempotency keys Prisma stored and Prisma sees ours, answers and times alike', async () => {
    const prismaKeys = createIdempotencyRepository(prisma, guardStorage);
    const at = new Date('2026-03-02T10:00:00.000Z');
    const claimWith = (repository: typeof prismaKeys, key: string, now = at) => repository.claim({ key, requestHash: 'h', now, keepMs: DAY_MS, staleMs: 60_000 });
    await expect(claimWith(fixture.repos.idempotencyKeys, 'k_ours')).resolves.toEqual({ claimed: true });
    await expect(claimWith(prismaKeys, 'k_theirs')).resolves.toEqual({ claimed: true });
    const stored = (key: string) => fixture.raw.prepare('SELECT request_hash, typeof(created_ms), created_ms, typeof(expires_ms), expires_ms, status, body FROM idempotency_keys WHERE key = ?').get(key);
    expect(stored('k_ours')).toEqual(stored('k_theirs'));
    await fixture.repos.idempotencyKeys.complete('k_theirs', { status: 201, body: '{"a":1}' });
    await prismaKeys.complete('k_ours', { status: 201, body: '{"a":1}' });
    expect(stored('k_ours')).toEqual(stored('k_theirs'));
    await expect(claimWith(prismaKeys, 'k_theirs')).resolves.toEqual({ claimed: false, requestHash: 'h', answer: { status: 201, body: '{"a":1}' } });
    await expect(claimWith(fixture.repos.idempotencyKeys, 'k_ours')).resolves.toEqual({ claimed: false, requestHash: 'h', answer: { status: 201, body: '{"a":1}' } });
    await expect(claimWith(fixture.repos.idempotencyKeys, 'k_ours', new Date(at.getTime() + DAY_MS))).resolves.toEqual({ claimed: true });
  });

  it('refuses what Prisma refuses, as a mistake rather than an outage', async () => {
    const prismaKeys = createIdempotencyRepository(prisma, guardStorage);
    const prismaSubmissions = createRfqSubmissionRepository(prisma, guardStorage);
    const attempts = [
      () => fixture.repos.idempotencyKeys.complete('k_never', { status: 201, body: '{}' }),
      () => prismaKeys.complete('k_never', { status: 201, body: '{}' }),
      () => fixture.repos.rfqSubmissions.list({ limit: Number.NaN }),
      () => prismaSubmissions.list({ limit: Number.NaN }),
    ];
    for (const attempt of attempts) {
      const error = await rejection(attempt());
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).not.toBe('StorageUnavailable');
    }
  });

  it('purges rows Prisma wrote and Prisma reads none of what was purged', async () => {
    const prismaLinks = createRfqLinkRepository(prisma, guardStorage);
    const old = { createdAt: addDays(created, -100), expiresAt: addDays(created, -60) };
    await prismaLinks.insert(makeDocument('rfq_prisma_old', old));
    await fixture.repos.rfqLinks.insert(makeDocument('rfq_our_old', old));
    await expect(fixture.repos.purgeExpired(created)).resolves.toMatchObject({ rfqLinks: 2 });
    await expect(prisma.rfqLink.count({ where: { id: { in: ['rfq_prisma_old', 'rfq_our_old'] } } })).resolves.toBe(0);
    await expect(prismaLinks.get('rfq_ours', created)).resolves.not.toBeNull();
  });
});
