// The first look at a file: binary, empty, truncated and non-DXF text are refused here, because the
// parser turns all of them into an empty drawing without a word (README, trap 5).
import type { DxfImportError } from './types';

const SAVE_AS_ASCII = 'Save the drawing as ASCII DXF (R12 or later) and send it again.';
const BINARY_SENTINEL = 'AutoCAD Binary DXF';

function unreadable(reason: string): DxfImportError {
  return { ok: false, code: 'dxf_unreadable', message: `${reason} ${SAVE_AS_ASCII}` };
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
  if (!/\S/.test(text)) return unreadable('The file is empty.');
  if (!hasPair(text, '0', 'SECTION')) return unreadable('This is not a DXF file (it has no SECTION).');
  // Old files may end in Ctrl-Z or NUL padding after the marker.
  const tail = text.slice(Math.max(0, text.length - 256)).replace(/[\s\u0000\u001a]+$/, '');
  if (!/(^|\n)[ \t]*0[ \t]*\r?\n[ \t]*EOF$/.test(tail)) {
    return unreadable('The file is cut short: it does not end with the EOF marker.');
  }
  return { ok: true, text };
}
