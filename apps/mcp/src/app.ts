// The MCP tool server over Streamable HTTP at /mcp: stateless, plain JSON answers in every revision.
// 2026-07-28 requests go to the SDK's modern handler; 2025-era requests (2025-11-25, 2025-06-18) to a
// per-request legacy transport with JSON responses, so no answer is ever an SSE stream.
import { AsyncLocalStorage } from 'node:async_hooks';
import { NodeStreamableHTTPServerTransport, toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, UnsupportedProtocolVersionError, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import { BOUNDS, ServiceError, clip } from '@shop/contracts';
import { MAX_JSON_DEPTH, measureJsonDepth, toBodyError } from '@shop/runtime';
import type { BodyLimit } from '@shop/runtime';
import { newRequestId } from '@shop/service';
import express from 'express';
import type { ErrorRequestHandler, Express, Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express';
import type { Logger } from 'pino';

export const SERVER_INFO = { name: 'shop-quote', version: '0.1.0' } as const;
export const SUPPORTED_REVISIONS = ['2026-07-28', '2025-11-25', '2025-06-18'];

/** Body limit of /mcp, the same as the REST app's: a largest legal plate fits well inside it. */
const BODY_LIMIT = BOUNDS.bodyBytes;
const MCP_BODY: BodyLimit = { size: '256 KiB', advice: 'send one smaller request' };
/**
 * A tools/call of import_dxf carries a drawing's text, up to 1 MiB of characters: in JSON up to 6
 * bytes each (a control character escaped as \u00XX), and the call around it. Past that size, or past
 * 256 KiB for any other request, the body is refused.
 */
const DRAWING_CALL_LIMIT = 6 * BOUNDS.dxfToolCharacters + 64 * 1024;
const DRAWING_CALL_BODY: BodyLimit = { size: '6 MiB', advice: 'only a call of import_dxf may pass 256 KiB, with up to 1 MiB of drawing text' };

/** A body past the general limit is read in full only when it names import_dxf (checked again once parsed). */
function refuseLargeBody(_req: unknown, res: ExpressResponse, body: Buffer): void {
  res.locals.bodyBytes = body.length;
  if (body.length > BODY_LIMIT && !body.includes('"import_dxf"')) throw Object.assign(new Error('body too large'), { type: 'entity.too.large' });
}

/** Whether a parsed body is a tools/call of import_dxf, the one request that may pass 256 KiB. */
function isDrawingCall(body: unknown): boolean {
  const call = body as { method?: unknown; params?: { name?: unknown } } | null;
  return call !== null && typeof call === 'object' && call.method === 'tools/call' && call.params?.name === 'import_dxf';
}

// JSON-RPC error codes used for answers the SDK never sees.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;
/** Implementation-defined server errors: a request past the tool server's rate limit, and storage or workers unavailable. */
const RATE_LIMITED = -32000;
const SERVER_UNAVAILABLE = -32001;

/** What a tool handler may know of the HTTP request it serves. */
export interface CallerInfo {
  clientIp: string;
  /** Set when this request is past the tool server's limit: a tool answers it as an isError result. */
  limitError: ServiceError | null;
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
  /**
   * Counts a request against the tool server's limit ("requests to the tool server, of any kind": 600
   * a minute per address), throwing the ServiceError past it; null counts nothing.
   */
  admit: ((clientIp: string) => Promise<void>) | null;
  trustProxy?: boolean | number | string;
  /** Browser origins allowed besides loopback ones; a request without Origin is always allowed. */
  allowedOrigins?: string[];
  /** One JSON line per request, with its request id (also sent back as X-Request-Id). */
  logger?: Logger;
  /** The REST app's address: `doc_url` of an error points at its docs page. */
  publicUrl?: string;
  /** Sent at initialize and on server/discover: how to use the tools, in a few lines. */
  instructions?: string;
}

/** The SDK's console warning on `responseMode: 'json'` (its first words). */
const JSON_MODE_WARNING = "responseMode: 'json'";

/**
 * The modern handler, answering plain JSON (SPEC: no answer is an SSE stream). The SDK warns on the
 * console as it is made that this drops notifications sent before a result: no tool sends any, so the
 * line goes to the log (debug) with the other JSON lines instead of the console, where it printed a
 * stack trace in every test file. Any other warning the SDK prints there goes to the log as a warning
 * (to the console when there is no log).
 */
function createJsonHandler(factory: () => McpServer, logger: Logger | null): McpHttpHandler {
  const warn = console.warn;
  const warnings: unknown[][] = [];
  console.warn = (...args: unknown[]) => {
    warnings.push(args);
  };
  try {
    return createMcpHandler(factory, { legacy: 'reject', responseMode: 'json' });
  } finally {
    console.warn = warn;
    for (const args of warnings) {
      const text = args.map(String).join(' ');
      if (text.startsWith(JSON_MODE_WARNING)) logger?.debug({ sdk: '@modelcontextprotocol/server' }, text);
      else if (logger) logger.warn({ sdk: '@modelcontextprotocol/server' }, text);
      else warn(...args);
    }
  }
}

export function createMcpApp(deps: McpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(logRequests(deps.logger ?? null));

  const newServer = (): McpServer => {
    // Listing the three revisions makes the SDK's unsupported-version errors name exactly them.
    const server = new McpServer(SERVER_INFO, {
      capabilities: { tools: { listChanged: false } },
      supportedProtocolVersions: SUPPORTED_REVISIONS,
      ...(deps.instructions === undefined ? {} : { instructions: deps.instructions }),
    });
    deps.registerTools(server);
    return server;
  };
  const handler = createJsonHandler(newServer, deps.logger ?? null);
  const modern = toNodeHandler(handler);

  const allowedOrigins = new Set(deps.allowedOrigins ?? []);
  // The transport's rule against DNS rebinding: a request whose Origin is present and not allowed is 403.
  app.use('/mcp', (req, res, next) => {
    const origin = req.get('origin');
    if (origin === undefined || isAllowedOrigin(origin, allowedOrigins)) {
      next();
      return;
    }
    sendRpcError(res, 403, null, INVALID_REQUEST, `Forbidden: requests from the origin ${origin} are not allowed.`);
  });
  app.use('/mcp', express.json({ limit: DRAWING_CALL_LIMIT, verify: refuseLargeBody }));
  // Stateless: no session to resume (GET would open an SSE stream) and none to end (DELETE).
  app.all('/mcp', (req, res, next) => {
    if (req.method === 'POST') {
      next();
      return;
    }
    res.setHeader('Allow', 'POST');
    sendRpcError(res, 405, null, INVALID_REQUEST, 'Method not allowed: this stateless server takes POST only.');
  });
  app.post('/mcp', (req, res, next) => {
    // Batches left the protocol in 2025-06-18; answering one would also let a single request spend
    // one limit point for a hundred calls.
    if (Array.isArray(req.body)) {
      sendRpcError(res, 400, null, INVALID_REQUEST, 'Invalid Request: JSON-RPC batches are not supported; send one request per HTTP request.');
      return;
    }
    if (((res.locals.bodyBytes as number | undefined) ?? 0) > BODY_LIMIT && !isDrawingCall(req.body)) {
      sendRpcError(res, 413, requestId(req.body), INVALID_REQUEST, toBodyError({ type: 'entity.too.large' }, MCP_BODY)!.message);
      return;
    }
    if (measureJsonDepth(req.body) > MAX_JSON_DEPTH) {
      sendRpcError(res, 400, requestId(req.body), INVALID_REQUEST, `Invalid Request: the body nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep, far more than any request needs.`);
      return;
    }
    const caller: CallerInfo = { clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown', limitError: null };
    callers
      .run(caller, async () => {
        if (deps.admit) {
          try {
            await deps.admit(caller.clientIp);
          } catch (error) {
            if (!(error instanceof ServiceError)) throw error;
            // A tool call still reaches its tool, which answers isError with the same code (and
            // retry_after_seconds past a limit); anything else gets the JSON-RPC error.
            if (!isToolCall(req.body)) {
              sendServiceError(req, res, error);
              return;
            }
            caller.limitError = error;
          }
        }
        // One answer for every revision not served, naming all three: the SDK's modern handler would
        // name only 2026-07-28, its legacy transport a plain -32000 text.
        const requested = req.get('mcp-protocol-version');
        if (requested !== undefined && !SUPPORTED_REVISIONS.includes(requested)) {
          const error = new UnsupportedProtocolVersionError({ supported: [...SUPPORTED_REVISIONS], requested });
          sendRpcError(res, 400, requestId(req.body), error.code, error.message, error.data);
          return;
        }
        const webRequest = new Request(new URL(req.originalUrl, 'http://localhost'), {
          method: req.method,
          headers: req.headers as Record<string, string>,
        });
        if (isDiscover(req.body)) {
          await answerDiscover(handler, webRequest, req.body, res);
          return;
        }
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
  // Any other path: the REST error envelope, as the API port answers an unknown route.
  app.use((req, res) => {
    const error = new ServiceError('route_not_found', `No route ${req.method} ${clip(req.path, 100)} on the tool server; it answers POST /mcp.`);
    res.status(error.status).json({ error: error.toBody(res.locals.requestId as string, deps.publicUrl ?? null) });
  });
  app.use(handleMcpError);
  return app;
}

/**
 * Gives every request an id in `X-Request-Id` and, once answered, one line
 * `{ req: { id, method }, res: { status }, responseTime }` (`error` for a 5xx, with its cause in
 * `err`, else `info`). One
 * listener per request, no child logger: nothing is built for a line the level leaves out.
 */
function logRequests(logger: Logger | null): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const id = newRequestId();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    if (!logger) {
      next();
      return;
    }
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const responseTime = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
      const cause: unknown = res.locals.errorCause;
      logger[level]({ req: { id, method: req.method }, res: { status: res.statusCode }, responseTime, ...(level === 'error' && cause !== undefined ? { err: cause } : {}) }, 'request completed');
    });
    next();
  };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isAllowedOrigin(origin: string, allowed: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return LOOPBACK_HOSTS.has(url.hostname) || allowed.has(url.origin);
}

function isDiscover(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'server/discover';
}

/**
 * server/discover through the SDK, with `supportedVersions` naming every revision served: the SDK
 * lists the 2026 revision alone (2025-era revisions are negotiated at initialize), which would tell a
 * client that cannot speak 2026-07-28 that this server has nothing for it.
 */
async function answerDiscover(handler: McpHttpHandler, request: Request, body: unknown, res: ExpressResponse): Promise<void> {
  const response = await handler.fetch(request, { parsedBody: body });
  let text = await response.text();
  if (response.ok && (response.headers.get('content-type') ?? '').includes('application/json')) {
    const message = JSON.parse(text) as { result?: { supportedVersions?: unknown } };
    if (message.result && Array.isArray(message.result.supportedVersions)) {
      message.result.supportedVersions = [...SUPPORTED_REVISIONS];
      text = JSON.stringify(message);
    }
  }
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') res.setHeader(name, value);
  });
  res.send(text);
}

function isToolCall(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'tools/call';
}

function requestId(body: unknown): string | number | null {
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function sendRpcError(res: ExpressResponse, status: number, id: string | number | null, code: number, message: string, data?: unknown): void {
  res.status(status).json({ jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } });
}

/**
 * A request other than a tool call refused before it reached the server: past the limit, HTTP 429
 * with Retry-After; the limit store unavailable, HTTP 503. The JSON-RPC error carries the code.
 */
function sendServiceError(req: ExpressRequest, res: ExpressResponse, error: ServiceError): void {
  // A 5xx logs what caused it (the storage error behind a 503), never in the answer.
  if (error.status >= 500) res.locals.errorCause = error.cause ?? error;
  const retryAfter = error.retryAfterSeconds;
  if (retryAfter !== null) res.setHeader('Retry-After', String(retryAfter));
  sendRpcError(res, error.status, requestId(req.body), error.code === 'rate_limited' ? RATE_LIMITED : SERVER_UNAVAILABLE, error.message, {
    code: error.code,
    retryable: error.retryable,
    retry_after_seconds: retryAfter,
    details: error.details,
  });
}

/** Anything that fails before or around the SDK still answers JSON-RPC in plain JSON, never HTML. */
const handleMcpError: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (res.headersSent) return;
  // Past the parser's own limit, the most any request may be (a drawing call's) was passed.
  const bodyError = toBodyError(error, (error as { limit?: unknown }).limit === DRAWING_CALL_LIMIT ? DRAWING_CALL_BODY : MCP_BODY);
  if (bodyError) {
    const parse = bodyError.code === 'invalid_json';
    sendRpcError(res, bodyError.status, null, parse ? PARSE_ERROR : INVALID_REQUEST, parse ? `Parse error: ${bodyError.message}` : bodyError.message);
  } else {
    res.locals.errorCause = error;
    process.stderr.write(`${JSON.stringify({ level: 50, app: 'mcp', msg: 'unhandled error', err: String(error) })}\n`);
    sendRpcError(res, 500, requestId(req.body), INTERNAL_ERROR, 'Internal error: the request was not completed.');
  }
};
