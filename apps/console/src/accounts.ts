// What staff can do with their accounts (sign in and out, set and change passwords) and what an
// owner can do with others' (add, disable), each written to the audit log. Routes and the
// staff:add command call these with plain values; nothing here sees a request.
import type { AuditLog, SignInCounterKey, SignInCounterRule, StaffRecord, StaffRepository, StaffRole, StaffSessionRecord } from '@shop/storage';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { newStaffId, newToken, tokenId } from './tokens';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A session ends after 8 hours without a request... */
const SESSION_IDLE_MS = 8 * HOUR_MS;
/** ...and 7 days after sign-in whatever happens. */
const SESSION_ABSOLUTE_MS = 7 * 24 * HOUR_MS;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_EVERY_MS = MINUTE_MS;
const WELCOME_LINK_MS = 24 * HOUR_MS;

/**
 * Sign-in tries are counted per fixed window of 15 minutes and reserved before the password is
 * checked (a right password gives its try back). From one address, 5 tries per account and 20 in
 * all; an address past them is refused, and no other address is. Per account from everywhere, 10
 * tries are free (one address alone can reach at most 5 in a window, and 10 across two
 * overlapping windows), then each try makes the next wait: 1, 2, 4 ... seconds, at most 60. A slow
 * down, never a lock: the right password from another address goes through once the wait is over.
 */
export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
export const SIGN_IN_TRIES_PER_PAIR = 5;
const SIGN_IN_TRIES_PER_ADDRESS = 20;
const SIGN_IN_FREE_TRIES_PER_ACCOUNT = 10;
const SIGN_IN_BACKOFF_MAX_MS = 60_000;
/** Unknown welcome links one address may try per window. */
const WELCOME_TRIES_PER_ADDRESS = 20;

/** The wait the n-th try of a window on one account sets before the next. */
function accountBackoffMs(tries: number): number {
  if (tries < SIGN_IN_FREE_TRIES_PER_ACCOUNT) return 0;
  return Math.min(SIGN_IN_BACKOFF_MAX_MS, 1000 * 2 ** Math.min(16, tries - SIGN_IN_FREE_TRIES_PER_ACCOUNT));
}

const EMAIL_MAX = 254;
const NAME_MAX = 100;

export interface ConsoleDeps {
  staff: StaffRepository;
  audit: AuditLog;
  now: () => Date;
  /** For the welcome links. */
  consoleUrl: string;
}

/** Who acts, from where. */
export interface Actor {
  staffId: string | null;
  ip: string;
}

/** A request that cannot be done, with a message for the person. */
export class AccountProblem extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function welcomeLink(deps: ConsoleDeps, token: string): string {
  return `${deps.consoleUrl}/welcome/${token}`;
}

export interface AddedStaff {
  staff: StaffRecord;
  /** The one-time set-password link; null when a password was given. */
  welcomeLink: string | null;
}

export async function addStaff(
  deps: ConsoleDeps,
  input: { email: string; name: string; role: StaffRole; password: string | null },
  actor: Actor,
): Promise<AddedStaff> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  if (email.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new AccountProblem(400, `"${input.email.slice(0, 60)}" is not an e-mail address; give one like name@example.com.`);
  }
  if (name.length === 0 || name.length > NAME_MAX) throw new AccountProblem(400, `A name needs 1 to ${NAME_MAX} characters.`);
  if (input.password !== null) {
    const problem = passwordProblem(input.password);
    if (problem) throw new AccountProblem(400, problem);
  }
  const now = deps.now();
  const staff = await deps.staff.add({
    id: newStaffId(),
    email,
    name,
    role: input.role,
    passwordHash: input.password === null ? null : await hashPassword(input.password),
    createdAt: now,
  });
  if (!staff) throw new AccountProblem(409, `${email} already has an account. An owner can enable it again or give a new link from its row on /staff (or run pnpm staff:unlock).`);
  let link: string | null = null;
  if (input.password === null) {
    const token = newToken();
    await deps.staff.createWelcomeToken({ id: tokenId(token), staffId: staff.id, expiresAt: new Date(now.getTime() + WELCOME_LINK_MS) });
    link = welcomeLink(deps, token);
  }
  await deps.audit.append({ at: now, staffId: actor.staffId, action: 'staff_added', subject: email, detail: { staff_id: staff.id, role: staff.role, password_set: input.password !== null }, ip: actor.ip });
  return { staff, welcomeLink: link };
}

