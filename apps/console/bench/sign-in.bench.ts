// How long POST /sign-in's work takes for an unknown e-mail, a wrong password and the right one,
// alternated on the same database (`pnpm --filter @shop/console bench`). The first two must take
// alike: the answer may not tell an attacker which e-mails have accounts.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addStaff, signIn, type ConsoleDeps } from '../src/accounts';
import { readConsoleConfig } from '../src/config';
import { openConsole } from '../src/open-console';

const ROUNDS = Number(process.env.ROUNDS ?? 40);
const PASSWORD = 'correct horse battery';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-console-bench-'));
  const config = readConsoleConfig({ DATABASE_URL: `file:${path.join(dir, 'shop.db')}` });
  const opened = await openConsole(config, path.resolve(__dirname, '..', '..', '..'));
  // Each try 16 minutes after the last: the lock-out window never fills.
  let now = Date.parse('2026-11-02T15:00:00Z');
  const deps: ConsoleDeps = { staff: opened.staff, audit: opened.audit, now: () => new Date((now += 16 * 60_000)), consoleUrl: config.consoleUrl };
  await addStaff(deps, { email: 'ana@shop.test', name: 'Ana', role: 'staff', password: PASSWORD }, { staffId: null, ip: 'bench' });
  const cases = {
    unknown_email: { email: 'nobody@shop.test', password: PASSWORD },
    wrong_password: { email: 'ana@shop.test', password: 'not the password at all' },
    right_password: { email: 'ana@shop.test', password: PASSWORD },
  };
  const times: Record<string, number[]> = { unknown_email: [], wrong_password: [], right_password: [] };
  for (let round = -3; round < ROUNDS; round++) {
    for (const [name, input] of Object.entries(cases)) {
      const started = performance.now();
      await signIn(deps, { ...input, ip: '192.0.2.1', userAgent: 'bench' });
      if (round >= 0) times[name]?.push(performance.now() - started);
    }
  }
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(`${ROUNDS} rounds, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), node ${process.version}\n`);
  for (const [name, values] of Object.entries(times)) {
    const sorted = [...values].sort((a, b) => a - b);
    process.stdout.write(`${name.padEnd(15)} p50 ${quantile(sorted, 0.5).toFixed(1)} ms  p90 ${quantile(sorted, 0.9).toFixed(1)} ms\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
