// How both apps listen and stop: the same client timeouts, and on SIGTERM/SIGINT a drain that lets
// every request in flight finish before the process exits.
import http from 'node:http';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { ServiceError } from '@shop/contracts';
import type { ErrorCode } from '@shop/contracts';
import { newRequestId } from '@shop/service';

const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_DRAIN_MS = 1_000;

export interface ServeOptions {
  port: number;
  /** The address to listen on; unset: every interface. */
  host?: string;
  /** The service's address, for `doc_url` in the answers Node gives a request it cannot read. */
  publicUrl?: string;
  onListening: () => void;
  /** Called once on the first stop signal, before draining. */
  onStopping: (signal: string) => void;
  /** Releases what the app holds (storage, limits) once the last request has finished. */
  close: () => Promise<void>;
  /** Told of the server's own errors once it listens (an accept that failed); default one line on stderr. */
  onError?: (error: Error) => void;
  /**
   * Requests sent with `Expect: 100-continue` that are told to continue only once admitted (the
   * route calls `continueIfAsked`), so a refused upload is refused before its body is sent; every
   * other request is told to continue at once, as Node does by default.
   */
  deferContinue?: (req: IncomingMessage) => boolean;
}

/** Tells a client waiting on `Expect: 100-continue` to send its body (once; nothing for one that did not ask). */
export function continueIfAsked(req: IncomingMessage, res: ServerResponse): void {
  if ((req.headers.expect ?? '').toLowerCase() !== '100-continue' || res.headersSent) return;
  const flagged = res as ServerResponse & { shopContinued?: boolean };
  if (flagged.shopContinued) return;
  flagged.shopContinued = true;
  res.writeContinue();
}

/**
 * A server's own errors. Before it listens (the port taken) the process ends with one line; after,
 * an error is an accept that failed (EMFILE when a flood of connections reaches the file limit) and
 * is reported while the server goes on serving: unheard, it would end the process.
 */
export function handleServerErrors(server: net.Server, report: (error: Error) => void): void {
  server.on('error', (error: Error) => {
    if (!server.listening) {
      process.stderr.write(`Could not listen: ${error.message}\n`);
      process.exit(1);
    }
    report(error);
  });
}

export function serveUntilStopped(handler: RequestListener, options: ServeOptions): http.Server {
  // Slow or idle clients are cut: headers within 10 s, a whole request within 30 s, an idle
  // keep-alive socket after 5 s. Node enforces the first two only when it checks its connections
  // (every 30 s by default, which let a slow client hold a socket for 30 s and 60 s): check each second.
  const server = http.createServer(
    { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 },
    handler,
  );
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => answerClientError(error, socket, options.publicUrl ?? null));
  // Node answers `Expect: 100-continue` itself unless told otherwise: uploads are asked in first.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (!options.deferContinue?.(req)) continueIfAsked(req, res);
    server.emit('request', req, res);
  });
  handleServerErrors(server, options.onError ?? ((error) => process.stderr.write(`The server could not take a connection: ${error.message}\n`)));
  if (options.host === undefined) server.listen(options.port, options.onListening);
  else server.listen(options.port, options.host, options.onListening);

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
    if (stopping) return;
    stopping = true;
    options.onStopping(signal);
    inFlight.forEach(closeAfterAnswer);
    // Stop accepting, but keep idle keep-alive sockets a moment (http's close() would drop them at
    // once): a request already on its way over one would be reset. Each gets its answer with
    // `Connection: close`; sockets still idle after the pause are closed.
    net.Server.prototype.close.call(server, () => {
      void options.close().finally(() => process.exit(0));
    });
    setTimeout(() => server.closeIdleConnections(), IDLE_DRAIN_MS).unref();
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return server;
}

// Node's own answers to a request it could not read (bad syntax, headers over 16 KiB, too slow),
// in the error envelope like every other answer, each with a request id.
const CLIENT_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'headers_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  ERR_HTTP_HEADERS_TIMEOUT: 'request_timeout',
};

const CLIENT_ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  headers_too_large: 'The request headers are larger than 16 KiB; send fewer or shorter headers.',
  request_timeout: 'The request did not arrive in time (headers within 10 s, the whole request within 30 s); send it again.',
  request_malformed: 'The request is not valid HTTP/1.1; check the request line and headers.',
};

export function answerClientError(error: Error & { code?: string }, socket: Duplex, publicUrl: string | null = null): void {
  if (!socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const code = CLIENT_ERRORS[error.code ?? ''] ?? 'request_malformed';
  const requestId = newRequestId();
  const serviceError = new ServiceError(code, CLIENT_ERROR_MESSAGES[code] ?? 'The request could not be read.');
  const body = JSON.stringify({ error: serviceError.toBody(requestId, publicUrl) });
  socket.end(
    `HTTP/1.1 ${serviceError.status} ${http.STATUS_CODES[serviceError.status] ?? 'Error'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${requestId}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
