// One plate measured and checked: the figures pricing needs and every manufacturability issue.
// Bounded work whatever the design: pair checks go through a spatial index, nothing is clipped but
// the outline along its folds, and issues are written only for the few that are shown.
import type { HolePattern, PlateItem } from '@shop/contracts';
import { closeFolds, expandFold, foldsMeet } from './bend-lines';
import type { FoldLine } from './bend-lines';
import { boundaryEdges, cutoutFoldClearance, expandCutouts, forCutoutPairs, relateCutoutToEdge } from './cutout-polygons';
import type { CutoutEdgeRelation, CutoutPolygon } from './cutout-polygons';
import { measureFlanges } from './flanges';
import type { FlangeDepths } from './flanges';
import { articleFor, formatFix, formatInches, formatNumber, formatPoint, formatThickness, formatThousands } from './format';
import { cutoutArea, cutoutPerimeter, expandHoles } from './hole-patterns';
import type { Cutout } from './hole-patterns';
import { IssueList } from './issue-list';
import type { IssueKind } from './issue-list';
import { expandOutline } from './outline';
import type { OutlineShape } from './outline';
import { MIN_POINT_ANGLE_DEG, findNarrowWeb } from './outline-webs';
import type { OutlineSurvey } from './outline-webs';
import { INSIDE, OUTSIDE, foldClearance, forClosePairs, relateToEdge } from './relations';
import type { EdgeRelation } from './relations';
import type { PlateAnalysis, PlateMeasures, PlateRules } from './types';

/** The rules of PlateRules worked out for one thickness, in inches. */
export interface PlateThresholds {
  thicknessIn: number;
  minWebIn: number;
  blockedHoleUnderIn: number;
  warnedHoleUnderIn: number;
  minFlangeIn: number;
  bendClearanceIn: number;
}

export function resolveThresholds(rules: PlateRules, thicknessIn: number): PlateThresholds {
  return {
    thicknessIn,
    minWebIn: Math.max(rules.webThicknessRatio * thicknessIn, rules.minWebIn),
    blockedHoleUnderIn: rules.holeBlockRatio * thicknessIn,
    warnedHoleUnderIn: rules.holeWarnRatio * thicknessIn,
    minFlangeIn: Math.max(rules.flangeThicknessRatio * thicknessIn, rules.minFlangeIn),
    bendClearanceIn: rules.holeBendClearanceRatio * thicknessIn,
  };
}

// Exact figures are compared with this much slack so a value sent exactly at a limit passes.
const EPS = 1e-9;

/**
 * The worst pair of cutouts between two entries (or within one), and how many pairs. i and j are
 * cut ids: a hole or slot by its index in `cutouts`, a cut-out by cutouts.length + its index.
 */
interface PairGroup {
  i: number;
  j: number;
  gap: number;
  count: number;
}

interface Layout {
  shape: OutlineShape;
  outlineValid: boolean;
  /** Holes and slots. */
  cutouts: Cutout[];
  edges: EdgeRelation[];
  /** The cut-outs of `cutouts` (the polygons). */
  polygons: CutoutPolygon[];
  /** How each cut-out sits against the part's edge; null for one that is not a simple polygon. Empty when the outline is invalid. */
  polygonEdges: Array<CutoutEdgeRelation | null>;
  /** Groups of close pairs by (first entry, second entry), in that order; entries are holes[i], then cutouts[k]. */
  pairs: PairGroup[];
  overlapping: boolean;
  folds: FoldLine[];
}