export async function disableStaff(deps: ConsoleDeps, staffId: string, actor: Actor): Promise<StaffRecord> {
  if (staffId === actor.staffId) throw new AccountProblem(400, 'You cannot disable your own account; ask another owner.');
  const staff = await deps.staff.findById(staffId);
  if (!staff) throw new AccountProblem(404, 'There is no such person.');
  const now = deps.now();
  const outcome = await deps.staff.disable(staffId, now);
  if (outcome === 'last_owner') {
    await deps.audit.append({ at: now, staffId: actor.staffId, action: 'staff_disable_refused', subject: staff.email, detail: { staff_id: staff.id, reason: 'last_owner' }, ip: actor.ip });
    throw new AccountProblem(409, `${staff.email} is the last enabled owner; the console would have nobody to run it. Make someone else an owner first.`);
  }
  if (outcome === 'disabled') {
    await deps.audit.append({ at: now, staffId: actor.staffId, action: 'staff_disabled', subject: staff.email, detail: { staff_id: staff.id }, ip: actor.ip });
  }
  return staff;
}

export async function enableStaff(deps: ConsoleDeps, staffId: string, actor: Actor): Promise<StaffRecord> {
  const staff = await deps.staff.findById(staffId);
  if (!staff) throw new AccountProblem(404, 'There is no such person.');
  if (await deps.staff.enable(staffId)) {
    await deps.audit.append({ at: deps.now(), staffId: actor.staffId, action: 'staff_enabled', subject: staff.email, detail: { staff_id: staff.id }, ip: actor.ip });
  }
  return staff;
}

/**
 * A new one-time link for the person (older unused ones stop working). With `resetPassword` their
 * password stops working and their sessions end at once: the link is the only way back in.
 */
export async function issueWelcomeLink(deps: ConsoleDeps, staffId: string, resetPassword: boolean, actor: Actor): Promise<{ staff: StaffRecord; welcomeLink: string }> {
  const staff = await deps.staff.findById(staffId);
  if (!staff) throw new AccountProblem(404, 'There is no such person.');
  if (staff.disabledAt !== null) throw new AccountProblem(409, `${staff.email} is disabled; enable the account first, then give a new link.`);
  if (resetPassword && staff.id === actor.staffId) throw new AccountProblem(400, 'Change your own password on Your account; a reset is for someone else.');
  const now = deps.now();
  const token = newToken();
  await deps.staff.replaceWelcomeToken({ id: tokenId(token), staffId: staff.id, expiresAt: new Date(now.getTime() + WELCOME_LINK_MS) }, now, resetPassword);
  await deps.audit.append({ at: now, staffId: actor.staffId, action: resetPassword ? 'password_reset' : 'welcome_link_issued', subject: staff.email, detail: { staff_id: staff.id }, ip: actor.ip });
  return { staff, welcomeLink: welcomeLink(deps, token) };
}

/** Clears the person's sign-in counts (every address's and the account's back-off). */
export async function clearSignInCounts(deps: ConsoleDeps, email: string, actor: Actor): Promise<number> {
  const subject = normaliseEmail(email);
  const cleared = await deps.staff.clearSignInCounts(subject);
  await deps.audit.append({ at: deps.now(), staffId: actor.staffId, action: 'sign_in_counts_cleared', subject, detail: { counters: cleared }, ip: actor.ip });
  return cleared;
}

export type SignInScope = 'pair' | 'address' | 'account';

export type SignInResult =
  | { outcome: 'signed_in'; token: string; session: StaffSessionRecord; staff: StaffRecord }
  | { outcome: 'refused' }
  | { outcome: 'limited'; waitMs: number; scope: SignInScope };

/** The counters one sign-in try counts on, in the order every try takes them. */
function signInRules(email: string, ip: string): SignInCounterRule[] {
  return [
    { kind: 'address', subject: '', ip, limit: SIGN_IN_TRIES_PER_ADDRESS },
    { kind: 'pair', subject: email, ip, limit: SIGN_IN_TRIES_PER_PAIR },
    { kind: 'account', subject: email, ip: '', limit: Number.MAX_SAFE_INTEGER, backoffMs: accountBackoffMs },
  ];
}

