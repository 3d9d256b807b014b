// Entry point of the MCP tool server: listen on MCP_PORT at /mcp and stop cleanly on SIGTERM/SIGINT.
import { createMcpApp } from './app';
import { loadConfig } from './config';
import { registerShopTools } from './tools';

const SHUTDOWN_GRACE_MS = 10_000;

function main(): void {
  const config = loadConfig();
  const app = createMcpApp({ registerTools: registerShopTools, trustProxy: config.trustProxy });
  const server = app.listen(config.mcpPort, () => {
    process.stdout.write(`${JSON.stringify({ level: 30, app: 'mcp', port: config.mcpPort, msg: 'MCP tool server listening at /mcp' })}\n`);
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;

  const stop = () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main();
