// The console's inbox over either database: where the shop stands on each lead (an order request or
// a quote request) and its timeline. A lead without a row is `new`; timeline rows are only added.
import type { ColumnType, Generated, Kysely } from 'kysely';
import { dateFromDb, dateToDb } from './console-dates';

export const INBOX_STATES = ['new', 'in_progress', 'quoted', 'won', 'lost', 'closed'] as const;
export type InboxState = (typeof INBOX_STATES)[number];
/** `order`: an order request; `quote`: a quote request (an rfq submission). */
export type RequestKind = 'order' | 'quote';
export type RequestEventKind = 'state' | 'note' | 'assign';

interface InboxItemsTable {
  kind: string;
  request_id: string;
  state: string;
  lost_reason: string | null;
  assignee_id: string | null;
  updated_at: ColumnType<string | Date, string, string>;
}

interface RequestEventsTable {
  id: Generated<number>;
  request_kind: ColumnType<string, string, never>;
  request_id: ColumnType<string, string, never>;
  at: ColumnType<string | Date, string, never>;
  staff_id: ColumnType<string | null, string | null, never>;
  event: ColumnType<string, string, never>;
  detail: ColumnType<string, string, never>;
}

export interface InboxTables {
  inbox_items: InboxItemsTable;
  request_events: RequestEventsTable;
}

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

export interface InboxRepository {
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

/** `database`: any Kysely whose tables include these (the console's whole database type). */
export function createInboxRepository<DB extends InboxTables>(database: Kysely<DB>): InboxRepository {
  // Kysely's database type is invariant; the constraint above is what makes this narrowing safe.
  const db = database as unknown as Kysely<InboxTables>;

  async function current(trx: Kysely<InboxTables>, kind: RequestKind, id: string): Promise<InboxStatus> {
    const row = await trx.selectFrom('inbox_items').selectAll().where('kind', '=', kind).where('request_id', '=', id).executeTakeFirst();
    return row ? { state: row.state as InboxState, lostReason: row.lost_reason, assigneeId: row.assignee_id } : { ...NEW };
  }

  async function write(trx: Kysely<InboxTables>, kind: RequestKind, id: string, status: InboxStatus, at: Date): Promise<void> {
    await trx
      .insertInto('inbox_items')
      .values({ kind, request_id: id, state: status.state, lost_reason: status.lostReason, assignee_id: status.assigneeId, updated_at: dateToDb(at) })
      .onConflict((conflict) =>
        conflict.columns(['kind', 'request_id']).doUpdateSet({ state: status.state, lost_reason: status.lostReason, assignee_id: status.assigneeId, updated_at: dateToDb(at) }),
      )
      .execute();
  }

  async function addEvent(trx: Kysely<InboxTables>, kind: RequestKind, id: string, event: RequestEventKind, staffId: string | null, at: Date, detail: Record<string, unknown>): Promise<void> {
    await trx.insertInto('request_events').values({ request_kind: kind, request_id: id, at: dateToDb(at), staff_id: staffId, event, detail: JSON.stringify(detail) }).execute();
  }

  return {
    async statuses(kind, ids) {
      const found = new Map<string, InboxStatus>();
      if (ids.length > 0) {
        const rows = await db.selectFrom('inbox_items').selectAll().where('kind', '=', kind).where('request_id', 'in', ids).execute();
        for (const row of rows) found.set(row.request_id, { state: row.state as InboxState, lostReason: row.lost_reason, assigneeId: row.assignee_id });
      }
      return new Map(ids.map((id) => [id, found.get(id) ?? { ...NEW }]));
    },

    async setState(kind, id, { state, lostReason, staffId, at }) {
      if (!isInboxState(state)) throw new RangeError(`unknown inbox state ${String(state)}`);
      const reason = lostReason?.trim() || null;
      if (state === 'lost' && !reason) throw new RangeError('a lost request needs a reason');
      await db.transaction().execute(async (trx) => {
        const before = await current(trx, kind, id);
        await write(trx, kind, id, { ...before, state, lostReason: state === 'lost' ? reason : null }, at);
        await addEvent(trx, kind, id, 'state', staffId, at, state === 'lost' ? { from: before.state, to: state, reason } : { from: before.state, to: state });
      });
    },

    async assign(kind, id, { assigneeId, staffId, at }) {
      await db.transaction().execute(async (trx) => {
        const before = await current(trx, kind, id);
        await write(trx, kind, id, { ...before, assigneeId }, at);
        await addEvent(trx, kind, id, 'assign', staffId, at, { from: before.assigneeId, to: assigneeId });
      });
    },

    async addNote(kind, id, { text, staffId, at }) {
      const trimmed = text.trim();
      if (!trimmed) throw new RangeError('a note needs text');
      await addEvent(db, kind, id, 'note', staffId, at, { text: trimmed });
    },

    async timeline(kind, id) {
      const rows = await db.selectFrom('request_events').selectAll().where('request_kind', '=', kind).where('request_id', '=', id).orderBy('at').orderBy('id').execute();
      return rows.map((row) => ({ id: Number(row.id), at: dateFromDb(row.at), staffId: row.staff_id, event: row.event as RequestEventKind, detail: JSON.parse(row.detail) as Record<string, unknown> }));
    },
  };
}
