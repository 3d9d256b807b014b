// One plate measured and checked: the figures pricing needs and every manufacturability issue.
import { ISSUE_SEVERITY } from '@shop/contracts';
import type { HolePattern, Issue, IssueCode, PlateItem } from '@shop/contracts';
import { expandFold, foldsMeet } from './bend-lines';
import type { FoldLine } from './bend-lines';
import { removedArea } from './clipper-paths';
import { measureFlanges } from './flanges';
import { formatFix, formatInches, formatNumber, formatPoint, formatThickness } from './format';
import { cutoutArea, cutoutPerimeter, expandHoles } from './hole-patterns';
import type { Cutout } from './hole-patterns';
import { expandOutline } from './outline';
import type { OutlineShape } from './outline';
import { INSIDE, OUTSIDE, findClosePairs, foldClearance, relateToEdge } from './relations';
import type { ClosePair, EdgeRelation } from './relations';
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

interface Layout {
  shape: OutlineShape;
  outlineValid: boolean;
  cutouts: Cutout[];
  edges: EdgeRelation[];
  pairs: ClosePair[];
  folds: FoldLine[];
}

function layOut(item: PlateItem, web: number): Layout {
  const shape = expandOutline(item.outline);
  const outlineValid = shape.kind !== 'polygon' || shape.problem === null;
  const cutouts = expandHoles(item.holes);
  const edges = outlineValid ? cutouts.map((c) => relateToEdge(shape, c, c.radius + web)) : [];
  const pairs = findClosePairs(cutouts, web, EPS);
  const folds = item.bends.map((b) => expandFold(b, shape));
  return { shape, outlineValid, cutouts, edges, pairs, folds };
}

function measure(layout: Layout, bendCount: number): PlateMeasures {
  const { shape, cutouts, edges, pairs, folds } = layout;
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
  let netArea: number;
  const clean = layout.outlineValid && edges.every((e) => e.state === INSIDE) && pairs.every((p) => p.gap >= 0);
  if (clean || !layout.outlineValid) {
    netArea = Math.max(0, shape.areaIn2 - cutoutTotal);
  } else {
    // Overlapping or stray cutouts (a blocked plate): count only material really removed.
    netArea = Math.max(0, shape.areaIn2 - removedArea(shape, cutouts));
  }
  return {
    widthIn: shape.bounds.maxX - shape.bounds.minX,
    heightIn: shape.bounds.maxY - shape.bounds.minY,
    outlineAreaIn2: shape.areaIn2,
    netAreaIn2: netArea,
    cutLengthIn: cutLength,
    pierceCount: shape.contourCount + cutouts.length,
    holeCount,
    slotCount,
    bendCount,
    bendLengthsIn: folds.map((f) => f.lengthIn),
  };
}

/** Figures for one piece, without checks. */
export function measurePlate(item: PlateItem): PlateMeasures {
  return measure(layOut(item, 0), item.bends.length);
}

/**
 * Figures for one piece and every manufacturability issue, with params under `paramPrefix`
 * (`items[0]` gives `items[0].holes[3]`; '' gives `holes[3]`).
 */
export function analyzePlate(item: PlateItem, rules: PlateRules, paramPrefix = ''): PlateAnalysis {
  const limits = resolveThresholds(rules, item.thickness_in);
  const layout = layOut(item, limits.minWebIn);
  const measures = measure(layout, item.bends.length);
  const issues = new IssueList(paramPrefix);
  const thick = formatThickness(item.thickness_in);

  if (!layout.outlineValid && layout.shape.kind === 'polygon') {
    issues.add('outline_invalid', 'outline', layout.shape.problem ?? 'The outline is not a simple shape.');
  } else {
    checkPartSize(measures, rules, issues);
  }
  checkHoleSizes(item.holes, limits, thick, issues);
  if (layout.outlineValid) checkEdges(item.holes, layout, limits, thick, issues);
  checkPairs(item.holes, layout, limits, thick, issues);
  if (layout.outlineValid) checkFolds(item, layout, limits, thick, issues);
  return { ...measures, issues: issues.list };
}

class IssueList {
  readonly list: Issue[] = [];
  constructor(private readonly prefix: string) {}

  add(code: IssueCode, param: string, message: string): void {
    this.list.push({
      code,
      severity: ISSUE_SEVERITY[code],
      message,
      param: this.prefix ? `${this.prefix}.${param}` : param,
    });
  }
}

