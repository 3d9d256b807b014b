// Starts an express app on a free loopback port and sends real HTTP requests to it.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Express } from 'express';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON. */
  json: any;
}

export interface Harness {
  baseUrl: string;
  request(method: string, path: string, options?: { body?: unknown; raw?: string | Buffer; headers?: Record<string, string>; redirect?: 'follow' | 'manual' }): Promise<Reply>;
  close(): Promise<void>;
}

export async function startHarness(app: Express): Promise<Harness> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | Buffer | undefined;
      if (options.raw !== undefined) body = options.raw;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(baseUrl + path, { method, headers, body, redirect: options.redirect ?? 'follow' });
      const text = await response.text();
      let json: unknown;
      if ((response.headers.get('content-type') ?? '').includes('application/json')) json = JSON.parse(text);
      return { status: response.status, headers: response.headers, text, json };
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Asserts the error envelope of docs/contract.md and that its request id is the header's. */
export function expectError(reply: Reply, status: number, type: string, code: string): void {
  expect({ status: reply.status, type: reply.json?.error?.type, code: reply.json?.error?.code }).toEqual({ status, type, code });
  expect(reply.json.error.request_id).toBe(reply.headers.get('x-request-id'));
  expect(reply.json.error.request_id).toMatch(/^req_[0-9A-Za-z]{20}$/);
  expect(typeof reply.json.error.message).toBe('string');
  expect(Object.keys(reply.json.error).sort()).toEqual(['code', 'details', 'doc_url', 'message', 'param', 'request_id', 'retryable', 'type']);
  // The docs page's section on the code (apps built without a public address give none).
  if (reply.json.error.doc_url !== null) expect(reply.json.error.doc_url).toMatch(new RegExp(`/docs#error-${code}$`));
}
