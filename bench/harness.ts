// Shared pieces of the benches: child servers on 127.0.0.1, autocannon runs, RSS sampling, formatting.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const ROOT_DIR = path.resolve(__dirname, '..');
/** The start script of every deployment: node with the apps' V8 and allocator settings. */
export const RUN_APP = path.join(ROOT_DIR, 'scripts', 'run-app.sh');
export const HOST = '127.0.0.1';

/** How the apps are run: compiled `dist` with plain node, or TypeScript sources through tsx. */
export type RunMode = 'dist' | 'source';

export interface BenchOptions {
  quick: boolean;
  mode: RunMode;
  /** Seconds per measured autocannon run. */
  seconds: number;
  /** Seconds of warm-up before the measured runs. */
  warmupSeconds: number;
  connections: number;
  postgresUrl: string | null;
}

/** A port nobody listens on right now (asked of the kernel, then released). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function makeTempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The arguments of `sh` that run a TypeScript file (or an app's entry) in the requested mode through
 * scripts/run-app.sh, with `nodeFlags` after its own; the bare baselines start the same way, so a
 * ratio compares code, not runtime settings. The script `exec`s node: the PID is the server's.
 */
export function nodeArgsFor(entry: { dist?: string; source: string }, mode: RunMode, nodeFlags: string[] = []): string[] {
  if (mode === 'dist' && entry.dist) return [RUN_APP, ...nodeFlags, path.join(ROOT_DIR, entry.dist)];
  // `--import tsx` keeps the server in this one process, so its PID is the one whose RSS is read.
  return [RUN_APP, ...nodeFlags, '--import', 'tsx', '--conditions=@shop/source', path.join(ROOT_DIR, entry.source)];
}

export interface ChildServer {
  name: string;
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Milliseconds from spawn to the first good answer of the ready path. */
  readyMs: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Arguments of `sh`: a start script (scripts/run-app.sh) and what it passes to node. */
  args: string[];
  /** Where the server runs (default: this repository's root). */
  cwd?: string;
  env: Record<string, string>;
  port: number;
  readyPath: string;
  /** Readiness check instead of a GET of `readyPath` answering 2xx. */
  probe?: (baseUrl: string) => Promise<boolean>;
  timeoutMs?: number;
  /** Poll interval while waiting for the first answer. */
  pollMs?: number;
}

const started = new Set<ChildProcess>();

/** Spawns a server as a child process and resolves once `readyPath` answers 2xx. */
export async function startServer(options: StartOptions): Promise<ChildServer> {
  const spawnedAt = performance.now();
  const child = spawn('sh', options.args, {
    cwd: options.cwd ?? ROOT_DIR,
    // The start script runs this node, not whichever the PATH finds first.
    env: { ...process.env, NODE: process.execPath, ...options.env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const baseUrl = `http://${HOST}:${options.port}`;
  const deadline = spawnedAt + (options.timeoutMs ?? 30_000);
  let readyMs = -1;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      let ready: boolean;
      if (options.probe) {
        ready = await options.probe(baseUrl);
      } else {
        const response = await fetch(baseUrl + options.readyPath, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        ready = response.ok;
      }
      if (ready) {
        readyMs = performance.now() - spawnedAt;
        break;
      }
    } catch {
      // Not listening yet.
    }
    await sleep(options.pollMs ?? 20);
  }
  const stop = () => stopChild(child);
  if (readyMs < 0) {
    await stop();
    throw new Error(`${options.name} did not answer ${options.readyPath} (exit ${child.exitCode}): ${stderr.trim()}`);
  }
  return { name: options.name, child, pid: child.pid as number, baseUrl, readyMs, stop };
}

/** SIGTERM to this child (by its PID), SIGKILL if it has not exited within 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  started.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Last resort on an unexpected exit of the bench: no child server outlives it. */
export function killStartedChildren(): void {
  for (const child of started) {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  /** Requests per second over all connections; unset = as fast as the server answers. */
  overallRate?: number;
  /** A fixed number of requests instead of `seconds`. */
  amount?: number;
}

export interface LoadResult {
  /** 2xx answers per second over the run. */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
}

export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    ...(spec.body === undefined ? {} : { body: spec.body }),
    headers: spec.headers ?? {},
    duration: spec.seconds,
    connections: spec.connections,
    ...(spec.overallRate === undefined ? {} : { overallRate: spec.overallRate }),
    ...(spec.amount === undefined ? {} : { amount: spec.amount }),
  });
  const ok = result['2xx'];
  return {
    rps: ok / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    seconds: result.duration,
  };
}

/** Resident set size of a process in MB, from /proc (Linux). */
export function readRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used so far, user and system, all its threads, in microseconds (Linux
 * /proc/PID/stat, clock ticks of 10 ms). Unlike wall-clock throughput it barely moves with what
 * else runs on the machine, so a difference over many requests is the work they cost.
 */
export function readCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10_000;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak and the last sample. */
export function sampleRss(pid: number, everyMs = 100): { stop(): { peakMb: number; lastMb: number; samples: number } } {
  let peakMb = 0;
  let lastMb = 0;
  let samples = 0;
  const take = () => {
    const mb = readRssMb(pid);
    if (mb === null) return;
    lastMb = mb;
    peakMb = Math.max(peakMb, mb);
    samples += 1;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peakMb, lastMb, samples };
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const formatInt = (value: number): string => Math.round(value).toLocaleString('en-CA');
export const formatMs = (value: number, digits = 1): string => `${value.toFixed(digits)} ms`;
export const formatPct = (value: number): string => `${(value * 100).toFixed(1)}%`;

/** Prints a plain text table: one header row, then rows, columns padded to fit. */
export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(headers));
  for (const row of rows) console.log(line(row));
}

export function passFail(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}
