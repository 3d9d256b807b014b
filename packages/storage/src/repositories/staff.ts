// Staff accounts, their sessions and their one-time welcome links, over the storage's database.
// Session and welcome ids are SHA-256 hashes of the tokens the browser holds: the tokens are never
// stored.
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { fromDbDateTime, toDbDateTime, type Statement, type WriteOutcome } from '../database';
import type { SignInCounter, Staff, StaffSession } from '../db-types';
import type { StorageAccess } from '../storage';

export type StaffRole = 'owner' | 'staff';

export interface StaffRecord {
  id: string;
  /** Lower-cased. */
  email: string;
  name: string;
  role: StaffRole;
  /** argon2id; null until a password is set. */
  passwordHash: string | null;
  createdAt: Date;
  disabledAt: Date | null;
}

export interface StaffSessionRecord {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  staffId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string;
}

export interface NewStaff {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
  createdAt: Date;
}

/** Which tries a counter counts (see the SignInCounter model). */
export type SignInCounterKind = 'pair' | 'address' | 'account' | 'welcome';

export interface SignInCounterKey {
  kind: SignInCounterKind;
  /** The e-mail tried; '' for `address` and `welcome`. */
  subject: string;
  /** The address tried from; '' for `account`. */
  ip: string;
}

/** A counter and its rule: at most `limit` tries a window; with `backoffMs`, a wait after each. */
export interface SignInCounterRule extends SignInCounterKey {
  limit: number;
  /**
   * The wait before the next try after the n-th try of a window is `backoffMs(n)` (0: none). It is
   * written into the row with the try, so the check of the next one is a comparison in the database.
   */
  backoffMs?: (tries: number) => number;
}

export type SignInReservation =
  | { reserved: true }
  /** `waitMs` until that counter allows a try; `firstRefusal` when it is the window's first refused one. */
  | { reserved: false; counter: SignInCounterKey; waitMs: number; firstRefusal: boolean };

export interface SignInCounterRecord extends SignInCounterKey {
  failures: number;
  windowStartedAt: Date;
  nextTryAt: Date;
  refusals: number;
}

/** The most tries a back-off is spelled out for; past it the last wait holds. */
const BACKOFF_STEPS = 64;

export interface StaffRepository {
  /** Adds a person; null when the e-mail (compared lower-cased) is already someone's. */
  add(staff: NewStaff): Promise<StaffRecord | null>;
  findById(id: string): Promise<StaffRecord | null>;
  findByEmail(email: string): Promise<StaffRecord | null>;
  /** Everyone, disabled included, by e-mail. */
  list(): Promise<StaffRecord[]>;
  /** Sets the password hash and ends every session of the person but `keepSessionId`. */
  setPassword(staffId: string, passwordHash: string, keepSessionId: string | null): Promise<void>;
  /**
   * Disables the person and ends their sessions: `no_change` when already disabled or unknown,
   * `last_owner` (nothing done) when no other enabled owner would be left. Two owners disabling
   * each other at once leave one.
   */
  disable(staffId: string, at: Date): Promise<'disabled' | 'no_change' | 'last_owner'>;
  /** Enables a disabled person again; false when not disabled or unknown. */
  enable(staffId: string): Promise<boolean>;
  /**
   * Gives the person a new welcome link (earlier unused ones stop working); with `resetPassword`
   * their password is cleared and their sessions end in the same transaction.
   */
  replaceWelcomeToken(token: { id: string; staffId: string; expiresAt: Date }, now: Date, resetPassword: boolean): Promise<void>;

