// Secrets handed to a browser (session cookies, welcome links): 160 random bits as base32, stored
// only as their SHA-256 (the Lucia guide's session model), so a copy of the database opens nothing.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

function randomBase32(bytes: number): string {
  const random = new Uint8Array(bytes);
  crypto.getRandomValues(random);
  return encodeBase32LowerCaseNoPadding(random);
}

export function newToken(): string {
  return randomBase32(20);
}

/** `st_` and 24 base32 characters (120 bits): an id, not a secret. */
export function newStaffId(): string {
  return `st_${randomBase32(15)}`;
}

/** The id a token is stored under. */
export function tokenId(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/**
 * The CSRF token of a session: derived from its cookie's token, so it is bound to the session, is
 * new with each sign-in, and cannot be computed from anything stored (the row holds another hash).
 */
export function csrfTokenFor(sessionToken: string): string {
  return encodeBase64urlNoPadding(sha256(new TextEncoder().encode(`csrf:${sessionToken}`)));
}
