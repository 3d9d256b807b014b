// Open pieces (lines, arcs, open polylines) joined into closed contours: endpoints are snapped on a
// hash grid of the join tolerance, so 36k pieces join in linear time (README, How it reads a drawing).
import { DuplicateFinder } from './duplicate-finder';
import type { Piece } from './entity-pieces';
import { JOIN_GAP_IN, SILENT_GAP_IN } from './limits';
import type { CircleFit } from './path-builder';
import { FULL_TURN } from './path-builder';

/** A closed contour in drawing inches, first point not repeated. */
export interface RawContour {
  points: number[];
  length: number;
  /** Set when the contour is exactly a full circle (a CIRCLE, or arcs of one circle going once round). */
  circle: CircleFit | null;
  order: number;
  type: string;
  layer: string;
}

/** A chain of pieces whose ends meet nothing within the join tolerance. */
export interface OpenChain {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pieces: number;
  /** More than two ends met at one of its ends: a branch or overlapping lines. */
  branch: boolean;
  /** The chain's pieces in order, each run forward or backward: the path drawn on the preview. */
  path: Array<{ piece: Piece; forward: boolean }>;
}

/** A gap closed while joining, wider than the silent tolerance. */
interface JoinedGap {
  x: number;
  y: number;
  width: number;
}

export interface JoinResult {
  contours: RawContour[];
  openChains: OpenChain[];
  gaps: JoinedGap[];
  /** Pieces drawn twice (dropped). */
  duplicates: Piece[];
  /** So many ends lie close together that joining stopped (a bounded amount of work per file). */
  overflow: boolean;
}

// Distance checks allowed between nearby ends: far above any real drawing, reached only when
// thousands of ends pile up on one spot.
const MAX_END_CHECKS = 5_000_000;
// Ends meeting at one spot that are still paired (nearest first); past this they all stay open.
const MAX_BRANCH_ENDS = 16;

const SAME_CIRCLE_IN = 1e-6;

/** The closed piece as a contour. */
export function closedPieceContour(piece: Piece): RawContour {
  const isFullCircle = piece.circle !== null && Math.abs(Math.abs(piece.sweep) - FULL_TURN) < 1e-6;
  return { points: piece.points, length: piece.length, circle: isFullCircle ? piece.circle : null, order: piece.order, type: piece.type, layer: piece.layer };
}

/** Pieces drawn twice: the same ends (in either direction), vertex centroid and length, to 1e-5 in. */
function dropDuplicates(pieces: readonly Piece[]): { kept: Piece[]; duplicates: Piece[] } {
  const quantize = (v: number) => Math.round(v * 1e5);
  const finder = new DuplicateFinder(7);
  const kept: Piece[] = [];
  const duplicates: Piece[] = [];
  const tuple = [0, 0, 0, 0, 0, 0, 0];
  for (const piece of pieces) {
    const p = piece.points;
    const n = p.length;
    let sumX = 0;
    let sumY = 0;
    for (let k = 0; k < n; k += 2) {
      sumX += p[k]!;
      sumY += p[k + 1]!;
    }
    const [ax, ay, bx, by] = [quantize(p[0]!), quantize(p[1]!), quantize(p[n - 2]!), quantize(p[n - 1]!)];
    const startFirst = ax < bx || (ax === bx && ay <= by);
    tuple[0] = startFirst ? ax : bx;
    tuple[1] = startFirst ? ay : by;
    tuple[2] = startFirst ? bx : ax;
    tuple[3] = startFirst ? by : ay;
    tuple[4] = quantize((2 * sumX) / n);
    tuple[5] = quantize((2 * sumY) / n);
    tuple[6] = quantize(piece.length);
    if (finder.isNew(tuple)) kept.push(piece);
    else duplicates.push(piece);
  }
  return { kept, duplicates };
}

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    parent[i] = parent[parent[i]!]!;
    i = parent[i]!;
  }
  return i;
}

/**
 * Joins open pieces end to end. Ends within the join tolerance are joined (gaps over the silent
 * tolerance are reported); an end that meets none leaves its chain open.
 */