  /**
   * Reserves one try on every counter, atomically, before the password is checked: each counter's
   * conditional upsert counts the try only while its rule allows it, so parallel tries cannot pass
   * a limit. When one refuses, the counters reserved before it are given back in the same
   * transaction and the refusal is counted on it.
   */
  reserveSignIn(rules: SignInCounterRule[], now: Date, windowMs: number): Promise<SignInReservation>;
  /** Gives back a reserved try (a right password, a welcome link that exists). */
  releaseSignIn(keys: SignInCounterKey[]): Promise<void>;
  /** Deletes the counters of an e-mail (every address's and the account's); how many there were. */
  clearSignInCounts(email: string): Promise<number>;
  /** The counters still in their window or back-off, of these e-mails (every e-mail when null). */
  listSignInCounts(emails: string[] | null, now: Date, windowMs: number): Promise<SignInCounterRecord[]>;
  /** Deletes counters past their window and back-off. */
  deleteStaleSignInCounts(now: Date, windowMs: number): Promise<number>;

  createSession(session: StaffSessionRecord): Promise<void>;
  /** The session and its person, or null when there is none (expiry is the caller's to judge). */
  findSession(id: string): Promise<{ session: StaffSessionRecord; staff: StaffRecord } | null>;
  touchSession(id: string, at: Date): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends the person's sessions but `keepSessionId`; returns how many ended. */
  deleteSessionsOf(staffId: string, keepSessionId: string | null): Promise<number>;
  /** Deletes sessions past their absolute end or idle since before `idleBefore`. */
  deleteStaleSessions(now: Date, idleBefore: Date): Promise<number>;

  createWelcomeToken(token: { id: string; staffId: string; expiresAt: Date }): Promise<void>;
  /** The person an unused, unexpired welcome token is for. */
  findWelcomeToken(id: string, now: Date): Promise<StaffRecord | null>;
  /**
   * Uses the token up and sets the password, in one transaction, ending the person's sessions;
   * null when the token is unknown, used or expired (a second use finds it used).
   */
  setPasswordWithWelcomeToken(id: string, passwordHash: string, now: Date): Promise<StaffRecord | null>;
}

function toStaff(row: Selectable<Staff>): StaffRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'owner' ? 'owner' : 'staff',
    passwordHash: row.password_hash,
    createdAt: fromDbDateTime(row.created_at),
    disabledAt: row.disabled_at === null ? null : fromDbDateTime(row.disabled_at),
  };
}

