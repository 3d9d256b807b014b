// A person's data in the shop's leads: found and erased by e-mail, and erased once a settled
// request has been kept its retention time. The contact details go (name, e-mail, phone, company,
// delivery address, the note, the staff's notes in the request's timeline, and the name in the
// payloads of the request's notifications in the outbox); the job stays
// (items, quantities, prices, material, the form's description). Written once over Kysely for
// both databases, one statement per write: on SQLite `Storage.db` writes outside the group commit,
// so no statement here waits on another's lock upgrade.
import type { StorageAccess } from '../storage';
import { sql } from 'kysely';

/** The inbox states that end a request: retention counts from the last move into one of them. */
export const SETTLED_STATES = ['won', 'lost', 'closed'] as const;

/** Rows erased per statement by the retention job. */
export const ERASE_SLICE_ROWS = 200;

/** What an erased note's detail becomes: the event stays in the timeline, its text does not. */
export const ERASED_NOTE_DETAIL = '{"erased":true}';

export interface HeldOrderRequest {
  id: string;
  createdAt: Date;
  fulfilment: string;
  contact: { name: string; email: string; phone: string | null; company: string | null; note: string | null };
  address: { line1: string | null; line2: string | null; city: string | null; province: string | null; postalCode: string | null } | null;
  items: { quoteId: string; itemIndex: number; description: string; label: string | null; quantity: number; unitAmountCents: number; amountCents: number }[];
  totalCents: number;
}

export interface HeldQuoteRequest {
  id: string;
  rfqLinkId: string;
  createdAt: Date;
  /** The stored submission as sent (name, email, phone, company and the job's fields). */
  body: Record<string, unknown>;
}

export interface HeldNote {
  id: number;
  requestKind: string;
  requestId: string;
  at: Date;
  text: string;
}

/** A notification about one of the requests found (an outbox row: its event JSON holds the person's name). */
export interface HeldNotification {
  id: string;
  /** `order/or_...` or `quote/sub_...`. */
  subject: string;
  eventType: string;
  kind: string;
  state: string;
  createdAt: Date;
  /** The event JSON `{type, timestamp, data}` as it is (or was) sent. */
  payload: Record<string, unknown>;
}

/** Everything held for one e-mail. */
export interface HeldPersonalData {
  orderRequests: HeldOrderRequest[];
  quoteRequests: HeldQuoteRequest[];
  /** Notes on those requests, and any other note that names the e-mail. */
  notes: HeldNote[];
  /** The notifications about those requests, oldest first (then by subject). */
  notifications: HeldNotification[];
}

export interface ErasedCounts {
  orderRequests: number;
  quoteRequests: number;
  notes: number;
}

export interface PersonalDataRepository {
  /** What is held for `email`: exact, ASCII letters case-insensitive. */
  findByEmail(email: string): Promise<HeldPersonalData>;
  /** Erases everything findByEmail finds, at `at`; the counts of what it erased. */
  eraseByEmail(email: string, at: Date): Promise<ErasedCounts>;
  /**
   * Erases the requests that last moved into won, lost or closed at or before `settledBefore` and
   * are not erased yet, `sliceRows` a statement with a turn of the event loop between slices.
   */
  eraseSettledBefore(settledBefore: Date, at: Date, options?: { sliceRows?: number }): Promise<ErasedCounts>;
  /** When each of these requests' contact details were erased (absent: not erased). */
  erasedAt(kind: 'order' | 'quote', ids: string[]): Promise<Map<string, Date>>;
}

