// `pnpm fuzz:drawings`: generative fuzzing of the drawing reader at the door, for a bounded time. Each
// input is a DXF written group code by group code (dxf-arbitraries.ts) or a drawing of the corpus
// changed byte by byte (mutate.ts); it is read in a process of its own, capped as the service's
// drawing processes are (512 MB of heap), and judged by the oracle (test-drawing-oracle.ts). A
// failure is a throw, an answer outside its contract or with a non-finite figure, a refusal without
// a known code, a read over 1 s of CPU (or no answer in 10 s), or a process past 640 MB resident.
// Each failing input is written to
// packages/drawings/test/fuzz-corpus/ (with what was wrong), where the corpus test replays it for
// good. Options: --seconds N (60) --seed N (fixed unless given) --cpu-ms N (1000) --timeout-ms N
// (10000) --rss-mb N (640) --no-save. Exits 1 on any failure.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { HOSTILE_DRAWINGS } from '../../packages/drawings/src/test-hostile-drawings';
import type { DrawingVerdict } from '../../packages/service/src/test-drawing-oracle';
import { dxfText } from './dxf-arbitraries';
import { mutateDrawing, seededRandom } from './mutate';

const ROOT = path.resolve(__dirname, '..', '..');
export const CORPUS_DIR = path.join(ROOT, 'packages', 'drawings', 'test', 'fuzz-corpus');
const REAL_DRAWINGS = path.join(ROOT, 'packages', 'drawings', 'test', 'fixtures');
const FIXED_SEED = 20261201;
// As the service's drawing processes run (plate-imports.ts, process-pool.ts).
const HEAP_MB = 512;

interface Answer {
  id: number;
  verdict: DrawingVerdict;
  cpuMs: number;
  maxRssMb: number;
}

export interface DrawingFinding {
  input: string;
  source: string;
  units: 'in' | 'mm' | null;
  problems: string[];
}

export interface DrawingFuzzResult {
  inputs: number;
  generated: number;
  mutated: number;
  imported: number;
  refused: number;
  /** The most CPU time one input took. */
  slowestCpuMs: number;
  peakRssMb: number;
  findings: DrawingFinding[];
}

/** The drawings mutated from: the real ones, the hostile fixtures and what fuzzing found before. */
function seedDrawings(): Array<{ name: string; bytes: Uint8Array }> {
  const files = (dir: string) =>
    readdirSync(dir)
      .filter((name) => name.toLowerCase().endsWith('.dxf'))
      .map((name) => ({ name, bytes: readFileSync(path.join(dir, name)) }));
  return [...files(REAL_DRAWINGS), ...files(CORPUS_DIR), ...HOSTILE_DRAWINGS.map((drawing) => ({ name: drawing.name, bytes: Buffer.from(drawing.text) }))];
}

function startChild(): Promise<ChildProcess> {
  const child = fork(path.join(__dirname, 'drawing-child.ts'), [], {
    execArgv: ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source', `--max-old-space-size=${HEAP_MB}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.resume();
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code, signal) => reject(new Error(`the fuzz's drawing process stopped at start (${signal ?? code})`)));
  });
}

