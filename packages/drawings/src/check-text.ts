// The first look at a file: binary, empty, truncated and non-DXF text are refused here, because the
// parser turns all of them into an empty drawing without a word (README, trap 5).
import type { DxfImportError } from './types';

const SAVE_AS_ASCII = 'Save the drawing as ASCII DXF (R12 or later) and send it again.';
const BINARY_SENTINEL = 'AutoCAD Binary DXF';

function unreadable(reason: string): DxfImportError {
  return { ok: false, code: 'dxf_unreadable', message: `${reason} ${SAVE_AS_ASCII}` };
}

/**
 * The byte-order marks of UTF-16 as the text may arrive: decoded as UTF-8 (FF FE and FE FF are not
 * UTF-8: each byte becomes U+FFFD) or as Latin-1.
 */
const WIDE_MARKS = ['\ufffd\ufffd', '\u00ff\u00fe', '\u00fe\u00ff'];

/**
 * Whether the text is UTF-16 (or wider) read a byte at a time: an ASCII DXF holds no NUL before its
 * EOF marker, while UTF-16 puts one beside every ASCII character (NUL-interleaved), with or without a
 * byte-order mark. A third of the first 256 characters is the test.
 */
function looksWide(text: string): boolean {
  const start = WIDE_MARKS.some((mark) => text.startsWith(mark)) ? 2 : 0;
  const sample = text.slice(start, start + 256);
  let nul = 0;
  for (let k = 0; k < sample.length; k++) if (sample.charCodeAt(k) === 0) nul++;
  return sample.length >= 4 && 3 * nul >= sample.length;
}

/** Whitespace, NUL or Ctrl-Z: what may follow the EOF marker. */
function isPadding(code: number): boolean {
  return code === 0 || code === 0x1a || code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0xfeff;
}

/** A line of `text` that is a group code, on its own between line breaks, may carry spaces. */
function hasPair(text: string, code: string, value: string): boolean {
  return new RegExp(`(^|\\n)[ \\t]*${code}[ \\t]*\\r?\\n[ \\t]*${value}[ \\t]*(\\r?\\n|$)`).test(text);
}

/**
 * Strips a byte-order mark and refuses text that is not a whole ASCII DXF: binary DXF, empty text,
 * text without SECTION structure and text cut short before its EOF marker.
 */
export function checkDxfText(raw: string): { ok: true; text: string } | DxfImportError {
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  // Old Mac files end lines with a lone CR; the pair scanner splits on LF.
  if (!text.includes('\n') && text.includes('\r')) text = text.replace(/\r/g, '\n');
  if (text.startsWith(BINARY_SENTINEL)) return unreadable('This is a binary DXF file, which is not read.');
  if (looksWide(text)) {
    return {
      ok: false,
      code: 'dxf_unreadable',
      message: 'This DXF file is saved as Unicode text (UTF-16), which is not read. Save the drawing as ASCII DXF (R12 or later), or as a DXF in UTF-8, and send it again.',
    };
  }
  if (!/\S/.test(text)) return unreadable('The file is empty.');
  if (!hasPair(text, '0', 'SECTION')) return unreadable('This is not a DXF file (it has no SECTION).');
  // Old files may end in Ctrl-Z or NUL padding after the marker, of any length (a padded block of a
  // disk); found by a loop from the end, since a regex anchored at the end retries every run of blanks.
  let end = text.length;
  while (end > 0 && isPadding(text.charCodeAt(end - 1))) end--;
  const tail = text.slice(Math.max(0, end - 256), end);
  if (!/(^|\n)[ \t]*0[ \t]*\r?\n[ \t]*EOF$/.test(tail)) {
    return unreadable('The file is cut short: it does not end with the EOF marker.');
  }
  return { ok: true, text };
}
