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

/** One insert: scale, then rotate (degrees), then translate, then mirror x when its extrusion is flipped. */
function insertAffine(transform: InsertTransform): Affine {
  const t = transform;
  const scaleX = t.scaleX === undefined || t.scaleX === 0 ? 1 : t.scaleX;
  const scaleY = t.scaleY === undefined || t.scaleY === 0 ? 1 : t.scaleY;
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

/** The largest factor by which the map stretches a length. */
export function maxStretch(m: Affine): number {
  const sum = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  const det = m.a * m.d - m.b * m.c;
  return Math.sqrt((sum + Math.sqrt(Math.max(0, sum * sum - 4 * det * det))) / 2);
}

/** The uniform scale when the map keeps circles circles (rotation, mirror, uniform scale), else null. */
export function similarityScale(m: Affine): number | null {
  const s1 = Math.hypot(m.a, m.b);
  const s2 = Math.hypot(m.c, m.d);
  const dot = m.a * m.c + m.b * m.d;
  const tolerance = 1e-9 * Math.max(s1, s2);
  return Math.abs(s1 - s2) <= tolerance && Math.abs(dot) <= tolerance * Math.max(s1, s2) ? s1 : null;
}
