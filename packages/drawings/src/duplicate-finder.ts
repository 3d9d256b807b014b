// Finds repeats of small tuples of integers (quantized coordinates) without building string keys:
// a numeric hash into buckets, then an exact comparison. Used to drop pieces and contours drawn twice.

export class DuplicateFinder {
  private readonly width: number;
  private readonly stored: number[] = [];
  private readonly buckets = new Map<number, number[]>();

  /** Each tuple has `width` integers. */
  constructor(width: number) {
    this.width = width;
  }

  /** True the first time a tuple is seen; false for a repeat. Remembers the tuple. */
  isNew(tuple: readonly number[]): boolean {
    let hash = 0x811c9dc5;
    for (let k = 0; k < this.width; k++) hash = Math.imul(hash ^ (tuple[k]! | 0) ^ ((tuple[k]! / 4294967296) | 0), 0x01000193);
    hash &= 0x3fffffff; // a small integer is the fastest map key
    const bucket = this.buckets.get(hash);
    if (bucket) {
      for (const start of bucket) {
        let same = true;
        for (let k = 0; k < this.width && same; k++) same = this.stored[start + k] === tuple[k];
        if (same) return false;
      }
    }
    const start = this.stored.length;
    for (let k = 0; k < this.width; k++) this.stored.push(tuple[k]!);
    if (bucket) bucket.push(start);
    else this.buckets.set(hash, [start]);
    return true;
  }
}
