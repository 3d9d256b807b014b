// One pass over the group-code pairs, before parsing: checks that every code line is a number and
// counts the entity types the parser drops without a word (3DSOLID, REGION, MESH, LEADER...), so
// none of them is lost silently.
import type { DxfImportError } from './types';

/** Entity types `dxf` 5.3.1 reads (it skips every other type). */
const PARSED_TYPES = new Set([
  'POINT', 'LINE', 'LWPOLYLINE', 'POLYLINE', 'VERTEX', 'SEQEND', 'CIRCLE', 'ARC', 'ELLIPSE', 'SPLINE',
  'SOLID', 'HATCH', 'MTEXT', 'ATTDEF', 'ATTRIB', 'TEXT', 'INSERT', 'DIMENSION', '3DFACE', 'VIEWPORT',
  'OLE2FRAME',
]);

/**
 * Kinds of entity the parser does not read, at most: AutoCAD and its add-ons write some dozens; a
 * file of thousands of made-up ones is refused before they are counted one by one.
 */
const MAX_UNKNOWN_TYPES = 1_000;

/** Entities of one type and layer the parser skips, in the ENTITIES section or in one block. */
export interface SkippedRecords {
  /** The block holding them, or null for the ENTITIES section. */
  block: string | null;
  type: string;
  layer: string;
  paperSpace: boolean;
  count: number;
}

const BLANK = Number.NEGATIVE_INFINITY;
const SPACE = 32;
const TAB = 9;
const RETURN = 13;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;

/** The integer on text[start, end), spaces allowed around it; BLANK for an empty line, NaN for anything else. */
function readGroupCode(text: string, start: number, end: number): number {
  let k = start;
  while (k < end && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB)) k++;
  let sign = 1;
  if (k < end && text.charCodeAt(k) === MINUS) {
    sign = -1;
    k++;
  }
  let value = 0;
  let digits = 0;
  for (; k < end; k++, digits++) {
    const c = text.charCodeAt(k);
    if (c < ZERO || c > NINE) break;
    value = value * 10 + (c - ZERO);
  }
  while (k < end && (text.charCodeAt(k) === SPACE || text.charCodeAt(k) === TAB || text.charCodeAt(k) === RETURN)) k++;
  if (k < end) return Number.NaN;
  if (digits === 0) return sign === 1 ? BLANK : Number.NaN;
  return sign * value;
}

interface OpenRecord {
  block: string | null;
  type: string;
  layer: string;
  paperSpace: boolean;
}

/**
 * Walks the file's pairs once. Refuses a file whose code lines are not numbers (the pairs are out of
 * step, so every value would be misread) and lists the entities the parser will skip.
 */
export function scanRecords(text: string): { ok: true; skipped: SkippedRecords[] } | DxfImportError {
  const skipped = new Map<string, number>();
  const unknownTypes = new Set<string>();
  let section = '';
  let inBlock = false;
  let blockName: string | null = null;
  let awaitingSectionName = false;
  let awaitingBlockName = false;
  let record: OpenRecord | null = null;

  // Counts by key (block, type, layer, paper space): a number per distinct key, no object, since a
  // drawing may hold hundreds of thousands of records of types of their own.
  const close = (): void => {
    if (record === null) return;
    const key = `${record.block === null ? '\u0001' : record.block}\u0000${record.type}\u0000${record.layer}\u0000${record.paperSpace ? 1 : 0}`;
    skipped.set(key, (skipped.get(key) ?? 0) + 1);
    record = null;
  };

  let position = 0;
  let lineNumber = 0;
  const length = text.length;
  while (position < length) {
    let codeEnd = text.indexOf('\n', position);
    if (codeEnd < 0) codeEnd = length;
    const code = readGroupCode(text, position, codeEnd);
    const codeStart = position;
    lineNumber++;
    position = codeEnd + 1;
    let valueEnd = text.indexOf('\n', position);
    if (valueEnd < 0) valueEnd = length;
    const valueStart = position;
    position = valueEnd + 1;
    lineNumber++;
    if (code === BLANK) {
      if (position >= length || text.slice(valueStart, valueEnd).trim() === '') continue; // a stray blank pair keeps the pairs in step
    }
    if (!Number.isInteger(code)) {
      const shown = text.slice(codeStart, codeEnd).trim().slice(0, 40);
      return {
        ok: false,
        code: 'dxf_unreadable',
        message: `Line ${lineNumber - 1} of the file should hold a group code (a number) but holds "${shown}": the file is damaged or not a DXF file. Save the drawing as ASCII DXF (R12 or later) and send it again.`,
      };
    }
    // Most values (coordinates) are never looked at: read only the ones that matter.
    const wanted = code === 0 || (code === 2 && (awaitingSectionName || awaitingBlockName)) || (record !== null && (code === 8 || code === 67));
    if (!wanted) continue;
    const value = text.slice(valueStart, valueEnd).trim();
    if (code === 0) {
      close();
      if (value === 'SECTION') {
        awaitingSectionName = true;
        continue;
      }
      if (value === 'ENDSEC') {
        section = '';
        inBlock = false;
        continue;
      }
      if (value === 'EOF') break;
      if (section === 'BLOCKS') {
        if (value === 'BLOCK') {
          inBlock = true;
          blockName = null;
          awaitingBlockName = true;
          continue;
        }
        if (value === 'ENDBLK') {
          inBlock = false;
          continue;
        }
        awaitingBlockName = false;
      }
      const inEntities = section === 'ENTITIES' || (section === 'BLOCKS' && inBlock);
      if (inEntities && !PARSED_TYPES.has(value)) {
        record = { block: section === 'BLOCKS' ? blockName : null, type: value, layer: '0', paperSpace: false };
        unknownTypes.add(value);
        if (!(unknownTypes.size <= MAX_UNKNOWN_TYPES)) {
          const some = [...unknownTypes].slice(0, 3).map((type) => `"${type.slice(0, 40)}"`).join(', ');
          return {
            ok: false,
            code: 'dxf_too_complex',
            message: `The drawing holds more than ${MAX_UNKNOWN_TYPES.toLocaleString('en-US')} kinds of entity the import does not read (${some}, ...); a CAD program writes a few dozen. Export the part as plain 2D lines, arcs and polylines.`,
          };
        }
      }
      continue;
    }
    if (awaitingSectionName && code === 2) {
      section = value;
      awaitingSectionName = false;
    } else if (awaitingBlockName && code === 2) {
      blockName = value;
      awaitingBlockName = false;
    } else if (record !== null) {
      if (code === 8) record.layer = value;
      else if (code === 67) record.paperSpace = value !== '0';
    }
  }
  close();
  const records: SkippedRecords[] = [];
  for (const [key, count] of skipped) {
    const [block, type, layer, paperSpace] = key.split('\u0000') as [string, string, string, string];
    records.push({ block: block === '\u0001' ? null : block, type, layer, paperSpace: paperSpace === '1', count });
  }
  return { ok: true, skipped: records };
}