function layOut(item: PlateItem, web: number, known: KnownFigures = {}): Layout {
  const survey = known.outline;
  // A survey made before its validity was kept (problem absent) leaves the check to be made.
  const shape = expandOutline(item.outline, survey?.problem === undefined ? undefined : { corners: survey.corners, problem: survey.problem });
  const outlineValid = shape.kind !== 'polygon' || shape.problem === null;
  const cutouts = expandHoles(item.holes);
  const polygons = expandCutouts(item.cutouts);
  const edges = outlineValid ? cutouts.map((c) => relateToEdge(shape, c, c.radius + web)) : [];
  const boundary = outlineValid && polygons.length > 0 ? boundaryEdges(shape) : null;
  const polygonEdges = outlineValid ? polygons.map((p) => (p.problem === null ? relateCutoutToEdge(shape, boundary, p, web) : null)) : [];
  // One slot per (first entry, second entry): read in slot order, the groups come in request order.
  const holeEntries = item.holes.length;
  const entries = holeEntries + polygons.length;
  const entryOf = (id: number) => (id < cutouts.length ? cutouts[id]!.entry : holeEntries + id - cutouts.length);
  const groups: Array<PairGroup | undefined> = [];
  let overlapping = false;
  const group = (i: number, j: number, gap: number) => {
    if (gap < 0) overlapping = true;
    const a = entryOf(i);
    const b = entryOf(j);
    const key = a <= b ? a * entries + b : b * entries + a;
    const known = groups[key];
    if (!known) groups[key] = { i, j, gap, count: 1 };
    else {
      known.count++;
      if (gap < known.gap) Object.assign(known, { i, j, gap });
    }
  };
  forClosePairs(cutouts, web, EPS, group);
  forCutoutPairs(cutouts, polygons, web, EPS, group);
  const pairs: PairGroup[] = [];
  for (const g of groups) if (g) pairs.push(g);
  const folds = item.bends.map((b) => expandFold(b, shape));
  return { shape, outlineValid, cutouts, edges, polygons, polygonEdges, pairs, overlapping, folds };
}

function measure(layout: Layout, bendCount: number): PlateMeasures {
  const { shape, cutouts, edges, polygons, polygonEdges, folds } = layout;
  let holeCount = 0;
  let slotCount = 0;
  let cutLength = shape.perimeterIn;
  let cutoutTotal = 0;
  for (const c of cutouts) {
    if (c.kind === 'hole') holeCount++;
    else slotCount++;
    cutLength += cutoutPerimeter(c);
    cutoutTotal += cutoutArea(c);
  }
  for (const p of polygons) {
    cutLength += p.perimeterIn;
    cutoutTotal += p.areaIn2;
  }
  const clear =
    layout.outlineValid &&
    !layout.overlapping &&
    edges.every((e) => e.state === INSIDE) &&
    polygonEdges.every((e) => e !== null && e.state === INSIDE);
  return {
    widthIn: shape.bounds.maxX - shape.bounds.minX,
    heightIn: shape.bounds.maxY - shape.bounds.minY,
    outlineAreaIn2: shape.areaIn2,
    netAreaIn2: Math.max(0, shape.areaIn2 - cutoutTotal),
    cutoutsClear: clear,
    cutLengthIn: cutLength,
    pierceCount: shape.contourCount + cutouts.length + polygons.length,
    holeCount,
    slotCount,
    cutoutCount: polygons.length,
    bendCount,
    bendLengthsIn: folds.map((f) => f.lengthIn),
  };
}

/** Figures for one piece, without checks. */
export function measurePlate(item: PlateItem): PlateMeasures {
  return measure(layOut(item, 0), item.bends.length);
}

/** The flange depths of a plate's folds, for the folds they were measured for (their JSON). */
export interface KnownFlanges {
  bends: string;
  depths: Array<FlangeDepths | null>;
}

/** What is already known of a plate's shapes (an import's, found when its drawing was read). */
export interface KnownFigures {
  outline?: OutlineSurvey;
  flanges?: KnownFlanges;
}

/**
 * Figures for one piece and every manufacturability issue, with params under `paramPrefix`
 * (`items[0]` gives `items[0].holes[3]`; '' gives `holes[3]`).
 */
export function analyzePlate(item: PlateItem, rules: PlateRules, paramPrefix = '', known: KnownFigures = {}): PlateAnalysis {
  const limits = resolveThresholds(rules, item.thickness_in);
  const layout = layOut(item, limits.minWebIn, known);
  const measures = measure(layout, item.bends.length);
  const issues = new IssueList(paramPrefix);
  const thick = formatThickness(item.thickness_in);

  if (!layout.outlineValid && layout.shape.kind === 'polygon') {
    issues.add(INVALID_POLYGON, 'outline', 1, { name: 'outline', message: layout.shape.problem ?? 'The outline is not a simple shape.' });
  } else {
    checkPartSize(measures, rules, issues);
    checkOutlineWeb(layout.shape, limits, thick, issues, known.outline);
  }
  for (const p of layout.polygons) {
    if (p.problem !== null) issues.add(INVALID_POLYGON, `cutouts[${p.index}]`, 1, { name: `cutouts[${p.index}]`, message: p.problem });
  }
  checkHoleSizes(item.holes, limits, thick, issues);
  if (layout.outlineValid) {
    checkEdges(item.holes, layout, limits, thick, issues);
    checkCutoutEdges(layout, limits, thick, issues);
  }
  checkPairs(item.holes, layout, limits, thick, issues);
  if (layout.outlineValid) checkFolds(item, layout, limits, thick, issues, known.flanges);
  return { ...measures, issues: issues.finish() };
}

