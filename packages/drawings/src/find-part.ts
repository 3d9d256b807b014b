// From cut pieces to the part: join the open pieces, drop copies, nest the contours, check that
// cutouts stay apart, and say what is wrong in words (README, How it reads a drawing).
import { findCrossing } from './check-crossings';
import { dropDuplicateContours, toContour, withPoints } from './contour';
import type { Contour } from './contour';
import { MarkList } from './defect-marks';
import { formatCount, formatInches, formatPoint } from './format';
import { IGNORED_NOTES } from './ignored-list';
import type { IgnoredList } from './ignored-list';
import type { IssueList } from './issue-list';
import { closedPieceContour, joinPieces } from './join-pieces';
import type { OpenChain } from './join-pieces';
import { JOIN_GAP_IN, MAX_PART_IN, MAX_SIZE_IN, MAX_VERTICES, MIN_PART_IN } from './limits';
import { nestContours } from './nest-contours';
import { buildPlate } from './plate-output';
import type { SortedEntities } from './sort-entities';
import type { DrawingUnits, DxfImportResult } from './types';
import { unitName } from './units';

const MIN_AREA_IN2 = 1e-12;

/** "its ends (x, y) in and (x, y) in (drawing coordinates) are g in apart, ... Close it in the drawing." */
function openChainDetail(chain: OpenChain): string {
  const gap = Math.hypot(chain.x1 - chain.x0, chain.y1 - chain.y0);
  const branch = chain.branch ? ' More than two ends meet at one of them: a branch or overlapping lines.' : '';
  return `its ends ${formatPoint(chain.x0, chain.y0)} and ${formatPoint(chain.x1, chain.y1)} (drawing coordinates) are ${formatInches(gap)} in apart, more than the ${formatInches(JOIN_GAP_IN)} in that is joined. Close it in the drawing.${branch}`;
}

/** Warns when the size only makes sense at 25.4 times another scale (a mm drawing read as inches, or the reverse). */
function unitsSuspect(width: number, height: number, units: DrawingUnits): string | null {
  const largest = Math.max(width, height);
  const fits = (scale: number) => largest * scale >= MIN_PART_IN && largest * scale <= MAX_PART_IN;
  let scale: number;
  if (largest > MAX_PART_IN && fits(1 / 25.4)) scale = 1 / 25.4;
  else if (largest < MIN_PART_IN && fits(25.4)) scale = 25.4;
  else return null;
  const size = (w: number, h: number) => `${formatInches(w)} x ${formatInches(h)} in`;
  const hint = scale < 1 ? 'a drawing in millimetres read as inches' : 'a drawing in inches read as millimetres';
  return `Read in ${unitName(units)}, the part measures ${size(width, height)}; at ${scale < 1 ? '1/25.4' : '25.4 times'} that scale it would measure ${size(width * scale, height * scale)}, which looks more like ${hint}. Check the units.`;
}

function noPartMessage(openChains: readonly OpenChain[], ignored: IgnoredList): string {
  let message = 'No closed contour was found, so there is no part to cut.';
  if (openChains.length > 0) {
    const first = openChains[0]!;
    const count = openChains.length === 1 ? 'One contour is' : `${formatCount(openChains.length)} contours are`;
    message += ` ${count} open; the first: ${openChainDetail(first)}`;
  }
  const notCut = ignored.list().slice(0, 5).map((g) => `${formatCount(g.count)} ${g.type} on layer ${g.layer}`);
  if (notCut.length > 0) message += ` Not cut: ${notCut.join(', ')}.`;
  return message;
}

/**
 * Joins, nests and checks the cut pieces into one part. Errors when there is no part or several;
 * otherwise the part with its issues (blocking ones included).
 */
