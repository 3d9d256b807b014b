// `pnpm purge`: deletes quotes, plate designs, handoffs and rfq links 30 days past their expiry,
// the same work the REST app's timer does, then prints the counts.
import path from 'node:path';
import { startRuntime } from '@shop/runtime';
import { systemClock } from '@shop/service';
import { loadConfig } from './config';

async function main(): Promise<void> {
  const runtime = await startRuntime(loadConfig(), path.resolve(__dirname, '..', '..', '..'));
  try {
    const counts = await runtime.service.purgeExpired(systemClock.now());
    process.stdout.write(`${JSON.stringify({ purged: counts })}\n`);
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`purge failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
