// Patterns for text that reads as a way to reach someone: a link or web address, an e-mail address,
// a phone number. Used to keep contact details out of labels and job descriptions.

export type ContactDetailKind = 'url' | 'email' | 'phone';

// Top-level domains people actually type in this market; a closed list keeps "3.5in" or "No.5" out.
const TLDS =
  'com|ca|net|org|info|biz|io|co|us|uk|de|fr|eu|app|dev|shop|store|online|site|xyz|me|tv|ai|ly|gl|gg|to|tech|pro|edu|gov|mil|int|farm|ag|cc';

// A "dot" written as a character or spelled out to dodge filters: ".", " dot ", "(dot)", "[dot]".
// No spaces around a plain "." or the end of every sentence ("10 pcs. Co-ordinate...") would match.
const DOT = String.raw`(?:\.|\s+dot\s+|\s*[([{]\s*dot\s*[)\]}]\s*)`;
const AT = String.raw`(?:\s*@\s*|\s+at\s+|\s*[([{]\s*at\s*[)\]}]\s*)`;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`;

/** Links and web addresses: a scheme, `www`, or a host name ending in a known top-level domain. */
export const URL_PATTERNS: readonly RegExp[] = [
  /\b[a-z][a-z0-9+.-]{1,15}:\/\//i,
  /\b(?:https?|ftp)\s*\/\//i,
  /\b(?:mailto|tel|sms|callto|whatsapp):/i,
  /\bwww\b/i,
  new RegExp(String.raw`\b${LABEL}(?:${DOT}${LABEL})*${DOT}(?:${TLDS})\b`, 'i'),
];

/** E-mail addresses, also with "at" and "dot" spelled out (then only before a known top-level domain). */
export const EMAIL_PATTERNS: readonly RegExp[] = [
  /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*/i,
  new RegExp(String.raw`\b[a-z0-9._%+-]+${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}(?:${TLDS})\b`, 'i'),
];

/**
 * Phone numbers: North American 10 digits (optionally 1 first) grouped 3-3-4 in the usual ways,
 * a 7-digit local number written 555-0199, or an international number with + and 8 to 15 digits.
 * Area codes and exchanges start 2-9, which keeps most part numbers and dimensions out.
 */
export const PHONE_PATTERNS: readonly RegExp[] = [
  /(?<![\d.])(?:\+?1[\s.-]?)?(?:\(\s*[2-9]\d{2}\s*\)|[2-9]\d{2})[\s.-]?[2-9]\d{2}[\s.-]?\d{4}(?![\d.]?\d)/,
  /(?<![\d.-])[2-9]\d{2}-\d{4}(?![\d-])/,
  /\+\s?\d(?:[\s.()-]?\d){7,14}(?!\d)/,
];

const KINDS: ReadonlyArray<readonly [ContactDetailKind, readonly RegExp[]]> = [
  ['email', EMAIL_PATTERNS],
  ['url', URL_PATTERNS],
  ['phone', PHONE_PATTERNS],
];

/** The first kind of contact detail the text reads as, or null when it reads as none. */
export function findContactDetail(text: string): ContactDetailKind | null {
  for (const [kind, patterns] of KINDS) {
    for (const pattern of patterns) if (pattern.test(text)) return kind;
  }
  return null;
}

export function containsUrl(text: string): boolean {
  return URL_PATTERNS.some((pattern) => pattern.test(text));
}

export function containsEmail(text: string): boolean {
  return EMAIL_PATTERNS.some((pattern) => pattern.test(text));
}

export function containsPhone(text: string): boolean {
  return PHONE_PATTERNS.some((pattern) => pattern.test(text));
}
