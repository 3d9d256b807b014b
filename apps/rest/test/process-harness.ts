// Starts the real REST server as its own process (from source) and talks to it over raw sockets, for
// tests whose failure would end the process: a crash shows as an exit, not as a failed assertion.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface RestProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the process wrote on stderr (an uncaught exception lands here). */
  stderr(): string;
  /** True while the process has not exited. */
  alive(): boolean;
  stop(): Promise<void>;
}

/** A port free just now on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startRestProcess(env: Record<string, string> = {}): Promise<RestProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-rest-process-'));
  const port = await freePort();
  let stderr = '';
  const child = fork(path.join(ROOT, 'apps', 'rest', 'src', 'server.ts'), [], {
    cwd: ROOT,
    execArgv: ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source'],
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: `file:${path.join(dir, 'shop.db')}`,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      METRICS_PORT: '0',
      LOG_LEVEL: 'silent',
      PURGE_INTERVAL_MINUTES: '0',
      RATE_LIMIT_SCALE: '1000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The REST process exited at start (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/api/v1/status`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The REST process did not answer within 60 s: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    child,
    stderr: () => stderr,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RawExchange {
  /** What the server sent back before the socket closed (empty when it sent nothing). */
  text: string;
  /** The status of the answer's first line, or null. */
  status: number | null;
}

/**
 * Writes `bytes` on a fresh socket and reads until the server closes it. `cutAfterWrite` destroys
 * the socket once the bytes are written (a client that goes away mid-upload); `halfClose` ends the
 * writing side (a body that stops short while the client still listens). A guard of `waitMs` ends
 * the wait for a server that keeps the socket open.
 */
export function sendRaw(port: number, bytes: Buffer | string, options: { cutAfterWrite?: boolean; halfClose?: boolean; waitMs?: number } = {}): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(guard);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve({ text, status: status === undefined ? null : Number(status) });
    };
    const guard = setTimeout(finish, options.waitMs ?? 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(bytes, () => {
      if (options.cutAfterWrite) finish();
      else if (options.halfClose) socket.end();
    });
  });
}
