// The ceiling for the MCP bench: a bare SDK v2 server with one `echo` tool, behind the same transport
// set-up as apps/mcp/src/app.ts (express.json, a per-request server factory, the SDK's modern handler
// for 2026-07-28 with JSON answers, a per-request legacy transport for 2025-era requests), and nothing
// else (no rate limit, storage or caller context).
// Run: MCP_PORT=4001 node --import tsx bench/echo-mcp.ts
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import express from 'express';
import { z } from 'zod';

const port = Number(process.env.MCP_PORT ?? 4001);
const SUPPORTED_REVISIONS = ['2026-07-28', '2025-11-25', '2025-06-18'];

function createEchoServer(): McpServer {
  const server = new McpServer({ name: 'echo', version: '0.0.0' }, { capabilities: { tools: { listChanged: false } }, supportedProtocolVersions: SUPPORTED_REVISIONS });
  server.registerTool(
    'echo',
    { title: 'Echo', description: 'Answers its arguments.', inputSchema: z.object({}).passthrough() },
    async (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }], structuredContent: args as Record<string, unknown> }),
  );
  return server;
}

const modern = toNodeHandler(createMcpHandler(createEchoServer, { legacy: 'reject', responseMode: 'json' }));
const app = express();
app.disable('x-powered-by');
app.use('/mcp', express.json({ limit: '256kb' }));
app.post('/mcp', (req, res, next) => {
  const webRequest = new Request(new URL(req.originalUrl, 'http://localhost'), { method: req.method, headers: req.headers as Record<string, string> });
  (async () => {
    if (await isLegacyRequest(webRequest, req.body)) {
      const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      const server = createEchoServer();
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
      return;
    }
    await modern(req, res, req.body);
  })().catch(next);
});
// The readiness probe of the bench.
app.get('/ready', (_req, res) => {
  res.json({ ok: true });
});

const server = app.listen(port, '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
