// How pricing time grows: priceQuote's median time against cutout count (1 to 500, on a 58 x 118 in
// rectangle) and against polygon corners (3 to 200, an ellipse with four holes), drawn as an SVG with
// a least-squares line through each series. Run on its own:
//   node --import tsx --conditions=@shop/source bench/growth-chart.ts --out=bench/results/pricing-growth.svg
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCatalog } from '@shop/catalog';
import { QuoteRequest } from '@shop/contracts';
import type { QuoteRequestInput } from '@shop/contracts';
import { priceQuote } from '@shop/pricing';

export interface GrowthPoint {
  x: number;
  medianMs: number;
}

export interface GrowthSeries {
  label: string;
  xLabel: string;
  points: GrowthPoint[];
  /** Least-squares line through the points, and how well it fits (1 = exactly linear). */
  slopeMs: number;
  interceptMs: number;
  r2: number;
}

const catalog = createCatalog({ shopUrl: 'https://shop.example.ca' });
const options = { catalog, now: new Date(1_780_000_000_000), quoteId: 'q_growth', previewUrl: () => 'https://quote.example.ca/p.svg' };

/** Cutout counts that fill whole rows of a 20-column grid (and a lone hole). */
export const CUTOUT_COUNTS = [1, 20, 60, 100, 140, 200, 260, 300, 360, 400, 460, 500];
export const CORNER_COUNTS = [3, 10, 25, 50, 75, 100, 125, 150, 175, 200];

function plateWithCutouts(count: number): QuoteRequest {
  const holes: NonNullable<Extract<QuoteRequestInput['items'][number], { kind: 'plate' }>['holes']> =
    count === 1
      ? [{ kind: 'single', x_in: 29, y_in: 59, diameter_in: 0.5 }]
      : [{ kind: 'grid', center_x_in: 29, center_y_in: 59, columns: Math.min(count, 20), rows: Math.ceil(count / 20), x_spacing_in: 2.5, y_spacing_in: 4, diameter_in: 0.5 }];
  return QuoteRequest.parse({
    items: [{ kind: 'plate', material: 'mild_steel', thickness_in: 0.1345, outline: { kind: 'rectangle', width_in: 58, height_in: 118 }, holes, quantity: 10 }],
  } satisfies QuoteRequestInput);
}

function plateWithCorners(count: number): QuoteRequest {
  const points: [number, number][] = Array.from({ length: count }, (_, k) => {
    const a = (2 * Math.PI * k) / count + Math.PI / 2;
    return [Math.round((29 + 28 * Math.cos(a)) * 1000) / 1000, Math.round((59 + 58 * Math.sin(a)) * 1000) / 1000];
  });
  return QuoteRequest.parse({
    items: [
      {
        kind: 'plate',
        material: 'mild_steel',
        thickness_in: 0.1345,
        outline: { kind: 'polygon', points_in: points },
        holes: [{ kind: 'grid', center_x_in: 29, center_y_in: 59, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 4, diameter_in: 0.5 }],
        quantity: 10,
      },
    ],
  } satisfies QuoteRequestInput);
}