export async function fuzzDrawings(options: {
  seconds: number;
  seed: number;
  /** CPU time one input may take. */
  cpuMs: number;
  /** Wall time after which the process is taken as hung (and replaced). */
  timeoutMs: number;
  rssMb: number;
  save: boolean;
  log?: (line: string) => void;
}): Promise<DrawingFuzzResult> {
  const log = options.log ?? (() => {});
  const seeds = seedDrawings();
  const random = seededRandom(options.seed);
  const result: DrawingFuzzResult = { inputs: 0, generated: 0, mutated: 0, imported: 0, refused: 0, slowestCpuMs: 0, peakRssMb: 0, findings: [] };
  const deadline = Date.now() + options.seconds * 1000;
  let child = await startChild();
  const record = (input: Uint8Array, source: string, units: 'in' | 'mm' | null, problems: string[]) => {
    const text = Buffer.from(input).toString('latin1');
    result.findings.push({ input: text, source, units, problems });
    log(`FAIL ${source}: ${problems.join('; ')}`);
    if (!options.save) return;
    const name = `found-${createHash('sha256').update(input).digest('hex').slice(0, 12)}`;
    writeFileSync(path.join(CORPUS_DIR, `${name}.dxf`), input);
    writeFileSync(path.join(CORPUS_DIR, `${name}.json`), `${JSON.stringify({ source, units, problems, found: new Date().toISOString().slice(0, 10) }, null, 2)}\n`);
  };
  try {
    for (let i = 0; Date.now() < deadline; i++) {
      const generated = random() < 0.5;
      const input = generated
        ? Buffer.from(fc.sample(dxfText, { seed: options.seed + i, numRuns: 1 })[0]!, 'latin1')
        : mutateDrawing(seeds[Math.floor(random() * seeds.length)]!.bytes, random);
      const units = random() < 0.3 ? (random() < 0.5 ? 'in' : 'mm') : null;
      const source = generated ? `generated #${i} (seed ${options.seed})` : `mutated #${i} (seed ${options.seed})`;
      if (generated) result.generated++;
      else result.mutated++;
      result.inputs++;
      const answer = await new Promise<Answer | 'timeout' | 'died'>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
        const done = (outcome: Answer | 'died') => {
          clearTimeout(timer);
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(outcome);
        };
        const onMessage = (message: Answer) => {
          if (message.id === i) done(message);
        };
        const onExit = () => done('died');
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send({ id: i, file: input.toString('base64'), ...(units === null ? {} : { units }) });
      });
      if (answer === 'timeout' || answer === 'died') {
        record(input, source, units, [answer === 'timeout' ? `no answer within ${options.timeoutMs} ms (a hang)` : 'the drawing process died']);
        child.kill('SIGKILL');
        child = await startChild();
        continue;
      }
      result.slowestCpuMs = Math.max(result.slowestCpuMs, answer.cpuMs);
      result.peakRssMb = Math.max(result.peakRssMb, answer.maxRssMb);
      if (answer.verdict.outcome === 'imported') result.imported++;
      else if (answer.verdict.outcome === 'refused') result.refused++;
      const problems = [...answer.verdict.problems];
      if (answer.cpuMs > options.cpuMs) problems.push(`took ${Math.round(answer.cpuMs)} ms of CPU (at most ${options.cpuMs} ms)`);
      if (answer.maxRssMb > options.rssMb) problems.push(`the drawing process reached ${answer.maxRssMb} MB resident (cap ${options.rssMb} MB)`);
      if (problems.length > 0) {
        record(input, source, units, problems);
        // A process that grew past the cap stays large: start a new one for the next input.
        if (answer.maxRssMb > options.rssMb) {
          child.kill('SIGKILL');
          child = await startChild();
        }
      }
      if (result.inputs % 500 === 0) log(`${result.inputs} inputs, ${result.findings.length} failures`);
    }
  } finally {
    child.kill('SIGKILL');
  }
  return result;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '60' },
      seed: { type: 'string' },
      'cpu-ms': { type: 'string', default: '1000' },
      'timeout-ms': { type: 'string', default: '10000' },
      'rss-mb': { type: 'string', default: '640' },
      'no-save': { type: 'boolean', default: false },
    },
  });
  const seed = values.seed === undefined ? FIXED_SEED : Number(values.seed);
  const result = await fuzzDrawings({
    seconds: Number(values.seconds),
    seed,
    cpuMs: Number(values['cpu-ms']),
    timeoutMs: Number(values['timeout-ms']),
    rssMb: Number(values['rss-mb']),
    save: !values['no-save'],
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const { findings, ...counts } = result;
  process.stdout.write(`${JSON.stringify({ seed, ...counts, failures: findings.length })}\n`);
  process.exitCode = findings.length === 0 ? 0 : 1;
}

if (require.main === module) void main();
