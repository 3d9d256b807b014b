// `pnpm fuzz:ci`: the bounded slice of generative fuzzing that CI runs on every change: the drawing
// reader for --drawing-seconds (45) and malformed transports against a REST app started from source
// for --transport-requests (300); both seeded (fixed unless --seed). A drawing that fails is written to
// the corpus (packages/drawings/test/fuzz-corpus) for the corpus test. Run longer with
// `pnpm fuzz:drawings --seconds 3600 --seed $RANDOM` and `pnpm fuzz` (every route and tool).
import { parseArgs } from 'node:util';
import { startServer, tempSqliteUrl } from '../checks/processes';
import { fuzzDrawings } from './drawings';
import { fuzzTransports } from './transports';

const FIXED_SEED = 20261201;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'drawing-seconds': { type: 'string', default: '45' },
      'transport-requests': { type: 'string', default: '300' },
      seed: { type: 'string' },
    },
  });
  const seed = values.seed === undefined ? FIXED_SEED : Number(values.seed);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const drawings = await fuzzDrawings({ seconds: Number(values['drawing-seconds']), seed, cpuMs: 1000, timeoutMs: 10_000, rssMb: 640, save: true, log });
  const { findings: drawingFindings, ...drawingCounts } = drawings;
  log(`drawings: ${JSON.stringify(drawingCounts)}`);
  // Limits out of reach: the fuzz measures how bodies are read, not the rate limits.
  const rest = await startServer('rest', { DATABASE_URL: tempSqliteUrl(), PUBLIC_URL: 'http://quotes.test', RATE_LIMIT_SCALE: '1000000', LOG_LEVEL: 'warn' });
  let transportFailures = 0;
  try {
    const transports = await fuzzTransports(rest, { requests: Number(values['transport-requests']), seed, log });
    transportFailures = transports.findings.length;
    for (const finding of transports.findings.slice(0, 10)) log(`FAIL transport: ${finding.problem}: ${finding.request}`);
    const crashes = rest.logs.filter((line) => typeof line.level === 'number' && line.level >= 60).length;
    if (crashes > 0) transportFailures += crashes;
    log(`transports: ${JSON.stringify({ requests: transports.requests, answered: transports.answered, statuses: transports.statuses, fatalLogLines: crashes })}`);
  } finally {
    await rest.stop();
  }
  const failures = drawingFindings.length + transportFailures;
  process.stdout.write(`fuzz:ci seed ${seed}: ${drawings.inputs} drawings, ${Number(values['transport-requests'])} transports, ${failures} failures\n`);
  process.exitCode = failures === 0 ? 0 : 1;
}

void main();
