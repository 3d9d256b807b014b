// What a person typed, made safe to write on one line of a mail or a header: no control characters
// (a CR/LF in a name would start a line of its own in the shop's e-mail) and no bidirectional
// overrides or marks (which make a line read other than it is written).

/** C0 and C1 controls (CR, LF and TAB among them), and the Unicode line and paragraph separators. */
const BREAKS = /[\p{Cc}\u2028\u2029\u0085]+/gu;
/** Bidi embeddings and overrides U+202A-202E, isolates U+2066-2069, marks U+200E/200F and U+061C. */
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** One line: each run of controls and line breaks a space, bidi controls dropped, spaces collapsed, trimmed. */
export function cleanSingleLine(text: string): string {
  return text.replace(BIDI, '').replace(BREAKS, ' ').replace(/\s+/g, ' ').trim();
}

/** Free text of several lines (a note): line breaks kept as LF, tabs kept, other controls and bidi controls dropped. */
export function cleanMultiLine(text: string): string {
  return text
    .replace(BIDI, '')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .trim();
}

/** The single-line fields of a form cleaned in place of the raw ones (strings only; the rest as given). */
export function cleanFields<T>(form: T, singleLine: readonly string[], multiLine: readonly string[] = []): T {
  if (typeof form !== 'object' || form === null || Array.isArray(form)) return form;
  const copy: Record<string, unknown> = { ...(form as Record<string, unknown>) };
  for (const key of singleLine) if (typeof copy[key] === 'string') copy[key] = cleanSingleLine(copy[key]);
  for (const key of multiLine) if (typeof copy[key] === 'string') copy[key] = cleanMultiLine(copy[key]);
  return copy as T;
}
