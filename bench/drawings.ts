// Reading drawings: importDxf (of @shop/drawings) on a typical part, a realistic 5 MB perforated
// panel and the adversarial drawings (a block bomb just under the entity limit, an outline of arcs
// near the vertex limit, 36,000 lines that join and 36,000 that do not), one core, in its own process.
//   node --import tsx --conditions=@shop/source bench/drawings.ts [--quick]
import { runDrawingsBench } from '../packages/drawings/bench/drawings.bench';
import type { DrawingCase } from '../packages/drawings/bench/drawings.bench';

export type DrawingsResult = DrawingCase[];

if (require.main === module) {
  const cases = runDrawingsBench(process.argv.includes('--quick'));
  console.log(process.argv.includes('--json') ? JSON.stringify(cases) : cases);
}