/** An outline or cut-out whose corners do not make a simple polygon; the message is the problem found. */
const INVALID_POLYGON: IssueKind<{ name: string; message: string }> = {
  code: 'outline_invalid',
  message: ({ message }) => message,
  subject: ({ name }) => name,
  one: 'polygon that is not a simple shape',
  many: 'polygons that are not simple shapes',
  advice: () => 'List the corners of each in order around it so no two edges meet except at their shared corner.',
};

function checkPartSize(m: PlateMeasures, rules: PlateRules, issues: IssueList): void {
  const size = () => `${formatNumber(m.widthIn)} x ${formatNumber(m.heightIn)} in`;
  const min = rules.minPartSizeIn;
  // Written `!(x >= min)` so a size that came out NaN is blocked, not let through (as every check here).
  if (!(m.widthIn >= min - EPS && m.heightIn >= min - EPS)) {
    issues.addOne(
      'part_too_small',
      'outline',
      `The part is ${size()}; the smallest part that can be cut is ${formatInches(min)} each way: make it at least ${formatNumber(Math.max(m.widthIn, min))} x ${formatNumber(Math.max(m.heightIn, min))} in.`,
    );
  }
  const sw = rules.sheetWidthIn;
  const sh = rules.sheetHeightIn;
  const fits = (m.widthIn <= sw + EPS && m.heightIn <= sh + EPS) || (m.widthIn <= sh + EPS && m.heightIn <= sw + EPS);
  if (!fits) {
    issues.addOne(
      'part_exceeds_sheet',
      'outline',
      `The part is ${size()} and does not fit the ${formatNumber(sw)} x ${formatNumber(sh)} in sheet either way round: keep it within ${formatNumber(Math.min(sw, sh))} in one way and ${formatNumber(Math.max(sw, sh))} in the other, or split it into pieces.`,
    );
  }
}

function cutoutWidth(p: HolePattern): number {
  return p.kind === 'slot' ? p.width_in : p.diameter_in;
}

/** "the 0.2 in wide strip", the width and where: the outline narrower than the minimum web. */
function checkOutlineWeb(shape: OutlineShape, t: PlateThresholds, thick: string, issues: IssueList, survey: OutlineSurvey | undefined): void {
  const narrow = findNarrowWeb(shape, t.minWebIn, EPS, survey);
  if (!narrow) return;
  const need = `at ${thick} thick the part must be at least ${formatInches(t.minWebIn)} wide everywhere`;
  let message: string;
  switch (narrow.kind) {
    case 'strip':
      message = `The part is only ${formatInches(narrow.widthIn)} ${narrow.across}; ${need}: make it ${formatFix(t.minWebIn - narrow.widthIn)} in ${narrow.across === 'tall' ? 'taller' : 'wider'}, or choose plate no thicker than ${formatInches(narrow.widthIn)}.`;
      break;
    case 'wall':
      message = `The ring's wall is only ${formatInches(narrow.widthIn)} (half the difference of its diameters); ${need}: make inner_diameter_in ${formatFix(2 * (t.minWebIn - narrow.widthIn))} in smaller, or choose thinner plate.`;
      break;
    case 'neck':
      message = `The part narrows to ${formatInches(narrow.widthIn)} between ${edgeName(shape, narrow.edgeA)} and ${edgeName(shape, narrow.edgeB)}, around ${formatPoint(narrow.x, narrow.y)}; ${need}: widen it there by ${formatFix(t.minWebIn - narrow.widthIn)} in, or choose thinner plate.`;
      break;
    case 'point':
      message = `The corner at ${cornerName(shape, narrow.corner)} comes to ${articleFor(formatNumber(narrow.angleDeg, 1))} ${formatNumber(narrow.angleDeg, 1)}° point, narrower than ${formatInches(t.minWebIn)} for ${formatInches(narrow.narrowForIn)} from its tip (${formatInches(narrow.widthIn)} wide at twice the web from it); ${need}, so a point must be at least ${formatNumber(MIN_POINT_ANGLE_DEG, 1)}°: open the corner or cut its tip off.`;
      break;
  }
  issues.addOne('web_too_narrow', 'outline', message);
}

