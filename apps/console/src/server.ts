// Entry point of the console: open storage and the console's tables, listen on CONSOLE_HOST and
// CONSOLE_PORT, and stop cleanly on SIGTERM/SIGINT.
import path from 'node:path';
import { serveUntilStopped } from '@shop/runtime';
import pino from 'pino';
import { createConsoleApp } from './app';
import { loadConsoleConfig } from './config';
import { createDeliveryLoop } from './delivery-loop';
import { openConsole } from './open-console';
import { startRetentionJob } from './personal-data';
import { noStaffHint } from './start-hint';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');

async function main(): Promise<void> {
  const config = loadConsoleConfig();
  const logger = pino({ level: config.logLevel, base: { app: 'console' } });
  const opened = await openConsole(config, ROOT_DIR, { onEvent: (event) => logger.info({ event }, 'price book published') });
  const now = () => new Date();
  // The notifications go out from here: the apps only write them to the outbox.
  const delivery = createDeliveryLoop({ outbox: opened.outbox, webhooks: opened.webhooks, mail: config.mail, now, logger, webhookAllowHosts: config.webhookAllowHosts });
  const notifications = { outbox: opened.outbox, webhooks: opened.webhooks, wake: () => delivery.wake() };
  // The repositories and settings openConsole made are the app's, by the same names.
  const app = createConsoleApp({ ...opened, config, logger, notifications, now });
  delivery.start();
  delivery.wake();
  // Contact details past RFQ_RETENTION_DAYS: erased now and every hour while the console runs.
  const retention = startRetentionJob({ personalData: opened.personalData, audit: opened.audit, now, retentionDays: config.retentionDays }, logger);
  serveUntilStopped(app, {
    port: config.port,
    host: config.host,
    onListening: () => {
      logger.info({ host: config.host, port: config.port, consoleUrl: config.consoleUrl }, 'console listening');
      // Plain text on stderr, not a log line: a newcomer reads it among the JSON.
      noStaffHint(opened.staff, config.consoleUrl).then(
        (hint) => hint && process.stderr.write(`${hint}\n`),
        (error: unknown) => logger.warn({ err: error }, 'could not count the staff for the start hint'),
      );
    },
    onStopping: (signal) => logger.info({ signal }, 'shutting down'),
    close: async () => {
      await retention.stop();
      // Tries under way finish and are stored (or their claims given back) before the database closes.
      await delivery.stop();
      await opened.close();
    },
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`Console failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