function checkPartSize(m: PlateMeasures, rules: PlateRules, issues: IssueList): void {
  const size = () => `${formatNumber(m.widthIn)} x ${formatNumber(m.heightIn)} in`;
  const min = rules.minPartSizeIn;
  if (m.widthIn < min - EPS || m.heightIn < min - EPS) {
    issues.add(
      'part_too_small',
      'outline',
      `The part is ${size()}; the smallest part that can be cut is ${formatInches(min)} each way: make it at least ${formatNumber(Math.max(m.widthIn, min))} x ${formatNumber(Math.max(m.heightIn, min))} in.`,
    );
  }
  const sw = rules.sheetWidthIn;
  const sh = rules.sheetHeightIn;
  const fits = (m.widthIn <= sw + EPS && m.heightIn <= sh + EPS) || (m.widthIn <= sh + EPS && m.heightIn <= sw + EPS);
  if (!fits) {
    issues.add(
      'part_exceeds_sheet',
      'outline',
      `The part is ${size()} and does not fit the ${formatNumber(sw)} x ${formatNumber(sh)} in sheet either way round: keep it within ${formatNumber(Math.min(sw, sh))} in one way and ${formatNumber(Math.max(sw, sh))} in the other, or split it into pieces.`,
    );
  }
}

function cutoutWidth(p: HolePattern): number {
  return p.kind === 'slot' ? Math.min(p.width_in, p.length_in) : p.diameter_in;
}

