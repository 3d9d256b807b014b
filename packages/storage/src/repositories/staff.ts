// Staff accounts, their sessions and their one-time welcome links, over the storage's database.
// Session and welcome ids are SHA-256 hashes of the tokens the browser holds: the tokens are never
// stored.
import type { Selectable } from 'kysely';
import { fromDbDateTime, toDbDateTime, type Statement, type WriteOutcome } from '../database';
import type { Staff, StaffSession } from '../db-types';
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
      return transact('disable the staff member', function* () {
        const disabled = yield db.updateTable('staff').set({ disabled_at: toDbDateTime(at) }).where('id', '=', staffId).where('disabled_at', 'is', null);
        if (disabled.changes === 0) return false;
        yield endSessions(staffId, null);
        return true;
      });
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
