// Public identifiers: a prefix and base62 characters from the CSPRNG, unbiased by rejection sampling.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62 x 4 = 248: bytes at or above it are dropped so every character is equally likely. */
const UNBIASED_LIMIT = 248;

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** 22 base62 characters carry 130.9 bits: more than the 128 that make guessing hopeless. */
export const ID_LENGTH = 22;

export type IdPrefix = 'q' | 'h' | 'rfq' | 'pd' | 'sub';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(ID_LENGTH)}`;
}

export function newRequestId(): string {
  return `req_${randomBase62(20)}`;
}

const ID_PATTERN = /^(q|h|rfq|pd|sub)_[0-9A-Za-z]{22}$/;

/** Whether a string has the shape of an id this service gives out (checked before any lookup). */
export function isWellFormedId(value: string, prefix: IdPrefix): boolean {
  return ID_PATTERN.test(value) && value.startsWith(`${prefix}_`);
}
