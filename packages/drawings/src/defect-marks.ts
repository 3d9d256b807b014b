// Where the blocking issues lie, kept as paths for the preview of a drawing that cannot be cut as it
// is: an open contour's pieces (its two ends are where the gap is), an island's contour, the spot
// where contours cross. At most MAX_ISSUES marks of MAX_MARK_POINTS points in all, so a drawing of
// thousands of open lines still answers a bounded preview.
import type { Contour } from './contour';
import { MAX_ISSUES, MAX_MARK_POINTS, MAX_REPEATS } from './limits';
import type { OpenChain } from './join-pieces';
import type { DxfIssueCode } from './types';

/** A mark in drawing inches, before the part is moved to the origin. */
export interface RawMark {
  code: DxfIssueCode;
  /** x0, y0, x1, y1, ... */
  points: number[];
  closed: boolean;
}

/** The points of an open chain in order, every `step`-th kept (both ends always). */
function chainPoints(chain: OpenChain, step: number): number[] {
  const all: number[] = [];
  for (const { piece, forward } of chain.path) {
    const p = piece.points;
    const n = p.length / 2;
    for (let k = 0; k < n; k++) {
      const index = forward ? k : n - 1 - k;
      all.push(p[2 * index]!, p[2 * index + 1]!);
    }
  }
  if (step <= 1) return all;
  const kept: number[] = [];
  const n = all.length / 2;
  for (let k = 0; k < n; k += step) kept.push(all[2 * k]!, all[2 * k + 1]!);
  if ((n - 1) % step !== 0) kept.push(all[2 * n - 2]!, all[2 * n - 1]!);
  return kept;
}

export class MarkList {
  readonly marks: RawMark[] = [];
  private readonly perCode = new Map<DxfIssueCode, number>();
  private left = MAX_MARK_POINTS;

  private room(code: DxfIssueCode): boolean {
    const count = this.perCode.get(code) ?? 0;
    if (!(count < MAX_REPEATS && this.marks.length < MAX_ISSUES && this.left > 0)) return false;
    this.perCode.set(code, count + 1);
    return true;
  }

  private push(code: DxfIssueCode, points: number[], closed: boolean): void {
    this.left -= points.length / 2;
    this.marks.push({ code, points, closed });
  }

  openChain(chain: OpenChain): void {
    if (!this.room('dxf_open_contour')) return;
    const count = chain.path.reduce((sum, { piece }) => sum + piece.points.length / 2, 0);
    this.push('dxf_open_contour', chainPoints(chain, Math.ceil(count / Math.max(2, this.left - 1))), false);
  }

  contour(code: DxfIssueCode, contour: Contour): void {
    if (!this.room(code)) return;
    const n = contour.xs.length;
    const step = Math.ceil(n / Math.max(3, this.left));
    const points: number[] = [];
    for (let k = 0; k < n; k += step) points.push(contour.xs[k]!, contour.ys[k]!);
    this.push(code, points, true);
  }

  spot(code: DxfIssueCode, x: number, y: number): void {
    if (this.room(code)) this.push(code, [x, y], false);
  }
}
