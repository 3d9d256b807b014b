// The drawing of an imported part that cannot be cut as drawn: the part as found (outline, holes,
// cut-outs, bends), each defect marked where it lies (an open contour in the warning colour with its
// gap circled at both ends, an island filled in it, the spot where contours cross circled) and a
// legend naming each blocking issue. Plain SVG, the same bytes for the same import.
import type { PlateImport } from '@shop/contracts';
import { formatNumber } from './format';
import { escapeXml } from './render-svg';

const INK = '#1f2937';
const PART_FILL = '#dbe4ee';
const WARN = '#b91c1c';
const WARN_FILL = '#fecaca';
const FOLD_INK = '#c2410c';
const TARGET_PX = 640;
/** Issues named in the legend at most, lines for each, and characters of a line. */
const LEGEND_ISSUES = 4;
const LINES_PER_ISSUE = 2;
const LEGEND_CHARS = 90;

const n = (v: number) => formatNumber(v);
const fy = (y: number) => formatNumber(-y);

type Pt = readonly [number, number];

function pathData(points: readonly Pt[], closed: boolean): string {
  return points.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${n(x)} ${fy(y)}`).join('') + (closed ? 'Z' : '');
}

/** The legend's lines for one issue: what it is, then its message, broken between words. */
function legendLines(code: string, message: string): string[] {
  const name = code.replace(/^dxf_/, '').replace(/_/g, ' ');
  const lines: string[] = [];
  let line = '';
  for (const word of `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${message}`.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > LEGEND_CHARS) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  const kept = lines.slice(0, LINES_PER_ISSUE).map((text) => (text.length > LEGEND_CHARS ? `${text.slice(0, LEGEND_CHARS - 1)}\u2026` : text));
  if (lines.length > LINES_PER_ISSUE) kept[LINES_PER_ISSUE - 1] = `${kept[LINES_PER_ISSUE - 1]!.slice(0, LEGEND_CHARS - 1)}\u2026`;
  return kept;
}

/**
 * The SVG of an import with a blocking issue: the part as found with its defects marked and named.
 * `title` names it for a screen reader.
 */
export function renderImportDefectsSvg(found: Pick<PlateImport, 'plate' | 'marks' | 'issues'>, title: string): string {
  const { plate, marks } = found;
  const blocking = found.issues.filter((issue) => issue.severity === 'blocking');
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const take = (x: number, y: number, r = 0) => {
    minX = Math.min(minX, x - r);
    minY = Math.min(minY, y - r);
    maxX = Math.max(maxX, x + r);
    maxY = Math.max(maxY, y + r);
  };
  for (const [x, y] of plate.outline.points_in) take(x, y);
  for (const cutout of plate.cutouts) for (const [x, y] of cutout.points_in) take(x, y);
  for (const hole of plate.holes) take(hole.x_in, hole.y_in, hole.diameter_in / 2);
  for (const mark of marks) for (const [x, y] of mark.points_in) take(x, y);
  if (!Number.isFinite(minX)) [minX, minY, maxX, maxY] = [0, 0, 1, 1];
  const size = Math.max(maxX - minX, maxY - minY, 1e-3);
  const stroke = size * 0.004;
  const font = size * 0.035;
  const ring = size * 0.025;
  const margin = size * 0.06;
  const legend = blocking.slice(0, LEGEND_ISSUES).flatMap((issue) => legendLines(issue.code, issue.message));
  const legendHeight = (legend.length + 0.5) * font * 1.5;
  const vx = minX - margin;
  const vy = -(maxY + margin);
  // Wide enough for the legend (sans-serif runs about 0.55 em a character).
  const legendWidth = Math.max(0, ...legend.map((line) => line.length)) * font * 0.55;
  const vw = Math.max(maxX - minX, legendWidth) + 2 * margin;
  const vh = maxY - minY + 2 * margin + legendHeight;
  const scale = TARGET_PX / Math.max(vw, vh);

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(vx)} ${n(vy)} ${n(vw)} ${n(vh)}" width="${Math.round(vw * scale)}" height="${Math.round(vh * scale)}" role="img" aria-label="${escapeXml(title)}">`,
  );
  out.push(`<title>${escapeXml(title)}</title>`);
  out.push(`<rect x="${n(vx)}" y="${n(vy)}" width="${n(vw)}" height="${n(vh)}" fill="#ffffff"/>`);
  if (plate.outline.points_in.length >= 3) {
    out.push(`<path d="${pathData(plate.outline.points_in, true)}" fill="${PART_FILL}" stroke="${INK}" stroke-width="${n(stroke)}" stroke-linejoin="round"/>`);
  }
  if (plate.cutouts.length + plate.holes.length > 0) {
    out.push(`<g fill="#ffffff" stroke="${INK}" stroke-width="${n(stroke)}">`);
    for (const cutout of plate.cutouts) out.push(`<path d="${pathData(cutout.points_in, true)}"/>`);
    for (const hole of plate.holes) out.push(`<circle cx="${n(hole.x_in)}" cy="${fy(hole.y_in)}" r="${n(hole.diameter_in / 2)}"/>`);
    out.push('</g>');
  }
  if (plate.bends.length > 0) {
    out.push(`<g stroke="${FOLD_INK}" stroke-width="${n(stroke * 1.25)}" stroke-dasharray="${n(size * 0.02)} ${n(size * 0.012)}">`);
    for (const bend of plate.bends) out.push(`<line x1="${n(bend.start_in[0])}" y1="${fy(bend.start_in[1])}" x2="${n(bend.end_in[0])}" y2="${fy(bend.end_in[1])}"/>`);
    out.push('</g>');
  }
  // The defects over the part, in the warning colour.
  out.push(`<g stroke="${WARN}" stroke-width="${n(stroke * 2)}" stroke-linejoin="round" stroke-linecap="round">`);
  for (const mark of marks) {
    const points = mark.points_in;
    if (points.length === 0) continue;
    if (mark.closed) out.push(`<path d="${pathData(points, true)}" fill="${WARN_FILL}" fill-opacity="0.8"/>`);
    else if (points.length > 1) {
      out.push(`<path d="${pathData(points, false)}" fill="none"/>`);
      // The gap lies between the two ends: each is circled.
      for (const [x, y] of [points[0]!, points[points.length - 1]!]) out.push(`<circle cx="${n(x)}" cy="${fy(y)}" r="${n(ring)}" fill="none"/>`);
    } else out.push(`<circle cx="${n(points[0]![0])}" cy="${fy(points[0]![1])}" r="${n(ring)}" fill="none"/>`);
  }
  out.push('</g>');
  legend.forEach((line, k) => {
    const y = minY - margin - font * 1.5 * (k + 1);
    out.push(`<text x="${n(minX)}" y="${fy(y)}" font-family="sans-serif" font-size="${n(font)}" fill="${WARN}">${escapeXml(line)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
