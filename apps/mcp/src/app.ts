// The MCP tool server over Streamable HTTP at /mcp: stateless, plain JSON answers in every revision.
// 2026-07-28 requests go to the SDK's modern handler; 2025-era requests (2025-11-25, 2025-06-18) to a
// per-request legacy transport with JSON responses, so no answer is ever an SSE stream.
import { AsyncLocalStorage } from 'node:async_hooks';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import express from 'express';
import type { Express } from 'express';

export const SERVER_INFO = { name: 'shop-quote', version: '0.1.0' } as const;
export const SUPPORTED_REVISIONS = ['2026-07-28', '2025-11-25', '2025-06-18'] as const;

/** What a tool handler may know of the HTTP request it serves. */
export interface CallerInfo {
  clientIp: string;
}

const callers = new AsyncLocalStorage<CallerInfo>();

/** The caller of the request being served (tool handlers run inside it). */
export function currentCaller(): CallerInfo {
  const caller = callers.getStore();
  if (!caller) throw new Error('currentCaller() called outside an MCP request');
  return caller;
}

export interface McpAppDeps {
  registerTools: (server: McpServer) => void;
  trustProxy?: boolean | number | string;
}

export function createMcpApp(deps: McpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);

  const newServer = (): McpServer => {
    const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
    deps.registerTools(server);
    return server;
  };
  const modern = toNodeHandler(createMcpHandler(newServer, { legacy: 'reject', responseMode: 'json' }));

  app.use('/mcp', express.json({ limit: '256kb' }));
  app.all('/mcp', (req, res, next) => {
    const caller: CallerInfo = { clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown' };
    callers
      .run(caller, async () => {
        const webRequest = new Request(new URL(req.originalUrl, 'http://localhost'), {
          method: req.method,
          headers: req.headers as Record<string, string>,
        });
        if (await isLegacyRequest(webRequest, req.body)) {
          const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
          const server = newServer();
          res.on('close', () => {
            void transport.close();
            void server.close();
          });
          await server.connect(transport);
          await transport.handleRequest(req, res, req.body);
          return;
        }
        await modern(req, res, req.body);
      })
      .catch(next);
  });
  return app;
}
