// Entry point of the REST app: read the configuration, listen, and stop cleanly on SIGTERM/SIGINT.
import pino from 'pino';
import { createRestApp } from './app';
import { loadConfig } from './config';

const SHUTDOWN_GRACE_MS = 10_000;

function main(): void {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { app: 'rest' } });
  const { app } = createRestApp({ config, logger });
  const server = app.listen(config.port, () => {
    logger.info({ port: config.port, publicUrl: config.publicUrl }, 'REST API listening');
  });
  // Slow or idle clients are cut: headers within 10 s, a whole request within 30 s.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main();
