// The drawing of a part as priced: outline, every cutout, each fold as a dashed line with its direction
// and angle, and the overall dimensions. Plain SVG with no scripts, styles or outside references, and
// the same bytes for the same design (fixed number formatting, no ids, no dates).
import { BOUNDS } from '@shop/contracts';
import type { PlateItem } from '@shop/contracts';
import { expandFold } from './bend-lines';
import type { FoldLine } from './bend-lines';
import { articleFor, formatNumber, formatThickness } from './format';
import { expandHoles } from './hole-patterns';
import type { Cutout } from './hole-patterns';
import { expandOutline } from './outline';
import type { OutlineShape } from './outline';

const INK = '#1f2937';
const PART_FILL = '#dbe4ee';
const FOLD_INK = '#c2410c';
const DIM_INK = '#4b5563';
const TARGET_PX = 640;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** SVG coordinates: x as is, y flipped so +y runs up the page. */
const n = (v: number) => formatNumber(v);
/** A length a person reads (a label, the title): to the thousandth, as the pages write inches. Paths keep 4 places. */
const words = (v: number) => formatNumber(v, 3);
const fy = (y: number) => formatNumber(-y);

export interface RenderOptions {
  /**
   * What the drawing is called for a screen reader (its aria-label); by default the plate's thickness
   * and shapes. A part with no thickness yet (an imported drawing) names itself.
   */
  title?: string;
}

export function renderPlateSvg(item: PlateItem, options: RenderOptions = {}): string {
  const shape = expandOutline(item.outline);
  const cutouts = expandHoles(item.holes);
  const folds = item.bends.map((b) => expandFold(b, shape));
  const { minX, minY, maxX, maxY } = shape.bounds;
  const width = maxX - minX;
  const height = maxY - minY;
  const size = Math.max(width, height);
  const tolerance = size * THIN_TOLERANCE;
  const font = size * 0.04;
  const stroke = size * 0.004;
  // Room for the dimensions left and below; less above and right, where only fold ends reach.
  const dimMargin = size * 0.06 + font * 2.5;
  const margin = size * 0.06;
  const vx = minX - dimMargin;
  const vy = -(maxY + margin);
  const vw = width + dimMargin + margin;
  const vh = height + dimMargin + margin;
  const scale = TARGET_PX / Math.max(vw, vh);
  const title = options.title ?? describePart(item, cutouts, item.cutouts.length);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(vx)} ${n(vy)} ${n(vw)} ${n(vh)}" width="${Math.round(vw * scale)}" height="${Math.round(vh * scale)}" role="img" aria-label="${escapeXml(title)}">`,
  );
  out.push(`<title>${escapeXml(title)}</title>`);
  out.push(`<rect x="${n(vx)}" y="${n(vy)}" width="${n(vw)}" height="${n(vh)}" fill="#ffffff"/>`);
  out.push(`<path d="${outlinePathData(shape, tolerance)}" fill="${PART_FILL}" fill-rule="evenodd" stroke="${INK}" stroke-width="${n(stroke)}" stroke-linejoin="round"/>`);
  if (cutouts.length + item.cutouts.length > 0) {
    out.push(`<g fill="#ffffff" stroke="${INK}" stroke-width="${n(stroke)}">`);
    for (const c of cutouts) out.push(cutoutElement(c));
    // A cut-out is drawn through its corners as sent (either winding draws the same).
    for (const { points_in: points } of item.cutouts) {
      out.push(`<path d="${polygonData(Float64Array.from(points, (p) => p[0]), Float64Array.from(points, (p) => p[1]), tolerance)}"/>`);
    }
    out.push('</g>');
  }
  out.push(...dimensionElements(shape, size, font, stroke));
  const labelFont = Math.min(font, Math.max(font / 4, 0.8 * closestParallelFolds(folds)));
  folds.forEach((f, i) => out.push(...foldElements(item, i, f, size, labelFont, stroke)));
  out.push('</svg>');
  return out.join('\n') + '\n';
}

function describePart(item: PlateItem, cutouts: readonly Cutout[], shapes: number): string {
  const o = item.outline;
  const outline =
    o.kind === 'rectangle'
      ? `${words(o.width_in)} x ${words(o.height_in)} in rectangle`
      : o.kind === 'circle'
        ? `${words(o.diameter_in)} in circle`
        : o.kind === 'ring'
          ? `${words(o.outer_diameter_in)} in ring with ${articleFor(words(o.inner_diameter_in))} ${words(o.inner_diameter_in)} in opening`
          : `${words(extent(o.points_in, 0))} x ${words(extent(o.points_in, 1))} in shaped outline`;
  const holes = cutouts.filter((c) => c.kind === 'hole').length;
  const slots = cutouts.length - holes;
  const count = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
  const cutOut = shapes > 0 ? `, ${count(shapes, 'cut-out')}` : '';
  return `Plate ${formatThickness(item.thickness_in)} thick: ${outline}, ${count(holes, 'hole')}, ${count(slots, 'slot')}${cutOut}, ${count(item.bends.length, 'bend')}`;
}