/** Median ms of priceQuote over at least `runs` calls and `minMs` of wall time, after a warm-up. */
function medianMs(request: QuoteRequest, minMs: number, runs: number): number {
  for (let i = 0; i < 5; i++) priceQuote(request, options);
  const times: number[] = [];
  const start = performance.now();
  while (times.length < runs || performance.now() - start < minMs) {
    const t0 = performance.now();
    priceQuote(request, options);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

function fitLine(points: GrowthPoint[]): { slopeMs: number; interceptMs: number; r2: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.medianMs, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.medianMs - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const slopeMs = sxy / sxx;
  const interceptMs = my - slopeMs * mx;
  const ssTot = points.reduce((s, p) => s + (p.medianMs - my) ** 2, 0);
  const ssRes = points.reduce((s, p) => s + (p.medianMs - (interceptMs + slopeMs * p.x)) ** 2, 0);
  return { slopeMs, interceptMs, r2: ssTot === 0 ? 1 : 1 - ssRes / ssTot };
}

export function measureGrowth(minMsPerPoint: number): GrowthSeries[] {
  const runs = minMsPerPoint >= 200 ? 20 : 5;
  const series = (label: string, xLabel: string, xs: number[], build: (x: number) => QuoteRequest): GrowthSeries => {
    const points = xs.map((x) => ({ x, medianMs: medianMs(build(x), minMsPerPoint, runs) }));
    return { label, xLabel, points, ...fitLine(points) };
  };
  return [
    series('Cutouts (58 x 118 in rectangle, 0.5 in holes)', 'cutouts', CUTOUT_COUNTS, plateWithCutouts),
    series('Polygon corners (ellipse, 4 holes)', 'corners', CORNER_COUNTS, plateWithCorners),
  ];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A tick step of 1, 2 or 5 times a power of ten giving about five ticks up to `max`. */
function niceStep(max: number): number {
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function renderPanel(series: GrowthSeries, left: number, top: number, width: number, height: number): string {
  const xMax = Math.max(...series.points.map((p) => p.x));
  const yTop = Math.max(...series.points.map((p) => p.medianMs), series.interceptMs + series.slopeMs * xMax) * 1.1;
  const yStep = niceStep(yTop);
  const yMax = Math.ceil(yTop / yStep) * yStep;
  const xStep = niceStep(xMax);
  const px = (x: number) => left + (x / xMax) * width;
  const py = (y: number) => top + height - (Math.max(0, y) / yMax) * height;
  const parts: string[] = [];
  parts.push(`<text x="${left}" y="${top - 12}" class="title">${escapeXml(series.label)}</text>`);
  for (let y = 0; y <= yMax + 1e-9; y += yStep) {
    parts.push(`<line x1="${left}" y1="${py(y).toFixed(1)}" x2="${left + width}" y2="${py(y).toFixed(1)}" class="grid"/>`);
    parts.push(`<text x="${left - 6}" y="${(py(y) + 4).toFixed(1)}" class="tick" text-anchor="end">${Number(y.toPrecision(3))}</text>`);
  }
  for (let x = 0; x <= xMax + 1e-9; x += xStep) {
    parts.push(`<text x="${px(x).toFixed(1)}" y="${top + height + 16}" class="tick" text-anchor="middle">${x}</text>`);
  }
  parts.push(`<line x1="${left}" y1="${top + height}" x2="${left + width}" y2="${top + height}" class="axis"/>`);
  parts.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${top + height}" class="axis"/>`);
  parts.push(`<text x="${left + width / 2}" y="${top + height + 34}" class="label" text-anchor="middle">${escapeXml(series.xLabel)}</text>`);
  parts.push(
    `<text x="${left - 44}" y="${top + height / 2}" class="label" text-anchor="middle" transform="rotate(-90 ${left - 44} ${top + height / 2})">median ms per quote</text>`,
  );
  const fit = (x: number) => series.interceptMs + series.slopeMs * x;
  parts.push(`<line x1="${px(0).toFixed(1)}" y1="${py(fit(0)).toFixed(1)}" x2="${px(xMax).toFixed(1)}" y2="${py(fit(xMax)).toFixed(1)}" class="fit"/>`);
  parts.push(`<polyline points="${series.points.map((p) => `${px(p.x).toFixed(1)},${py(p.medianMs).toFixed(1)}`).join(' ')}" class="line"/>`);
  for (const p of series.points) parts.push(`<circle cx="${px(p.x).toFixed(1)}" cy="${py(p.medianMs).toFixed(1)}" r="3" class="dot"/>`);
  parts.push(
    `<text x="${left + 8}" y="${top + 16}" class="note">linear fit: ${(series.slopeMs * 1000).toFixed(2)} us per ${series.xLabel.replace(/s$/, '')}, R² = ${series.r2.toFixed(3)}</text>`,
  );
  return parts.join('\n');
}

export function renderGrowthChart(series: GrowthSeries[], caption: string): string {
  const panelWidth = 400;
  const panelHeight = 240;
  const width = 80 + series.length * (panelWidth + 90);
  const height = panelHeight + 120;
  const panels = series.map((s, i) => renderPanel(s, 70 + i * (panelWidth + 90), 40, panelWidth, panelHeight)).join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">
<style>
.title { font-size: 13px; font-weight: bold; fill: #222; }
.tick { font-size: 10px; fill: #555; }
.label { font-size: 11px; fill: #333; }
.note { font-size: 11px; fill: #a33; }
.grid { stroke: #e4e4e4; stroke-width: 1; }
.axis { stroke: #333; stroke-width: 1; }
.line { fill: none; stroke: #1f5fa8; stroke-width: 2; }
.dot { fill: #1f5fa8; }
.fit { stroke: #a33; stroke-width: 1; stroke-dasharray: 4 3; }
</style>
<rect width="100%" height="100%" fill="#fff"/>
${panels}
<text x="70" y="${height - 14}" class="tick">${escapeXml(caption)}</text>
</svg>
`;
}

function readArg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (require.main === module) {
  const minMs = Number(readArg('ms-per-point') ?? 300);
  const out = readArg('out') ?? path.join(__dirname, 'results', 'pricing-growth.svg');
  const series = measureGrowth(minMs);
  mkdirSync(path.dirname(out), { recursive: true });
  const caption = `priceQuote on one core, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; median of >= ${minMs} ms per point; dashed: least-squares line.`;
  writeFileSync(out, renderGrowthChart(series, caption));
  const summary = { out, series };
  console.log(process.argv.includes('--json') ? JSON.stringify(summary) : JSON.stringify(summary, null, 2));
}
