// Patterns for text that reads as a way to reach someone: a link or web address, an e-mail address,
// a phone number. Used to keep contact details out of labels and job descriptions. Text is first
// brought to plain ASCII where Unicode has a compatibility form of the same character (fullwidth
// "４１６" and "＠", circled and styled digits), so a filter of ASCII patterns cannot be passed by
// writing the same details in other code points.

export type ContactDetailKind = 'url' | 'email' | 'phone';

// Top-level domains people actually type in this market; a closed list keeps "3.5in" or "No.5" out.
const TLDS =
  'com|ca|net|org|info|biz|io|co|us|uk|de|fr|eu|app|dev|shop|store|online|site|xyz|me|tv|ai|ly|gl|gg|to|tech|pro|edu|gov|mil|int|farm|ag|cc|' +
  'au|nz|mx|nl|ch|es|se|dk|fi|pl|jp|cn|ie|br|ws|la|ltd|inc|llc|mobi|ninja|website|email';
// Newer generic domains a shop, a trade or a person registers that are also everyday words: read as
// a domain only in lower case right after a lower-case name ("acme.works"), so a sentence missing
// the space after its full stop ("...the base plate.One more") stays plain text.
const WORD_TLDS =
  'at|be|one|top|work|works|tools|build|builders|construction|contractors|engineering|industries|equipment|supply|supplies|parts|' +
  'systems|global|world|life|live|today|news|blog|club|vip|center|zone|team|name|page|link|space|cloud|digital|agency|studio|design|' +
  'media|services|solutions|company|group';

// A "dot" written as a character or spelled out to dodge filters: ".", " dot ", "(dot)", "[dot]",
// or spaces around a plain "." when the next word is a known top-level domain ("acme . ca").
// No spaces around a plain "." in general, or the end of every sentence ("10 pcs. Co-ordinate...")
// would match.
const DOT = String.raw`(?:\.|\s+dot\s+|\s*[([{]\s*dot\s*[)\]}]\s*)`;
const SPACED_DOT = String.raw`(?:\s+\.\s*|\s*\.\s+)`;
const AT = String.raw`(?:\s*@\s*|\s+at\s+|\s*[([{]\s*at\s*[)\]}]\s*)`;
const LABEL = String.raw`[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?`;

/** Links and web addresses: a scheme, `www`, or a host name ending in a known top-level domain. */
export const URL_PATTERNS: readonly RegExp[] = [
  /\b[a-z][a-z0-9+.-]{1,15}:\/\//i,
  /\b(?:https?|ftp)\s*\/\//i,
  /\b(?:mailto|tel|sms|callto|whatsapp):/i,
  /\bwww\b/i,
  new RegExp(String.raw`\b${LABEL}(?:${DOT}${LABEL})*${DOT}(?:${TLDS})\b`, 'i'),
  new RegExp(String.raw`\b[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:${WORD_TLDS})\b(?!-)`),
  // "acme-steel . ca", "acme-steel. com": a bare domain with the dot set apart, only before a
  // known top-level domain that ends the word (a sentence's end is followed by a capital or a word).
  new RegExp(String.raw`\b${LABEL}${SPACED_DOT}(?:${TLDS})\b(?![\w-]|\.?\s*[a-z0-9])`, 'i'),
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

// Dashes and full stops that Unicode's compatibility forms leave as they are.
const DASHES = /[\u2010-\u2015\u2212\u2043\uFE58\uFE63]/g;
const FULL_STOPS = /[\u3002\uFF61\u2024\uFE52]/g;
// Characters that print as nothing: zero-width spaces and joiners, soft hyphens, direction marks.
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u3164\uFFA0]/gu;

/**
 * The text as the patterns read it: compatibility forms folded to their plain characters (NFKC:
 * fullwidth digits and letters, "＠", "．", circled and mathematical digits, ligatures), other
 * dashes and full stops as "-" and ".", and invisible characters taken out.
 */
function normalize(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(DASHES, '-').replace(FULL_STOPS, '.');
}

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const DIGIT_WORD = new RegExp(String.raw`\b(?:${Object.keys(DIGIT_WORDS).join('|')})\b`, 'gi');

// Digits written one or a few at a time, apart: groups of 1 to 4 digits, each set off from the next
// by spaces, dashes or the like. Not by "." or "/": a decimal ("0.375") or a fraction ("1 1/2") is
// a figure of its own and ends a run.
const DIGIT_RUN = /(?<![\d.,/])\d{1,4}(?:[\s\-_*|·•]{1,3}\d{1,4}){2,}(?![\d]|[.,/]\d)/g;
const NANP = /^1?[2-9]\d{2}[2-9]\d{6}$/;

/**
 * A phone number spelled out to pass the patterns: digits set apart one by one ("4 1 6 5 5 5 0 1 9
 * 9", "416 5 5 5 0 1 9 9") or written as words ("four one six five five five zero one nine nine").
 * A run counts when, put together, it is a North American number and at least one of its groups is a
 * single digit, or when it holds at least 7 digits of which at least 4 stand alone. Runs of sizes
 * ("24 36 48 60"), fractions ("1 1/2 x 3") and decimals stay out.
 */
function hasSpacedPhone(text: string): boolean {
  const withDigits = text.replace(DIGIT_WORD, (word) => DIGIT_WORDS[word.toLowerCase()] ?? word);
  for (const match of withDigits.matchAll(DIGIT_RUN)) {
    const groups = match[0].split(/[^\d]+/).filter((group) => group !== '');
    const singles = groups.filter((group) => group.length === 1).length;
    const digits = groups.join('');
    if (singles >= 1 && NANP.test(digits)) return true;
    if (digits.length >= 7 && singles >= 4) return true;
  }
  return false;
}

const KINDS: ReadonlyArray<readonly [ContactDetailKind, readonly RegExp[]]> = [
  ['email', EMAIL_PATTERNS],
  ['url', URL_PATTERNS],
  ['phone', PHONE_PATTERNS],
];

/** The first kind of contact detail the text reads as, or null when it reads as none. */
export function findContactDetail(text: string): ContactDetailKind | null {
  const plain = normalize(text);
  for (const [kind, patterns] of KINDS) {
    for (const pattern of patterns) if (pattern.test(plain)) return kind;
  }
  return hasSpacedPhone(plain) ? 'phone' : null;
}

export function containsUrl(text: string): boolean {
  const plain = normalize(text);
  return URL_PATTERNS.some((pattern) => pattern.test(plain));
}

export function containsEmail(text: string): boolean {
  const plain = normalize(text);
  return EMAIL_PATTERNS.some((pattern) => pattern.test(plain));
}

export function containsPhone(text: string): boolean {
  const plain = normalize(text);
  return PHONE_PATTERNS.some((pattern) => pattern.test(plain)) || hasSpacedPhone(plain);
}
