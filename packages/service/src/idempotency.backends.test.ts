// An Idempotency-Key's answer is written in its record's own transaction: a process that dies after
// the record is committed (here it never gets past that point: the storage's `complete` never
// returns, as a process killed there never runs it) leaves the answer kept, and a retry on another
// replica over the same database replays the first record, with no second row and no second outbox row.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceError } from '@shop/contracts';
import { createOrderRequestRepository, openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import { Pool } from 'pg';
import { ManualClock } from './context';
import { createRateLimits } from './rate-limits';
import type { Answer } from './idempotency';
import { createService } from './service';
import type { Service } from './service';

const postgresUrl = process.env.TEST_POSTGRES_URL;

interface Replica {
  service: Service;
  storage: Storage;
  close(): Promise<void>;
}

/** A process of the service over the database; `dies`: its storage never comes back from keeping an answer after the request. */
async function openReplica(databaseUrl: string, rootDir: string, clock: ManualClock, dies = false): Promise<Replica> {
  const storage = await openStorage({ databaseUrl, rootDir });
  const seen: Storage = dies
    ? { ...storage, idempotencyKeys: { ...storage.idempotencyKeys, complete: () => new Promise<void>(() => undefined) } }
    : storage;
  const limits = createRateLimits({ storage, redisUrl: null, scale: 1000, prefix: `idem${process.pid}` });
  const service = createService({
    config: { publicUrl: 'https://quote.example.ca', shopUrl: 'https://shop.example.ca', plateOrdersEnabled: true },
    storage: seen,
    limits,
    orderRequests: createOrderRequestRepository(storage),
    clock,
    pricingThreads: 1,
  });
  await service.start();
  return {
    service,
    storage,
    async close() {
      await service.close();
      await limits.close();
      await storage.close();
    },
  };
}

const kit = { items: [{ kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2 }] };
const call = (clock: ManualClock, route: string, key: string, body: unknown) => ({ clientIp: '198.51.100.9', route, key, body, now: clock.now() });

const databases: Array<[string, () => { url: string; rootDir: string; drop: () => Promise<void> }]> = [
  [
    'sqlite',
    () => {
      const rootDir = mkdtempSync(path.join(os.tmpdir(), 'shop-idem-'));
      return { url: 'file:./shop.db', rootDir, drop: async () => rmSync(rootDir, { recursive: true, force: true }) };
    },
  ],
];
if (postgresUrl) {
  databases.push([
    'postgresql',
    () => {
      const schema = `idem_test_${process.pid}_${Date.now().toString(36)}`;
      const url = new URL(postgresUrl);
      url.searchParams.set('schema', schema);
      return {
        url: url.toString(),
        rootDir: os.tmpdir(),
        drop: async () => {
          const pool = new Pool({ connectionString: postgresUrl, max: 1 });
          await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await pool.end();
        },
      };
    },
  ]);
}

describe.each(databases)('an idempotent request whose process dies after its record is committed, on %s', (_name, createDatabase) => {
  let database: ReturnType<typeof createDatabase>;
  let dying: Replica;
  let other: Replica;
  const clock = new ManualClock('2026-11-27T15:00:00.000Z');

  beforeEach(async () => {
    database = createDatabase();
    dying = await openReplica(database.url, database.rootDir, clock, true);
    other = await openReplica(database.url, database.rootDir, clock);
  });
  afterEach(async () => {
    await other.close();
    await dying.close();
    await database.drop();
  });

  const count = async (table: 'quotes' | 'handoffs' | 'rfq_links' | 'outbox' | 'plate_imports') =>
    Number((await other.storage.read('count', other.storage.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))[0]!.n);

  /** Starts the request on the dying replica and waits until its record is committed (the process is gone from then on). */
  async function dieAfterCommit(table: 'quotes' | 'handoffs' | 'rfq_links' | 'plate_imports', route: string, key: string, body: unknown, produce: () => Promise<Answer>): Promise<void> {
    const before = await count(table);
    void dying.service.idempotent(call(clock, route, key, body), produce);
    for (let tries = 0; tries < 500 && (await count(table)) === before; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await count(table)).toBe(before + 1);
  }

  it('a retry of POST /quotes on another replica replays the first quote: same id, one row', async () => {
    await dieAfterCommit('quotes', '/quotes', 'crash-quote-1', kit, async () => ({ status: 201, body: (await dying.service.createQuote(kit, { clientIp: '198.51.100.9', now: clock.now() }, 'rest')).json }));
    const [kept] = await other.storage.read('kept', other.storage.db.selectFrom('quotes').select('id'));

    const retry = await other.service.idempotent(call(clock, '/quotes', 'crash-quote-1', kit), async () => {
      throw new Error('the retry must not make the quote again');
    });
    expect(retry.replayed).toBe(true);
    expect(retry.status).toBe(201);
    expect(JSON.parse(retry.body).id).toBe(kept!.id);
    expect(await count('quotes')).toBe(1);
  });

  it('a retry of POST /handoffs replays the first handoff: one row, one handoff.created outbox row', async () => {
    await other.storage.webhooks.add({ name: 'erp', url: 'https://erp.example.ca/hook', secret: 'whsec_dGVzdA==', events: ['handoff.created'], createdBy: null, createdAt: clock.now() });
    const quote = JSON.parse((await other.service.createQuote(kit, { clientIp: '198.51.100.9', now: clock.now() }, 'rest')).json) as { id: string };
    const body = { quote_ids: [quote.id] };
    await dieAfterCommit('handoffs', '/handoffs', 'crash-handoff-1', body, async () => ({
      status: 201,
      body: JSON.stringify(await dying.service.createHandoff(body, { clientIp: '198.51.100.9', now: clock.now() })),
    }));
    const [kept] = await other.storage.read('kept', other.storage.db.selectFrom('handoffs').select('id'));

    const retry = await other.service.idempotent(call(clock, '/handoffs', 'crash-handoff-1', body), async () => {
      throw new Error('the retry must not make the handoff again');
    });
    expect(retry.replayed).toBe(true);
    expect(JSON.parse(retry.body).id).toBe(kept!.id);
    expect(await count('handoffs')).toBe(1);
    expect(await count('outbox')).toBe(1);
  });

  it('a retry of POST /rfq-links replays the first link', async () => {
    const body = { description: 'A gate hinge' };
    await dieAfterCommit('rfq_links', '/rfq-links', 'crash-link-1', body, async () => ({
      status: 201,
      body: JSON.stringify(await dying.service.createRfqLink(body, { clientIp: '198.51.100.9', now: clock.now() })),
    }));
    const [kept] = await other.storage.read('kept', other.storage.db.selectFrom('rfq_links').select('id'));
    const retry = await other.service.idempotent(call(clock, '/rfq-links', 'crash-link-1', body), async () => {
      throw new Error('the retry must not make the link again');
    });
    expect(JSON.parse(retry.body).id).toBe(kept!.id);
    expect(await count('rfq_links')).toBe(1);
  });

  it('a retry of POST /plate-imports replays the first import: same id, one row, the answer its body', async () => {
    const drawing = ['0', 'SECTION', '2', 'ENTITIES', '0', 'LWPOLYLINE', '8', 'CUT', '90', '4', '70', '1', '10', '0', '20', '0', '10', '6', '20', '0', '10', '6', '20', '4', '10', '0', '20', '4', '0', 'ENDSEC', '0', 'EOF', ''].join('\n');
    const body = { units: 'in', drawing_sha256: 'x' };
    await dieAfterCommit('plate_imports', '/plate-imports', 'crash-import-1', body, async () => {
      const found = await dying.service.importDrawing({ file: drawing, options: { units: 'in' } }, { clientIp: '198.51.100.9', now: clock.now() });
      return { status: 201, body: JSON.stringify(found), plateImportId: found.id };
    });
    const [kept] = await other.storage.read('kept', other.storage.db.selectFrom('plate_imports').select('id'));
    const retry = await other.service.idempotent(call(clock, '/plate-imports', 'crash-import-1', body), async () => {
      throw new Error('the retry must not import the drawing again');
    });
    expect(retry.replayed).toBe(true);
    expect(retry.status).toBe(201);
    expect(JSON.parse(retry.body)).toMatchObject({ object: 'plate_import', id: kept!.id, width_in: 6, height_in: 4 });
    expect(await count('plate_imports')).toBe(1);
  });

  it('while the first request may still be running, a retry is told 409 idempotency_key_in_use with a Retry-After', async () => {
    let finish: (answer: Answer) => void = () => undefined;
    const first = other.service.idempotent(call(clock, '/rfq-links', 'slow-1', { description: 'x' }), () => new Promise<Answer>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const error = await dying.service.idempotent(call(clock, '/rfq-links', 'slow-1', { description: 'x' }), async () => ({ status: 201, body: '{}' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'idempotency_key_in_use', retryAfterSeconds: 2 });
    finish({ status: 201, body: '{"id":"rl_1"}' });
    await expect(first).resolves.toMatchObject({ replayed: false });
  });
});
