// The console's inbox over the storage's database: the leads (order requests and quote requests)
// as one list, where the shop stands on each, and its timeline. A lead without a row is `new`;
// timeline rows are only added.
import { sql, type RawBuilder } from 'kysely';
import { fromDbDateTime, toDbDateTime, type Statement } from '../database';
import type { StorageAccess } from '../storage';

export const INBOX_STATES = ['new', 'in_progress', 'quoted', 'won', 'lost', 'closed'] as const;
export type InboxState = (typeof INBOX_STATES)[number];
/** `order`: an order request; `quote`: a quote request (an rfq submission). */
export type RequestKind = 'order' | 'quote';
export type RequestEventKind = 'state' | 'note' | 'assign';

export interface InboxStatus {
  state: InboxState;
  /** Set when lost. */
  lostReason: string | null;
  assigneeId: string | null;
}

export interface RequestEvent {
  id: number;
  at: Date;
  staffId: string | null;
  event: RequestEventKind;
  detail: Record<string, unknown>;
}

/** One lead of the list: an order request or a quote request, with where the shop stands on it. */
export interface InboxLead {
  kind: RequestKind;
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  /** The customer's "Note to the shop" (order requests; null for quote requests, or none given). */
  note: string | null;
  /** Order requests only. */
  totalCents: number | null;
  status: InboxStatus;
  /** When its contact details were erased (retention, or the person's request); null while held. */
  erasedAt: Date | null;
}

export interface InboxListFilter {
  state?: InboxState | null;
  /** Every word (searchWords) must start a word of the name, e-mail, company, note or the job's text. */
  search?: string;
  /** Only the leads assigned to this staff member; null or absent: everyone's. */
  assigneeId?: string | null;
  /** A page's `nextBefore`: the leads older than the last one of that page. */
  before?: string | null;
  /** Leads a page (default INBOX_PAGE_SIZE, at most INBOX_PAGE_MAX). */
  limit?: number;
}

export interface InboxPage {
  leads: InboxLead[];
  /** Pass as `before` for the next (older) page; null on the last. */
  nextBefore: string | null;
}

/** Leads a page of the inbox. */
export const INBOX_PAGE_SIZE = 50;
/** The most leads one read may ask for. */
export const INBOX_PAGE_MAX = 1000;

export interface InboxRepository {
  /**
   * Both kinds of lead, newest first (ties by kind, then id), filtered by state, search words and
   * assignee in the database, a page at a time.
   */
  list(filter?: InboxListFilter): Promise<InboxPage>;
  /** Each request's status by id; `new` for those without one. */
  statuses(kind: RequestKind, ids: string[]): Promise<Map<string, InboxStatus>>;
  /** Moves the request to `state` (a reason only for `lost`) and adds the change to its timeline, in one transaction. */
  setState(kind: RequestKind, id: string, change: { state: InboxState; lostReason?: string | null; staffId: string; at: Date }): Promise<void>;
  /** Sets (or clears, null) who handles the request and adds it to the timeline. */
  assign(kind: RequestKind, id: string, change: { assigneeId: string | null; staffId: string; at: Date }): Promise<void>;
  addNote(kind: RequestKind, id: string, note: { text: string; staffId: string; at: Date }): Promise<void>;
  /** Oldest first. */
  timeline(kind: RequestKind, id: string): Promise<RequestEvent[]>;
}

export function isInboxState(value: unknown): value is InboxState {
  return typeof value === 'string' && (INBOX_STATES as readonly string[]).includes(value);
}

const NEW: InboxStatus = { state: 'new', lostReason: null, assigneeId: null };

/** The most words a search uses, and the most letters of each (a longer word is cut, still matching as a prefix). */
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_MAX_WORD_LENGTH = 40;

/**
 * A search's words as the index reads them: runs of letters and digits, lower-cased, each once,
 * the first SEARCH_MAX_WORDS, each cut to SEARCH_MAX_WORD_LENGTH. So a search's cost is bounded
 * whatever is typed ("in in in ... zq" is two words).
 */
export function searchWords(search: string): string[] {
  const words = new Set<string>();
  for (const word of search.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word === '') continue;
    words.add([...word].slice(0, SEARCH_MAX_WORD_LENGTH).join(''));
    if (words.size === SEARCH_MAX_WORDS) break;
  }
  return [...words];
}

/**
 * Matches past which a search walks the leads newest first and asks the index about each, rather
 * than sorting every match: at this many, a page of 50 is found in a few thousand seeks at worst.
 */
const DENSE_MATCHES = 2000;

const CURSOR = /^(.+)\|(order|quote)\|(.+)$/s;