function cornerName(shape: OutlineShape, corner: number): string {
  return shape.kind === 'polygon' ? `points_in[${shape.sourceIndex[corner]}]` : 'the edge';
}

function checkHoleSizes(holes: readonly HolePattern[], t: PlateThresholds, thick: string, issues: IssueList): void {
  type Finding = { entry: number; p: HolePattern; width: number };
  const pronoun = (p: HolePattern) => (p.kind === 'single' || p.kind === 'slot' ? 'it' : 'them');
  const what = ({ entry, p, width }: Finding) =>
    p.kind === 'slot'
      ? `The slot holes[${entry}] is ${formatInches(width)} wide`
      : `holes[${entry}] asks for ${formatInches(width)} ${p.kind === 'single' ? 'hole' : 'holes'}`;
  const subject = ({ entry, width }: Finding) => `holes[${entry}] (${formatInches(width)})`;
  const tooSmall: IssueKind<Finding> = {
    code: 'hole_too_small',
    message: (f) =>
      `${what(f)}; at ${thick} thick the laser cannot cut a ${f.p.kind === 'slot' ? 'slot' : 'hole'} under ${formatInches(t.blockedHoleUnderIn)} across: make ${pronoun(f.p)} at least ${formatFix(t.blockedHoleUnderIn)} in ${f.p.kind === 'slot' ? 'wide' : 'across'}, or choose thinner plate.`,
    subject,
    one: 'hole pattern too small to cut',
    many: 'hole patterns too small to cut',
    advice: () => `At ${thick} thick the laser cannot cut a hole or slot under ${formatInches(t.blockedHoleUnderIn)} across: make each at least that, or choose thinner plate.`,
  };
  const underThickness: IssueKind<Finding> = {
    code: 'hole_smaller_than_thickness',
    message: (f) =>
      `${what(f)}, less than the ${thick} thickness: ${pronoun(f.p) === 'it' ? 'it' : 'they'} can be cut but may come out tapered and rough; ${formatInches(t.warnedHoleUnderIn)} or more cuts clean.`,
    subject,
    one: 'hole pattern smaller than the thickness',
    many: 'hole patterns smaller than the thickness',
    advice: () => `Holes under the ${thick} thickness can be cut but may come out tapered and rough; ${formatInches(t.warnedHoleUnderIn)} or more cuts clean.`,
  };
  holes.forEach((p, entry) => {
    const width = cutoutWidth(p);
    if (!(width >= t.blockedHoleUnderIn - EPS)) issues.add(tooSmall, `holes[${entry}]`, 1, { entry, p, width });
    else if (!(width >= t.warnedHoleUnderIn - EPS)) issues.add(underThickness, `holes[${entry}]`, 1, { entry, p, width });
  });
}

function sizeOf(p: HolePattern): string {
  return p.kind === 'slot' ? `${formatNumber(p.width_in)} x ${formatNumber(p.length_in)} in` : formatInches(p.diameter_in);
}

/** "the 0.5 in hole holes[2] at (1, 1)", "hole 4 of holes[3] (0.25 in, at (2, 1))", "the slot holes[1] (0.5 x 2 in, at (3, 1))" */
function describeCutout(c: Cutout, p: HolePattern): string {
  const at = formatPoint(c.x, c.y);
  if (p.kind === 'single') return `the ${sizeOf(p)} hole holes[${c.entry}] at ${at}`;
  if (p.kind === 'slot') return `the slot holes[${c.entry}] (${sizeOf(p)}, at ${at})`;
  return `hole ${c.index + 1} of holes[${c.entry}] (${sizeOf(p)}, at ${at})`;
}

/** "holes[2]", "hole 4 of holes[3]": a cutout in as few words as a folded message needs. */
function nameCutout(c: Cutout, p: HolePattern): string {
  return p.kind === 'single' || p.kind === 'slot' ? `holes[${c.entry}]` : `hole ${c.index + 1} of holes[${c.entry}]`;
}

