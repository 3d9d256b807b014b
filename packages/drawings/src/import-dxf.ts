// importDxf: DXF text to a plate part. This file reads the drawing (checks, parse, units, blocks,
// sorting every entity); find-part.ts turns the cut pieces into the part.
import { checkDxfText } from './check-text';
import { expandInserts, parseDxf } from './dxf-model';
import type { ParsedDxf } from './dxf-model';
import { findPart } from './find-part';
import { formatCount } from './format';
import { IGNORED_NOTES, IgnoredList } from './ignored-list';
import { IssueList } from './issue-list';
import { prepareBlocks } from './prepare-blocks';
import type { PreparedBlocks } from './prepare-blocks';
import { scanRecords } from './scan-records';
import type { SkippedRecords } from './scan-records';
import { hiddenLayers, sortEntities, UNSUPPORTED_TYPES } from './sort-entities';
import type { DxfImportOptions, DxfImportResult } from './types';
import { resolveUnits } from './units';

const UNREADABLE_PARSE =
  'The file could not be read as DXF: it is damaged or not a DXF file. Save the drawing as ASCII DXF (R12 or later) and send it again.';

/** Entity types the parser skipped, counted as often as their block is inserted. */
function noteSkippedRecords(
  skipped: readonly SkippedRecords[],
  blocks: PreparedBlocks,
  hidden: ReadonlySet<string>,
  ignored: IgnoredList,
  unsupported: Map<string, number>,
): void {
  for (const record of skipped) {
    const inPaperBlock = record.block !== null && /^\*paper_space/i.test(record.block);
    const times = record.block === null || inPaperBlock ? 1 : (blocks.expansions.get(record.block) ?? 0);
    const count = record.count * times;
    if (count === 0) continue;
    if (record.paperSpace || inPaperBlock) ignored.add(record.type, record.layer, IGNORED_NOTES.paperSpace, count);
    else if (hidden.has(record.layer)) ignored.add(record.type, record.layer, IGNORED_NOTES.hiddenLayer, count);
    else if (UNSUPPORTED_TYPES.has(record.type)) unsupported.set(record.type, (unsupported.get(record.type) ?? 0) + count);
    else ignored.add(record.type, record.layer, IGNORED_NOTES.unread, count);
  }
}

/** What the parser logged (it would have printed it on stderr), as ignored entries. */
function noteParserMessages(messages: readonly string[], ignored: IgnoredList): void {
  for (const message of messages) {
    if (/invalid VERTEX/i.test(message)) ignored.add('VERTEX', '', IGNORED_NOTES.strayVertex);
    else ignored.add('UNKNOWN', '', `the parser skipped something: ${message}`);
  }
}

/**
 * Reads DXF text (already decoded; a byte-order mark is stripped) into a plate part in inches: the
 * outline, round holes, other cutouts and bend lines, with what was not cut and the issues found.
 * Pure and synchronous; run it in a worker with memory and time limits.
 */
export function importDxf(text: string, options: DxfImportOptions = {}): DxfImportResult {
  const checked = checkDxfText(text);
  if (!checked.ok) return checked;
  const scan = scanRecords(checked.text);
  if (!scan.ok) return scan;

  const parserMessages: string[] = [];
  let parsed: ParsedDxf;
  try {
    parsed = parseDxf(checked.text, parserMessages);
  } catch {
    return { ok: false, code: 'dxf_unreadable', message: UNREADABLE_PARSE };
  }
  const units = resolveUnits(parsed.header.insUnits, options.units);
  if (!units.ok) return units;
  const blocks = prepareBlocks(parsed);
  if (!blocks.ok) return blocks;
  const entities = expandInserts(parsed);

  const ignored = new IgnoredList();
  const issues = new IssueList();
  const sorted = sortEntities(entities, parsed.tables.layers, units, ignored);
  if (sorted.refused) return sorted.refused;
  noteSkippedRecords(scan.skipped, blocks, hiddenLayers(parsed.tables.layers), ignored, sorted.unsupported);
  for (const entity of blocks.paperSpaceEntities) ignored.add(entity.type, entity.layer ?? '0', IGNORED_NOTES.paperSpace);
  for (const skipped of blocks.skippedInserts) ignored.add('INSERT', skipped.layer, skipped.note, skipped.count);
  noteParserMessages(parserMessages, ignored);

  if (sorted.unsupported.size > 0) {
    const list = [...sorted.unsupported].map(([type, count]) => `${formatCount(count)} ${type}`).join(', ');
    issues.add(
      'dxf_unsupported_entity',
      'blocking',
      `The drawing holds entities that cannot be cut from a flat drawing: ${list}. Export the part's flat pattern as 2D lines, arcs and polylines.`,
    );
  }
  if (sorted.unreadableSplines > 0) {
    const what = sorted.unreadableSplines === 1 ? 'A spline is' : `${formatCount(sorted.unreadableSplines)} splines are`;
    issues.add(
      'dxf_spline_unreadable',
      'blocking',
      `${what} given by fit points only and cannot be read, so part of the shape is missing. Convert splines to polylines (or save them with control points) and send the drawing again.`,
    );
  }
  return findPart(sorted, units, ignored, issues);
}
