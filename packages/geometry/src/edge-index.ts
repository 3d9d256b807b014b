// A polygon's edges in a spatial index (flatbush), so point-in-polygon and near-edge queries look at
// the few edges near the question instead of all of them.
import Flatbush from 'flatbush';

export class EdgeIndex {
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly n: number;
  private readonly tree: Flatbush;
  private readonly box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

  constructor(xs: Float64Array, ys: Float64Array) {
    this.xs = xs;
    this.ys = ys;
    this.n = xs.length;
    for (let k = 0; k < this.n; k++) {
      this.box.minX = Math.min(this.box.minX, xs[k]!);
      this.box.minY = Math.min(this.box.minY, ys[k]!);
      this.box.maxX = Math.max(this.box.maxX, xs[k]!);
      this.box.maxY = Math.max(this.box.maxY, ys[k]!);
    }
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

  /**
   * Crossing-number test along a ray to the nearest side of the polygon's box (so a comb's thousand
   * teeth are crossed only when they stand in every way out); a point exactly on an edge may come
   * out either way.
   */
  containsPoint(px: number, py: number): boolean {
    const { minX, minY, maxX, maxY } = this.box;
    if (this.n < 3 || !(px >= minX && px <= maxX && py >= minY && py <= maxY)) return false;
    const { xs, ys } = this;
    const way = Math.min(maxX - px, px - minX, maxY - py, py - minY);
    // Along x (to +x or -x) or along y: the same test with the axes swapped.
    const alongX = way === maxX - px || way === px - minX;
    const ahead = alongX ? way === maxX - px : way === maxY - py;
    const [u, v, us, vs] = alongX ? [px, py, xs, ys] : [py, px, ys, xs];
    const hits = alongX
      ? ahead
        ? this.tree.search(px, py, maxX, py)
        : this.tree.search(minX, py, px, py)
      : ahead
        ? this.tree.search(px, py, px, maxY)
        : this.tree.search(px, minY, px, py);
    let inside = false;
    for (const k of hits) {
      const j = this.next(k);
      const vk = vs[k]!;
      const vj = vs[j]!;
      if (vk > v !== vj > v) {
        const at = us[k]! + ((v - vk) * (us[j]! - us[k]!)) / (vj - vk);
        if (ahead ? u < at : at < u) inside = !inside;
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
