// Public identifiers: a prefix and base62 characters from the CSPRNG, unbiased by rejection sampling.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62 x 4 = 248: bytes at or above it are dropped so every character is equally likely. */
const UNBIASED_LIMIT = 248;

// CSPRNG bytes drawn 4 KiB at a time: a call into the CSPRNG per id (two per request) was a visible
// share of a request's CPU time. The bytes are the same; each is used once.
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function nextRandomByte(): number {
  if (poolOffset >= pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = nextRandomByte();
    if (byte >= UNBIASED_LIMIT) continue;
    out += ALPHABET[byte % 62];
  }
  return out;
}

/** 22 base62 characters carry 130.9 bits: more than the 128 that make guessing hopeless. */
export const ID_LENGTH = 22;

export type IdPrefix = 'q' | 'h' | 'rfq' | 'pd' | 'sub' | 'pi' | 'or';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(ID_LENGTH)}`;
}

export function newRequestId(): string {
  return `req_${randomBase62(20)}`;
}

const ID_PATTERN = /^(q|h|rfq|pd|sub|pi|or)_[0-9A-Za-z]{22}$/;

/** Whether a string has the shape of an id this service gives out (checked before any lookup). */
export function isWellFormedId(value: string, prefix: IdPrefix): boolean {
  return ID_PATTERN.test(value) && value.startsWith(`${prefix}_`);
}
