// Entry point of the MCP tool server: open the same storage and rate limits as the REST app, listen
// on MCP_PORT at /mcp, and stop cleanly on SIGTERM/SIGINT (in-flight requests finish first).
import path from 'node:path';
import { startRuntime, systemClock } from '@shop/service';
import { createMcpApp } from './app';
import { loadConfig } from './config';
import { registerShopTools } from './tools';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
const SHUTDOWN_GRACE_MS = 10_000;

function log(level: number, fields: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), app: 'mcp', ...fields })}\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await startRuntime(config, ROOT_DIR);
  log(30, { provider: runtime.storage.provider, msg: 'storage ready' });
  const app = createMcpApp({
    registerTools: (server) =>
      registerShopTools(server, {
        service: runtime.service,
        clock: systemClock,
        reportError: (error) => log(50, { err: error instanceof Error ? error.stack : String(error), msg: 'tool failed' }),
      }),
    limits: runtime.service.limits,
    trustProxy: config.trustProxy,
    allowedOrigins: config.allowedOrigins,
  });
  const server = app.listen(config.mcpPort, () => {
    log(30, { port: config.mcpPort, msg: 'MCP tool server listening at /mcp' });
  });
  // Slow or idle clients are cut: headers within 10 s, a whole request within 30 s.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;

  const stop = (signal: string) => {
    log(30, { signal, msg: 'shutting down' });
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
  process.stderr.write(`MCP tool server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