/** "the cut-out cutouts[0] (2 x 1 in, around (3, 2.5))": its extent and the middle of its box. */
function describePolygon(p: CutoutPolygon): string {
  const { minX, minY, maxX, maxY } = p.bounds;
  return `the cut-out cutouts[${p.index}] (${formatNumber(maxX - minX)} x ${formatNumber(maxY - minY)} in, around ${formatPoint((minX + maxX) / 2, (minY + maxY) / 2)})`;
}

/** A cut by its id (a hole or slot by its index in `cutouts`, then cut-outs after them), in words. */
function describeCut(layout: Layout, holes: readonly HolePattern[], id: number): string {
  const c = layout.cutouts[id];
  return c ? describeCutout(c, holes[c.entry]!) : describePolygon(layout.polygons[id - layout.cutouts.length]!);
}

/** A cut by its id in as few words as a folded message needs. */
function nameCut(layout: Layout, holes: readonly HolePattern[], id: number): string {
  const c = layout.cutouts[id];
  return c ? nameCutout(c, holes[c.entry]!) : `cutouts[${id - layout.cutouts.length}]`;
}

/** The field a cut comes from: `holes[2]`, `cutouts[0]`. */
function entryParam(layout: Layout, id: number): string {
  const c = layout.cutouts[id];
  return c ? `holes[${c.entry}]` : `cutouts[${id - layout.cutouts.length}]`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function edgeName(shape: OutlineShape, edge: number): string {
  switch (shape.kind) {
    case 'box':
      return ['the left edge', 'the right edge', 'the bottom edge', 'the top edge'][edge] ?? 'the edge';
    case 'disc':
      return edge === 0 ? 'the outer edge' : 'the inner edge';
    case 'polygon': {
      const n = shape.sourceIndex.length;
      if (edge < 0) return 'the edge';
      return `the edge from points_in[${shape.sourceIndex[edge]}] to points_in[${shape.sourceIndex[(edge + 1) % n]}]`;
    }
  }
}

/** Cutout indices grouped by their entry in `holes`, entries in order. */
function groupByEntry(indices: readonly number[], cutouts: readonly Cutout[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const i of indices) {
    const entry = cutouts[i]!.entry;
    const group = groups.get(entry);
    if (group) group.push(i);
    else groups.set(entry, [i]);
  }
  return new Map([...groups.entries()].sort((a, b) => a[0] - b[0]));
}

function checkEdges(holes: readonly HolePattern[], layout: Layout, t: PlateThresholds, thick: string, issues: IssueList): void {
  const { shape, cutouts, edges } = layout;
  const web = t.minWebIn;
  const outside: number[] = [];
  const close: number[] = [];
  edges.forEach((e, i) => {
    if (e.state !== INSIDE) outside.push(i);
    else if (e.web < web - EPS) close.push(i);
  });
  const outsideKind: IssueKind<{ entry: number; list: number[] }> = {
    code: 'hole_outside_part',
    message: ({ entry, list }) => {
      const p = holes[entry]!;
      const first = cutouts[list[0]!]!;
      const how = (i: number) => (edges[i]!.state === OUTSIDE ? 'lies outside the part' : `runs past ${edgeName(shape, edges[i]!.edge)} of the part`);
      const fix = `every cutout needs material all round it (at least ${formatInches(web)} to an edge at ${thick} thick): move ${list.length > 1 ? 'them' : 'it'} inside the outline or change the outline.`;
      return list.length === 1
        ? `${capitalize(describeCutout(first, p))} ${how(list[0]!)}; ${fix}`
        : `${formatThousands(list.length)} holes of holes[${entry}] (${sizeOf(p)}) are outside the part or run past its edge; the first, ${describeCutout(first, p)}, ${how(list[0]!)}; ${fix}`;
    },
    subject: ({ entry, list }) => nameCutout(cutouts[list[0]!]!, holes[entry]!),
    one: 'cutout outside the part or past its edge',
    many: 'cutouts outside the part or past its edge',
    advice: () => `Every cutout needs material all round it (at least ${formatInches(web)} to an edge at ${thick} thick): move them inside the outline or change the outline.`,
  };
  for (const [entry, list] of groupByEntry(outside, cutouts)) issues.add(outsideKind, `holes[${entry}]`, list.length, { entry, list });

  const closeKind: IssueKind<{ entry: number; count: number; worst: number }> = {
    code: 'hole_too_close_to_edge',
    message: ({ entry, count, worst }) => {
      const p = holes[entry]!;
      const e = edges[worst]!;
      const c = cutouts[worst]!;
      const need = `holes need at least ${formatInches(web)} of material to an edge at ${thick} thick`;
      const move = `move ${count > 1 ? 'them' : 'it'} in by ${formatFix(web - e.web)} in or make the plate larger.`;
      return count === 1
        ? `${capitalize(describeCutout(c, p))} is ${formatInches(e.web)} from ${edgeName(shape, e.edge)}; ${need}: ${move}`
        : `${formatThousands(count)} holes of holes[${entry}] (${sizeOf(p)}) are too close to an edge; the closest, ${describeCutout(c, p)}, is ${formatInches(e.web)} from ${edgeName(shape, e.edge)}; ${need}: ${move}`;
    },
    subject: ({ entry, worst }) => nameCutout(cutouts[worst]!, holes[entry]!),
    one: 'cutout too close to an edge',
    many: 'cutouts too close to an edge',
    advice: () => `Holes need at least ${formatInches(web)} of material to an edge at ${thick} thick: move them in or make the plate larger.`,
  };
  for (const [entry, list] of groupByEntry(close, cutouts)) {
    let worst = list[0]!;
    for (const i of list) if (edges[i]!.web < edges[worst]!.web) worst = i;
    issues.add(closeKind, `holes[${entry}]`, list.length, { entry, count: list.length, worst });
  }
}

function checkCutoutEdges(layout: Layout, t: PlateThresholds, thick: string, issues: IssueList): void {
  const { shape, polygons, polygonEdges } = layout;
  if (polygons.length === 0) return;
  const web = t.minWebIn;
  const at = (e: CutoutEdgeRelation) => (Number.isNaN(e.x) ? '' : ` at ${formatPoint(e.x, e.y)}`);
  const outsideKind: IssueKind<number> = {
    code: 'hole_outside_part',
    message: (k) => {
      const e = polygonEdges[k]!;
      let how: string;
      if (e.state === OUTSIDE) how = 'lies outside the part';
      else if (e.edge < 0) how = 'takes in the whole part';
      else if (shape.kind === 'disc' && e.edge === 1 && Number.isNaN(e.x)) how = "takes in the ring's opening";
      else how = `meets or crosses ${edgeName(shape, e.edge)} of the part${at(e)}`;
      return `${capitalize(describePolygon(polygons[k]!))} ${how}; every cutout needs material all round it (at least ${formatInches(web)} to an edge at ${thick} thick): move it inside the outline or change the outline.`;
    },
    subject: (k) => `cutouts[${k}]`,
    one: 'cutout outside the part or past its edge',
    many: 'cutouts outside the part or past its edge',
    advice: () => `Every cutout needs material all round it (at least ${formatInches(web)} to an edge at ${thick} thick): move them inside the outline or change the outline.`,
  };
  const closeKind: IssueKind<number> = {
    code: 'hole_too_close_to_edge',
    message: (k) => {
      const e = polygonEdges[k]!;
      return `${capitalize(describePolygon(polygons[k]!))} comes within ${formatInches(e.web)} of ${edgeName(shape, e.edge)} of the part${at(e)}; cut-outs need at least ${formatInches(web)} of material to an edge at ${thick} thick: move it in by ${formatFix(web - e.web)} in, trim it there or make the plate larger.`;
    },
    subject: (k) => `cutouts[${k}]`,
    one: 'cutout too close to an edge',
    many: 'cutouts too close to an edge',
    advice: () => `Cutouts need at least ${formatInches(web)} of material to an edge at ${thick} thick: move them in or make the plate larger.`,
  };
  polygonEdges.forEach((e, k) => {
    if (e === null) return;
    if (e.state !== INSIDE) issues.add(outsideKind, `cutouts[${k}]`, 1, k);
    else if (e.web < web - EPS) issues.add(closeKind, `cutouts[${k}]`, 1, k);
  });
}

function checkPairs(holes: readonly HolePattern[], layout: Layout, t: PlateThresholds, thick: string, issues: IssueList): void {
  const { pairs } = layout;
  const web = t.minWebIn;
  const kind: IssueKind<PairGroup> = {
    code: 'holes_overlap',
    message: (group) => {
      const names = `${describeCut(layout, holes, group.i)} and ${describeCut(layout, holes, group.j)}`;
      const need = `at ${thick} thick cutouts need at least ${formatInches(web)} of material between them`;
      // An overlap whose depth is not measured (a cut-out's outline crossing another's) names no amount.
      const [state, fix] =
        group.gap === -Infinity
          ? ['overlap', `${need}: move them apart, or make them smaller, until that much lies between them.`]
          : [
              group.gap < 0 ? `overlap by ${formatInches(-group.gap)}` : `leave only ${formatInches(group.gap)} of material between them`,
              `${need}: move them ${formatFix(web - group.gap)} in further apart.`,
            ];
      const a = entryParam(layout, group.i);
      const b = entryParam(layout, group.j);
      const where = a === b ? `in ${a}` : `between ${a} and ${b}`;
      return group.count === 1
        ? `${capitalize(names)} ${state}; ${fix}`
        : `${formatThousands(group.count)} pairs of cutouts ${where} are too close; the closest, ${names}, ${state}; ${fix}`;
    },
    subject: (group) => `${nameCut(layout, holes, group.i)} and ${nameCut(layout, holes, group.j)}`,
    one: 'pair of cutouts overlapping or too close',
    many: 'pairs of cutouts overlapping or too close',
    advice: () => `At ${thick} thick cutouts need at least ${formatInches(web)} of material between them: space them out, make them smaller or use fewer.`,
  };
  // The groups come in request order (first entry, then second): past the few that can be shown,
  // only their count matters.
  let slots = issues.openSlots('holes_overlap');
  let tail = 0;
  for (const group of pairs) {
    if (slots > 0) {
      issues.add(kind, entryParam(layout, group.i), group.count, group);
      slots--;
    } else tail += group.count;
  }
  issues.addTail('holes_overlap', tail);
}

function describeFold(item: PlateItem, index: number): string {
  const b = item.bends[index]!;
  return `bends[${index}] (${formatPoint(b.start_in[0], b.start_in[1])} to ${formatPoint(b.end_in[0], b.end_in[1])})`;
}

/** Which way a normal points, in words: "left of", "right of", "above", "below". */
function sideWord(nx: number, ny: number): string {
  if (Math.abs(nx) > Math.abs(ny) + 1e-12) return nx < 0 ? 'left of' : 'right of';
  return ny < 0 ? 'below' : 'above';
}

function checkFolds(item: PlateItem, layout: Layout, t: PlateThresholds, thick: string, issues: IssueList, known: KnownFlanges | undefined): void {
  const { folds, cutouts, edges } = layout;
  folds.forEach((f, i) => {
    if (f.spans.length === 0) {
      issues.addOne(
        'bend_misses_part',
        `bends[${i}]`,
        `The fold line of ${describeFold(item, i)} does not cross the part (at most it touches an edge or corner): move its points so the line runs across the material.`,
      );
    }
  });
  const need = 2 * t.minFlangeIn;
  const folded = {
    one: 'fold with too short a flange',
    many: 'folds with too short a flange',
  };
  const foldedAdvice = () => `At ${thick} thick each side of a fold needs at least ${formatInches(t.minFlangeIn)}, and two folds at least ${formatInches(need)} between them.`;
  const pairKind: IssueKind<{ i: number; j: number; gap: number }> = {
    code: 'bend_flange_too_short',
    ...folded,
    advice: foldedAdvice,
    message: ({ i, j, gap }) =>
      `The folds of ${describeFold(item, i)} and ${describeFold(item, j)} come ${gap < 0.00005 ? 'within less than 0.0001 in' : `within ${formatInches(gap)}`} of each other in the part; at ${thick} thick the material between two folds is a flange of each and needs at least ${formatInches(need)} (${formatInches(t.minFlangeIn)} a side): move them ${formatFix(need - gap)} in further apart, or make one fold.`,
    subject: ({ i, j }) => `bends[${i}] and bends[${j}]`,
  };
  const sideKind: IssueKind<{ i: number; side: string; depth: number }> = {
    code: 'bend_flange_too_short',
    ...folded,
    advice: foldedAdvice,
    message: ({ i, side, depth }) =>
      `The material ${side} the fold of ${describeFold(item, i)} reaches only ${formatInches(Math.max(0, depth))} from it; at ${thick} thick each side of a fold needs at least ${formatInches(t.minFlangeIn)}: move the fold, or the edge or fold beyond it, ${formatFix(t.minFlangeIn - depth)} in further apart.`,
    subject: ({ i }) => `bends[${i}]`,
  };
  const tooClose = new Set<number>();
  // The strip between two folds is a flange of each: it needs both flanges' worth.
  const gaps = closeFolds(folds, need - EPS);
  for (let j = 1; j < folds.length; j++) {
    for (let i = 0; i < j; i++) {
      const at = foldsMeet(folds[i]!, folds[j]!);
      if (at) {
        issues.addOne(
          'bends_cross',
          `bends[${j}]`,
          `The fold lines of bends[${i}] and bends[${j}] meet inside the part at ${formatPoint(at.x, at.y)}; folds must not cross or lie on each other in the material: move one so they meet outside the part, or split the part.`,
        );
        continue;
      }
      const gap = gaps.get(`${i}:${j}`);
      if (gap === undefined) continue;
      tooClose.add(i).add(j);
      issues.add(pairKind, `bends[${j}]`, 1, { i, j, gap });
    }
  }
  // Walking the facets of a many-cornered outline is most of a fold check: known for the import's own folds.
  const flanges = known !== undefined && known.bends === JSON.stringify(item.bends) ? known.depths : measureFlanges(layout.shape, folds);
  flanges.forEach((depths, i) => {
    // A fold already too close to another is told once, by that check.
    if (!depths || tooClose.has(i)) return;
    const f = folds[i]!;
    for (const [depth, sign] of [
      [depths.left, 1],
      [depths.right, -1],
    ] as const) {
      if (depth >= t.minFlangeIn - depths.tolerance - EPS) continue;
      issues.add(sideKind, `bends[${i}]`, 1, { i, side: sideWord(-f.uy * sign, f.ux * sign), depth });
    }
  });
  const within = t.bendClearanceIn;
  const { polygons, polygonEdges } = layout;
  const holeEntries = item.holes.length;
  // Grouped by (entry, fold): holes[i] are entries 0.., cutouts[k] come after them.
  const near = new Map<number, { count: number; worst: number; clearance: number }>();
  const note = (entry: number, fi: number, id: number, clearance: number) => {
    const key = entry * 64 + fi;
    const group = near.get(key);
    if (!group) near.set(key, { count: 1, worst: id, clearance });
    else {
      group.count++;
      if (clearance < group.clearance) Object.assign(group, { worst: id, clearance });
    }
  };
  folds.forEach((f, fi) => {
    if (f.spans.length === 0) return;
    cutouts.forEach((c, ci) => {
      if (edges[ci]!.state !== INSIDE) return;
      const clearance = foldClearance(c, f, within);
      if (clearance < within - EPS) note(c.entry, fi, ci, clearance);
    });
    polygons.forEach((p, k) => {
      if (polygonEdges[k]?.state !== INSIDE) return;
      const clearance = cutoutFoldClearance(p, f, within);
      if (clearance < within - EPS) note(holeEntries + k, fi, cutouts.length + k, clearance);
    });
  });
  type Near = { fi: number; count: number; worst: number; clearance: number };
  const nearKind: IssueKind<Near> = {
    code: 'hole_near_bend',
    message: (g) => {
      const name = describeCut(layout, item.holes, g.worst);
      const state = g.clearance <= 0 ? `the fold of bends[${g.fi}] runs through ${name}` : `${name} is ${formatInches(g.clearance)} from the fold of bends[${g.fi}]`;
      const advice = `holes closer than ${formatInches(within)} to a fold at ${thick} thick may stretch out of shape when bent: move ${g.count > 1 ? 'them' : 'it'} ${formatFix(within - g.clearance)} in further from the fold, or accept some distortion.`;
      return g.count === 1
        ? `${capitalize(state)}; ${advice}`
        : `${formatThousands(g.count)} cutouts of ${entryParam(layout, g.worst)} are near the fold of bends[${g.fi}]; the nearest: ${state}; ${advice}`;
    },
    subject: (g) => `${nameCut(layout, item.holes, g.worst)} and bends[${g.fi}]`,
    one: 'cutout near a fold',
    many: 'cutouts near a fold',
    advice: () => `Holes closer than ${formatInches(within)} to a fold at ${thick} thick may stretch out of shape when bent: move them further from the fold, or accept some distortion.`,
  };
  for (const [key, g] of [...near.entries()].sort((a, b) => a[0] - b[0])) {
    const fi = key % 64;
    issues.add(nearKind, entryParam(layout, g.worst), g.count, { fi, ...g });
  }
}
