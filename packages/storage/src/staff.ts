// Staff accounts, their sessions and their one-time welcome links, over either database. Session
// and welcome ids are SHA-256 hashes of the tokens the browser holds: the tokens are never stored.
import type { ColumnType, Kysely, Selectable } from 'kysely';
import { dateFromDb, dateToDb } from './console-dates';

type StoredDate = ColumnType<string | Date, string, string>;
type StoredDateOrNull = ColumnType<string | Date | null, string | null, string | null>;

export type StaffRole = 'owner' | 'staff';

interface StaffTable {
  id: string;
  email: string;
  name: string;
  role: string;
  password_hash: string | null;
  created_at: StoredDate;
  disabled_at: StoredDateOrNull;
}

interface StaffSessionTable {
  id: string;
  staff_id: string;
  created_at: StoredDate;
  last_seen_at: StoredDate;
  expires_at: StoredDate;
  ip: string;
  user_agent: string;
}

interface StaffWelcomeTokenTable {
  id: string;
  staff_id: string;
  expires_at: StoredDate;
  used_at: StoredDateOrNull;
}

export interface StaffTables {
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  staff_welcome_tokens: StaffWelcomeTokenTable;
}

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

export interface StaffRepository {
  /** Adds a person; null when the e-mail (compared lower-cased) is already someone's. */
  add(staff: NewStaff): Promise<StaffRecord | null>;
  findById(id: string): Promise<StaffRecord | null>;
  findByEmail(email: string): Promise<StaffRecord | null>;
  /** Everyone, disabled included, by e-mail. */
  list(): Promise<StaffRecord[]>;
  /** Sets the password hash and ends every session of the person but `keepSessionId`. */
  setPassword(staffId: string, passwordHash: string, keepSessionId: string | null): Promise<void>;
  /** Disables the person and ends their sessions; false when already disabled or unknown. */
  disable(staffId: string, at: Date): Promise<boolean>;

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

function toStaff(row: Selectable<StaffTable>): StaffRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'owner' ? 'owner' : 'staff',
    passwordHash: row.password_hash,
    createdAt: dateFromDb(row.created_at),
    disabledAt: row.disabled_at === null ? null : dateFromDb(row.disabled_at),
  };
}

function toSession(row: Selectable<StaffSessionTable>): StaffSessionRecord {
  return {
    id: row.id,
    staffId: row.staff_id,
    createdAt: dateFromDb(row.created_at),
    lastSeenAt: dateFromDb(row.last_seen_at),
    expiresAt: dateFromDb(row.expires_at),
    ip: row.ip,
    userAgent: row.user_agent,
  };
}

/** `database`: any Kysely whose tables include these (the storage's whole database type). */
export function createStaffRepository<DB extends StaffTables>(database: Kysely<DB>): StaffRepository {
  // Kysely's database type is invariant; the constraint above is what makes this narrowing safe.
  const db = database as unknown as Kysely<StaffTables>;
  const findById = async (id: string): Promise<StaffRecord | null> => {
    const row = await db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toStaff(row) : null;
  };

  const endSessions = async (trx: Kysely<StaffTables>, staffId: string, keepSessionId: string | null): Promise<number> => {
    let query = trx.deleteFrom('staff_sessions').where('staff_id', '=', staffId);
    if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows);
  };

  return {
    async add(staff) {
      const result = await db
        .insertInto('staff')
        .values({
          id: staff.id,
          email: staff.email.toLowerCase(),
          name: staff.name,
          role: staff.role,
          password_hash: staff.passwordHash,
          created_at: dateToDb(staff.createdAt),
          disabled_at: null,
        })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      return findById(staff.id);
    },

    findById,

    async findByEmail(email) {
      const row = await db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
      return row ? toStaff(row) : null;
    },

    async list() {
      const rows = await db.selectFrom('staff').selectAll().orderBy('email').execute();
      return rows.map(toStaff);
    },

    async setPassword(staffId, passwordHash, keepSessionId) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', staffId).execute();
        await endSessions(trx, staffId, keepSessionId);
      });
    },

    async disable(staffId, at) {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('staff')
          .set({ disabled_at: dateToDb(at) })
          .where('id', '=', staffId)
          .where('disabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await endSessions(trx, staffId, null);
        return true;
      });
    },

    async createSession(session) {
      await db
        .insertInto('staff_sessions')
        .values({
          id: session.id,
          staff_id: session.staffId,
          created_at: dateToDb(session.createdAt),
          last_seen_at: dateToDb(session.lastSeenAt),
          expires_at: dateToDb(session.expiresAt),
          ip: session.ip,
          user_agent: session.userAgent,
        })
        .execute();
    },

    async findSession(id) {
      const session = await db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
      if (!session) return null;
      const staff = await findById(session.staff_id);
      return staff ? { session: toSession(session), staff } : null;
    },

    async touchSession(id, at) {
      await db.updateTable('staff_sessions').set({ last_seen_at: dateToDb(at) }).where('id', '=', id).execute();
    },

    async deleteSession(id) {
      await db.deleteFrom('staff_sessions').where('id', '=', id).execute();
    },

    deleteSessionsOf: (staffId, keepSessionId) => endSessions(db, staffId, keepSessionId),

    async deleteStaleSessions(now, idleBefore) {
      const result = await db
        .deleteFrom('staff_sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', dateToDb(now)), eb('last_seen_at', '<', dateToDb(idleBefore))]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async createWelcomeToken(token) {
      await db
        .insertInto('staff_welcome_tokens')
        .values({ id: token.id, staff_id: token.staffId, expires_at: dateToDb(token.expiresAt), used_at: null })
        .execute();
    },

    async findWelcomeToken(id, now) {
      const row = await db
        .selectFrom('staff_welcome_tokens')
        .select('staff_id')
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', dateToDb(now))
        .executeTakeFirst();
      if (!row) return null;
      const staff = await findById(row.staff_id);
      return staff && staff.disabledAt === null ? staff : null;
    },

    async setPasswordWithWelcomeToken(id, passwordHash, now) {
      const staffId = await db.transaction().execute(async (trx) => {
        // The update that marks the token used is the check: of two uses at once, one updates it.
        const used = await trx
          .updateTable('staff_welcome_tokens')
          .set({ used_at: dateToDb(now) })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .where('expires_at', '>', dateToDb(now))
          .returning('staff_id')
          .executeTakeFirst();
        if (!used) return null;
        const updated = await trx
          .updateTable('staff')
          .set({ password_hash: passwordHash })
          .where('id', '=', used.staff_id)
          .where('disabled_at', 'is', null)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return null;
        await endSessions(trx, used.staff_id, null);
        return used.staff_id;
      });
      return staffId === null ? null : findById(staffId);
    },
  };
}