function checkHoleSizes(holes: readonly HolePattern[], t: PlateThresholds, thick: string, issues: IssueList): void {
  holes.forEach((p, entry) => {
    const width = cutoutWidth(p);
    const slot = p.kind === 'slot';
    const what = () =>
      slot
        ? `The slot holes[${entry}] is ${formatInches(width)} wide`
        : `holes[${entry}] asks for ${formatInches(width)} ${p.kind === 'single' ? 'hole' : 'holes'}`;
    if (width < t.blockedHoleUnderIn - EPS) {
      issues.add(
        'hole_too_small',
        `holes[${entry}]`,
        `${what()}; at ${thick} thick the laser cannot cut a ${slot ? 'slot' : 'hole'} under ${formatInches(t.blockedHoleUnderIn)} across: make ${p.kind === 'single' || slot ? 'it' : 'them'} at least ${formatInches(t.blockedHoleUnderIn)} ${slot ? 'wide' : 'across'}, or choose thinner plate.`,
      );
    } else if (width < t.warnedHoleUnderIn - EPS) {
      issues.add(
        'hole_smaller_than_thickness',
        `holes[${entry}]`,
        `${what()}, less than the ${thick} thickness: ${p.kind === 'single' || slot ? 'it' : 'they'} can be cut but may come out tapered and rough; ${formatInches(t.warnedHoleUnderIn)} or more cuts clean.`,
      );
    }
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

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  if (items.length === 0) return groups;
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
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
  for (const [entry, list] of groupBy(outside, (i) => cutouts[i]!.entry)) {
    const p = holes[entry]!;
    const first = cutouts[list[0]!]!;
    const how = (i: number) => (edges[i]!.state === OUTSIDE ? 'lies outside the part' : `runs past ${edgeName(shape, edges[i]!.edge)} of the part`);
    const fix = `every cutout needs material all round it (at least ${formatInches(web)} to an edge at ${thick} thick): move ${list.length > 1 ? 'them' : 'it'} inside the outline or change the outline.`;
    const message =
      list.length === 1
        ? `${capitalize(describeCutout(first, p))} ${how(list[0]!)}; ${fix}`
        : `${list.length} holes of holes[${entry}] (${sizeOf(p)}) are outside the part or run past its edge; the first, ${describeCutout(first, p)}, ${how(list[0]!)}; ${fix}`;
    issues.add('hole_outside_part', `holes[${entry}]`, message);
  }
  for (const [entry, list] of groupBy(close, (i) => cutouts[i]!.entry)) {
    const p = holes[entry]!;
    let worst = list[0]!;
    for (const i of list) if (edges[i]!.web < edges[worst]!.web) worst = i;
    const e = edges[worst]!;
    const c = cutouts[worst]!;
    const need = `holes need at least ${formatInches(web)} of material to an edge at ${thick} thick`;
    const move = `move ${list.length > 1 ? 'them' : 'it'} in by ${formatFix(web - e.web)} in or make the plate larger.`;
    const message =
      list.length === 1
        ? `${capitalize(describeCutout(c, p))} is ${formatInches(e.web)} from ${edgeName(shape, e.edge)}; ${need}: ${move}`
        : `${list.length} holes of holes[${entry}] (${sizeOf(p)}) are too close to an edge; the closest, ${describeCutout(c, p)}, is ${formatInches(e.web)} from ${edgeName(shape, e.edge)}; ${need}: ${move}`;
    issues.add('hole_too_close_to_edge', `holes[${entry}]`, message);
  }
}

function checkPairs(holes: readonly HolePattern[], layout: Layout, t: PlateThresholds, thick: string, issues: IssueList): void {
  const { cutouts, pairs } = layout;
  const web = t.minWebIn;
  const key = (pair: ClosePair) => cutouts[pair.i]!.entry * 1000 + cutouts[pair.j]!.entry;
  for (const [, group] of groupBy(pairs, key)) {
    let worst = group[0]!;
    for (const pair of group) if (pair.gap < worst.gap || (pair.gap === worst.gap && pair.i < worst.i)) worst = pair;
    const a = cutouts[worst.i]!;
    const b = cutouts[worst.j]!;
    const names = `${describeCutout(a, holes[a.entry]!)} and ${describeCutout(b, holes[b.entry]!)}`;
    const state = worst.gap < 0 ? `overlap by ${formatInches(-worst.gap)}` : `leave only ${formatInches(worst.gap)} of material between them`;
    const need = `at ${thick} thick cutouts need at least ${formatInches(web)} of material between them: move them ${formatFix(web - worst.gap)} in further apart.`;
    const where = a.entry === b.entry ? `in holes[${a.entry}]` : `between holes[${a.entry}] and holes[${b.entry}]`;
    const message =
      group.length === 1
        ? `${capitalize(names)} ${state}; ${need}`
        : `${group.length} pairs of cutouts ${where} are too close; the closest, ${names}, ${state}; ${need}`;
    issues.add('holes_overlap', `holes[${a.entry}]`, message);
  }
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

function checkFolds(item: PlateItem, layout: Layout, t: PlateThresholds, thick: string, issues: IssueList): void {
  const { folds, cutouts, edges } = layout;
  folds.forEach((f, i) => {
    if (f.spans.length === 0) {
      issues.add(
        'bend_misses_part',
        `bends[${i}]`,
        `The fold line of ${describeFold(item, i)} does not cross the part (at most it touches an edge or corner): move its points so the line runs across the material.`,
      );
    }
  });
  for (let j = 1; j < folds.length; j++) {
    for (let i = 0; i < j; i++) {
      const at = foldsMeet(folds[i]!, folds[j]!);
      if (!at) continue;
      issues.add(
        'bends_cross',
        `bends[${j}]`,
        `The fold lines of bends[${i}] and bends[${j}] meet inside the part at ${formatPoint(at.x, at.y)}; folds must not cross or lie on each other in the material: move one so they meet outside the part, or split the part.`,
      );
    }
  }
  const flanges = measureFlanges(layout.shape, folds);
  flanges.forEach((depths, i) => {
    if (!depths) return;
    const f = folds[i]!;
    for (const [depth, sign] of [
      [depths.left, 1],
      [depths.right, -1],
    ] as const) {
      if (depth >= t.minFlangeIn - depths.tolerance - EPS) continue;
      const side = sideWord(-f.uy * sign, f.ux * sign);
      issues.add(
        'bend_flange_too_short',
        `bends[${i}]`,
        `The material ${side} the fold of ${describeFold(item, i)} reaches only ${formatInches(Math.max(0, depth))} from it; at ${thick} thick each side of a fold needs at least ${formatInches(t.minFlangeIn)}: move the fold, or the edge or fold beyond it, ${formatFix(t.minFlangeIn - depth)} in further apart.`,
      );
    }
  });
  const within = t.bendClearanceIn;
  const near = new Map<number, { count: number; worst: number; clearance: number }>();
  folds.forEach((f, fi) => {
    if (f.spans.length === 0) return;
    cutouts.forEach((c, ci) => {
      if (edges[ci]!.state !== INSIDE) return;
      const clearance = foldClearance(c, f, within);
      if (!(clearance < within - EPS)) return;
      const key = c.entry * 64 + fi;
      const group = near.get(key);
      if (!group) near.set(key, { count: 1, worst: ci, clearance });
      else {
        group.count++;
        if (clearance < group.clearance) Object.assign(group, { worst: ci, clearance });
      }
    });
  });
  if (near.size === 0) return;
  for (const [key, g] of [...near.entries()].sort((a, b) => a[0] - b[0])) {
    const fi = key % 64;
    const c = cutouts[g.worst]!;
    const p = item.holes[c.entry]!;
    const name = describeCutout(c, p);
    const state = g.clearance <= 0 ? `the fold of bends[${fi}] runs through ${name}` : `${name} is ${formatInches(g.clearance)} from the fold of bends[${fi}]`;
    const advice = `holes closer than ${formatInches(within)} to a fold at ${thick} thick may stretch out of shape when bent: move ${g.count > 1 ? 'them' : 'it'} ${formatFix(within - g.clearance)} in further from the fold, or accept some distortion.`;
    const message =
      g.count === 1
        ? `${capitalize(state)}; ${advice}`
        : `${g.count} cutouts of holes[${c.entry}] are near the fold of bends[${fi}]; the nearest: ${state}; ${advice}`;
    issues.add('hole_near_bend', `holes[${c.entry}]`, message);
  }
}
