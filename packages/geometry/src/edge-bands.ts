// Horizontal bands over a polygon's edges, so point-in-polygon and near-edge queries look at a few
// edges instead of all of them (500 cutouts x 200 edges would otherwise dominate the worst plate).

export class EdgeBands {
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  readonly n: number;
  private readonly minY: number;
  private readonly bandHeight: number;
  private readonly bandCount: number;
  private readonly bands: Int32Array[];
  private readonly seen: Uint32Array;
  private stamp = 0;

  constructor(xs: Float64Array, ys: Float64Array) {
    this.xs = xs;
    this.ys = ys;
    this.n = xs.length;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < this.n; i++) {
      const y = ys[i]!;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const count = Math.max(1, Math.min(64, 2 * Math.ceil(Math.sqrt(this.n))));
    this.minY = minY;
    this.bandCount = count;
    this.bandHeight = Math.max((maxY - minY) / count, 1e-9);
    const lists: number[][] = Array.from({ length: count }, () => []);
    for (let k = 0; k < this.n; k++) {
      const j = k + 1 === this.n ? 0 : k + 1;
      const lo = this.bandOf(Math.min(ys[k]!, ys[j]!));
      const hi = this.bandOf(Math.max(ys[k]!, ys[j]!));
      for (let b = lo; b <= hi; b++) lists[b]!.push(k);
    }
    this.bands = lists.map((list) => Int32Array.from(list));
    this.seen = new Uint32Array(this.n);
  }

  private bandOf(y: number): number {
    const b = Math.floor((y - this.minY) / this.bandHeight);
    return b < 0 ? 0 : b >= this.bandCount ? this.bandCount - 1 : b;
  }

  /** Crossing-number test; a point exactly on an edge may come out either way. */
  containsPoint(px: number, py: number): boolean {
    if (py < this.minY || py > this.minY + this.bandHeight * this.bandCount) return false;
    const band = this.bands[this.bandOf(py)]!;
    const { xs, ys, n } = this;
    let inside = false;
    for (let i = 0; i < band.length; i++) {
      const k = band[i]!;
      const j = k + 1 === n ? 0 : k + 1;
      const yk = ys[k]!;
      const yj = ys[j]!;
      if (yk > py !== yj > py) {
        const x = xs[k]! + ((py - yk) * (xs[j]! - xs[k]!)) / (yj - yk);
        if (px < x) inside = !inside;
      }
    }
    return inside;
  }

  /** Calls visit(k) once for each edge k whose box comes within `reach` of the box [x0,x1] x [y0,y1]. */
  forEdgesNear(x0: number, y0: number, x1: number, y1: number, reach: number, visit: (k: number) => void): void {
    const lo = this.bandOf(y0 - reach);
    const hi = this.bandOf(y1 + reach);
    const { xs, ys, n } = this;
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    for (let b = lo; b <= hi; b++) {
      const band = this.bands[b]!;
      for (let i = 0; i < band.length; i++) {
        const k = band[i]!;
        if (this.seen[k] === stamp) continue;
        this.seen[k] = stamp;
        const j = k + 1 === n ? 0 : k + 1;
        if (Math.min(xs[k]!, xs[j]!) > x1 + reach || Math.max(xs[k]!, xs[j]!) < x0 - reach) continue;
        if (Math.min(ys[k]!, ys[j]!) > y1 + reach || Math.max(ys[k]!, ys[j]!) < y0 - reach) continue;
        visit(k);
      }
    }
  }
}