export async function signIn(
  deps: ConsoleDeps,
  input: { email: string; password: string; ip: string; userAgent: string },
): Promise<SignInResult> {
  const email = normaliseEmail(input.email).slice(0, EMAIL_MAX);
  const now = deps.now();
  const rules = signInRules(email, input.ip);
  // The try is counted before the password is checked: of 40 at once, only as many as the limits allow get checked.
  const reservation = await deps.staff.reserveSignIn(rules, now, SIGN_IN_WINDOW_MS);
  if (!reservation.reserved) {
    const scope = reservation.counter.kind as SignInScope;
    // The window's first refused try on a counter is written down; the rest are counted on it (shown on /staff).
    if (reservation.firstRefusal) {
      await deps.audit.append({ at: now, staffId: null, action: 'sign_in_refused', subject: email, detail: { scope, wait_s: Math.ceil(reservation.waitMs / 1000) }, ip: input.ip });
    }
    return { outcome: 'limited', waitMs: reservation.waitMs, scope };
  }

  const staff = await deps.staff.findByEmail(email);
  const usable = staff !== null && staff.disabledAt === null && staff.passwordHash !== null;
  // An unknown e-mail is checked against a dummy hash: the answer takes as long as a wrong password.
  const matches = await verifyPassword(usable ? staff.passwordHash : null, input.password.slice(0, 1024));
  if (!usable || !matches) {
    const reason = staff === null ? 'unknown_email' : staff.disabledAt !== null ? 'disabled' : staff.passwordHash === null ? 'no_password' : 'wrong_password';
    await deps.audit.append({ at: now, staffId: null, action: 'sign_in_failed', subject: email, detail: { reason }, ip: input.ip });
    return { outcome: 'refused' };
  }
  // The right password: its try is given back on every counter.
  await deps.staff.releaseSignIn(rules);

  // A new token at each sign-in: a session id known before signing in is worth nothing after.
  const token = newToken();
  const session: StaffSessionRecord = {
    id: tokenId(token),
    staffId: staff.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 300),
  };
  await deps.staff.deleteStaleSessions(now, new Date(now.getTime() - SESSION_IDLE_MS));
  await deps.staff.deleteStaleSignInCounts(now, SIGN_IN_WINDOW_MS);
  await deps.staff.createSession(session);
  await deps.audit.append({ at: now, staffId: staff.id, action: 'sign_in', subject: email, detail: {}, ip: input.ip });
  return { outcome: 'signed_in', token, session, staff };
}

export interface SignedIn {
  staff: StaffRecord;
  session: StaffSessionRecord;
}

/** Sessions whose last-seen time is being written. */
const touching = new Set<string>();

/** A write a read does on the side: its failure (a lock held elsewhere, the database away) changes nothing the page shows. */
function bestEffort(write: Promise<unknown>): void {
  write.catch(() => undefined);
}

/** The live session a cookie's token opens, or null (unknown, idle 8 h, past 7 days, person disabled). */
export async function findSignedIn(deps: ConsoleDeps, token: string): Promise<SignedIn | null> {
  const found = await deps.staff.findSession(tokenId(token));
  if (!found) return null;
  const now = deps.now().getTime();
  const { session, staff } = found;
  // A page that only reads must not need a write: the ended session's deletion and the last-seen
  // time are written best effort, never awaited, so a database whose write lock is held elsewhere
  // (or past its lock wait) still serves every read. A last-seen time left unwritten costs at most
  // a minute of idle time; an ended session left behind is refused again and swept later.
  if (now >= session.expiresAt.getTime() || now - session.lastSeenAt.getTime() >= SESSION_IDLE_MS || staff.disabledAt !== null) {
    bestEffort(deps.staff.deleteSession(session.id));
    return null;
  }
  if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    const at = new Date(now);
    // One write in flight per session: under a lock, pages keep reading and hold no more connections.
    if (!touching.has(session.id)) {
      touching.add(session.id);
      bestEffort(deps.staff.touchSession(session.id, at).finally(() => touching.delete(session.id)));
    }
    return { staff, session: { ...session, lastSeenAt: at } };
  }
  return found;
}

export async function signOut(deps: ConsoleDeps, signedIn: SignedIn, ip: string): Promise<void> {
  await deps.staff.deleteSession(signedIn.session.id);
  await deps.audit.append({ at: deps.now(), staffId: signedIn.staff.id, action: 'sign_out', subject: signedIn.staff.email, detail: {}, ip });
}

