// The notifications' outbox: rows written in the same transaction as the record they tell of, then
// claimed, tried and settled by the console's delivery loop. Every try is kept in outbox_attempts.
import { randomBytes } from 'node:crypto';
import { sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import { fromDbDateTime, toDbDateTime, type Statement, type StorageDatabase, type WriteOutcome } from '../database';
import type { DB } from '../db-types';
import { clampListLimit, type OutboxEvent, type OutboxTargets } from '../records';

/** The events a new request raises: the ones mailed to the shop (when SMTP is set). */
export const MAILED_EVENT_TYPES: readonly string[] = ['order_request.created', 'rfq_submission.created'];

export type OutboxState = 'pending' | 'sent' | 'dead';

export interface OutboxRowRecord {
  id: string;
  eventType: string;
  kind: 'email' | 'webhook';
  target: string;
  subject: string;
  payload: string;
  state: OutboxState;
  /** Tries in the current schedule (an owner's retry starts it again). */
  attempts: number;
  nextAttemptAt: Date | null;
  createdAt: Date;
  sentAt: Date | null;
  lastError: string | null;
}

export interface OutboxAttemptRecord {
  rowId: string;
  /** 1 for the row's first try, counting on across an owner's retries. */
  attempt: number;
  outcome: 'ok' | 'retry' | 'dead';
  status: number | null;
  error: string | null;
  response: string | null;
  durationMs: number;
  at: Date;
}

/** What one try came to, as the loop stores it. */
export interface OutboxSettlement {
  outcome: 'ok' | 'retry' | 'dead';
  status: number | null;
  error: string | null;
  response: string | null;
  durationMs: number;
  attemptedAt: Date;
  /** The row's tries after this one. */
  attempts: number;
  /** When to try again; null when sent or dead. */
  nextAttemptAt: Date | null;
}

export interface OutboxRepository {
  /**
   * Rows due at `now`, claimed for `claimMs` by `claimant`: no other claimant gets them meanwhile.
   * With `perTarget`, no target gets more rows than that under claim at once (counting the claims
   * already held on it), so one endpoint that hangs cannot take every slot.
   */
  claimDue(claimant: string, now: Date, options: { limit: number; claimMs: number; perTarget?: number }): Promise<OutboxRowRecord[]>;
  /** Stores the try and the row's new state in one write; false when the claim was lost (nothing stored). */
  settle(row: { id: string; attempts: number }, claimant: string, settlement: OutboxSettlement): Promise<boolean>;
  /**
   * Extends the claimant's claims on these rows (still pending, still its own) to `until`: the
   * lease of a try under way, renewed while it runs. Gives the rows renewed; a row another
   * claimant took over after the lease ran out is not renewed.
   */
  renew(claimant: string, ids: readonly string[], until: Date): Promise<number>;
  /** Gives back the claimant's rows not settled (a stop before their try). */
  release(claimant: string): Promise<number>;
  /** A dead row pending again, due now, with a fresh schedule; false when it is not dead. */
  retry(id: string, now: Date): Promise<boolean>;
  /** Newest first. */
  list(options?: { limit?: number; state?: OutboxState | null }): Promise<OutboxRowRecord[]>;
  get(id: string): Promise<{ row: OutboxRowRecord; attempts: OutboxAttemptRecord[] } | null>;
  /** The rows about one subject (`order/or_...`), oldest first. */
  forSubject(subject: string): Promise<OutboxRowRecord[]>;
  /** When the next pending row is due, null when none is. */
  nextDue(): Promise<Date | null>;
}

function newRowId(): string {
  return `ob_${randomBytes(12).toString('hex')}`;
}

const text = (value: string): RawBuilder<string> => sql<string>`cast(${value} as text)`;

/** A date as a value of a SELECT list: PostgreSQL types such a constant as text, which a timestamp column refuses. */
function timeValue(provider: StorageDatabase['provider']): (date: Date) => RawBuilder<string> {
  return (date) => (provider === 'postgresql' ? sql<string>`cast(${toDbDateTime(date)} as timestamp(3))` : sql<string>`${toDbDateTime(date)}`);
}

const webhookSubscribed = (type: string) => sql<boolean>`(',' || ${sql.ref('webhook_endpoints.events')} || ',') like ${`%,${type},%`}`;

/**
 * The outbox rows of an event, as statements to run in the record's own write unit: an e-mail row
 * (mailed events, when mail is set) and a row per enabled endpoint subscribed to it. The endpoints
 * are read by the statement itself, inside the transaction. `exists` names the record: the rows are
 * written only if it is there (an insert that found its idempotency key taken wrote nothing).
 */
export function outboxStatements(
  database: Pick<StorageDatabase, 'db' | 'provider'>,
  event: OutboxEvent,
  targets: OutboxTargets,
  exists: { table: 'rfq_submissions' | 'handoffs'; id: string },
): Compilable[] {
  const { db, provider } = database;
  const base = newRowId();
  const time = timeValue(provider);
  const columns = ['id', 'event_type', 'payload', 'kind', 'target', 'subject', 'next_attempt_at', 'created_at'] as const;
  const common = (kind: string) => [
    text(event.type).as('event_type'),
    text(event.payload).as('payload'),
    text(kind).as('kind'),
  ];
  const statements: Compilable[] = [];
  if (targets.mailTo !== null && MAILED_EVENT_TYPES.includes(event.type)) {
    statements.push(
      db
        .insertInto('outbox')
        .columns(columns)
        .expression(
          db
            .selectFrom(exists.table)
            .select([
              text(`${base}.mail`).as('id'),
              ...common('email'),
              text(targets.mailTo).as('target'),
              text(event.subject).as('subject'),
              time(event.createdAt).as('next_attempt_at'),
              time(event.createdAt).as('created_at'),
            ])
            .where('id', '=', exists.id),
        ),
    );
  }
  statements.push(
    db
      .insertInto('outbox')
      .columns(columns)
      .expression(
        db
          .selectFrom('webhook_endpoints')
          .select([
            sql<string>`${text(`${base}.`)} || ${sql.ref('webhook_endpoints.id')}`.as('id'),
            ...common('webhook'),
            'webhook_endpoints.id as target',
            text(event.subject).as('subject'),
            time(event.createdAt).as('next_attempt_at'),
            time(event.createdAt).as('created_at'),
          ])
          .where('webhook_endpoints.disabled_at', 'is', null)
          .where(webhookSubscribed(event.type))
          .where((eb) => eb.exists(eb.selectFrom(exists.table).select('id').where('id', '=', exists.id))),
      ),
  );
  return statements;
}

/**
 * The outbox rows of an event as part of a `transact` unit (order requests, a price book's
 * publication), run after the record's own write: `yield* outboxUnit(db, event, targets)`. The
 * endpoints are read inside the unit (on SQLite the group commit already holds the write lock, so
 * no read lock is upgraded), then the rows inserted. Gives the number of rows written.
 */
export function* outboxUnit(db: Kysely<DB>, event: OutboxEvent, targets: OutboxTargets): Generator<Statement, number, WriteOutcome> {
  const base = newRowId();
  const endpoints = yield db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('disabled_at', 'is', null)
    .where(webhookSubscribed(event.type))
    .orderBy('id');
  const at = toDbDateTime(event.createdAt);
  const row = (id: string, kind: string, target: string) => ({ id, event_type: event.type, payload: event.payload, kind, target, subject: event.subject, next_attempt_at: at, created_at: at });
  const rows = [
    ...(targets.mailTo !== null && MAILED_EVENT_TYPES.includes(event.type) ? [row(`${base}.mail`, 'email', targets.mailTo)] : []),
    ...endpoints.rows.map((endpoint) => {
      const id = String(endpoint['id']);
      return row(`${base}.${id}`, 'webhook', id);
    }),
  ];
  if (rows.length > 0) yield db.insertInto('outbox').values(rows);
  return rows.length;
}

type RowColumns = {
  id: string;
  event_type: string;
  kind: string;
  target: string;
  subject: string;
  payload: string;
  state: string;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
};

const ROW_COLUMNS = ['id', 'event_type', 'kind', 'target', 'subject', 'payload', 'state', 'attempts', 'next_attempt_at', 'created_at', 'sent_at', 'last_error'] as const;

function toRow(row: RowColumns): OutboxRowRecord {
  return {
    id: row.id,
    eventType: row.event_type,
    kind: row.kind === 'email' ? 'email' : 'webhook',
    target: row.target,
    subject: row.subject,
    payload: row.payload,
    state: row.state === 'sent' || row.state === 'dead' ? row.state : 'pending',
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at === null ? null : fromDbDateTime(row.next_attempt_at),
    createdAt: fromDbDateTime(row.created_at),
    sentAt: row.sent_at === null ? null : fromDbDateTime(row.sent_at),
    lastError: row.last_error,
  };
}

export function createOutboxRepository({ db, provider, read, write, guard }: StorageDatabase): OutboxRepository {
  const time = timeValue(provider);
  return {
    async claimDue(claimant, now, { limit, claimMs, perTarget }) {
      const at = toDbDateTime(now);
      let due = db
        .selectFrom('outbox')
        .select('id')
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
        .orderBy('next_attempt_at')
        .limit(limit);
      if (perTarget !== undefined) {
        // Each due row's place among its target's due rows, plus the claims its target holds now:
        // only the rows that keep the target within perTarget. The window stays in a subquery so
        // PostgreSQL can still lock the outer rows.
        const ranked = db
          .selectFrom('outbox as o')
          .select((eb) => [
            'o.id',
            eb.fn.agg<number>('row_number').over((ob) => ob.partitionBy('o.target').orderBy('o.next_attempt_at').orderBy('o.id')).as('place'),
            eb
              .selectFrom('outbox as c')
              .select((inner) => inner.fn.countAll<number>().as('n'))
              .whereRef('c.target', '=', 'o.target')
              .where('c.state', '=', 'pending')
              .where('c.claimed_until', '>', at)
              .as('held'),
          ])
          .where('o.state', '=', 'pending')
          .where('o.next_attempt_at', '<=', at)
          .where((eb) => eb.or([eb('o.claimed_until', 'is', null), eb('o.claimed_until', '<=', at)]));
        const within = db
          .selectFrom(ranked.as('r'))
          .select('r.id')
          .where(sql<number>`${sql.ref('r.place')} + ${sql.ref('r.held')}`, '<=', perTarget);
        due = due.where('id', 'in', within);
      }
      // PostgreSQL: rows another process is claiming are passed over, not waited for. SQLite runs
      // one writer at a time, so the UPDATE with its subquery is the claim by itself.
      if (provider === 'postgresql') due = due.forUpdate().skipLocked();
      const [outcome] = await guard('claim the due notifications', () =>
        write([
          db
            .updateTable('outbox')
            .set({ claimed_by: claimant, claimed_until: toDbDateTime(new Date(now.getTime() + claimMs)) })
            .where('id', 'in', due)
            .where('state', '=', 'pending')
            .returning(ROW_COLUMNS),
        ]),
      );
      const rows = (outcome?.rows ?? []) as RowColumns[];
      return rows.map(toRow).sort((a, b) => (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || a.id.localeCompare(b.id));
    },

    async settle(row, claimant, s) {
      const state = s.outcome === 'ok' ? 'sent' : s.outcome === 'dead' ? 'dead' : 'pending';
      // Both statements hold only while this claimant still has the row with the tries it was
      // claimed with: the try is kept first (its number counting on across retries), then the row
      // settled and its claim cleared. PostgreSQL locks the row at the first, so the second sees it
      // unchanged; SQLite runs the unit alone.
      let keptTry = db
        .selectFrom('outbox')
        .select((eb) => [
          'outbox.id as row_id',
          eb.selectFrom('outbox_attempts').select(sql<number>`count(*) + 1`.as('n')).where('row_id', '=', row.id).as('attempt'),
          sql<string>`cast(${s.outcome} as text)`.as('outcome'),
          sql<number | null>`cast(${s.status} as integer)`.as('status'),
          sql<string | null>`cast(${s.error} as text)`.as('error'),
          sql<string | null>`cast(${s.response} as text)`.as('response'),
          sql<number>`cast(${Math.round(s.durationMs)} as integer)`.as('duration_ms'),
          time(s.attemptedAt).as('at'),
        ])
        .where('outbox.id', '=', row.id)
        .where('outbox.claimed_by', '=', claimant)
        .where('outbox.attempts', '=', row.attempts)
        .where('outbox.state', '=', 'pending');
      if (provider === 'postgresql') keptTry = keptTry.forUpdate();
      const [, updated] = await guard('store the notification try', () =>
        write([
          db.insertInto('outbox_attempts').columns(['row_id', 'attempt', 'outcome', 'status', 'error', 'response', 'duration_ms', 'at']).expression(keptTry),
          db
            .updateTable('outbox')
            .set({
              state,
              attempts: s.attempts,
              next_attempt_at: s.nextAttemptAt === null ? null : toDbDateTime(s.nextAttemptAt),
              sent_at: s.outcome === 'ok' ? toDbDateTime(s.attemptedAt) : null,
              last_error: s.error,
              claimed_by: null,
              claimed_until: null,
            })
            .where('id', '=', row.id)
            .where('claimed_by', '=', claimant)
            .where('attempts', '=', row.attempts)
            .where('state', '=', 'pending'),
        ]),
      );
      return (updated?.changes ?? 0) === 1;
    },

    async renew(claimant, ids, until) {
      if (ids.length === 0) return 0;
      const [outcome] = await guard('renew the claims on the notifications under way', () =>
        write([
          db
            .updateTable('outbox')
            .set({ claimed_until: toDbDateTime(until) })
            .where('claimed_by', '=', claimant)
            .where('state', '=', 'pending')
            .where('id', 'in', [...ids]),
        ]),
      );
      return outcome?.changes ?? 0;
    },

    async release(claimant) {
      const [outcome] = await guard('give back the claimed notifications', () =>
        write([db.updateTable('outbox').set({ claimed_by: null, claimed_until: null }).where('claimed_by', '=', claimant).where('state', '=', 'pending')]),
      );
      return outcome?.changes ?? 0;
    },

    async retry(id, now) {
      const [outcome] = await guard('retry the notification', () =>
        write([
          db
            .updateTable('outbox')
            .set({ state: 'pending', attempts: 0, next_attempt_at: toDbDateTime(now), claimed_by: null, claimed_until: null })
            .where('id', '=', id)
            .where('state', '=', 'dead'),
        ]),
      );
      return (outcome?.changes ?? 0) === 1;
    },

    async list(options = {}) {
      let query = db.selectFrom('outbox').select(ROW_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(clampListLimit(options.limit));
      if (options.state) query = query.where('state', '=', options.state);
      const rows = await guard('list the notifications', () => read(query));
      return rows.map(toRow);
    },

    async get(id) {
      const [row] = await guard('read the notification', () => read(db.selectFrom('outbox').select(ROW_COLUMNS).where('id', '=', id)));
      if (!row) return null;
      const attempts = await guard('read the notification tries', () =>
        read(db.selectFrom('outbox_attempts').selectAll().where('row_id', '=', id).orderBy('attempt')),
      );
      return {
        row: toRow(row),
        attempts: attempts.map((a) => ({
          rowId: a.row_id,
          attempt: Number(a.attempt),
          outcome: a.outcome === 'ok' || a.outcome === 'dead' ? a.outcome : 'retry',
          status: a.status === null ? null : Number(a.status),
          error: a.error,
          response: a.response,
          durationMs: Number(a.duration_ms),
          at: fromDbDateTime(a.at),
        })),
      };
    },

    async forSubject(subject) {
      const rows = await guard('read the notifications', () =>
        read(db.selectFrom('outbox').select(ROW_COLUMNS).where('subject', '=', subject).orderBy('created_at').orderBy('id')),
      );
      return rows.map(toRow);
    },

    async nextDue() {
      const [row] = await guard('read the next notification due', () =>
        read(db.selectFrom('outbox').select((eb) => eb.fn.min('next_attempt_at').as('next')).where('state', '=', 'pending')),
      );
      const next = (row as { next: string | null } | undefined)?.next ?? null;
      return next === null ? null : fromDbDateTime(next);
    },
  };
}
