// The inbox repository over the storage, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL: states,
// notes and the timeline, and the list as one query over both kinds of lead.
import { describeEachDatabase, type TestDatabase } from '../test/harness';
import { sampleOrderRequest } from '../test/order-requests.cases';
import { createInboxRepository, searchWords, type InboxListFilter, type InboxRepository } from './repositories/inbox';
import { createOrderRequestRepository } from './repositories/order-requests';
import type { Storage } from './storage';

describeEachDatabase('inbox', (createDatabase) => {
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

  const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));

  it('answers new for a request without a status', async () => {
    const inbox = createInboxRepository(storage);
    const statuses = await inbox.statuses('order', ['or_1', 'or_2']);
    expect([...statuses.entries()]).toEqual([
      ['or_1', { state: 'new', lostReason: null, assigneeId: null }],
      ['or_2', { state: 'new', lostReason: null, assigneeId: null }],
    ]);
  });

  it('keeps state changes, assignment and notes, each in the timeline in order', async () => {
    const inbox = createInboxRepository(storage);
    await inbox.setState('quote', 'rs_1', { state: 'in_progress', staffId: 'st_a', at: at(1) });
    await inbox.assign('quote', 'rs_1', { assigneeId: 'st_b', staffId: 'st_a', at: at(2) });
    await inbox.addNote('quote', 'rs_1', { text: '  Called back, wants 10 more.  ', staffId: 'st_b', at: at(3) });
    await inbox.setState('quote', 'rs_1', { state: 'lost', lostReason: 'price', staffId: 'st_b', at: at(4) });

    expect((await inbox.statuses('quote', ['rs_1'])).get('rs_1')).toEqual({ state: 'lost', lostReason: 'price', assigneeId: 'st_b' });
    // The same id under the other kind is another request.
    expect((await inbox.statuses('order', ['rs_1'])).get('rs_1')?.state).toBe('new');
    const timeline = await inbox.timeline('quote', 'rs_1');
    expect(timeline.map(({ at: when, staffId, event, detail }) => [when.toISOString(), staffId, event, detail])).toEqual([
      ['2026-11-27T09:01:00.000Z', 'st_a', 'state', { from: 'new', to: 'in_progress' }],
      ['2026-11-27T09:02:00.000Z', 'st_a', 'assign', { from: null, to: 'st_b' }],
      ['2026-11-27T09:03:00.000Z', 'st_b', 'note', { text: 'Called back, wants 10 more.' }],
      ['2026-11-27T09:04:00.000Z', 'st_b', 'state', { from: 'in_progress', to: 'lost', reason: 'price' }],
    ]);
    expect(await inbox.timeline('order', 'rs_1')).toEqual([]);
  });

  it('clears the reason when a lost request moves on', async () => {
    const inbox = createInboxRepository(storage);
    await inbox.setState('order', 'or_1', { state: 'lost', lostReason: 'lead time', staffId: 'st_a', at: at(1) });
    await inbox.setState('order', 'or_1', { state: 'won', staffId: 'st_a', at: at(2) });
    expect((await inbox.statuses('order', ['or_1'])).get('or_1')).toEqual({ state: 'won', lostReason: null, assigneeId: null });
  });

  it('refuses lost without a reason, an unknown state and an empty note, writing nothing', async () => {
    const inbox = createInboxRepository(storage);
    await expect(inbox.setState('order', 'or_1', { state: 'lost', lostReason: '  ', staffId: 'st_a', at: at(1) })).rejects.toThrow('a lost request needs a reason');
    await expect(inbox.setState('order', 'or_1', { state: 'gone' as never, staffId: 'st_a', at: at(1) })).rejects.toThrow('unknown inbox state gone');
    await expect(inbox.addNote('order', 'or_1', { text: ' ', staffId: 'st_a', at: at(1) })).rejects.toThrow('a note needs text');
    expect(await inbox.timeline('order', 'or_1')).toEqual([]);
    const [count] = await database.query<{ n: unknown }>('SELECT COUNT(*) AS n FROM inbox_items');
    expect(Number(count!.n)).toBe(0);
  });

  describe('the list', () => {
    let inbox: InboxRepository;
    const minute = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, 0) + n * 60_000);

    async function order(id: string, createdAt: Date, contact: Partial<ReturnType<typeof sampleOrderRequest>['contact']>, itemText = 'Plate 6 x 4 in') {
      const base = sampleOrderRequest();
      await createOrderRequestRepository(storage).insert(
        sampleOrderRequest({
          id,
          idempotencyKey: `key-${id}`,
          createdAt,
          contact: { ...base.contact, ...contact },
          items: [{ ...base.items[0]!, description: itemText }],
        }),
      );
    }

    async function quote(id: string, createdAt: Date, body: Record<string, unknown>) {
      await storage.rfqSubmissions.insert({ id, rfqLinkId: 'rfq_1', createdAt, idempotencyKey: `key-${id}`, body: JSON.stringify({ rfq_link_id: 'rfq_1', ...body }), schemaVersion: 1 });
    }

    const ids = async (filter: InboxListFilter) => (await inbox.list(filter)).leads.map((lead) => `${lead.kind}/${lead.id}`);

    beforeEach(async () => {
      inbox = createInboxRepository(storage);
      await order('or_1', minute(1), { name: 'Dana Reyes', email: 'dana@example.com', company: 'Reyes Farms', note: null }, 'Base plate 100% flat');
      await quote('rs_1', minute(2), { name: 'Lee Park', email: 'lee@park.ca', company: null, description: 'Gusset_plates for a barn', material: 'mild steel' });
      await order('or_2', minute(3), { name: 'Sam Ode', email: 'sam@ode.ca', company: 'Ode Welding', note: 'Call before noon' });
      await quote('rs_2', minute(4), { name: 'Ana Reyes', email: 'ana@example.com', company: 'Reyes Farms', description: 'Brackets', material: null });
    });

    it('holds both kinds, newest first, with their contact, total and status', async () => {
      await inbox.setState('order', 'or_2', { state: 'quoted', staffId: 'st_a', at: minute(10) });
      const { leads, nextBefore } = await inbox.list();
      expect(leads.map((lead) => `${lead.kind}/${lead.id}`)).toEqual(['quote/rs_2', 'order/or_2', 'quote/rs_1', 'order/or_1']);
      expect(leads[1]).toEqual({
        kind: 'order',
        id: 'or_2',
        createdAt: minute(3),
        name: 'Sam Ode',
        email: 'sam@ode.ca',
        phone: '519 555 0100',
        company: 'Ode Welding',
        note: 'Call before noon',
        totalCents: 57_894,
        status: { state: 'quoted', lostReason: null, assigneeId: null },
        erasedAt: null,
      });
      expect(leads[0]).toMatchObject({ kind: 'quote', name: 'Ana Reyes', email: 'ana@example.com', company: 'Reyes Farms', totalCents: null, status: { state: 'new' } });
      expect(nextBefore).toBeNull();
    });

    it('finds every word of a search in the name, e-mail, company or the job, any case', async () => {
      expect(await ids({ search: 'REYES' })).toEqual(['quote/rs_2', 'order/or_1']);
      expect(await ids({ search: 'reyes brackets' })).toEqual(['quote/rs_2']);
      expect(await ids({ search: 'noon' })).toEqual(['order/or_2']);
      expect(await ids({ search: 'mild barn' })).toEqual(['quote/rs_1']);
      expect(await ids({ search: 'park.ca' })).toEqual(['quote/rs_1']);
      expect(await ids({ search: 'reyes nowhere' })).toEqual([]);
    });

    it('reads a search as words of letters and digits: punctuation separates them, a search of punctuation alone is none', async () => {
      expect(await ids({ search: '100%' })).toEqual(['order/or_1']);
      expect(await ids({ search: 'gusset_plates' })).toEqual(['quote/rs_1']);
      expect(await ids({ search: '% _ "*' })).toEqual(['quote/rs_2', 'order/or_2', 'quote/rs_1', 'order/or_1']);
      expect(await ids({ search: 'NEAR(reyes OR park)' })).toEqual([]);
    });

    it('matches the start of a word, never its middle', async () => {
      expect(await ids({ search: 'rey' })).toEqual(['quote/rs_2', 'order/or_1']);
      expect(await ids({ search: 'eyes' })).toEqual([]);
      expect(await ids({ search: 'dana@example' })).toEqual(['order/or_1']);
    });

    it('bounds a search: "in in ... zq" is two words; at most 8 words, each cut to 40 letters', async () => {
      expect(searchWords(`${'in '.repeat(66)}zq`)).toEqual(['in', 'zq']);
      expect(searchWords('a b c d e f g h i j')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
      expect(searchWords(`Reyes${'x'.repeat(200)}`)).toEqual([`reyes${'x'.repeat(35)}`]);
      expect(await ids({ search: `${'in '.repeat(66)}zq` })).toEqual([]);
      expect(await ids({ search: `${'rey '.repeat(66)}farms` })).toEqual(['quote/rs_2', 'order/or_1']);
    });

    it('pages a search matching thousands of leads (walked newest first) as one matching a few', async () => {
      const many = 2_100;
      for (let from = 0; from < many; from += 300) {
        await Promise.all(Array.from({ length: Math.min(300, many - from) }, (_, i) => quote(`rs_many${String(from + i).padStart(5, '0')}`, minute(100 + from + i), { name: `Many ${from + i}`, email: 'many@example.com', description: 'Stock plates', material: null })));
      }
      const first = await inbox.list({ search: 'stock', limit: 3 });
      expect(first.leads.map((lead) => lead.id)).toEqual(['rs_many02099', 'rs_many02098', 'rs_many02097']);
      const second = await inbox.list({ search: 'stock plates', limit: 3, before: first.nextBefore });
      expect(second.leads.map((lead) => lead.id)).toEqual(['rs_many02096', 'rs_many02095', 'rs_many02094']);
      expect(await ids({ search: 'stock reyes' })).toEqual([]);
      expect(await ids({ search: 'many 2099' })).toEqual(['quote/rs_many02099']);
    }, 30_000);

    it('keeps the search true to the rows: an erased contact is no longer found, the job still is', async () => {
      await database.query("UPDATE order_requests SET contact_name = 'erased', contact_email = 'erased', contact_company = NULL WHERE id = 'or_1'");
      expect(await ids({ search: 'reyes' })).toEqual(['quote/rs_2']);
      expect(await ids({ search: 'flat' })).toEqual(['order/or_1']);
      await database.query("UPDATE rfq_submissions SET body = '{\"rfq_link_id\":\"rfq_1\",\"description\":\"Brackets\"}' WHERE id = 'rs_2'");
      expect(await ids({ search: 'reyes' })).toEqual([]);
      expect(await ids({ search: 'brackets' })).toEqual(['quote/rs_2']);
    });

    it('filters by state and by assignee, in the database', async () => {
      await inbox.setState('quote', 'rs_1', { state: 'lost', lostReason: 'price', staffId: 'st_a', at: minute(10) });
      await inbox.assign('order', 'or_1', { assigneeId: 'st_b', staffId: 'st_a', at: minute(11) });
      await inbox.assign('quote', 'rs_1', { assigneeId: 'st_b', staffId: 'st_a', at: minute(12) });
      expect(await ids({ state: 'lost' })).toEqual(['quote/rs_1']);
      expect(await ids({ state: 'new' })).toEqual(['quote/rs_2', 'order/or_2', 'order/or_1']);
      expect(await ids({ assigneeId: 'st_b' })).toEqual(['quote/rs_1', 'order/or_1']);
      expect(await ids({ assigneeId: 'st_b', state: 'new' })).toEqual(['order/or_1']);
    });

    it('pages with a cursor, leads at the same moment ordered by kind and id', async () => {
      await order('or_3', minute(4), { name: 'Tie Order' });
      const first = await inbox.list({ limit: 2 });
      expect(first.leads.map((lead) => lead.id)).toEqual(['rs_2', 'or_3']);
      const second = await inbox.list({ limit: 2, before: first.nextBefore });
      expect(second.leads.map((lead) => lead.id)).toEqual(['or_2', 'rs_1']);
      const third = await inbox.list({ limit: 2, before: second.nextBefore });
      expect(third.leads.map((lead) => lead.id)).toEqual(['or_1']);
      expect(third.nextBefore).toBeNull();
      await expect(inbox.list({ before: 'not a cursor' })).rejects.toThrow(RangeError);
    });

    it('reads a quote request by id however many came after it', async () => {
      expect(await storage.rfqSubmissions.get('rs_1')).toEqual({ id: 'rs_1', rfqLinkId: 'rfq_1', createdAt: minute(2), body: expect.stringContaining('"Lee Park"'), schemaVersion: 1 });
      expect(await storage.rfqSubmissions.get('rs_none')).toBeNull();
    });
  });
});