function toSession(row: Selectable<StaffSession>): StaffSessionRecord {
  return {
    id: row.id,
    staffId: row.staff_id,
    createdAt: fromDbDateTime(row.created_at),
    lastSeenAt: fromDbDateTime(row.last_seen_at),
    expiresAt: fromDbDateTime(row.expires_at),
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

function toCounter(row: Selectable<SignInCounter>): SignInCounterRecord {
  return {
    kind: row.kind as SignInCounterKind,
    subject: row.subject,
    ip: row.ip,
    failures: Number(row.failures),
    windowStartedAt: new Date(Number(row.window_start_ms)),
    nextTryAt: new Date(Number(row.next_try_ms)),
    refusals: Number(row.refusals),
  };
}

/** A whole number of milliseconds as a 64-bit integer on both databases (a bare parameter is text to PostgreSQL in a CASE). */
function ms(value: number): RawBuilder<number> {
  return sql<number>`CAST(${Math.trunc(value)} AS BIGINT)`;
}

/** Every write is one unit through `storage.transact` (on SQLite, the group commit). */
export function createStaffRepository(storage: StorageAccess): StaffRepository {
  const { db, read, transact } = storage;

  const findById = async (id: string): Promise<StaffRecord | null> => {
    const [row] = await read('read the staff member', db.selectFrom('staff').selectAll().where('id', '=', id));
    return row ? toStaff(row) : null;
  };

  const endSessions = (staffId: string, keepSessionId: string | null) => {
    let query = db.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
    if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
    return query;
  };

  /** Runs single statements as a unit of their own; the outcome of each. */
  const run = (action: string, ...statements: Statement[]): Promise<WriteOutcome[]> =>
    transact(action, function* () {
      const outcomes: WriteOutcome[] = [];
      for (const statement of statements) outcomes.push(yield statement);
      return outcomes;
    });

  return {
    async add(staff) {
      const [outcome] = await run(
        'add the staff member',
        db
          .insertInto('staff')
          .values({
            id: staff.id,
            email: staff.email.toLowerCase(),
            name: staff.name,
            role: staff.role,
            password_hash: staff.passwordHash,
            created_at: toDbDateTime(staff.createdAt),
            disabled_at: null,
          })
          .onConflict((conflict) => conflict.column('email').doNothing()),
      );
      if (outcome?.changes !== 1) return null;
      return findById(staff.id);
    },

    findById,

    async findByEmail(email) {
      const [row] = await read('read the staff member', db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()));
      return row ? toStaff(row) : null;
    },

    async list() {
      const rows = await read('read the staff', db.selectFrom('staff').selectAll().orderBy('email'));
      return rows.map(toStaff);
    },

    async setPassword(staffId, passwordHash, keepSessionId) {
      await run('set the password', db.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', staffId), endSessions(staffId, keepSessionId));
    },

    disable(staffId, at) {
      const owners = db.selectFrom('staff').select('id').where('role', '=', 'owner').where('disabled_at', 'is', null);
      // PostgreSQL: the enabled owners' rows stay locked until the end, so a second disabling waits
      // and then counts without the first one's; SQLite's group commit runs one unit at a time.
      const lockedOwners = storage.provider === 'postgresql' ? owners.orderBy('id').forUpdate() : owners;
      return transact('disable the staff member', function* () {
        const [target] = (yield db.selectFrom('staff').select(['role', 'disabled_at']).where('id', '=', staffId)).rows;
        if (!target || target.disabled_at !== null) return 'no_change' as const;
        if (target.role === 'owner') {
          const enabled = (yield lockedOwners).rows.map((row) => row.id);
          if (!enabled.some((id) => id !== staffId)) return 'last_owner' as const;
        }
        const disabled = yield db.updateTable('staff').set({ disabled_at: toDbDateTime(at) }).where('id', '=', staffId).where('disabled_at', 'is', null);
        if (disabled.changes === 0) return 'no_change' as const;
        yield endSessions(staffId, null);
        return 'disabled' as const;
      });
    },

    async enable(staffId) {
      const [outcome] = await run('enable the staff member', db.updateTable('staff').set({ disabled_at: null }).where('id', '=', staffId).where('disabled_at', 'is not', null));
      return outcome?.changes === 1;
    },

    async replaceWelcomeToken(token, now, resetPassword) {
      const earlier = db.updateTable('staff_welcome_tokens').set({ used_at: toDbDateTime(now) }).where('staff_id', '=', token.staffId).where('used_at', 'is', null);
      const insert = db.insertInto('staff_welcome_tokens').values({ id: token.id, staff_id: token.staffId, expires_at: toDbDateTime(token.expiresAt), used_at: null });
      if (!resetPassword) {
        await run('give a new welcome link', earlier, insert);
        return;
      }
      await run('reset the password', earlier, insert, db.updateTable('staff').set({ password_hash: null }).where('id', '=', token.staffId), endSessions(token.staffId, null));
    },

    reserveSignIn(rules, now, windowMs) {
      const nowMs = now.getTime();
      const keyOf = (key: SignInCounterKey) => ({ kind: key.kind, subject: key.subject, ip: key.ip });
      const reserve = (rule: SignInCounterRule) => {
        const backoff = rule.backoffMs ?? (() => 0);
        // The row's window has ended: this try opens a new one.
        const expired = sql<boolean>`sign_in_counters.window_start_ms <= ${ms(nowMs - windowMs)}`;
        // The wait the n-th try of the window sets, spelled out per n (the same SQL on both databases).
        const steps = Array.from({ length: BACKOFF_STEPS }, (_, index) => index + 1).filter((tries) => backoff(tries) > 0);
        const nextTry =
          steps.length === 0
            ? ms(nowMs)
            : sql<number>`CASE WHEN ${expired} THEN ${ms(nowMs + backoff(1))} ${sql.join(
                steps.map((tries) =>
                  tries === BACKOFF_STEPS
                    ? sql`WHEN sign_in_counters.failures + 1 >= ${sql.lit(tries)} THEN ${ms(nowMs + backoff(tries))}`
                    : sql`WHEN sign_in_counters.failures + 1 = ${sql.lit(tries)} THEN ${ms(nowMs + backoff(tries))}`,
                ),
                sql` `,
              )} ELSE ${ms(nowMs)} END`;
        return db
          .insertInto('sign_in_counters')
          .values({ ...keyOf(rule), failures: 1, window_start_ms: ms(nowMs), next_try_ms: ms(nowMs + backoff(1)), refusals: 0 })
          .onConflict((conflict) =>
            conflict
              .columns(['kind', 'subject', 'ip'])
              .doUpdateSet({
                failures: sql<number>`CASE WHEN ${expired} THEN 1 ELSE sign_in_counters.failures + 1 END`,
                window_start_ms: sql<number>`CASE WHEN ${expired} THEN ${ms(nowMs)} ELSE sign_in_counters.window_start_ms END`,
                refusals: sql<number>`CASE WHEN ${expired} THEN 0 ELSE sign_in_counters.refusals END`,
                next_try_ms: nextTry,
              })
              // The whole check is this condition: a try is counted only while the rule allows it.
              .where(sql<boolean>`${expired} OR (sign_in_counters.failures < ${sql.lit(Math.trunc(rule.limit))} AND sign_in_counters.next_try_ms <= ${ms(nowMs)})`),
          )
          .returning('failures');
      };
      const giveBack = (key: SignInCounterKey) =>
        db
          .updateTable('sign_in_counters')
          .set({ failures: sql<number>`sign_in_counters.failures - 1` })
          .where('kind', '=', key.kind)
          .where('subject', '=', key.subject)
          .where('ip', '=', key.ip)
          .where('failures', '>', 0);
      return transact('count the sign-in try', function* () {
        const reserved: SignInCounterRule[] = [];
        for (const rule of rules) {
          const outcome = yield reserve(rule);
          if (outcome.rows.length === 1) {
            reserved.push(rule);
            continue;
          }
          for (const earlier of reserved) yield giveBack(earlier);
          const [row] = (yield db
            .updateTable('sign_in_counters')
            .set({ refusals: sql<number>`sign_in_counters.refusals + 1` })
            .where('kind', '=', rule.kind)
            .where('subject', '=', rule.subject)
            .where('ip', '=', rule.ip)
            .returning(['failures', 'window_start_ms', 'next_try_ms', 'refusals'])).rows as { failures: number; window_start_ms: number; next_try_ms: number; refusals: number }[];
          const counter = keyOf(rule);
          if (!row) return { reserved: false, counter, waitMs: 1, firstRefusal: true } as const;
          const windowEnds = Number(row.window_start_ms) + windowMs;
          const waitMs = Number(row.failures) >= rule.limit ? windowEnds - nowMs : Number(row.next_try_ms) - nowMs;
          return { reserved: false, counter, waitMs: Math.max(1, waitMs), firstRefusal: Number(row.refusals) === 1 } as const;
        }
        return { reserved: true } as const;
      });
    },

    async releaseSignIn(keys) {
      await run(
        'give back the sign-in try',
        ...keys.map((key) =>
          db
            .updateTable('sign_in_counters')
            .set({ failures: sql<number>`sign_in_counters.failures - 1` })
            .where('kind', '=', key.kind)
            .where('subject', '=', key.subject)
            .where('ip', '=', key.ip)
            .where('failures', '>', 0),
        ),
      );
    },

    async clearSignInCounts(email) {
      const [outcome] = await run('clear the sign-in counts', db.deleteFrom('sign_in_counters').where('subject', '=', email.toLowerCase()).where('kind', 'in', ['pair', 'account']));
      return outcome?.changes ?? 0;
    },

    async listSignInCounts(emails, now, windowMs) {
      if (emails !== null && emails.length === 0) return [];
      const nowMs = now.getTime();
      let query = db
        .selectFrom('sign_in_counters')
        .selectAll()
        .where((eb) => eb.or([eb('window_start_ms', '>', ms(nowMs - windowMs)), eb('next_try_ms', '>', ms(nowMs))]));
      if (emails !== null) query = query.where('subject', 'in', emails.map((email) => email.toLowerCase()));
      const rows = await read('read the sign-in counts', query.orderBy('subject').orderBy('kind').orderBy('ip'));
      return rows.map(toCounter);
    },

    async deleteStaleSignInCounts(now, windowMs) {
      const nowMs = now.getTime();
      const [outcome] = await run(
        'forget old sign-in counts',
        db.deleteFrom('sign_in_counters').where('window_start_ms', '<=', ms(nowMs - windowMs)).where('next_try_ms', '<=', ms(nowMs)),
      );
      return outcome?.changes ?? 0;
    },

    async createSession(session) {
      await run(
        'keep the session',
        db.insertInto('staff_sessions').values({
          id: session.id,
          staff_id: session.staffId,
          created_at: toDbDateTime(session.createdAt),
          last_seen_at: toDbDateTime(session.lastSeenAt),
          expires_at: toDbDateTime(session.expiresAt),
          ip: session.ip,
          user_agent: session.userAgent,
        }),
      );
    },

    async findSession(id) {
      const [session] = await read('read the session', db.selectFrom('staff_sessions').selectAll().where('id', '=', id));
      if (!session) return null;
      const staff = await findById(session.staff_id);
      return staff ? { session: toSession(session), staff } : null;
    },

    async touchSession(id, at) {
      await run('touch the session', db.updateTable('staff_sessions').set({ last_seen_at: toDbDateTime(at) }).where('id', '=', id));
    },

    async deleteSession(id) {
      await run('end the session', db.deleteFrom('staff_sessions').where('id', '=', id));
    },

    async deleteSessionsOf(staffId, keepSessionId) {
      const [outcome] = await run('end the sessions', endSessions(staffId, keepSessionId));
      return outcome?.changes ?? 0;
    },

    async deleteStaleSessions(now, idleBefore) {
      const [outcome] = await run(
        'end stale sessions',
        db.deleteFrom('staff_sessions').where((eb) => eb.or([eb('expires_at', '<=', toDbDateTime(now)), eb('last_seen_at', '<', toDbDateTime(idleBefore))])),
      );
      return outcome?.changes ?? 0;
    },

    async createWelcomeToken(token) {
      await run(
        'keep the welcome link',
        db.insertInto('staff_welcome_tokens').values({ id: token.id, staff_id: token.staffId, expires_at: toDbDateTime(token.expiresAt), used_at: null }),
      );
    },

    async findWelcomeToken(id, now) {
      const [row] = await read(
        'read the welcome link',
        db.selectFrom('staff_welcome_tokens').select('staff_id').where('id', '=', id).where('used_at', 'is', null).where('expires_at', '>', toDbDateTime(now)),
      );
      if (!row) return null;
      const staff = await findById(row.staff_id);
      return staff && staff.disabledAt === null ? staff : null;
    },

    async setPasswordWithWelcomeToken(id, passwordHash, now) {
      const staffId = await transact('set the password', function* () {
        // The update that marks the token used is the check: of two uses at once, one updates it.
        const used = yield db
          .updateTable('staff_welcome_tokens')
          .set({ used_at: toDbDateTime(now) })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', toDbDateTime(now))
          .returning('staff_id');
        const usedBy = used.rows[0]?.staff_id as string | undefined;
        if (usedBy === undefined) return null;
        const updated = yield db.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', usedBy).where('disabled_at', 'is', null);
        // A disabled person's link is used up all the same, and sets nothing.
        if (updated.changes === 0) return null;
        yield endSessions(usedBy, null);
        return usedBy;
      });
      return staffId === null ? null : findById(staffId);
    },
  };
}