export function findPart(
  sorted: SortedEntities,
  units: { units: DrawingUnits; inchesPerUnit: number },
  ignored: IgnoredList,
  issues: IssueList,
): DxfImportResult {
  const joined = joinPieces(sorted.pieces.filter((p) => !p.closed));
  if (joined.overflow) {
    return { ok: false, code: 'dxf_too_complex', message: 'Too many line ends lie on top of one another to join them. Clean up the drawing (overlapping or repeated pieces) and send it again.' };
  }
  for (const piece of joined.duplicates) ignored.add(piece.type, piece.layer, IGNORED_NOTES.duplicate);
  const raw = [...sorted.pieces.filter((p) => p.closed).map(closedPieceContour), ...joined.contours];
  const withArea: Contour[] = [];
  for (const r of raw) {
    const contour = toContour(r);
    if (Math.abs(contour.area) > MIN_AREA_IN2) withArea.push(contour);
    else ignored.add(contour.type, contour.layer, IGNORED_NOTES.degenerate);
  }
  const { kept: contours, duplicates } = dropDuplicateContours(withArea);
  for (const c of duplicates) ignored.add(c.type, c.layer, IGNORED_NOTES.duplicate);

  for (const chain of joined.openChains) issues.add('dxf_open_contour', 'blocking', () => `A contour is open: ${openChainDetail(chain)}`);
  if (contours.length === 0) return { ok: false, code: 'dxf_no_part', message: noPartMessage(joined.openChains, ignored) };

  const nesting = nestContours(contours);
  if (nesting === null) {
    return { ok: false, code: 'dxf_too_complex', message: `Too many of the ${formatCount(contours.length)} closed contours lie inside one another. Send one part per file, without stacked copies.` };
  }
  const parts: number[] = [];
  contours.forEach((_, i) => nesting.depth[i] === 0 && parts.push(i));
  if (parts.length > 1) {
    const where = parts.slice(0, 3).map((i) => formatPoint(contours[i]!.minX, contours[i]!.minY)).join(', ');
    return {
      ok: false,
      code: 'dxf_several_parts',
      message: `The drawing holds ${formatCount(parts.length)} separate parts (outer contours starting at ${where}${parts.length > 3 ? ', ...' : ''}, drawing coordinates). Send one part per file.`,
    };
  }
  const byOrder = (i: number, j: number) => contours[i]!.order - contours[j]!.order;
  const inner = contours.map((_, i) => i).filter((i) => nesting.depth[i] === 1).sort(byOrder);
  const holes = inner.filter((i) => contours[i]!.circle !== null).map((i) => contours[i]!);
  const cutouts = inner.filter((i) => contours[i]!.circle === null).map((i) => contours[i]!);
  const outline = withPoints(contours[parts[0]!]!);

  const vertices = outline.xs.length + cutouts.reduce((sum, c) => sum + c.xs.length, 0);
  if (vertices > MAX_VERTICES) {
    return {
      ok: false,
      code: 'dxf_too_complex',
      message: `The part has ${formatCount(vertices)} vertices once its curves are flattened, over the ${formatCount(MAX_VERTICES)} that are read. Simplify the outline and cutouts.`,
    };
  }

  const marks = new MarkList();
  for (const chain of joined.openChains) marks.openChain(chain);
  const crossing = findCrossing(outline, cutouts, holes);
  if (crossing !== undefined) {
    const where = crossing ? ` near ${formatPoint(crossing.x, crossing.y)} (drawing coordinates)` : '';
    if (crossing) marks.spot('dxf_contours_cross', crossing.x, crossing.y);
    issues.add('dxf_contours_cross', 'blocking', `Cutouts or holes cross or touch the outline or each other${where}. Each must lie inside the part, apart from the others.`);
  }
  for (let i = 0; i < contours.length; i++) {
    if (nesting.depth[i] !== 2) continue;
    marks.contour('dxf_island', withPoints(contours[i]!));
    issues.add(
      'dxf_island',
      'blocking',
      () => `A contour inside a cutout, around ${formatPoint(nesting.insideX[i]!, nesting.insideY[i]!)} (drawing coordinates), would fall out when cut (an island). Join it to the part with bridges or remove it.`,
    );
  }
  for (const gap of joined.gaps) {
    issues.add('dxf_gap_joined', 'warning', () => `A gap of ${formatInches(gap.width)} in was closed at ${formatPoint(gap.x, gap.y)} (drawing coordinates); check the contour there.`);
  }

  const output = buildPlate(outline, holes, cutouts, [...sorted.bends].sort((a, b) => a.order - b.order), marks.marks);
  for (const bend of output.bendsOutside) ignored.add(bend.type, bend.layer, IGNORED_NOTES.bendOutside);
  const size = `${formatInches(output.width_in)} x ${formatInches(output.height_in)} in`;
  if (Math.max(output.width_in, output.height_in) > MAX_SIZE_IN) {
    return {
      ok: false,
      code: 'dxf_too_large',
      message: `Read in ${unitName(units.units)}, the part measures ${size}; nothing larger than ${formatCount(MAX_SIZE_IN)} in is read (no plate comes near that size). Check the drawing's units and scale.`,
    };
  }
  if (Math.max(output.width_in, output.height_in) > MAX_PART_IN) {
    issues.add(
      'dxf_part_too_large',
      'blocking',
      `Read in ${unitName(units.units)}, the part measures ${size}: larger than the ${MAX_PART_IN} in either way that a plate may be, so it cannot be cut or quoted as drawn. Check the drawing's units (a part drawn in millimetres and read as inches is 25.4 times too large) and import it again.`,
    );
  }
  const suspect = unitsSuspect(output.width_in, output.height_in, units.units);
  if (suspect) issues.add('dxf_units_suspect', 'warning', suspect);
  return {
    ok: true,
    units: units.units,
    width_in: output.width_in,
    height_in: output.height_in,
    plate: output.plate,
    cut_length_in: output.cut_length_in,
    vertices: output.vertices,
    counts: { contours: contours.length, holes: holes.length, cutouts: cutouts.length, bends: output.plate.bends.length },
    ignored: ignored.list(),
    issues: issues.list(),
    marks: output.marks,
  };
}
