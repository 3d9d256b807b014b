// Passwords: argon2id (the library's defaults, m=19456 KiB, t=2, p=1), 12 to 128 characters.
import { hash, verify } from '@node-rs/argon2';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** What is wrong with a new password, in words, or null when it will do. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `A password needs at least ${PASSWORD_MIN} characters (this one has ${length}).`;
  if (length > PASSWORD_MAX) return `A password may have at most ${PASSWORD_MAX} characters (this one has ${length}).`;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Checked against when there is no real hash (an unknown e-mail, no password set yet), so the answer
// takes as long as for a wrong password.
let dummyHash: Promise<string> | null = null;

/** Whether `password` matches `passwordHash`; with no hash, spends the same time and says no. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('not the password of anyone at all');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
