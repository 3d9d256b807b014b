// `pnpm start`'s supervisor (scripts/supervise.js) with two small HTTP apps: one killed by its pid
// comes back (with back-off, logged, counted in the state file) while the other keeps answering,
// and SIGTERM to the supervisor stops both.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const { backoffDelay } = require('../supervise.js') as { backoffDelay: (consecutive: number, initialMs: number, maxMs: number) => number };

const SUPERVISE = path.join(__dirname, '..', 'supervise.js');
/** A small app: answers its name, pid and the port it was given. */
const APP = "require('http').createServer((q,s)=>s.end(JSON.stringify({app:process.env.APP_NAME,pid:process.pid}))).listen(Number(process.env.PORT),'127.0.0.1')";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function ask(port: number): Promise<{ app: string; pid: number } | null> {
  try {
    return (await (await fetch(`http://127.0.0.1:${port}/`)).json()) as { app: string; pid: number };
  } catch {
    return null;
  }
}

/** Waits for the app on `port` to answer from a process other than `not`. */
async function answerFrom(port: number, not: number | null = null): Promise<{ app: string; pid: number }> {
  for (;;) {
    const answer = await ask(port);
    if (answer && answer.pid !== not) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('backoffDelay', () => {
  it('doubles from the first wait and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map((n) => backoffDelay(n, 1_000, 30_000))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });
});

describe('the supervisor of pnpm start', () => {
  let dir: string;
  let driver: ChildProcess;
  let lines: Array<Record<string, unknown>>;
  let ports: { a: number; b: number };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-supervisor-'));
    ports = { a: await freePort(), b: await freePort() };
    const apps = (['a', 'b'] as const).map((name) => ({ name, command: process.execPath, args: ['-e', APP], env: { PORT: String(ports[name]) } }));
    // The driver is what start.js does, with small apps and short waits.
    const script = `const s = require(${JSON.stringify(SUPERVISE)}); s.stopOnSignals(s.supervise(${JSON.stringify(apps)}, { initialDelayMs: 100, maxDelayMs: 400, resetAfterMs: 600000, stateFile: ${JSON.stringify(path.join(dir, 'state.json'))} }));`;
    driver = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    lines = [];
    let buffered = '';
    driver.stdout?.setEncoding('utf8');
    driver.stdout?.on('data', (chunk: string) => {
      buffered += chunk;
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
    });
  });
  afterAll(() => {
    if (driver.exitCode === null) driver.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('restarts an app killed by its pid, with a doubling back-off, while the other keeps answering; SIGTERM stops all', async () => {
    const a = await answerFrom(ports.a);
    const b = await answerFrom(ports.b);
    expect([a.app, b.app]).toEqual(['a', 'b']);

    process.kill(a.pid, 'SIGKILL');
    // The other app answers from the same process while the first is down or coming back.
    expect(await ask(ports.b)).toEqual(b);
    const second = await answerFrom(ports.a, a.pid);
    expect(second.app).toBe('a');
    expect(lines[0]).toMatchObject({ level: 'warn', event: 'app_exited', app: 'a', signal: 'SIGKILL', restart_in_ms: 100, restarts: 1 });

    process.kill(second.pid, 'SIGKILL');
    const third = await answerFrom(ports.a, second.pid);
    expect(third.pid).not.toBe(a.pid);
    expect(lines[1]).toMatchObject({ event: 'app_exited', app: 'a', restart_in_ms: 200, restarts: 2 });
    expect(await ask(ports.b)).toEqual(b);

    const state = JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as { apps: Record<string, { restarts: number; pid: number; up: boolean }> };
    expect(state.apps).toEqual({ a: { restarts: 2, pid: third.pid, up: true }, b: { restarts: 0, pid: b.pid, up: true } });

    const exited = new Promise<number | null>((resolve) => driver.once('exit', (code) => resolve(code)));
    driver.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect([isRunning(third.pid), isRunning(b.pid)]).toEqual([false, false]);
    // No restart was logged for the stop.
    expect(lines).toHaveLength(2);
  }, 30_000);
});

describe('the supervisor\'s back-off', () => {
  it('starts again from the first wait once an app has stayed up past resetAfterMs', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-supervisor-reset-'));
    const port = await freePort();
    const apps = [{ name: 'a', command: process.execPath, args: ['-e', APP], env: { PORT: String(port) } }];
    const script = `const s = require(${JSON.stringify(SUPERVISE)}); s.stopOnSignals(s.supervise(${JSON.stringify(apps)}, { initialDelayMs: 100, maxDelayMs: 400, resetAfterMs: 1500 }));`;
    const driver = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: Array<Record<string, unknown>> = [];
    driver.stdout?.setEncoding('utf8');
    driver.stdout?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    try {
      const first = await answerFrom(port);
      process.kill(first.pid, 'SIGKILL');
      const second = await answerFrom(port, first.pid);
      process.kill(second.pid, 'SIGKILL');
      const third = await answerFrom(port, second.pid);
      // Up well past resetAfterMs: its next death waits the first wait again, not 400 ms.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      process.kill(third.pid, 'SIGKILL');
      await answerFrom(port, third.pid);
      expect(lines.map((line) => line.restart_in_ms)).toEqual([100, 200, 100]);
    } finally {
      const exited = new Promise((resolve) => driver.once('exit', resolve));
      driver.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

