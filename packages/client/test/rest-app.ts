// Starts the real REST app in this process over a temp SQLite file, on a free loopback port.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRestApp } from '@shop/rest';
import { readConfig, startRuntime } from '@shop/runtime';
import pino from 'pino';

export interface RunningRestApp {
  /** Where the app listens, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  close(): Promise<void>;
}

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export async function startRestApp(): Promise<RunningRestApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-client-'));
  const config = readConfig({
    DATABASE_URL: `file:${path.join(dir, 'shop.db')}`,
    PUBLIC_URL: 'http://quotes.test',
    PURGE_INTERVAL_MINUTES: '0',
  });
  const runtime = await startRuntime(config, REPO_ROOT);
  const { app } = createRestApp({ config, logger: pino({ level: 'silent' }), service: runtime.service });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