/** Ends every session of the person, this one included. */
export async function signOutEverywhere(deps: ConsoleDeps, signedIn: SignedIn, ip: string): Promise<number> {
  const ended = await deps.staff.deleteSessionsOf(signedIn.staff.id, null);
  await deps.audit.append({ at: deps.now(), staffId: signedIn.staff.id, action: 'sign_out_everywhere', subject: signedIn.staff.email, detail: { sessions_ended: ended }, ip });
  return ended;
}

/** Changes the password after checking the current one; the person's other sessions end. */
export async function changePassword(
  deps: ConsoleDeps,
  signedIn: SignedIn,
  input: { current: string; next: string; confirm: string },
  ip: string,
): Promise<void> {
  const staff = await deps.staff.findById(signedIn.staff.id);
  if (!staff || !(await verifyPassword(staff.passwordHash, input.current.slice(0, 1024)))) {
    throw new AccountProblem(400, 'The current password is not right; nothing was changed.');
  }
  const problem = passwordProblem(input.next);
  if (problem) throw new AccountProblem(400, problem);
  if (input.next !== input.confirm) throw new AccountProblem(400, 'The new password and its repetition differ; type the same one twice.');
  await deps.staff.setPassword(staff.id, await hashPassword(input.next), signedIn.session.id);
  await deps.audit.append({ at: deps.now(), staffId: staff.id, action: 'password_changed', subject: staff.email, detail: {}, ip });
}

/** The person a welcome link is for, while it can still be used. */
function findWelcome(deps: ConsoleDeps, token: string): Promise<StaffRecord | null> {
  return deps.staff.findWelcomeToken(tokenId(token), deps.now());
}

export type WelcomeLookup = { outcome: 'found'; staff: StaffRecord } | { outcome: 'not_found' } | { outcome: 'limited'; waitMs: number };

/**
 * Looks a welcome link up, counting unknown ones per address: past WELCOME_TRIES_PER_ADDRESS in a
 * window the address is refused (nothing is looked up or hashed). A link that exists gives its try back.
 */
export async function lookUpWelcome(deps: ConsoleDeps, token: string, ip: string): Promise<WelcomeLookup> {
  const now = deps.now();
  const counter: SignInCounterKey = { kind: 'welcome', subject: '', ip };
  const reservation = await deps.staff.reserveSignIn([{ ...counter, limit: WELCOME_TRIES_PER_ADDRESS }], now, SIGN_IN_WINDOW_MS);
  if (!reservation.reserved) {
    if (reservation.firstRefusal) {
      await deps.audit.append({ at: now, staffId: null, action: 'welcome_refused', subject: '', detail: { wait_s: Math.ceil(reservation.waitMs / 1000) }, ip });
    }
    return { outcome: 'limited', waitMs: reservation.waitMs };
  }
  const staff = /^[a-z2-7]{32}$/.test(token) ? await findWelcome(deps, token) : null;
  if (!staff) return { outcome: 'not_found' };
  await deps.staff.releaseSignIn([counter]);
  return { outcome: 'found', staff };
}

/** Sets the password through a welcome link, which is then used up. */
export async function setPasswordWithWelcome(
  deps: ConsoleDeps,
  token: string,
  input: { password: string; confirm: string },
  ip: string,
): Promise<StaffRecord> {
  const problem = passwordProblem(input.password);
  if (problem) throw new AccountProblem(400, problem);
  if (input.password !== input.confirm) throw new AccountProblem(400, 'The password and its repetition differ; type the same one twice.');
  const now = deps.now();
  const staff = await deps.staff.setPasswordWithWelcomeToken(tokenId(token), await hashPassword(input.password), now);
  if (!staff) throw new AccountProblem(404, 'This link has been used or has expired; ask an owner for a new one.');
  await deps.audit.append({ at: now, staffId: staff.id, action: 'password_set', subject: staff.email, detail: {}, ip });
  return staff;
}

/** A short wait in words: "1 second", "37 seconds"; a longer one in minutes. */
export function describeShortWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds >= 120) return describeWait(ms);
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** A wait in words: "14 minutes", "1 minute". */
export function describeWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE_MS));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
