// A polygon's edges in a spatial index (flatbush), so point-in-polygon and near-edge queries look at
// the few edges near the question instead of all of them.
import Flatbush from 'flatbush';

export class EdgeIndex {
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly n: number;
  private readonly tree: Flatbush;

  constructor(xs: Float64Array, ys: Float64Array) {
    this.xs = xs;
    this.ys = ys;
    this.n = xs.length;
    this.tree = new Flatbush(Math.max(1, this.n));
    for (let k = 0; k < this.n; k++) {
      const j = k + 1 === this.n ? 0 : k + 1;
      this.tree.add(Math.min(xs[k]!, xs[j]!), Math.min(ys[k]!, ys[j]!), Math.max(xs[k]!, xs[j]!), Math.max(ys[k]!, ys[j]!));
    }
    if (this.n === 0) this.tree.add(0, 0, 0, 0);
    this.tree.finish();
  }

  /** The other end of edge k. */
  next(k: number): number {
    return k + 1 === this.n ? 0 : k + 1;
  }

  /** Crossing-number test along a ray to +x; a point exactly on an edge may come out either way. */
  containsPoint(px: number, py: number): boolean {
    if (this.n < 3) return false;
    const { xs, ys } = this;
    let inside = false;
    for (const k of this.tree.search(px, py, Infinity, py)) {
      const j = this.next(k);
      const yk = ys[k]!;
      const yj = ys[j]!;
      if (yk > py !== yj > py) {
        const x = xs[k]! + ((py - yk) * (xs[j]! - xs[k]!)) / (yj - yk);
        if (px < x) inside = !inside;
      }
    }
    return inside;
  }

  /** Calls visit(k) once for each edge k whose box comes within `reach` of the box [x0,x1] x [y0,y1], in the index's fixed order. */
  forEdgesNear(x0: number, y0: number, x1: number, y1: number, reach: number, visit: (k: number) => void): void {
    if (this.n === 0) return;
    this.tree.search(x0 - reach, y0 - reach, x1 + reach, y1 + reach, (k) => {
      visit(k);
      return false;
    });
  }
}