/** How far the points reach along one axis. */
function extent(points: ReadonlyArray<readonly number[]>, axis: 0 | 1): number {
  let low = Infinity;
  let high = -Infinity;
  for (const point of points) {
    const value = point[axis] ?? 0;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  return high - low;
}

function circleData(cx: number, cy: number, r: number): string {
  return `M${n(cx + r)} ${fy(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx - r)} ${fy(cy)}A${n(r)} ${n(r)} 0 1 0 ${n(cx + r)} ${fy(cy)}Z`;
}

function outlinePathData(shape: OutlineShape, tolerance: number): string {
  switch (shape.kind) {
    case 'box':
      return `M0 0H${n(shape.width)}V${fy(shape.height)}H0Z`;
    case 'disc': {
      const outer = circleData(shape.cx, shape.cy, shape.radius);
      return shape.innerRadius > 0 ? outer + circleData(shape.cx, shape.cy, shape.innerRadius) : outer;
    }
    case 'polygon':
      return polygonData(shape.xs, shape.ys, tolerance);
  }
}

// A contour of more corners than a typed polygon may have (an imported drawing's flattened arcs) is
// thinned for the drawing: corners go where the line drawn stays within this much of the part's
// size of every corner left out, far under a pixel, so the bytes follow the shape, not its chords.
const THIN_TOLERANCE = 1e-4;
const THIN_OVER = BOUNDS.polygonCorners;

/** A closed polygon as path data, every corner of a typed polygon, a dense one thinned. */
function polygonData(xs: Float64Array, ys: Float64Array, tolerance: number): string {
  const corners = xs.length > THIN_OVER ? thinnedCorners(xs, ys, tolerance) : null;
  const count = corners ? corners.length : xs.length;
  const parts: string[] = [];
  let last = '';
  for (let i = 0; i < count; i++) {
    const k = corners ? corners[i]! : i;
    const point = `${n(xs[k]!)} ${fy(ys[k]!)}`;
    // Corners that round to the same figures draw nothing between them.
    if (point === last) continue;
    parts.push(`${i === 0 ? 'M' : 'L'}${point}`);
    last = point;
  }
  return parts.join('') + 'Z';
}

/**
 * The corners to keep of a closed contour, in one pass: from each kept corner the line runs on to the
 * farthest corner it can reach while passing within `tolerance` of every corner in between (each
 * corner passed narrows the cone of directions the line may take).
 */
function thinnedCorners(xs: Float64Array, ys: Float64Array, tolerance: number): number[] {
  const m = xs.length;
  const kept = [0];
  let anchor = 0;
  while (anchor < m - 1) {
    const ax = xs[anchor]!;
    const ay = ys[anchor]!;
    let lo = -Infinity;
    let hi = Infinity;
    let base = NaN;
    let far = 0;
    let end = anchor + 1;
    for (let j = anchor + 1; j < m; j++) {
      const dx = xs[j]! - ax;
      const dy = ys[j]! - ay;
      const dist = Math.hypot(dx, dy);
      // Back near the anchor after going further out: the line cannot end here.
      if (dist < far - tolerance) break;
      if (dist <= tolerance) {
        end = j;
        continue;
      }
      const angle = Math.atan2(dy, dx);
      if (Number.isNaN(base)) base = angle;
      // Relative to the first direction, in (-pi, pi]: a contour turning back falls outside the cone.
      let rel = angle - base;
      if (rel > Math.PI) rel -= 2 * Math.PI;
      else if (rel <= -Math.PI) rel += 2 * Math.PI;
      if (rel < lo || rel > hi) break;
      end = j;
      const half = Math.asin(tolerance / dist);
      lo = Math.max(lo, rel - half);
      hi = Math.min(hi, rel + half);
      far = Math.max(far, dist);
    }
    kept.push(end);
    anchor = end;
  }
  return kept;
}

function cutoutElement(c: Cutout): string {
  const r = c.radius;
  if (c.ax === c.bx && c.ay === c.by) return `<circle cx="${n(c.x)}" cy="${fy(c.y)}" r="${n(r)}"/>`;
  const len = Math.hypot(c.bx - c.ax, c.by - c.ay);
  // Left normal of the slot's axis; the outline runs right side a->b, round b, left side b->a, round a.
  const nx = (-(c.by - c.ay) / len) * r;
  const ny = ((c.bx - c.ax) / len) * r;
  const arc = `A${n(r)} ${n(r)} 0 0 0`;
  return `<path d="M${n(c.ax - nx)} ${fy(c.ay - ny)}L${n(c.bx - nx)} ${fy(c.by - ny)}${arc} ${n(c.bx + nx)} ${fy(c.by + ny)}L${n(c.ax + nx)} ${fy(c.ay + ny)}${arc} ${n(c.ax - nx)} ${fy(c.ay - ny)}Z"/>`;
}

function textElement(x: number, y: number, text: string, font: number, fill: string, rotateDeg = 0): string {
  const rotate = rotateDeg !== 0 ? ` transform="rotate(${n(rotateDeg)} ${n(x)} ${fy(y)})"` : '';
  return `<text x="${n(x)}" y="${fy(y)}" font-family="sans-serif" font-size="${n(font)}" text-anchor="middle" dominant-baseline="middle" fill="${fill}" stroke="#ffffff" stroke-width="${n(font * 0.2)}" paint-order="stroke"${rotate}>${escapeXml(text)}</text>`;
}

function dimensionElements(shape: OutlineShape, size: number, font: number, stroke: number): string[] {
  const { minX, minY, maxX, maxY } = shape.bounds;
  const gap = size * 0.04 + font;
  const tick = font * 0.4;
  const y = minY - gap;
  const x = minX - gap;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    `<line x1="${n(x1)}" y1="${fy(y1)}" x2="${n(x2)}" y2="${fy(y2)}"/>`;
  return [
    `<g stroke="${DIM_INK}" stroke-width="${n(stroke * 0.75)}">`,
    // Width below the part, height to its left, each with extension lines and end ticks.
    line(minX, y, maxX, y),
    line(minX, minY - gap * 0.25, minX, y - tick),
    line(maxX, minY - gap * 0.25, maxX, y - tick),
    line(minX - tick, y - tick, minX + tick, y + tick),
    line(maxX - tick, y - tick, maxX + tick, y + tick),
    line(x, minY, x, maxY),
    line(minX - gap * 0.25, minY, x - tick, minY),
    line(minX - gap * 0.25, maxY, x - tick, maxY),
    line(x - tick, minY - tick, x + tick, minY + tick),
    line(x - tick, maxY - tick, x + tick, maxY + tick),
    '</g>',
    textElement((minX + maxX) / 2, y - font * 0.9, `${words(maxX - minX)} in`, font, DIM_INK),
    textElement(x - font * 0.9, (minY + maxY) / 2, `${words(maxY - minY)} in`, font, DIM_INK, -90),
  ];
}

/** Smallest gap between two folds that run (nearly) side by side, so their labels can be sized apart. */
function closestParallelFolds(folds: readonly FoldLine[]): number {
  let gap = Infinity;
  for (let i = 0; i < folds.length; i++) {
    for (let j = i + 1; j < folds.length; j++) {
      const f = folds[i]!;
      const g = folds[j]!;
      if (Math.abs(f.ux * g.uy - f.uy * g.ux) > 0.2) continue;
      const d = Math.abs((g.px - f.px) * -f.uy + (g.py - f.py) * f.ux);
      if (d > 0) gap = Math.min(gap, d);
    }
  }
  return gap;
}

function foldElements(item: PlateItem, index: number, f: FoldLine, size: number, font: number, stroke: number): string[] {
  const bend = item.bends[index]!;
  const overhang = size * 0.03;
  const segments: Array<[number, number]> = [];
  // Pieces whose overhangs meet are drawn as one line: a fold across a comb's thousand teeth is one
  // line, not a thousand.
  for (const [a, b] of f.spans) {
    const last = segments[segments.length - 1];
    if (last && a - overhang <= last[1]) last[1] = b + overhang;
    else segments.push([a - overhang, b + overhang]);
  }
  if (segments.length === 0) segments.push([0, Math.hypot(bend.end_in[0] - bend.start_in[0], bend.end_in[1] - bend.start_in[1])]);
  const dash = `${n(size * 0.02)} ${n(size * 0.012)}`;
  const out = [`<g stroke="${FOLD_INK}" stroke-width="${n(stroke * 1.25)}" stroke-dasharray="${dash}">`];
  for (const [a, b] of segments) {
    out.push(
      `<line x1="${n(f.px + a * f.ux)}" y1="${fy(f.py + a * f.uy)}" x2="${n(f.px + b * f.ux)}" y2="${fy(f.py + b * f.uy)}"/>`,
    );
  }
  out.push('</g>');
  // Label the longest piece a little to its left, turned along the line; labels of successive folds
  // step along their lines so side-by-side folds do not print on top of each other.
  let [a, b] = segments[0]!;
  for (const s of segments) if (s[1] - s[0] > b - a) [a, b] = s;
  const count = item.bends.length;
  const t = a + (b - a) * (count > 1 ? 0.2 + (0.6 * index) / (count - 1) : 1 / 3);
  const offset = font * 1.1;
  const lx = f.px + t * f.ux - f.uy * offset;
  const ly = f.py + t * f.uy + f.ux * offset;
  let angle = (-Math.atan2(f.uy, f.ux) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  if (angle <= -90) angle += 180;
  const text = `B${index + 1} ${bend.direction.toUpperCase()} ${n(bend.angle_deg)}\u00b0`;
  out.push(textElement(lx, ly, text, font, FOLD_INK, angle === 0 ? 0 : angle));
  return out;
}
