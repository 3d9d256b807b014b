// The personal-data and lost-reason repositories over a real storage (its migrations applied), run on
// each database: personal-data.test.ts on SQLite, personal-data.backends.test.ts on PostgreSQL.
import { createInboxRepository, type InboxRepository, type InboxState, type RequestKind } from '../src/repositories/inbox';
import { createOrderRequestRepository } from '../src/repositories/order-requests';
import { createLostReasonRepository } from '../src/repositories/lost-reasons';
import { ERASED_NOTE_DETAIL, createPersonalDataRepository, type PersonalDataRepository } from '../src/repositories/personal-data';
import type { Storage } from '../src/storage';
import { addDays, type TestDatabase } from './harness';
import { sampleOrderRequest } from './order-requests.cases';

const T0 = new Date('2024-01-10T12:00:00.000Z');

function quoteBody(id: string, email: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    object: 'rfq_submission',
    id,
    rfq_link_id: 'rfq_LINK',
    submitted_at: T0.toISOString(),
    description: 'Stair stringers, 10 ft',
    material: 'a36',
    thickness_in: 0.375,
    quantity: 4,
    name: 'Pat Quinn',
    email,
    phone: '905 555 0199',
    company: 'Quinn Welding',
    ...extra,
  });
}

export function describePersonalDataCases(createDatabase: () => TestDatabase): void {
  let database: TestDatabase;
  let storage: Storage;
  let inbox: InboxRepository;
  let personal: PersonalDataRepository;

  // Each request with its notification, as the service writes it: the event's data holds the name.
  const eventOf = (type: string, subject: string, id: string, name: string) => ({
    type,
    subject,
    payload: JSON.stringify({ type, timestamp: T0.toISOString(), data: { id, name } }),
    createdAt: T0,
  });
  const addOrder = (id: string, email: string) =>
    createOrderRequestRepository(storage).insert({
      ...sampleOrderRequest({ id, idempotencyKey: `key-${id}`, createdAt: T0, contact: { name: 'Dana Reyes', email, phone: '519 555 0100', company: 'Reyes Farms', note: 'Gate code 44' } }),
      event: eventOf('order_request.created', `order/${id}`, id, 'Dana Reyes'),
    });
  const addQuote = (id: string, email: string) =>
    storage.rfqSubmissions.insert({
      id,
      rfqLinkId: 'rfq_LINK',
      createdAt: T0,
      idempotencyKey: `key-${id}`,
      body: quoteBody(id, email),
      schemaVersion: 1,
      event: eventOf('rfq_submission.created', `quote/${id}`, id, 'Pat Quinn'),
    });
  /** The names in the payloads of a request's outbox rows. */
  const notifiedNames = async (subject: string) => (await storage.outbox.forSubject(subject)).map((row) => (JSON.parse(row.payload) as { data: { name: string } }).data.name);
  const move = (kind: RequestKind, id: string, state: InboxState, at: Date) => inbox.setState(kind, id, { state, lostReason: state === 'lost' ? 'Price' : null, staffId: 'st_1', at });
  const orderRow = async (id: string) => (await database.query<Record<string, unknown>>(`SELECT * FROM order_requests WHERE id = '${id}'`))[0]!;
  const quoteBodyOf = async (id: string) => JSON.parse((await database.query<{ body: string }>(`SELECT body FROM rfq_submissions WHERE id = '${id}'`))[0]!.body) as Record<string, unknown>;
  const notesOf = async (id: string) => (await database.query<{ detail: string }>(`SELECT detail FROM request_events WHERE event = 'note' AND request_id = '${id}' ORDER BY id`)).map((row) => row.detail);

  beforeEach(async () => {
    database = createDatabase();
    storage = await database.open({ mailTo: 'shop@example.org' });
    inbox = createInboxRepository(storage);
    personal = createPersonalDataRepository(storage);
  });
  afterEach(async () => {
    await storage.close();
    await database.drop();
  });

  describe('retention', () => {
    it('erases the contact of requests settled before the cutoff, keeps the job and its figures, and leaves newer and open ones', async () => {
      await addOrder('or_closed', 'dana@example.com');
      await addOrder('or_won_recently', 'dana@example.com');
      await addOrder('or_reopened', 'dana@example.com');
      await addQuote('sub_lost', 'pat@example.com');
      await addQuote('sub_open', 'pat@example.com');
      await move('order', 'or_closed', 'closed', T0);
      await inbox.addNote('order', 'or_closed', { text: 'Called Dana at 519 555 0100', staffId: 'st_1', at: T0 });
      await move('order', 'or_won_recently', 'won', addDays(T0, 600));
      await move('order', 'or_reopened', 'closed', T0);
      await move('order', 'or_reopened', 'in_progress', addDays(T0, 1));
      await move('quote', 'sub_lost', 'lost', addDays(T0, 2));
      await inbox.addNote('quote', 'sub_lost', { text: 'Pat went with a cheaper shop', staffId: 'st_1', at: addDays(T0, 2) });
      await move('quote', 'sub_open', 'quoted', T0);

      const erasedAt = addDays(T0, 740);
      const counts = await personal.eraseSettledBefore(addDays(T0, 10), erasedAt, { sliceRows: 1 });
      expect(counts).toEqual({ orderRequests: 1, quoteRequests: 1, notes: 2 });

      const closed = await orderRow('or_closed');
      expect({
        name: closed.contact_name,
        email: closed.contact_email,
        phone: closed.contact_phone,
        company: closed.contact_company,
        note: closed.contact_note,
        address: [closed.address_line1, closed.address_line2, closed.address_city, closed.address_province, closed.address_postal_code],
        erased: closed.erased_at !== null,
      }).toEqual({ name: '', email: '', phone: null, company: null, note: null, address: [null, null, null, null, null], erased: true });
      // The job and its figures are as they were.
      const order = await createOrderRequestRepository(storage).get('or_closed');
      expect(order).toMatchObject({ fulfilment: 'delivery', subtotalCents: 51_234, taxCents: 6_660, totalCents: 57_894 });
      expect(order!.items.map((item) => [item.description, item.quantity, item.unitAmountCents, item.amountCents])).toEqual([
        ['Plate 6 x 4 in', 10, 1_523, 15_234],
        ['Round bale feeder, kit', 2, 18_000, 36_000],
      ]);
      expect(await notesOf('or_closed')).toEqual([ERASED_NOTE_DETAIL]);

      expect(await quoteBodyOf('sub_lost')).toEqual({
        object: 'rfq_submission',
        id: 'sub_lost',
        rfq_link_id: 'rfq_LINK',
        submitted_at: T0.toISOString(),
        description: 'Stair stringers, 10 ft',
        material: 'a36',
        thickness_in: 0.375,
        quantity: 4,
        name: '',
        email: '',
        phone: null,
        company: null,
        erased_at: erasedAt.toISOString(),
      });
      expect(await notesOf('sub_lost')).toEqual([ERASED_NOTE_DETAIL]);
      // Their notifications' payloads lose the name; the others keep it.
      expect(await notifiedNames('order/or_closed')).toEqual(['']);
      expect(await notifiedNames('quote/sub_lost')).toEqual(['']);
      expect(await notifiedNames('order/or_won_recently')).toEqual(['Dana Reyes']);
      expect(await notifiedNames('quote/sub_open')).toEqual(['Pat Quinn']);

      // Settled after the cutoff, reopened, or never settled: untouched.
      for (const id of ['or_won_recently', 'or_reopened']) expect(await orderRow(id)).toMatchObject({ contact_email: 'dana@example.com', contact_name: 'Dana Reyes', erased_at: null });
      expect(await quoteBodyOf('sub_open')).toMatchObject({ email: 'pat@example.com', name: 'Pat Quinn' });

      expect([...(await personal.erasedAt('order', ['or_closed', 'or_won_recently'])).entries()]).toEqual([['or_closed', erasedAt]]);
      expect([...(await personal.erasedAt('quote', ['sub_lost', 'sub_open'])).entries()]).toEqual([['sub_lost', erasedAt]]);
      // A second run finds nothing left to erase.
      await expect(personal.eraseSettledBefore(addDays(T0, 10), addDays(erasedAt, 1))).resolves.toEqual({ orderRequests: 0, quoteRequests: 0, notes: 0 });
    });

    it('counts from the last move into a settled state: won then closed later waits for the close', async () => {
      await addOrder('or_won_then_closed', 'dana@example.com');
      await move('order', 'or_won_then_closed', 'won', T0);
      await move('order', 'or_won_then_closed', 'closed', addDays(T0, 100));
      await expect(personal.eraseSettledBefore(addDays(T0, 50), addDays(T0, 800))).resolves.toEqual({ orderRequests: 0, quoteRequests: 0, notes: 0 });
      await expect(personal.eraseSettledBefore(addDays(T0, 100), addDays(T0, 830))).resolves.toEqual({ orderRequests: 1, quoteRequests: 0, notes: 0 });
    });
  });

  describe('by e-mail', () => {
    beforeEach(async () => {
      await addOrder('or_pat', 'Pat@Example.com');
      await addOrder('or_other', 'xpat@example.com');
      await addOrder('or_underscore', 'p_t@example.com');
      await addQuote('sub_pat', 'PAT@example.COM');
      await addQuote('sub_near', 'pat@example.co');
      await inbox.addNote('order', 'or_pat', { text: 'Deliver before noon', staffId: 'st_1', at: addDays(T0, 1) });
      await inbox.addNote('order', 'or_other', { text: 'Same person as pat@example.com?', staffId: 'st_1', at: addDays(T0, 2) });
      await inbox.addNote('order', 'or_other', { text: 'Asked for a drawing', staffId: 'st_1', at: addDays(T0, 3) });
    });

    it('finds exactly that e-mail, whatever the case of its letters, across orders, quote requests and notes', async () => {
      const held = await personal.findByEmail('  pat@EXAMPLE.com ');
      expect(held.orderRequests.map((row) => [row.id, row.contact.email, row.contact.name, row.address?.postalCode, row.items.length, row.totalCents])).toEqual([
        ['or_pat', 'Pat@Example.com', 'Dana Reyes', 'N1H 2A1', 2, 57_894],
      ]);
      expect(held.quoteRequests.map((row) => [row.id, row.body.email, row.body.description])).toEqual([['sub_pat', 'PAT@example.COM', 'Stair stringers, 10 ft']]);
      expect(held.notes.map((note) => [note.requestKind, note.requestId, note.text])).toEqual([
        ['order', 'or_pat', 'Deliver before noon'],
        ['order', 'or_other', 'Same person as pat@example.com?'],
      ]);
      expect(held.notifications.map((row) => [row.subject, row.eventType, row.kind, row.state, (row.payload as { data: { name: string } }).data.name])).toEqual([
        ['order/or_pat', 'order_request.created', 'email', 'pending', 'Dana Reyes'],
        ['quote/sub_pat', 'rfq_submission.created', 'email', 'pending', 'Pat Quinn'],
      ]);
      // `_` is not a wildcard: p_t@ finds only its own row.
      expect((await personal.findByEmail('p_t@example.com')).orderRequests.map((row) => row.id)).toEqual(['or_underscore']);
      expect(await personal.findByEmail('nobody@example.com')).toEqual({ orderRequests: [], quoteRequests: [], notes: [], notifications: [] });
    });

    it('erases what it finds and nothing else; afterwards nothing is found', async () => {
      await expect(personal.eraseByEmail('pat@example.com', addDays(T0, 5))).resolves.toEqual({ orderRequests: 1, quoteRequests: 1, notes: 2 });
      const erased = await orderRow('or_pat');
      expect({ ...erased, total_cents: Number(erased.total_cents) }).toMatchObject({ contact_email: '', contact_name: '', contact_phone: null, address_line1: null, total_cents: 57_894 });
      expect(await quoteBodyOf('sub_pat')).toMatchObject({ email: '', name: '', phone: null, company: null, description: 'Stair stringers, 10 ft', quantity: 4 });
      expect(await notesOf('or_pat')).toEqual([ERASED_NOTE_DETAIL]);
      expect(await notesOf('or_other')).toEqual([ERASED_NOTE_DETAIL, '{"text":"Asked for a drawing"}']);
      expect(await orderRow('or_other')).toMatchObject({ contact_email: 'xpat@example.com', erased_at: null });
      expect(await quoteBodyOf('sub_near')).toMatchObject({ email: 'pat@example.co', name: 'Pat Quinn' });
      // The erased requests' notifications go out (or stay) without the name; the rest of the event stays.
      expect(await notifiedNames('order/or_pat')).toEqual(['']);
      expect(await notifiedNames('quote/sub_pat')).toEqual(['']);
      expect(JSON.parse((await storage.outbox.forSubject('order/or_pat'))[0]!.payload)).toEqual({ type: 'order_request.created', timestamp: T0.toISOString(), data: { id: 'or_pat', name: '' } });
      expect(await notifiedNames('order/or_other')).toEqual(['Dana Reyes']);
      expect(await notifiedNames('quote/sub_near')).toEqual(['Pat Quinn']);
      await expect(personal.findByEmail('pat@example.com')).resolves.toEqual({ orderRequests: [], quoteRequests: [], notes: [], notifications: [] });
      // The inbox's list says which leads lost their contact, and when.
      const erasedOn = new Map((await inbox.list({ limit: 100 })).leads.map((lead) => [lead.id, lead.erasedAt?.toISOString() ?? null]));
      expect([erasedOn.get('or_pat'), erasedOn.get('sub_pat'), erasedOn.get('or_other')]).toEqual([addDays(T0, 5).toISOString(), addDays(T0, 5).toISOString(), null]);
      await expect(personal.eraseByEmail('pat@example.com', addDays(T0, 6))).resolves.toEqual({ orderRequests: 0, quoteRequests: 0, notes: 0 });
    });
  });

  describe('lost reasons', () => {
    it('starts with the five defaults; adds, renames and retires, the offered ones listed first', async () => {
      const reasons = createLostReasonRepository(storage);
      expect((await reasons.list()).map((reason) => [reason.label, reason.retiredAt])).toEqual([
        ['Price', null],
        ['Lead time', null],
        ['Went elsewhere', null],
        ['No reply', null],
        ['Other', null],
      ]);
      const added = await reasons.add('Material not available', addDays(T0, 1));
      expect(added).toMatchObject({ label: 'Material not available', createdAt: addDays(T0, 1), retiredAt: null });
      const price = (await reasons.list())[0]!;
      await expect(reasons.rename(price.id, 'Price too high')).resolves.toBe(true);
      await expect(reasons.retire(price.id, addDays(T0, 2))).resolves.toBe(true);
      await expect(reasons.retire(price.id, addDays(T0, 3))).resolves.toBe(false);
      await expect(reasons.rename(99_999, 'Nothing')).resolves.toBe(false);
      expect((await reasons.list()).map((reason) => [reason.label, reason.retiredAt])).toEqual([
        ['Lead time', null],
        ['Went elsewhere', null],
        ['No reply', null],
        ['Other', null],
        ['Material not available', null],
        ['Price too high', addDays(T0, 2)],
      ]);
      await expect(reasons.get(added.id)).resolves.toEqual(added);
    });
  });
}