export function joinPieces(openPieces: readonly Piece[]): JoinResult {
  const { kept: pieces, duplicates } = dropDuplicates(openPieces);
  const count = pieces.length;
  const ends = 2 * count;
  const endX = new Float64Array(ends);
  const endY = new Float64Array(ends);
  let minX = Infinity;
  let minY = Infinity;
  for (let p = 0; p < count; p++) {
    const points = pieces[p]!.points;
    const n = points.length;
    endX[2 * p] = points[0]!;
    endY[2 * p] = points[1]!;
    endX[2 * p + 1] = points[n - 2]!;
    endY[2 * p + 1] = points[n - 1]!;
  }
  for (let e = 0; e < ends; e++) {
    minX = Math.min(minX, endX[e]!);
    minY = Math.min(minY, endY[e]!);
  }

  // Hash grid: each end in one cell of the join tolerance; neighbours are found in the 3 x 3 cells
  // around it. Cell keys are hashed into small integers (fast map keys); a collision only costs a
  // distance check.
  const cell = JOIN_GAP_IN;
  const cellOf = (column: number, row: number) => (Math.imul(column, 73856093) ^ Math.imul(row, 19349663)) & 0x3fffffff;
  const head = new Map<number, number>();
  const next = new Int32Array(ends).fill(-1);
  const columnOf = new Int32Array(ends);
  const rowOf = new Int32Array(ends);
  for (let e = 0; e < ends; e++) {
    columnOf[e] = Math.floor((endX[e]! - minX) / cell) + 1;
    rowOf[e] = Math.floor((endY[e]! - minY) / cell) + 1;
    const key = cellOf(columnOf[e]!, rowOf[e]!);
    next[e] = head.get(key) ?? -1;
    head.set(key, e);
  }
  const parent = Int32Array.from({ length: ends }, (_, i) => i);
  const reach = JOIN_GAP_IN;
  let checks = 0;
  for (let e = 0; e < ends; e++) {
    for (let columnStep = -1; columnStep <= 1; columnStep++) {
      for (let rowStep = -1; rowStep <= 1; rowStep++) {
        for (let other = head.get(cellOf(columnOf[e]! + columnStep, rowOf[e]! + rowStep)) ?? -1; other >= 0; other = next[other]!) {
          if (!(++checks <= MAX_END_CHECKS)) return { contours: [], openChains: [], gaps: [], duplicates, overflow: true };
          if (other <= e || Math.hypot(endX[e]! - endX[other]!, endY[e]! - endY[other]!) > reach) continue;
          const a = find(parent, e);
          const b = find(parent, other);
          if (a !== b) parent[a] = b;
        }
      }
    }
  }

  // Pair the ends of each cluster: two ends join; more are paired nearest first (a branch).
  const clusters = new Map<number, number[]>();
  for (let e = 0; e < ends; e++) {
    const root = find(parent, e);
    const members = clusters.get(root);
    if (members) members.push(e);
    else clusters.set(root, [e]);
  }
  const partner = new Int32Array(ends).fill(-1);
  const branchEnd = new Uint8Array(ends);
  for (const members of clusters.values()) {
    if (members.length === 2) {
      partner[members[0]!] = members[1]!;
      partner[members[1]!] = members[0]!;
    } else if (!(members.length <= MAX_BRANCH_ENDS)) {
      for (const e of members) branchEnd[e] = 1;
    } else if (members.length > 2) {
      const pairs: Array<[number, number, number]> = [];
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          const a = members[i]!;
          const b = members[j]!;
          pairs.push([Math.hypot(endX[a]! - endX[b]!, endY[a]! - endY[b]!), a, b]);
        }
      }
      pairs.sort((p, q) => p[0] - q[0]);
      for (const [distance, a, b] of pairs) {
        if (distance > reach || partner[a] !== -1 || partner[b] !== -1) continue;
        partner[a] = b;
        partner[b] = a;
      }
      for (const e of members) branchEnd[e] = 1;
    }
  }

  const visited = new Uint8Array(count);
  const result: JoinResult = { contours: [], openChains: [], gaps: [], duplicates, overflow: false };

  // Chains with an open end first, then the cycles left.
  for (let start = 0; start < ends; start++) {
    if (partner[start] !== -1 || visited[start >> 1]) continue;
    let entry = start;
    const path: Array<{ piece: Piece; forward: boolean }> = [];
    for (;;) {
      visited[entry >> 1] = 1;
      path.push({ piece: pieces[entry >> 1]!, forward: (entry & 1) === 0 });
      const exit = entry ^ 1;
      const following = partner[exit]!;
      if (following < 0) {
        const branch = branchEnd[start] === 1 || branchEnd[exit] === 1;
        result.openChains.push({ x0: endX[start]!, y0: endY[start]!, x1: endX[exit]!, y1: endY[exit]!, pieces: path.length, branch, path });
        break;
      }
      entry = following;
    }
  }
  for (let first = 0; first < count; first++) {
    if (visited[first]) continue;
    const chain: Array<{ piece: Piece; forward: boolean }> = [];
    let entry = 2 * first;
    for (;;) {
      visited[entry >> 1] = 1;
      chain.push({ piece: pieces[entry >> 1]!, forward: (entry & 1) === 0 });
      const following = partner[entry ^ 1]!;
      if (following < 0 || visited[following >> 1]) break;
      entry = following;
    }
    result.contours.push(chainContour(chain, result.gaps));
  }
  return result;
}

/** The points of a closed chain, each joint's gap closed (and noted when wider than the silent tolerance). */
function chainContour(chain: ReadonlyArray<{ piece: Piece; forward: boolean }>, gaps: JoinedGap[]): RawContour {
  const out: number[] = [];
  let length = 0;
  let circle: CircleFit | null | undefined;
  let sweep = 0;
  let order = Infinity;
  const noteGap = (x0: number, y0: number, x1: number, y1: number): void => {
    const width = Math.hypot(x1 - x0, y1 - y0);
    if (width > SILENT_GAP_IN) gaps.push({ x: (x0 + x1) / 2, y: (y0 + y1) / 2, width });
  };
  for (const { piece, forward } of chain) {
    const p = piece.points;
    const n = p.length / 2;
    for (let k = 0; k < n; k++) {
      const index = forward ? k : n - 1 - k;
      const x = p[2 * index]!;
      const y = p[2 * index + 1]!;
      if (k === 0 && out.length > 0) {
        noteGap(out[out.length - 2]!, out[out.length - 1]!, x, y);
        continue;
      }
      out.push(x, y);
    }
    length += piece.length;
    order = Math.min(order, piece.order);
    const fit = piece.circle;
    if (fit === null || circle === null) circle = null;
    else if (circle === undefined) circle = fit;
    else if (Math.hypot(circle.cx - fit.cx, circle.cy - fit.cy) > SAME_CIRCLE_IN || Math.abs(circle.r - fit.r) > SAME_CIRCLE_IN) circle = null;
    sweep += forward ? piece.sweep : -piece.sweep;
  }
  const n = out.length;
  if (n >= 4) {
    noteGap(out[n - 2]!, out[n - 1]!, out[0]!, out[1]!);
    out.length = n - 2;
  }
  const first = chain[0]!.piece;
  const fullCircle = circle && Math.abs(Math.abs(sweep) - FULL_TURN) < 1e-6 ? circle : null;
  return { points: out, length, circle: fullCircle, order, type: first.type, layer: first.layer };
}
