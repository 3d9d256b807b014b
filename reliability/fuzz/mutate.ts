// Byte-level changes to a drawing of the corpus, as a damaged upload or a hand-edited file makes them:
// a byte flipped, a run cut out or repeated, a number swapped for an extreme one, a line's group code
// changed, the file cut short. Seeded, so a finding can be made again.
const EXTREMES = ['0', '-0', '5e-324', '1e-300', '1e300', '1e308', '-1e308', '1e309', 'NaN', 'inf', '', '-1', '2147483647'];

/** A small seeded generator (mulberry32): the same seed gives the same changes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** One to four changes to `bytes`, chosen by `random`. */
export function mutateDrawing(bytes: Uint8Array, random: () => number): Uint8Array {
  let out = Buffer.from(bytes);
  const changes = 1 + Math.floor(random() * 4);
  for (let c = 0; c < changes && out.length > 0; c++) {
    const at = Math.floor(random() * out.length);
    const kind = Math.floor(random() * 7);
    if (kind === 0) {
      out[at] = Math.floor(random() * 256);
    } else if (kind === 1) {
      const length = 1 + Math.floor(random() * 64);
      out = Buffer.concat([out.subarray(0, at), out.subarray(Math.min(out.length, at + length))]);
    } else if (kind === 2) {
      const length = 1 + Math.floor(random() * 256);
      const run = out.subarray(at, Math.min(out.length, at + length));
      out = Buffer.concat([out.subarray(0, at), run, run, out.subarray(at)]);
    } else if (kind === 3 || kind === 4) {
      // A number line (a value after a coordinate, scale, count or radius code) set to an extreme.
      const lines = out.toString('latin1').split('\n');
      const numeric: number[] = [];
      for (let i = 1; i < lines.length; i += 2) if (/^\s*-?[\d.]+(e[-+]?\d+)?\s*$/i.test(lines[i]!)) numeric.push(i);
      if (numeric.length > 0) {
        const line = pick(random, numeric);
        lines[line] = kind === 3 ? pick(random, EXTREMES) : String(Number(lines[line]) * pick(random, [1e6, -1, 1e-6, 1e150]));
        out = Buffer.from(lines.join('\n'), 'latin1');
      }
    } else if (kind === 5) {
      // A group code line changed to another code.
      const lines = out.toString('latin1').split('\n');
      const line = 2 * Math.floor((random() * lines.length) / 2);
      if (line < lines.length) lines[line] = String(pick(random, [0, 2, 8, 10, 20, 40, 41, 42, 43, 50, 70, 71, 72, 73, 90, 999, 1001]));
      out = Buffer.from(lines.join('\n'), 'latin1');
    } else {
      out = out.subarray(0, at);
    }
  }
  return out;
}
