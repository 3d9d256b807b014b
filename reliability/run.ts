// `pnpm reliability [names...]`: runs the fault, shutdown, concurrency and slow-client scripts
// against real processes and prints one line per finding, then the whole record as JSON.
// Names: shutdown, faults, concurrency, slow-clients, scale-out, scale-out-faults, stored-bytes, console (all when none is given).
import { runConcurrencyChecks } from './checks/concurrency';
import { runConsoleChecks } from './checks/console';
import { runFaultChecks } from './checks/faults';
import { runScaleOutChecks } from './checks/scale-out';
import { runScaleOutFaultChecks } from './checks/scale-out-faults';
import { runShutdownChecks } from './checks/shutdown';
import { runSlowClientChecks } from './checks/slow-clients';
import { runStoredBytesChecks } from './checks/stored-bytes';
import type { Finding } from './checks/load';

const SUITES: Record<string, () => Promise<Finding[]>> = {
  shutdown: runShutdownChecks,
  faults: runFaultChecks,
  concurrency: runConcurrencyChecks,
  'slow-clients': runSlowClientChecks,
  'scale-out': runScaleOutChecks,
  'scale-out-faults': runScaleOutFaultChecks,
  'stored-bytes': runStoredBytesChecks,
  console: runConsoleChecks,
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const names = wanted.length ? wanted : Object.keys(SUITES);
  const findings: Finding[] = [];
  for (const name of names) {
    const suite = SUITES[name];
    if (!suite) throw new Error(`no suite "${name}"; choose from ${Object.keys(SUITES).join(', ')}`);
    const started = performance.now();
    for (const finding of await suite()) {
      findings.push(finding);
      process.stderr.write(`${finding.ok ? 'PASS' : 'FAIL'}  ${finding.test}: ${finding.result}\n`);
    }
    process.stderr.write(`  (${name}: ${Math.round((performance.now() - started) / 1000)} s)\n`);
  }
  process.stdout.write(`${JSON.stringify({ date: new Date().toISOString(), findings }, null, 2)}\n`);
  process.exit(findings.every((f) => f.ok) ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`reliability run failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
