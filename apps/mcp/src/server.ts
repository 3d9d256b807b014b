// Entry point of the MCP tool server: open the same storage and rate limits as the REST app, listen
// on MCP_PORT at /mcp, and stop cleanly on SIGTERM/SIGINT (in-flight requests finish first).
import http from 'node:http';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { startRuntime, systemClock } from '@shop/service';
import { createMcpApp } from './app';
import { loadConfig } from './config';
import { registerShopTools } from './tools';

const ROOT_DIR = path.resolve(__dirname, '..', '..', '..');
const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_DRAIN_MS = 1_000;

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
  // Slow or idle clients are cut: headers within 10 s, a whole request within 30 s, an idle
  // keep-alive socket after 5 s. Node enforces the first two only when it checks its connections
  // (every 30 s by default): check each second.
  const server = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 }, app);
  server.listen(config.mcpPort, () => {
    log(30, { port: config.mcpPort, msg: 'MCP tool server listening at /mcp' });
  });

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
    log(30, { signal, msg: 'shutting down' });
    stopping = true;
    inFlight.forEach(closeAfterAnswer);
    // Stop accepting, but keep idle keep-alive sockets a moment (http's close() would drop them at
    // once): a request already on its way over one would be reset.
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
  process.stderr.write(`MCP tool server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
