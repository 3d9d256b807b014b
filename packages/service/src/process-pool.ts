// Work on untrusted input that a third-party library does all at once (reading a drawing) runs in
// child processes, not worker threads: a thread's heap limit is best-effort (one array grown past it
// aborts the whole process with "heap out of memory", nodejs/node#47224), where a child that dies
// takes only its own task with it. One task per process at a time, the queue bounded, each task
// timed; processes start on the first task and stop when idle.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ServiceError } from '@shop/contracts';
import type { WorkerPool } from './worker-pool';

export interface ProcessPoolOptions {
  /** The worker module beside this file, without extension; it exports `run(task)`. */
  module: string;
  /** Processes at most (default 1). */
  processes?: number;
  /** Tasks waiting beyond the running ones before new work is refused (503 service_busy). */
  maxQueue?: number;
  /** A task running longer than this is stopped (its process killed) and answered 503. */
  timeoutMs: number;
  /** Heap limit of each process (V8's old space). */
  maxHeapMb: number;
  /** An idle process stops after this long (default 30 s). */
  idleMs?: number;
  /** What the work is, for messages: "reading the drawing". */
  what: string;
  /** The error for a task whose process died under it: out of memory (`outOfMemory`), or killed. */
  onDeath: (death: { outOfMemory: boolean; code: number | null; signal: string | null }) => ServiceError;
}

interface Job<T, R> {
  task: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
  timedOut?: boolean;
}

interface Slot<T, R> {
  child: ChildProcess | null;
  job: Job<T, R> | null;
  /** The last of what the process wrote on stderr: V8 says "heap out of memory" there. */
  stderr: string;
  idle?: NodeJS.Timeout;
}

/** Messages between a pool and its processes (process-host.ts). */
export type HostReply<R> = { ok: true; result: R } | { ok: false; error: { name: string; message: string } };

const fromSource = path.extname(__filename) === '.ts';
const STDERR_KEPT = 4_096;

export function createProcessPool<T, R>(options: ProcessPoolOptions): WorkerPool<T, R> {
  const slots: Array<Slot<T, R>> = Array.from({ length: Math.max(1, options.processes ?? 1) }, () => ({ child: null, job: null, stderr: '' }));
  const maxQueue = options.maxQueue ?? 16 * slots.length;
  const idleMs = options.idleMs ?? 30_000;
  const queue: Array<Job<T, R>> = [];
  let closed = false;

  const host = path.join(__dirname, `process-host${fromSource ? '.ts' : '.js'}`);
  const worker = path.join(__dirname, `${options.module}${fromSource ? '.ts' : '.js'}`);
  const execArgv = [
    ...(fromSource ? ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source'] : []),
    `--max-old-space-size=${options.maxHeapMb}`,
  ];

  function spawn(slot: Slot<T, R>): ChildProcess {
    const child = fork(host, [worker], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    slot.stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      slot.stderr = (slot.stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on('message', (reply: HostReply<R>) => {
      const job = slot.job;
      if (!job) return;
      finish(slot);
      if (reply.ok) job.resolve(reply.result);
      else job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
    });
    child.on('exit', (code, signal) => {
      if (slot.child === child) slot.child = null;
      const job = slot.job;
      if (job) {
        finish(slot);
        if (job.timedOut) job.reject(timedOut(options.what, options.timeoutMs));
        else job.reject(options.onDeath({ outOfMemory: signal === 'SIGABRT' || /heap out of memory/i.test(slot.stderr), code, signal }));
      }
      pump();
    });
    // An idle process never keeps the parent running.
    child.unref();
    child.channel?.unref();
    return child;
  }

  function finish(slot: Slot<T, R>): void {
    const job = slot.job;
    if (job?.timer) clearTimeout(job.timer);
    slot.job = null;
    const child = slot.child;
    if (child) {
      child.channel?.unref();
      slot.idle = setTimeout(() => {
        if (!slot.job && slot.child === child) child.kill();
      }, idleMs);
      slot.idle.unref();
    }
    queueMicrotask(pump);
  }

  function start(slot: Slot<T, R>, job: Job<T, R>): void {
    if (slot.idle) clearTimeout(slot.idle);
    const child = (slot.child ??= spawn(slot));
    slot.job = job;
    child.channel?.ref();
    job.timer = setTimeout(() => {
      job.timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.send({ task: job.task }, (error) => {
      // The process is gone before it could be asked: its exit answers the task.
      if (error && slot.job === job) child.kill('SIGKILL');
    });
  }

  function pump(): void {
    for (const slot of slots) {
      if (closed || queue.length === 0) return;
      if (!slot.job) start(slot, queue.shift()!);
    }
  }

  return {
    run(task) {
      if (closed) return Promise.reject(busy(options.what));
      if (queue.length >= maxQueue) return Promise.reject(busy(options.what));
      return new Promise<R>((resolve, reject) => {
        queue.push({ task, resolve, reject });
        pump();
      });
    },
    stats() {
      return { queued: queue.length, threads: slots.filter((slot) => slot.child !== null).length };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(busy(options.what));
      await Promise.all(
        slots.map(async (slot) => {
          const child = slot.child;
          if (slot.idle) clearTimeout(slot.idle);
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          child.kill('SIGKILL');
          await exited;
        }),
      );
    },
  };
}

function busy(what: string): ServiceError {
  return new ServiceError('service_busy', `The service has too much ${what} waiting just now; nothing was done. Try again in a few seconds.`);
}

function timedOut(what: string, ms: number): ServiceError {
  return new ServiceError('service_busy', `${what.charAt(0).toUpperCase()}${what.slice(1)} took longer than ${ms / 1000} s and was stopped; try again, or send a smaller request.`);
}