export function createInboxRepository(storage: StorageAccess): InboxRepository {
  const { db, read, transact, provider } = storage;

  const currentOf = (kind: RequestKind, id: string) => db.selectFrom('inbox_items').selectAll().where('kind', '=', kind).where('request_id', '=', id);

  const upsert = (kind: RequestKind, id: string, status: InboxStatus, at: Date) =>
    db
      .insertInto('inbox_items')
      .values({ kind, request_id: id, state: status.state, lost_reason: status.lostReason, assignee_id: status.assigneeId, updated_at: toDbDateTime(at) })
      .onConflict((conflict) =>
        conflict.columns(['kind', 'request_id']).doUpdateSet({ state: status.state, lost_reason: status.lostReason, assignee_id: status.assigneeId, updated_at: toDbDateTime(at) }),
      );

  const event = (kind: RequestKind, id: string, name: RequestEventKind, staffId: string | null, at: Date, detail: Record<string, unknown>): Statement =>
    db.insertInto('request_events').values({ request_kind: kind, request_id: id, at: toDbDateTime(at), staff_id: staffId, event: name, detail: JSON.stringify(detail) });

  const toStatus = (row: Record<string, unknown> | undefined): InboxStatus =>
    row ? { state: row.state as InboxState, lostReason: (row.lost_reason as string | null) ?? null, assigneeId: (row.assignee_id as string | null) ?? null } : { ...NEW };

  /** A field of a quote request's body (JSON text). */
  const quoteField = (name: string): RawBuilder<string | null> =>
    provider === 'sqlite' ? sql<string | null>`json_extract(r.body, ${`$.${name}`})` : sql<string | null>`(r.body::jsonb ->> ${name})`;

  const ftsQuery = (words: string[]) => words.map((word) => `"${word}"*`).join(' ');
  const tsQuery = (words: string[]) => words.map((word) => `${word}:*`).join(' & ');

  /**
   * The leads of `kind` (`alias.id`) holding every word, each as the start of one of their words, in
   * the database's own text index (SQLite FTS5, PostgreSQL's GIN over to_tsvector): the words are
   * letters and digits only (searchWords), so they need no quoting in either query language.
   * `dense` (SQLite): so many leads match that walking the newest first reaches a page sooner than
   * sorting every match.
   */
  const matching = (kind: RequestKind, alias: 'o' | 'r', words: string[], dense: boolean): RawBuilder<unknown> => {
    const id = sql.ref(`${alias}.id`);
    if (provider !== 'sqlite') {
      return sql`${id} in (select s.request_id from inbox_search s where s.kind = ${kind} and to_tsvector('simple', s.body) @@ to_tsquery('simple', ${tsQuery(words)}))`;
    }
    // Dense: the matching rowids are gathered once into a set (a bloom filter before it), and the
    // newest leads are walked by their created_at index, each looked up in it (`+` keeps SQLite from
    // turning the set into one index search per member). Sparse: the index drives, the few found sorted.
    return dense
      ? sql`exists (select 1 from inbox_search s where s.kind = ${kind} and s.request_id = ${id} and +s.id in (select rowid from inbox_search_fts where inbox_search_fts match ${ftsQuery(words)}))`
      : sql`${id} in (select s.request_id from inbox_search_fts join inbox_search s on s.id = inbox_search_fts.rowid where inbox_search_fts match ${ftsQuery(words)} and s.kind = ${kind})`;
  };

  /** SQLite: whether at least DENSE_MATCHES leads match (reads at most that many rowids of the index). */
  const isDense = async (words: string[]): Promise<boolean> => {
    if (provider !== 'sqlite' || words.length === 0) return false;
    const rows = await read('search the inbox', sql<{ n: number }>`select count(*) as n from (select rowid from inbox_search_fts where inbox_search_fts match ${ftsQuery(words)} limit ${DENSE_MATCHES})`.compile(db));
    return Number(rows[0]?.n ?? 0) >= DENSE_MATCHES;
  };

  return {
    async list(filter = {}) {
      const size = Math.max(1, Math.min(INBOX_PAGE_MAX, Math.trunc(filter.limit ?? INBOX_PAGE_SIZE) || INBOX_PAGE_SIZE));
      const words = searchWords(filter.search ?? '');
      const dense = await isDense(words);
      const orderSearch = words.length === 0 ? sql`1 = 1` : matching('order', 'o', words, dense);
      const quoteSearch = words.length === 0 ? sql`1 = 1` : matching('quote', 'r', words, dense);
      // Each kind is filtered, ordered and cut to the page in its own branch, so each walks its
      // created_at index and stops at the page; the union then merges two short lists.
      const branchWhere = (kind: RequestKind, at: RawBuilder<unknown>, id: RawBuilder<unknown>, search: RawBuilder<unknown>): RawBuilder<unknown> => {
        const where: RawBuilder<unknown>[] = [search];
        if (filter.state) where.push(sql`coalesce(i.state, 'new') = ${filter.state}`);
        if (filter.assigneeId) where.push(sql`i.assignee_id = ${filter.assigneeId}`);
        if (cursor) {
          const [, cursorAt, cursorKind, cursorId] = cursor;
          where.push(sql`(${at} < ${cursorAt} or (${at} = ${cursorAt} and (${kind} < ${cursorKind} or (${kind} = ${cursorKind} and ${id} < ${cursorId}))))`);
        }
        return sql.join(where, sql` and `);
      };
      const cursor = filter.before ? CURSOR.exec(filter.before) : null;
      if (filter.before && !cursor) throw new RangeError(`not an inbox cursor: ${filter.before.slice(0, 80)}`);
      const query = sql<{ kind: string; id: string; created_at: string; name: string | null; email: string | null; phone: string | null; company: string | null; note: string | null; total_cents: number | null; state: string; lost_reason: string | null; assignee_id: string | null; erased_at: string | null }>`
select leads.* from (
  select * from (
    select 'order' as kind, o.id as id, o.created_at as created_at, o.contact_name as name, o.contact_email as email, o.contact_phone as phone,
      o.contact_company as company, o.contact_note as note, o.total_cents as total_cents, coalesce(i.state, 'new') as state, i.lost_reason as lost_reason, i.assignee_id as assignee_id, o.erased_at as erased_at
    from order_requests o left join inbox_items i on i.kind = 'order' and i.request_id = o.id
    where ${branchWhere('order', sql`o.created_at`, sql`o.id`, orderSearch)}
    order by o.created_at desc, o.id desc
    limit ${size + 1}
  ) orders
  union all
  select * from (
    select 'quote' as kind, r.id as id, r.created_at as created_at, ${quoteField('name')} as name, ${quoteField('email')} as email, ${quoteField('phone')} as phone,
      ${quoteField('company')} as company, cast(null as text) as note, cast(null as bigint) as total_cents, coalesce(i.state, 'new') as state, i.lost_reason as lost_reason, i.assignee_id as assignee_id, r.erased_at as erased_at
    from rfq_submissions r left join inbox_items i on i.kind = 'quote' and i.request_id = r.id
    where ${branchWhere('quote', sql`r.created_at`, sql`r.id`, quoteSearch)}
    order by r.created_at desc, r.id desc
    limit ${size + 1}
  ) quotes
) leads
order by leads.created_at desc, leads.kind desc, leads.id desc
limit ${size + 1}`;
      const rows = await read('read the inbox', query.compile(db));
      const page = rows.slice(0, size);
      const last = page[page.length - 1];
      return {
        leads: page.map((row) => ({
          kind: row.kind === 'order' ? 'order' : 'quote',
          id: row.id,
          createdAt: fromDbDateTime(row.created_at),
          name: row.name ?? '',
          email: row.email ?? '',
          phone: row.phone,
          company: row.company,
          note: row.note,
          totalCents: row.total_cents === null ? null : Number(row.total_cents),
          status: toStatus(row),
          erasedAt: row.erased_at === null ? null : fromDbDateTime(row.erased_at),
        })),
        nextBefore: rows.length > size && last ? `${last.created_at}|${last.kind}|${last.id}` : null,
      };
    },

    async statuses(kind, ids) {
      const found = new Map<string, InboxStatus>();
      if (ids.length > 0) {
        const rows = await read('read the inbox', db.selectFrom('inbox_items').selectAll().where('kind', '=', kind).where('request_id', 'in', ids));
        for (const row of rows) found.set(row.request_id, toStatus(row));
      }
      return new Map(ids.map((id) => [id, found.get(id) ?? { ...NEW }]));
    },

    async setState(kind, id, { state, lostReason, staffId, at }) {
      if (!isInboxState(state)) throw new RangeError(`unknown inbox state ${String(state)}`);
      const reason = lostReason?.trim() || null;
      if (state === 'lost' && !reason) throw new RangeError('a lost request needs a reason');
      await transact('change the request\'s state', function* () {
        const before = toStatus((yield currentOf(kind, id)).rows[0]);
        yield upsert(kind, id, { ...before, state, lostReason: state === 'lost' ? reason : null }, at);
        yield event(kind, id, 'state', staffId, at, state === 'lost' ? { from: before.state, to: state, reason } : { from: before.state, to: state });
      });
    },

    async assign(kind, id, { assigneeId, staffId, at }) {
      await transact('assign the request', function* () {
        const before = toStatus((yield currentOf(kind, id)).rows[0]);
        yield upsert(kind, id, { ...before, assigneeId }, at);
        yield event(kind, id, 'assign', staffId, at, { from: before.assigneeId, to: assigneeId });
      });
    },

    async addNote(kind, id, { text, staffId, at }) {
      const trimmed = text.trim();
      if (!trimmed) throw new RangeError('a note needs text');
      await transact('add the note', function* () {
        yield event(kind, id, 'note', staffId, at, { text: trimmed });
      });
    },

    async timeline(kind, id) {
      const rows = await read('read the timeline', db.selectFrom('request_events').selectAll().where('request_kind', '=', kind).where('request_id', '=', id).orderBy('at').orderBy('id'));
      return rows.map((row) => ({ id: Number(row.id), at: fromDbDateTime(row.at), staffId: row.staff_id, event: row.event as RequestEventKind, detail: JSON.parse(row.detail) as Record<string, unknown> }));
    },
  };
}
