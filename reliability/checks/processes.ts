// Real server processes for the reliability scripts: the REST or MCP app or the staff console run
// from source, on a free loopback port, with its JSON log lines kept for the checks.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT_DIR = path.resolve(__dirname, '..', '..');

export type AppName = 'rest' | 'mcp' | 'console';

export interface ServerProcess {
  app: AppName;
  pid: number;
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** Every JSON log line so far, parsed. */
  logs: Array<Record<string, unknown>>;
  /** Everything written to stderr. */
  stderr: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends a signal and waits for the exit, reporting how long it took. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const tempDirs: string[] = [];
// The temp databases go when the script ends, however it ends.
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A new SQLite file in a temp folder (removed when this process exits), as a DATABASE_URL. */
export function tempSqliteUrl(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-'));
  tempDirs.push(dir);
  return `file:${path.join(dir, 'shop.db')}`;
}

const ENTRY: Record<AppName, string> = { rest: 'apps/rest/src/server.ts', mcp: 'apps/mcp/src/server.ts', console: 'apps/console/src/server.ts' };
const PORT_VARIABLE: Record<AppName, string> = { rest: 'PORT', mcp: 'MCP_PORT', console: 'CONSOLE_PORT' };

/**
 * Starts an app from source (tsx loader inside the one node process, so signals reach it directly).
 * `port` reuses an address (a console restarted where its CONSOLE_URL points); the console's
 * CONSOLE_URL is its own address unless `env` names one.
 */
export async function startServer(app: AppName, env: Record<string, string>, startTimeoutMs = 60_000, port?: number): Promise<ServerProcess> {
  port ??= await findFreePort();
  const portVariable = PORT_VARIABLE[app];
  if (app === 'console') env = { CONSOLE_URL: `http://127.0.0.1:${port}`, ...env };
  const child = spawn(process.execPath, ['--conditions=@shop/source', '--import', 'tsx', ENTRY[app]], {
    cwd: ROOT_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', PURGE_INTERVAL_MINUTES: '0', ...env, [portVariable]: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A script that dies must not leave its servers behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const logs: Array<Record<string, unknown>> = [];
  const stderr: string[] = [];
  let pending = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ unparsed: line });
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  // The apps listen only once storage is open and migrated, so an open port means ready.
  const deadline = Date.now() + startTimeoutMs;
  const ready = (async () => {
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${app} exited before listening (code ${child.exitCode}, signal ${child.signalCode}): ${stderr.join('')}`);
      }
      if (await canConnect(port)) return;
      await sleep(100);
    }
    child.kill('SIGKILL');
    throw new Error(`${app} did not start within ${startTimeoutMs} ms: ${stderr.join('')}`);
  })();
  await ready;
  return {
    app,
    pid: child.pid!,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    logs,
    stderr,
    exited,
    async stop(signal = 'SIGTERM', timeoutMs = 20_000) {
      const started = performance.now();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timeout = new Promise<never>((_, reject) => {
        setTimeout(() => reject(new Error(`${app} (pid ${child.pid}) did not exit within ${timeoutMs} ms of ${signal}`)), timeoutMs).unref();
      });
      const result = await Promise.race([exited, timeout]).catch((error: unknown) => {
        child.kill('SIGKILL');
        throw error;
      });
      return { ...result, ms: Math.round(performance.now() - started) };
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A redis-server of its own on a free loopback port, keeping nothing on disk; `stop` ends it even if stopped with SIGSTOP. */
export async function startRedisServer(): Promise<{ port: number; url: string; child: ChildProcess; stop(): void }> {
  const port = await findFreePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + 5_000;
  while (!(await canConnect(port))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server did not listen on ${port}`);
    await sleep(25);
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    child,
    stop() {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      process.off('exit', killOnExit);
    },
  };
}

/** A person added as `pnpm staff:add --email E --name N [--owner] --password-stdin` adds one, in its own process. */
export function addStaffByCommand(databaseUrl: string, email: string, password: string, owner = false): void {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@shop/source', '--import', 'tsx', 'apps/console/src/staff-add.ts', '--email', email, '--name', email.split('@')[0]!, ...(owner ? ['--owner'] : []), '--password-stdin'],
    { cwd: ROOT_DIR, input: `${password}\n`, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' } },
  );
  if (run.status !== 0) throw new Error(`staff:add ${email} exited ${run.status}: ${run.stderr}`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
