// Real servers for the senders' tests: an HTTP endpoint that checks Standard Webhooks signatures
// with the `standardwebhooks` package, and an SMTP server (smtp-server) that parses what it gets.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerAddress } from 'smtp-server';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** What `Webhook.verify` returned, or the error it threw. */
  verified: { ok: true; payload: unknown } | { ok: false; error: string };
}

/** How the endpoint answers a request: a status and body, or nothing at all (`hang`). */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

export interface WebhookReceiver {
  url: string;
  origin: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** `secret` may be a function when the endpoint is made after the receiver (its secret shown then). */
export async function startWebhookReceiver(
  secret: string | (() => string),
  answer: (request: ReceivedWebhook, count: number) => Answer,
  host = '127.0.0.1',
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: ReceivedWebhook['verified'];
      try {
        verified = { ok: true, payload: new Webhook(typeof secret === 'string' ? secret : secret()).verify(body, req.headers as Record<string, string>) };
      } catch (error) {
        verified = { ok: false, error: (error as Error).message };
      }
      const request = { path: req.url ?? '', headers: req.headers, body, verified };
      received.push(request);
      const reply = answer(request, received.length);
      if (reply === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'text/plain; charset=utf-8', ...reply.headers });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    url: `${origin}/hooks`,
    origin,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ReceivedMail {
  from: string | null;
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpServerOptions {
  /** The port to listen on; 0 for any free one. */
  port?: number;
  /** An SMTP reply to give each RCPT TO instead of accepting it, e.g. `{ code: 550, message: 'No such user' }`. */
  refuseRecipient?: { code: number; message: string };
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No DNS here: the reverse lookup of 127.0.0.1 would only add its wait to every connection.
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address: SMTPServerAddress, _session, callback) {
      const refusal = options.refuseRecipient;
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const from = session.envelope.mailFrom;
            received.push({
              from: from ? from.address : null,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: raw.toString('utf8'),
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TCP server that accepts connections and never says a word: a mail server that hangs. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const server = createTcpServer((socket) => {
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: one the system gave out and that was closed again. */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
