// Entry point of the REST app: open storage, listen, purge old rows periodically, and stop cleanly
// on SIGTERM/SIGINT (in-flight requests finish first).
import path from 'node:path';
import { startRuntime, systemClock } from '@shop/service';
import pino from 'pino';
import { createRestApp } from './app';
import { loadConfig } from './config';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { app: 'rest' } });
  const runtime = await startRuntime(config, ROOT_DIR);
  logger.info({ provider: runtime.storage.provider, migrations: runtime.storage.startup }, 'storage ready');
  const { app } = createRestApp({ config, logger, service: runtime.service, clock: systemClock });
  const server = app.listen(config.port, () => {
    logger.info({ port: config.port, publicUrl: config.publicUrl }, 'REST API listening');
  });
  // Slow or idle clients are cut: headers within 10 s, a whole request within 30 s.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;

  const purge = async () => {
    try {
      const counts = await runtime.service.purgeExpired(systemClock.now());
      logger.info({ counts }, 'purged rows past retention');
    } catch (error) {
      logger.warn({ err: error }, 'purge failed; will try again');
    }
  };
  const timer = config.purgeIntervalMinutes > 0 ? setInterval(purge, config.purgeIntervalMinutes * 60_000) : null;
  // The timer must never keep the process alive on its own.
  timer?.unref();

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    if (timer) clearInterval(timer);
    server.close(() => {
      void runtime.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`REST app failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
