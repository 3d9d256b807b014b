// 2D affine maps: the chain of block inserts around an entity, its own flipped extrusion and the
// drawing's unit, folded into one map from the entity's coordinates to inches.
import type { InsertTransform } from './dxf-model';

/** x' = a x + c y + e, y' = b x + d y + f. */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

const IDENTITY: Affine = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 };

/** `outer` after `inner`. */
function compose(outer: Affine, inner: Affine): Affine {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

/**
 * One insert: scale, then rotate (degrees), then translate, then mirror x when its extrusion is
 * flipped. A missing scale is 1; a scale of 0 stays 0 (inserts scaled by 0 are taken out before
 * expanding, prepare-blocks.ts: reading it as 1 would cut a block the drawing shows as nothing).
 */
function insertAffine(transform: InsertTransform): Affine {
  const t = transform;
  const scaleX = t.scaleX ?? 1;
  const scaleY = t.scaleY ?? 1;
  const angle = ((t.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const flip = (t.extrusionZ ?? 1) < 0 ? -1 : 1;
  return { a: flip * cos * scaleX, b: sin * scaleX, c: -flip * sin * scaleY, d: cos * scaleY, e: flip * (t.x ?? 0), f: t.y ?? 0 };
}

/**
 * The map from an entity's own coordinates to drawing inches: its flipped extrusion (object
 * coordinates mirrored in x, README, trap 2), then each insert around it, innermost first, then units.
 */
export function entityAffine(transforms: readonly InsertTransform[], inchesPerUnit: number, mirrorX: boolean): Affine {
  let m: Affine = mirrorX ? { ...IDENTITY, a: -1 } : IDENTITY;
  for (const t of transforms) m = compose(insertAffine(t), m);
  return compose({ ...IDENTITY, a: inchesPerUnit, d: inchesPerUnit }, m);
}

/**
 * The largest factor by which the map stretches a length: its largest singular value, written as
 * (|(a + d, b - c)| + |(a - d, b + c)|) / 2 on entries divided by the largest of them, so no entry is
 * ever squared (squaring a scale of 1e300 gave Infinity, then Infinity - Infinity = NaN, and every
 * size check after it passed). Finite entries give a finite or +Infinity answer, never NaN; a
 * non-finite entry gives NaN, which every caller refuses.
 */
export function maxStretch(m: Affine): number {
  const big = Math.max(Math.abs(m.a), Math.abs(m.b), Math.abs(m.c), Math.abs(m.d));
  if (big === 0) return 0;
  if (!Number.isFinite(big)) return Number.NaN;
  const [a, b, c, d] = [m.a / big, m.b / big, m.c / big, m.d / big];
  return ((Math.hypot(a + d, b - c) + Math.hypot(a - d, b + c)) / 2) * big;
}

/**
 * The uniform scale when the map keeps circles circles (rotation, mirror, uniform scale), else null.
 * Compared on entries divided by the largest, so the dot product cannot overflow.
 */
export function similarityScale(m: Affine): number | null {
  const big = Math.max(Math.abs(m.a), Math.abs(m.b), Math.abs(m.c), Math.abs(m.d));
  if (!(big > 0 && big < Infinity)) return null;
  const [a, b, c, d] = [m.a / big, m.b / big, m.c / big, m.d / big];
  const s1 = Math.hypot(a, b);
  const s2 = Math.hypot(c, d);
  const tolerance = 1e-9 * Math.max(s1, s2);
  return Math.abs(s1 - s2) <= tolerance && Math.abs(a * c + b * d) <= tolerance * Math.max(s1, s2) ? s1 * big : null;
}
