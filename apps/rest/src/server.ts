// Entry point of the REST app: open storage, listen, purge old rows periodically, and stop cleanly
// on SIGTERM/SIGINT (in-flight requests finish first).
import path from 'node:path';
import { API_PREFIX, PAGE_ROUTES } from '@shop/contracts';
import { serveUntilStopped, startRuntime } from '@shop/runtime';
import { systemClock } from '@shop/service';
import pino from 'pino';
import { createRestApp } from './app';
import { loadConfig } from './config';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
/** The routes whose bodies are drawings, admitted before they are read. */
const DRAWING_PATHS = [`${API_PREFIX}/plate-imports`, PAGE_ROUTES.plateUpload];

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { app: 'rest' } });
  const runtime = await startRuntime(config, ROOT_DIR, { log: logger });
  logger.info({ provider: runtime.storage.provider, migrations: runtime.storage.startup }, 'storage ready');
  const { app, metricsApp } = createRestApp({ config, logger, service: runtime.service, clock: systemClock });
  if (config.metricsPort > 0) {
    const metricsServer = metricsApp.listen(config.metricsPort, config.metricsHost, () =>
      logger.info({ port: config.metricsPort, host: config.metricsHost }, 'metrics listening at /metrics'),
    );
    metricsServer.on('error', (error) => logger.warn({ err: error, port: config.metricsPort }, 'metrics port could not be opened; serving without /metrics'));
    metricsServer.unref();
  }

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

  serveUntilStopped(app, {
    publicUrl: config.publicUrl,
    port: config.port,
    onListening: () => logger.info({ port: config.port, publicUrl: config.publicUrl }, 'REST API listening'),
    onStopping: (signal) => {
      logger.info({ signal }, 'shutting down');
      if (timer) clearInterval(timer);
    },
    close: () => runtime.close(),
    onError: (error) => logger.error({ err: error }, 'a connection could not be accepted; serving on'),
    // A drawing sent with Expect: 100-continue (curl does for large files) is told to send its body
    // only once admitted: the queue, the bytes held and its limit are asked before a byte arrives.
    deferContinue: (req) => req.method === 'POST' && DRAWING_PATHS.includes((req.url ?? '').split('?')[0] ?? ''),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`REST app failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
