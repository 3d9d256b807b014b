// How deep the material reaches on each side of each fold of a polygon part, without clipping: the
// boundary and the folds' pieces inside the material make a planar graph whose faces are the facets
// the folds cut the part into, and each facet is walked once round its edges. Near n log n for any
// outline (a clipper sweep pays for every edge crossing its scanline, so a comb of teeth is quadratic).
import type { FoldLine } from './bend-lines';
import { linePieces } from './bend-lines';

/** Shallowest facet along each side of one fold: left of its direction (the side of -uy, ux), and right. */
export interface FacetDepths {
  left: number;
  right: number;
}

const TWO_PI = 2 * Math.PI;
// Places closer than this are one point: a crossing of two folds this near a piece's end is that end.
const SAME_IN = 1e-9;

/**
 * Depths for each fold (null for one that misses the part) of a counter-clockwise polygon; every fold
 * given must be a distinct line.
 */
export function walkFacets(xs: Float64Array, ys: Float64Array, folds: readonly FoldLine[]): Array<FacetDepths | null> {
  const n = xs.length;
  const pieces = folds.map((f) => linePieces(f.px, f.py, f.ux, f.uy, xs, ys));

  // Nodes: where folds meet the boundary, then where two folds cross inside the part.
  const nodeX: number[] = [];
  const nodeY: number[] = [];
  const nodeOut: number[][] = [];
  const addNode = (x: number, y: number): number => {
    nodeX.push(x);
    nodeY.push(y);
    nodeOut.push([]);
    return nodeX.length - 1;
  };

  // Each end of each piece is a place on the boundary: edge k, a fraction lam along it. Places that
  // are one point (two folds leaving one corner, or meeting on an edge) make one node, whatever the
  // rounding of their fractions, so that the folds leaving it are ordered by their angles there.
  const placeK: number[] = [];
  const placeLam: number[] = [];
  const placeX: number[] = [];
  const placeY: number[] = [];
  const addPlace = (k: number, lam: number): void => {
    const k1 = k + 1 === n ? 0 : k + 1;
    placeK.push(k);
    placeLam.push(lam);
    placeX.push(xs[k]! + lam * (xs[k1]! - xs[k]!));
    placeY.push(ys[k]! + lam * (ys[k1]! - ys[k]!));
  };
  for (const list of pieces) {
    for (const p of list) {
      addPlace(p.k0, p.lam0);
      addPlace(p.k1, p.lam1);
    }
  }
  const byPosition = placeK.map((_, i) => i).sort((a, b) => placeK[a]! - placeK[b]! || placeLam[a]! - placeLam[b]!);
  // Stops round the boundary, each from its first place to its last.
  const stopNode: number[] = [];
  const stopK: number[] = [];
  const stopLam: number[] = [];
  const stopEndK: number[] = [];
  const stopEndLam: number[] = [];
  const stopOfPlace = new Int32Array(placeK.length);
  for (const i of byPosition) {
    const s = stopNode.length - 1;
    if (s >= 0 && Math.hypot(placeX[i]! - nodeX[stopNode[s]!]!, placeY[i]! - nodeY[stopNode[s]!]!) <= SAME_IN) {
      stopEndK[s] = placeK[i]!;
      stopEndLam[s] = placeLam[i]!;
    } else {
      stopNode.push(addNode(placeX[i]!, placeY[i]!));
      stopK.push(placeK[i]!);
      stopLam.push(placeLam[i]!);
      stopEndK.push(placeK[i]!);
      stopEndLam.push(placeLam[i]!);
    }
    stopOfPlace[i] = stopNode.length - 1;
  }
  // The last stop may be the first again, round the end of the corner list.
  const last = stopNode.length - 1;
  if (last > 0 && Math.hypot(nodeX[stopNode[0]!]! - nodeX[stopNode[last]!]!, nodeY[stopNode[0]!]! - nodeY[stopNode[last]!]!) <= SAME_IN) {
    for (let i = 0; i < stopOfPlace.length; i++) if (stopOfPlace[i] === last) stopOfPlace[i] = 0;
    stopK[0] = stopK[last]!;
    stopLam[0] = stopLam[last]!;
    for (const list of [stopNode, stopK, stopLam, stopEndK, stopEndLam]) list.pop();
  }

  // Half-edges: from node, to node, the angle they leave at, their fold (-1 for the boundary) and
  // whether they run along the fold's direction (so the facet on their left is on its left).
  const from: number[] = [];
  const to: number[] = [];
  const angle: number[] = [];
  const fold: number[] = [];
  const forward: number[] = [];
  const addHalfEdge = (a: number, b: number, theta: number, f: number, fwd: boolean): number => {
    from.push(a);
    to.push(b);
    angle.push(theta);
    fold.push(f);
    forward.push(fwd ? 1 : 0);
    nodeOut[a]!.push(from.length - 1);
    return from.length - 1;
  };

  // Where two folds cross inside the material, both pieces are cut.
  const cutT: number[][][] = pieces.map((list) => list.map(() => []));
  const cutNode: number[][][] = pieces.map((list) => list.map(() => []));
  const pieceAt = (fi: number, t: number): number => {
    const list = pieces[fi]!;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.t1 < t) lo = mid + 1;
      else hi = mid;
    }
    const p = list[lo];
    return p && t > p.t0 + SAME_IN && t < p.t1 - SAME_IN ? lo : -1;
  };
  for (let i = 0; i < folds.length; i++) {
    for (let j = i + 1; j < folds.length; j++) {
      const f = folds[i]!;
      const g = folds[j]!;
      const cross = f.ux * g.uy - f.uy * g.ux;
      if (Math.abs(cross) < 1e-12) continue;
      const dx = g.px - f.px;
      const dy = g.py - f.py;
      const tf = (dx * g.uy - dy * g.ux) / cross;
      const tg = (dx * f.uy - dy * f.ux) / cross;
      const pf = pieceAt(i, tf);
      const pg = pieceAt(j, tg);
      if (pf < 0 || pg < 0) continue;
      const node = addNode(f.px + tf * f.ux, f.py + tf * f.uy);
      cutT[i]![pf]!.push(tf);
      cutNode[i]![pf]!.push(node);
      cutT[j]![pg]!.push(tg);
      cutNode[j]![pg]!.push(node);
    }
  }
  let place = 0;
  folds.forEach((f, fi) => {
    const ahead = Math.atan2(f.uy, f.ux);
    const back = ahead + Math.PI;
    pieces[fi]!.forEach((_, pi) => {
      const ts = cutT[fi]![pi]!;
      const order = ts.map((__, c) => c).sort((a, b) => ts[a]! - ts[b]!);
      const along = [stopNode[stopOfPlace[place]!]!, ...order.map((c) => cutNode[fi]![pi]![c]!), stopNode[stopOfPlace[place + 1]!]!];
      place += 2;
      for (let q = 0; q + 1 < along.length; q++) {
        addHalfEdge(along[q]!, along[q + 1]!, ahead, fi, true);
        addHalfEdge(along[q + 1]!, along[q]!, back, fi, false);
      }
    });
  });

  // The boundary from each stop to the next, counter-clockwise, and the corners passed on the way.
  const edgeAngle = (k: number) => {
    const k1 = k + 1 === n ? 0 : k + 1;
    return Math.atan2(ys[k1]! - ys[k]!, xs[k1]! - xs[k]!);
  };
  const stops = stopNode.length;
  const runFirst = new Int32Array(from.length + stops);
  const runCount = new Int32Array(from.length + stops);
  const arrive = new Float64Array(from.length + stops).fill(NaN);
  for (let s = 0; s < stops; s++) {
    const t = s + 1 === stops ? 0 : s + 1;
    const h = addHalfEdge(stopNode[s]!, stopNode[t]!, edgeAngle(stopEndK[s]!), -1, true);
    // Corners strictly after this stop and strictly before the next (all round, but the stop's own
    // corner, when there is one stop).
    const wraps = stopK[t]! < stopEndK[s]! || (stopK[t] === stopEndK[s] && stopLam[t]! <= stopEndLam[s]!);
    const lastCorner = (stopLam[t] === 0 ? stopK[t]! - 1 : stopK[t]!) + (wraps ? n : 0);
    runFirst[h] = stopEndK[s]! + 1 === n ? 0 : stopEndK[s]! + 1;
    runCount[h] = Math.max(0, lastCorner - stopEndK[s]!);
    arrive[h] = stopLam[t] === 0 ? edgeAngle(stopK[t] === 0 ? n - 1 : stopK[t]! - 1) : edgeAngle(stopK[t]!);
  }

  /** The half-edge after h round the facet on its left: the first leaving h's end clockwise from h reversed. */
  const after = (h: number): number => {
    const out = nodeOut[to[h]!]!;
    const reverse = (Number.isNaN(arrive[h]!) ? angle[h]! : arrive[h]!) + Math.PI;
    let best = -1;
    let bestTurn = Infinity;
    for (const o of out) {
      let turn = (((reverse - angle[o]!) % TWO_PI) + TWO_PI) % TWO_PI;
      // The way back only at a dead end.
      if (turn <= 1e-12) turn += TWO_PI;
      if (turn < bestTurn) {
        bestTurn = turn;
        best = o;
      }
    }
    return best;
  };

  const left = new Float64Array(folds.length).fill(Infinity);
  const right = new Float64Array(folds.length).fill(Infinity);
  const total = from.length;
  const visited = new Uint8Array(total);
  // One facet at a time: the folds along it (with the side it lies on) and the points round it.
  const side = new Int8Array(folds.length);
  const along: number[] = [];
  const points: number[] = [];
  const runs: number[] = [];
  for (let start = 0; start < total; start++) {
    if (visited[start] || fold[start]! < 0) continue;
    along.length = 0;
    points.length = 0;
    runs.length = 0;
    let h = start;
    // A walk that does not come back (rounding at a point where several folds meet) stops after
    // every half-edge: bounded whatever the input.
    for (let steps = 0; steps < total && h >= 0 && !visited[h]; steps++) {
      visited[h] = 1;
      points.push(from[h]!);
      const fi = fold[h]!;
      if (fi < 0) runs.push(h);
      else if (side[fi] === 0) {
        side[fi] = forward[h] ? 1 : -1;
        along.push(fi);
      }
      h = after(h);
    }
    for (const fi of along) {
      const f = folds[fi]!;
      const nx = -f.uy;
      const ny = f.ux;
      const sign = side[fi]!;
      side[fi] = 0;
      let deepest = 0;
      for (const node of points) deepest = Math.max(deepest, sign * ((nodeX[node]! - f.px) * nx + (nodeY[node]! - f.py) * ny));
      for (const r of runs) {
        for (let c = 0, k = runFirst[r]!; c < runCount[r]!; c++, k = k + 1 === n ? 0 : k + 1) {
          deepest = Math.max(deepest, sign * ((xs[k]! - f.px) * nx + (ys[k]! - f.py) * ny));
        }
      }
      if (sign > 0) left[fi] = Math.min(left[fi]!, deepest);
      else right[fi] = Math.min(right[fi]!, deepest);
    }
  }
  return pieces.map((list, fi) =>
    list.length === 0 ? null : { left: left[fi] === Infinity ? 0 : left[fi]!, right: right[fi] === Infinity ? 0 : right[fi]! },
  );
}
