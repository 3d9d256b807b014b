// Throughput of @shop/geometry on one core: the typical plate in plates/s, the worst legal plate in ms.
// Run: npx tsx --conditions=@shop/source bench/geometry.bench.ts
import type { PlateItem } from '@shop/contracts';
import { analyzePlate, measurePlate, renderPlateSvg } from '../src/index';
import { RULES, combPlate, importedPlate, plate, typicalPlate, worstPlate, worstPlateWithIssues } from '../src/test-plates';

function opsPerSecond(run: () => unknown, seconds = 1.5): number {
  for (let i = 0; i < 2000; i++) run();
  let count = 0;
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < limit) {
    for (let i = 0; i < 500; i++) run();
    count += 500;
    elapsed = process.hrtime.bigint() - start;
  }
  return count / (Number(elapsed) / 1e9);
}

function millis(run: () => unknown, runs = 200): { median: number; p95: number; max: number } {
  for (let i = 0; i < 5; i++) run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(runs / 2)]!, p95: times[Math.floor(runs * 0.95)]!, max: times[runs - 1]! };
}

const typical = typicalPlate();
const twoBends = plate({
  holes: typical.holes,
  bends: [
    { start_in: [0, 1.5], end_in: [6, 1.5] },
    { start_in: [0, 2.5], end_in: [6, 2.5] },
  ],
});
const typicalRing: PlateItem = plate({
  outline: { kind: 'ring', outer_diameter_in: 10, inner_diameter_in: 4 },
  holes: [{ kind: 'bolt_circle', center_x_in: 5, center_y_in: 5, count: 6, bolt_circle_diameter_in: 7, diameter_in: 0.5 }],
});

const row = (label: string, value: string) => console.log(`${label.padEnd(72)} ${value}`);
const fmtOps = (ops: number) => `${Math.round(ops).toLocaleString('en-CA')} plates/s (${(1000 / ops).toFixed(4)} ms each)`;
const fmtMs = ({ median, p95, max }: { median: number; p95: number; max: number }) =>
  `${median.toFixed(2)} ms median, ${p95.toFixed(2)} ms p95, ${max.toFixed(2)} ms max`;

console.log(`@shop/geometry on Node ${process.version}, one core\n`);
row('analyzePlate, typical (6x4, 4 holes, 1 bend)', fmtOps(opsPerSecond(() => analyzePlate(typical, RULES, 'items[0]'))));
row('measurePlate, typical', fmtOps(opsPerSecond(() => measurePlate(typical))));
row('analyzePlate, 6x4, 4 holes, 2 bends (facets walked)', fmtOps(opsPerSecond(() => analyzePlate(twoBends, RULES))));
row('analyzePlate, ring with a 6-hole bolt circle', fmtOps(opsPerSecond(() => analyzePlate(typicalRing, RULES))));
row('renderPlateSvg, typical', fmtOps(opsPerSecond(() => renderPlateSvg(typical))));
const worst = worstPlate();
const noisy = worstPlateWithIssues();
row('analyzePlate, worst legal plate (200 corners, 500 cutouts, 10 bends)', fmtMs(millis(() => analyzePlate(worst, RULES))));
row(`analyzePlate, worst plate with ${analyzePlate(noisy, RULES).issues.length} issues`, fmtMs(millis(() => analyzePlate(noisy, RULES))));
row('renderPlateSvg, worst legal plate', `${fmtMs(millis(() => renderPlateSvg(worst)))}, ${renderPlateSvg(worst).length.toLocaleString('en-CA')} bytes`);

// An imported part at the bounded-work limits: a 20,000-corner outline (a 100 in circle, so larger
// than the sheet: one issue), 50 cut-outs of 200 corners and 400 holes; then the same with two folds.
const imported = importedPlate();
const importedBent = importedPlate([
  { start_in: [0, 33], end_in: [120, 33] },
  { start_in: [0, 85], end_in: [120, 85] },
]);
row('analyzePlate, imported (20,000 corners, 50 cut-outs x 200, 400 holes)', fmtMs(millis(() => analyzePlate(imported, RULES), 40)));
row('measurePlate, imported', fmtMs(millis(() => measurePlate(imported), 40)));
row('analyzePlate, imported with 2 bends (facets of 20,000 corners walked)', fmtMs(millis(() => analyzePlate(importedBent, RULES), 40)));
row('renderPlateSvg, imported', `${fmtMs(millis(() => renderPlateSvg(imported), 40))}, ${renderPlateSvg(imported).length.toLocaleString('en-CA')} bytes`);
const comb = combPlate();
row('analyzePlate, imported comb (15,997 corners, 2 folds across 3,999 teeth)', fmtMs(millis(() => analyzePlate(comb, RULES), 40)));
row('renderPlateSvg, imported comb', `${fmtMs(millis(() => renderPlateSvg(comb), 40))}, ${renderPlateSvg(comb).length.toLocaleString('en-CA')} bytes`);
