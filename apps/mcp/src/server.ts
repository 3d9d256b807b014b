// Entry point of the MCP tool server: open the same storage and rate limits as the REST app, listen
// on MCP_PORT at /mcp, and stop cleanly on SIGTERM/SIGINT (in-flight requests finish first).
import path from 'node:path';
import { serveUntilStopped, startRuntime } from '@shop/runtime';
import { systemClock } from '@shop/service';
import pino from 'pino';
import { createMcpApp } from './app';
import { loadConfig } from './config';
import { INSTRUCTIONS } from './tool-descriptions';
import { createShopTools } from './tools';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { app: 'mcp' } });
  const runtime = await startRuntime(config, ROOT_DIR, { log: logger });
  logger.info({ provider: runtime.storage.provider }, 'storage ready');
  const app = createMcpApp({
    registerTools: createShopTools({
      service: runtime.service,
      clock: systemClock,
      reportError: (error) => logger.error({ err: error }, 'tool failed'),
      publicUrl: config.publicUrl,
    }),
    admit: runtime.service.admitToolServerRequest,
    trustProxy: config.trustProxy,
    allowedOrigins: config.allowedOrigins,
    logger,
    publicUrl: config.publicUrl,
    instructions: INSTRUCTIONS,
  });

  serveUntilStopped(app, {
    publicUrl: config.publicUrl,
    port: config.mcpPort,
    onListening: () => logger.info({ port: config.mcpPort }, 'MCP tool server listening at /mcp'),
    onStopping: (signal) => logger.info({ signal }, 'shutting down'),
    close: () => runtime.close(),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`MCP tool server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