/** Lower-cases A-Z only, as SQLite's lower() does: the same rule in SQL and here. */
export function foldEmail(email: string): string {
  return email.trim().replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Both databases' stored date text (ISO with `+00:00`, fixed width: text order is time order). */
const toDb = (date: Date) => date.toISOString().replace('Z', '+00:00');
const fromDb = (value: string | Date) => (value instanceof Date ? value : new Date(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value.replace(' ', 'T')}Z`));

/** `text` inside a LIKE pattern with `\` as the escape character. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function erasedQuoteBody(body: string, at: Date): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return JSON.stringify({ ...parsed, name: '', email: '', phone: null, company: null, erased_at: at.toISOString() });
}

/** An event JSON with its `data.name` emptied; null when it holds no name (erased already, or none). */
function erasedPayload(payload: string): string | null {
  const parsed = JSON.parse(payload) as { data?: Record<string, unknown> };
  if (typeof parsed.data?.name !== 'string' || parsed.data.name === '') return null;
  return JSON.stringify({ ...parsed, data: { ...parsed.data, name: '' } });
}

export function createPersonalDataRepository(storage: Pick<StorageAccess, 'db'>): PersonalDataRepository {
  const { db } = storage;
  const settled = [...SETTLED_STATES];

  /** The time of the request's last state change: with a settled state, when it was settled. */
  const lastStateChange = (kind: 'order' | 'quote', idColumn: 'o.id' | 'r.id') =>
    db
      .selectFrom('request_events as e')
      .select((eb) => eb.fn.max('e.at').as('at'))
      .where('e.request_kind', '=', kind)
      .where('e.event', '=', 'state')
      .where('e.request_id', '=', sql.ref<string>(idColumn));

  async function eraseNotes(kind: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db
      .updateTable('request_events')
      .set({ detail: ERASED_NOTE_DETAIL })
      .where('event', '=', 'note')
      .where('request_kind', '=', kind)
      .where('request_id', 'in', ids)
      .where('detail', '<>', ERASED_NOTE_DETAIL)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Empties the name in the payloads of the requests' outbox rows (a row still waiting then goes out
   * without it). Row by row, each only if its payload is still the one read: the payload is JSON.
   */
  async function eraseNotifications(kind: 'order' | 'quote', ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await db.selectFrom('outbox').select(['id', 'payload']).where('subject', 'in', ids.map((id) => `${kind}/${id}`)).execute();
    for (const row of rows) {
      const payload = erasedPayload(row.payload);
      if (payload !== null) await db.updateTable('outbox').set({ payload }).where('id', '=', row.id).where('payload', '=', row.payload).execute();
    }
  }

  // The notes and notifications go first: a stop in between leaves the row unerased, and the next run does all.
  async function eraseOrders(ids: string[], at: Date): Promise<{ rows: number; notes: number }> {
    if (ids.length === 0) return { rows: 0, notes: 0 };
    const notes = await eraseNotes('order', ids);
    await eraseNotifications('order', ids);
    const result = await db
      .updateTable('order_requests')
      .set({
        contact_name: '',
        contact_email: '',
        contact_phone: null,
        contact_company: null,
        contact_note: null,
        address_line1: null,
        address_line2: null,
        address_city: null,
        address_province: null,
        address_postal_code: null,
        erased_at: toDb(at),
      })
      .where('id', 'in', ids)
      .where('erased_at', 'is', null)
      .executeTakeFirst();
    return { rows: Number(result.numUpdatedRows), notes };
  }

  async function eraseQuotes(rows: { id: string; body: string }[], at: Date): Promise<{ rows: number; notes: number }> {
    if (rows.length === 0) return { rows: 0, notes: 0 };
    const notes = await eraseNotes('quote', rows.map((row) => row.id));
    await eraseNotifications('quote', rows.map((row) => row.id));
    let erased = 0;
    for (const row of rows) {
      // The body is rewritten whole (it is JSON); `erased_at is null` makes a second eraser a no-op.
      const result = await db
        .updateTable('rfq_submissions')
        .set({ body: erasedQuoteBody(row.body, at), erased_at: toDb(at) })
        .where('id', '=', row.id)
        .where('erased_at', 'is', null)
        .executeTakeFirst();
      erased += Number(result.numUpdatedRows);
    }
    return { rows: erased, notes };
  }

  async function findByEmail(email: string): Promise<HeldPersonalData> {
    const folded = foldEmail(email);
    if (folded === '') return { orderRequests: [], quoteRequests: [], notes: [], notifications: [] };
    const orderRows = (
      await db
        .selectFrom('order_requests')
        .selectAll()
        .where(sql<string>`lower(contact_email)`, '=', sql<string>`lower(${folded})`)
        .orderBy('created_at')
        .execute()
    ).filter((row) => foldEmail(row.contact_email) === folded);
    const itemRows =
      orderRows.length === 0
        ? []
        : await db.selectFrom('order_request_items').selectAll().where('order_request_id', 'in', orderRows.map((row) => row.id)).orderBy('order_request_id').orderBy('position').execute();
    const orderRequests: HeldOrderRequest[] = orderRows.map((row) => ({
      id: row.id,
      createdAt: fromDb(row.created_at),
      fulfilment: row.fulfilment,
      contact: { name: row.contact_name, email: row.contact_email, phone: row.contact_phone, company: row.contact_company, note: row.contact_note },
      address:
        row.fulfilment === 'delivery'
          ? { line1: row.address_line1, line2: row.address_line2, city: row.address_city, province: row.address_province, postalCode: row.address_postal_code }
          : null,
      items: itemRows
        .filter((item) => item.order_request_id === row.id)
        .map((item) => ({
          quoteId: item.quote_id,
          itemIndex: Number(item.item_index),
          description: item.description,
          label: item.label,
          quantity: Number(item.quantity),
          unitAmountCents: Number(item.unit_amount_cents),
          amountCents: Number(item.amount_cents),
        })),
      totalCents: Number(row.total_cents),
    }));

    // The e-mail sits inside the submission's JSON: a LIKE narrows the rows, the parsed field decides.
    const pattern = likeContaining(folded);
    const quoteRows = await db
      .selectFrom('rfq_submissions')
      .select(['id', 'rfq_link_id', 'created_at', 'body'])
      .where(sql<boolean>`lower(body) like lower(${pattern}) escape '\\'`)
      .orderBy('created_at')
      .execute();
    const quoteRequests: HeldQuoteRequest[] = [];
    for (const row of quoteRows) {
      const body = JSON.parse(row.body) as Record<string, unknown>;
      if (typeof body.email === 'string' && foldEmail(body.email) === folded) {
        quoteRequests.push({ id: row.id, rfqLinkId: row.rfq_link_id, createdAt: fromDb(row.created_at), body });
      }
    }

    const orderIds = orderRequests.map((row) => row.id);
    const quoteIds = quoteRequests.map((row) => row.id);
    const noteRows = await db
      .selectFrom('request_events')
      .selectAll()
      .where('event', '=', 'note')
      .where((eb) => {
        const either = [eb(sql<string>`lower(detail)`, 'like', sql<string>`lower(${pattern}) escape '\\'`)];
        if (orderIds.length > 0) either.push(eb.and([eb('request_kind', '=', 'order'), eb('request_id', 'in', orderIds)]));
        if (quoteIds.length > 0) either.push(eb.and([eb('request_kind', '=', 'quote'), eb('request_id', 'in', quoteIds)]));
        return eb.or(either);
      })
      .orderBy('at')
      .orderBy('id')
      .execute();
    const notes: HeldNote[] = [];
    for (const row of noteRows) {
      const text = (JSON.parse(row.detail) as { text?: unknown }).text;
      if (typeof text !== 'string') continue; // erased already
      const onFound = (row.request_kind === 'order' ? orderIds : quoteIds).includes(row.request_id);
      if (onFound || foldEmail(text).includes(folded)) notes.push({ id: Number(row.id), requestKind: row.request_kind, requestId: row.request_id, at: fromDb(row.at), text });
    }
    const subjects = [...orderIds.map((id) => `order/${id}`), ...quoteIds.map((id) => `quote/${id}`)];
    const notificationRows =
      subjects.length === 0
        ? []
        : await db
            .selectFrom('outbox')
            .select(['id', 'subject', 'event_type', 'kind', 'state', 'created_at', 'payload'])
            .where('subject', 'in', subjects)
            .orderBy('created_at')
            .orderBy('subject')
            .orderBy('id')
            .execute();
    const notifications: HeldNotification[] = notificationRows.map((row) => ({
      id: row.id,
      subject: row.subject,
      eventType: row.event_type,
      kind: row.kind,
      state: row.state,
      createdAt: fromDb(row.created_at),
      payload: JSON.parse(row.payload) as Record<string, unknown>,
    }));
    return { orderRequests, quoteRequests, notes, notifications };
  }

  return {
    findByEmail,

    async eraseByEmail(email, at) {
      const held = await findByEmail(email);
      const orders = await eraseOrders(held.orderRequests.map((row) => row.id), at);
      const quotes = await eraseQuotes(held.quoteRequests.map((row) => ({ id: row.id, body: JSON.stringify(row.body) })), at);
      // Notes elsewhere that name the e-mail (those on the erased requests went with them).
      const elsewhere = held.notes.filter(
        (note) => !(note.requestKind === 'order' ? held.orderRequests.some((row) => row.id === note.requestId) : held.quoteRequests.some((row) => row.id === note.requestId)),
      );
      let notes = orders.notes + quotes.notes;
      if (elsewhere.length > 0) {
        const result = await db.updateTable('request_events').set({ detail: ERASED_NOTE_DETAIL }).where('id', 'in', elsewhere.map((note) => note.id)).executeTakeFirst();
        notes += Number(result.numUpdatedRows);
      }
      return { orderRequests: orders.rows, quoteRequests: quotes.rows, notes };
    },

    async eraseSettledBefore(settledBefore, at, options = {}) {
      const slice = Math.max(1, Math.trunc(options.sliceRows ?? ERASE_SLICE_ROWS));
      const cutoff = toDb(settledBefore);
      const counts: ErasedCounts = { orderRequests: 0, quoteRequests: 0, notes: 0 };
      for (;;) {
        const ids = await db
          .selectFrom('order_requests as o')
          .innerJoin('inbox_items as i', (join) => join.on('i.kind', '=', 'order').onRef('i.request_id', '=', 'o.id'))
          .select('o.id')
          .where('o.erased_at', 'is', null)
          .where('i.state', 'in', settled)
          .where(lastStateChange('order', 'o.id'), '<=', cutoff)
          .orderBy('o.id')
          .limit(slice)
          .execute();
        const done = await eraseOrders(ids.map((row) => row.id), at);
        counts.orderRequests += done.rows;
        counts.notes += done.notes;
        if (ids.length < slice) break;
        await nextTurn();
      }
      for (;;) {
        const rows = await db
          .selectFrom('rfq_submissions as r')
          .innerJoin('inbox_items as i', (join) => join.on('i.kind', '=', 'quote').onRef('i.request_id', '=', 'r.id'))
          .select(['r.id', 'r.body'])
          .where('r.erased_at', 'is', null)
          .where('i.state', 'in', settled)
          .where(lastStateChange('quote', 'r.id'), '<=', cutoff)
          .orderBy('r.id')
          .limit(slice)
          .execute();
        const done = await eraseQuotes(rows, at);
        counts.quoteRequests += done.rows;
        counts.notes += done.notes;
        if (rows.length < slice) break;
        await nextTurn();
      }
      return counts;
    },

    async erasedAt(kind, ids) {
      const erased = new Map<string, Date>();
      if (ids.length === 0) return erased;
      const table = kind === 'order' ? 'order_requests' : 'rfq_submissions';
      const rows = await db.selectFrom(table).select(['id', 'erased_at']).where('id', 'in', ids).where('erased_at', 'is not', null).execute();
      for (const row of rows) erased.set(row.id, fromDb(row.erased_at as string));
      return erased;
    },
  };
}
