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
/** A contour inside the part may reach its bounding box to this much (rounding), no farther. */
const FRAME_SLACK_IN = 1e-9;

/** "its ends (x, y) in and (x, y) in (drawing coordinates) are g in apart, ... Close it in the drawing." */
function openChainDetail(chain: OpenChain): string {
  const gap = Math.hypot(chain.x1 - chain.x0, chain.y1 - chain.y0);
  const branch = chain.branch ? ' More than two ends meet at one of them: a branch or overlapping lines.' : '';
  return `its ends ${formatPoint(chain.x0, chain.y0)} and ${formatPoint(chain.x1, chain.y1)} (drawing coordinates) are ${formatInches(gap)} in apart, more than the ${formatInches(JOIN_GAP_IN)} in that is joined. Close it in the drawing.${branch}`;
}

/**
 * Warns when the part cannot be quoted at the size read (over the largest plate either way, or under
 * the smallest part pricing cuts either way: the same test as pricing's part_too_small) but could at
 * 25.4 times another scale: a drawing in millimetres read as inches, or in inches read as millimetres.
 */
function unitsSuspect(width: number, height: number, units: DrawingUnits): string | null {
  const quotable = (scale: number) => Math.min(width, height) * scale >= MIN_PART_IN && Math.max(width, height) * scale <= MAX_PART_IN;
  let scale: number;
  if (quotable(1)) return null;
  if (units === 'in' && quotable(1 / 25.4)) scale = 1 / 25.4;
  else if (units === 'mm' && quotable(25.4)) scale = 25.4;
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
  const outline = withPoints(contours[parts[0]!]!);
  // A contour found inside the part (a point of it lies inside) that reaches past the part's bounding
  // box crosses the outline. It is checked for crossings with the others but left out of what is
  // stored (listed as not cut), so every stored figure lies within the part: a flat ellipse was once
  // stored as a cut-out 10,000 in long on a 10 in part, which the import's own schema refused.
  const within = (c: Contour): boolean =>
    c.minX >= outline.minX - FRAME_SLACK_IN && c.maxX <= outline.maxX + FRAME_SLACK_IN && c.minY >= outline.minY - FRAME_SLACK_IN && c.maxY <= outline.maxY + FRAME_SLACK_IN;
  const reachingOut = contours.map((c, i) => nesting.depth[i]! >= 1 && !within(c));
  /** Where a contour was found inside the part, brought into the part's box (a mark must lie in the frame). */
  const foundAt = (i: number): [number, number] => [
    Math.min(Math.max(nesting.insideX[i]!, outline.minX), outline.maxX),
    Math.min(Math.max(nesting.insideY[i]!, outline.minY), outline.maxY),
  ];
  const inner = contours.map((_, i) => i).filter((i) => nesting.depth[i] === 1).sort(byOrder);
  const kept = inner.filter((i) => !reachingOut[i]);
  const holes = kept.filter((i) => contours[i]!.circle !== null).map((i) => contours[i]!);
  const cutouts = kept.filter((i) => contours[i]!.circle === null).map((i) => contours[i]!);
  for (const i of inner) if (reachingOut[i]) ignored.add(contours[i]!.type, contours[i]!.layer, IGNORED_NOTES.outsidePart);

  const vertices = outline.xs.length + cutouts.reduce((sum, c) => sum + c.xs.length, 0);
  if (!(vertices <= MAX_VERTICES)) {
    return {
      ok: false,
      code: 'dxf_too_complex',
      message: `The part has ${formatCount(vertices)} vertices once its curves are flattened, over the ${formatCount(MAX_VERTICES)} that are read. Simplify the outline and cutouts.`,
    };
  }

  const marks = new MarkList();
  for (const chain of joined.openChains) marks.openChain(chain);
  const all = (circle: boolean) => inner.filter((i) => (contours[i]!.circle !== null) === circle).map((i) => contours[i]!);
  const crossing = findCrossing(outline, all(false), all(true));
  const firstOut = inner.find((i) => reachingOut[i]);
  if (crossing !== undefined) {
    const where = crossing ? ` near ${formatPoint(crossing.x, crossing.y)} (drawing coordinates)` : '';
    if (crossing) marks.spot('dxf_contours_cross', crossing.x, crossing.y);
    issues.add('dxf_contours_cross', 'blocking', `Cutouts or holes cross or touch the outline or each other${where}. Each must lie inside the part, apart from the others.`);
  } else if (firstOut !== undefined) {
    // A sliver without area can reach out without an edge crossing that the checks above see.
    const c = contours[firstOut]!;
    const [x, y] = foundAt(firstOut);
    marks.spot('dxf_contours_cross', x, y);
    issues.add(
      'dxf_contours_cross',
      'blocking',
      `A contour inside the part, around ${formatPoint(x, y)} (drawing coordinates), reaches outside it, from ${formatPoint(c.minX, c.minY)} to ${formatPoint(c.maxX, c.maxY)}. Each cutout or hole must lie inside the part, apart from the others.`,
    );
  }
  for (let i = 0; i < contours.length; i++) {
    if (nesting.depth[i] !== 2) continue;
    // An island reaching out of the part is marked where it was found: its contour would lie outside the frame.
    if (reachingOut[i]) marks.spot('dxf_island', ...foundAt(i));
    else marks.contour('dxf_island', withPoints(contours[i]!));
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
  // Written so a size that came out NaN is refused, not let through.
  if (!(Math.max(output.width_in, output.height_in) <= MAX_SIZE_IN)) {
    return {
      ok: false,
      code: 'dxf_too_large',
      message: `Read in ${unitName(units.units)}, the part measures ${size}; nothing larger than ${formatCount(MAX_SIZE_IN)} in is read (no plate comes near that size). Check the drawing's units and scale.`,
    };
  }
  if (!(Math.max(output.width_in, output.height_in) <= MAX_PART_IN)) {
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
