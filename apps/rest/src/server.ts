// Entry point of the REST app: open storage, listen, purge old rows periodically, and stop cleanly
// on SIGTERM/SIGINT (in-flight requests finish first).
import http from 'node:http';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { startRuntime, systemClock } from '@shop/service';
import pino from 'pino';
import { createRestApp } from './app';
import { loadConfig } from './config';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_DRAIN_MS = 1_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { app: 'rest' } });
  const runtime = await startRuntime(config, ROOT_DIR);
  logger.info({ provider: runtime.storage.provider, migrations: runtime.storage.startup }, 'storage ready');
  const { app } = createRestApp({ config, logger, service: runtime.service, clock: systemClock });
  // Slow or idle clients are cut: headers within 10 s, a whole request within 30 s, an idle
  // keep-alive socket after 5 s. Node enforces the first two only when it checks its connections
  // (every 30 s by default, which let a slow client hold a socket for 30 s and 60 s): check each second.
  const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 }, app);
  server.listen(config.port, () => {
    logger.info({ port: config.port, publicUrl: config.publicUrl }, 'REST API listening');
  });

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

  // Once stopping, every answer (those in flight included) says `Connection: close`, so keep-alive
  // clients stop reusing their sockets and the server drains instead of serving them until the
  // grace period cuts them off mid-request.
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  const closeAfterAnswer = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) closeAfterAnswer(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopping = true;
    inFlight.forEach(closeAfterAnswer);
    if (timer) clearInterval(timer);
    // Stop accepting, but keep idle keep-alive sockets a moment (http's close() would drop them at
    // once): a request already on its way over one would be reset. Each gets its answer with
    // `Connection: close`; sockets still idle after the pause are closed.
    net.Server.prototype.close.call(server, () => {
      void runtime.close().finally(() => process.exit(0));
    });
    setTimeout(() => server.closeIdleConnections(), IDLE_DRAIN_MS).unref();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`REST app failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
