// Work on untrusted input that a third-party library does all at once (reading a drawing) runs in
// child processes, not worker threads: a thread's heap limit is best-effort (one array grown past it
// aborts the whole process with "heap out of memory", nodejs/node#47224), where a child that dies
// takes only its own task with it. One task per process at a time, the queue bounded, each task
// timed; processes start on the first task and stop when idle. A heap limit does not bound what a
// process holds outside V8's heap (a drawing once took 1,071 MB with a 512 MB heap): each child's
// resident memory is sampled while it works, and a child past its cap is killed like one out of heap.
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
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
  /**
   * Resident memory (RSS) a process may reach while it works (default `maxHeapMb` + 128 MB, the
   * runtime's own share beside the heap): sampled from
   * /proc every `rssSampleMs`; past it the process is killed and its task answered as out of memory.
   */
  maxRssMb?: number;
  /** How often a working process's RSS is read (default 50 ms). */
  rssSampleMs?: number;
  /**
   * A process is replaced after this many tasks (default 100), or after a task that took it past
   * half its RSS cap, so what one task left behind goes with it.
   */
  maxTasksPerProcess?: number;
  /** An idle process stops after this long (default 30 s). */
  idleMs?: number;
  /** What the work is, for messages: "reading the drawing". */
  what: string;
  /** The error for a task whose process died under it: out of memory (`outOfMemory`), or killed. */
  onDeath: (death: { outOfMemory: boolean; code: number | null; signal: string | null }) => ServiceError;
}

interface Job<T, R> {
  task: T;
  /** Whose task it is (a client key): the queue takes turns between owners. */
  owner: string;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
  timedOut?: boolean;
  /** The RSS sampler while the task runs. */
  sampler?: NodeJS.Timeout;
  /** The process passed its RSS cap under this task (its RSS in MB). */
  overRssMb?: number;
  /** The process running it. */
  child?: ChildProcess;
}

interface Slot<T, R> {
  child: ChildProcess | null;
  job: Job<T, R> | null;
  /** The last of what the process wrote on stderr: V8 says "heap out of memory" there. */
  stderr: string;
  idle?: NodeJS.Timeout;
  /** Tasks the current process has answered. */
  tasks: number;
  /** The highest RSS read of the current process (MB), 0 before any. */
  peakRssMb: number;
}

/** A process pool's counts: `capacity` is how many tasks may wait before new work is refused. */
export interface ProcessPoolStats {
  queued: number;
  threads: number;
  capacity: number;
  /** Processes killed for passing their RSS cap since the pool started. */
  rssKills: number;
}

export interface ProcessPool<T, R> extends WorkerPool<T, R> {
  /** `owner` (a client key): waiting tasks run in turns between owners, not first come first served. */
  run(task: T, owner?: string): Promise<R>;
  stats(): ProcessPoolStats;
}

/** The resident memory of a process in MB, from /proc (Linux); null where it cannot be read. */
async function residentMb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** What a Node process holds beside its heap (code, stacks, the IPC buffers): some 60-90 MB, with room. */
const RUNTIME_RSS_MB = 128;

/** Seconds a caller refused for a full queue is told to wait (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** Messages between a pool and its processes (process-host.ts). */
export type HostReply<R> = { ok: true; result: R } | { ok: false; error: { name: string; message: string } };

const fromSource = path.extname(__filename) === '.ts';
const STDERR_KEPT = 4_096;

export function createProcessPool<T, R>(options: ProcessPoolOptions): ProcessPool<T, R> {
  const slots: Array<Slot<T, R>> = Array.from({ length: Math.max(1, options.processes ?? 1) }, () => ({ child: null, job: null, stderr: '', tasks: 0, peakRssMb: 0 }));
  const maxQueue = options.maxQueue ?? 16 * slots.length;
  const idleMs = options.idleMs ?? 30_000;
  const maxRssMb = options.maxRssMb ?? options.maxHeapMb + RUNTIME_RSS_MB;
  const rssSampleMs = options.rssSampleMs ?? 50;
  const maxTasks = options.maxTasksPerProcess ?? 100;
  const queue: Array<Job<T, R>> = [];
  let closed = false;
  let rssKills = 0;

  const host = path.join(__dirname, `process-host${fromSource ? '.ts' : '.js'}`);
  const worker = path.join(__dirname, `${options.module}${fromSource ? '.ts' : '.js'}`);
  const execArgv = [
    ...(fromSource ? ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source'] : []),
    `--max-old-space-size=${options.maxHeapMb}`,
  ];

  function spawn(slot: Slot<T, R>): ChildProcess {
    const child = fork(host, [worker], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    slot.stderr = '';
    slot.tasks = 0;
    slot.peakRssMb = 0;
    // A process that cannot be started, signalled or written to says so here: its task is answered
    // as a death (below, or by 'exit'), never thrown at the parent.
    child.on('error', () => {
      // Never started (no pid): no 'exit' may follow, so the death is answered here.
      if (child.pid === undefined) died(null, null);
      else if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    child.stderr?.on('error', () => undefined);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      slot.stderr = (slot.stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on('message', (reply: HostReply<R>) => {
      const job = slot.job;
      if (!job || job.child !== child) return;
      finish(slot);
      if (reply.ok) job.resolve(reply.result);
      else job.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name }));
    });
    let gone = false;
    const died = (code: number | null, signal: NodeJS.Signals | null) => {
      if (gone) return;
      gone = true;
      if (slot.child === child) slot.child = null;
      const job = slot.job;
      // Only this process's own task: a replaced process may exit while its slot runs the next one.
      if (job && job.child === child) {
        finish(slot);
        if (job.timedOut) job.reject(timedOut(options.what, options.timeoutMs));
        else job.reject(options.onDeath({ outOfMemory: job.overRssMb !== undefined || signal === 'SIGABRT' || /heap out of memory/i.test(slot.stderr), code, signal }));
      }
      pump();
    };
    child.on('exit', died);
    // An idle process never keeps the parent running.
    child.unref();
    child.channel?.unref();
    return child;
  }

  function finish(slot: Slot<T, R>): void {
    const job = slot.job;
    if (job?.timer) clearTimeout(job.timer);
    if (job?.sampler) clearInterval(job.sampler);
    slot.job = null;
    const child = slot.child;
    slot.tasks += 1;
    // A process that grew past half its cap keeps that memory while idle (V8 and malloc hand little
    // back): replaced, like one past its quota of tasks, and the next task starts a fresh one.
    if (child && (slot.tasks >= maxTasks || slot.peakRssMb > maxRssMb / 2)) {
      slot.child = null;
      child.kill('SIGKILL');
    } else if (child) {
      child.channel?.unref();
      slot.idle = setTimeout(() => {
        if (slot.job || slot.child !== child) return;
        // Out of the slot first: a task arriving while it exits starts a new process.
        slot.child = null;
        child.kill();
      }, idleMs);
      slot.idle.unref();
    }
    queueMicrotask(pump);
  }

  function start(slot: Slot<T, R>, job: Job<T, R>): void {
    if (slot.idle) clearTimeout(slot.idle);
    const child = (slot.child ??= spawn(slot));
    slot.job = job;
    job.child = child;
    child.channel?.ref();
    job.timer = setTimeout(() => {
      job.timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    let sampling = false;
    job.sampler = setInterval(() => {
      if (sampling || child.pid === undefined) return;
      sampling = true;
      void residentMb(child.pid).then((mb) => {
        sampling = false;
        if (mb !== null && slot.child === child && mb > slot.peakRssMb) slot.peakRssMb = mb;
        // NaN or an unreadable figure never kills; only a figure past the cap does.
        if (mb === null || slot.job !== job || !(mb > maxRssMb)) return;
        job.overRssMb = mb;
        rssKills += 1;
        child.kill('SIGKILL');
      });
    }, rssSampleMs);
    child.send({ task: job.task }, (error) => {
      // The process is gone before it could be asked: its exit answers the task.
      if (error && slot.job === job) child.kill('SIGKILL');
    });
  }

  // When each owner's last task started (a serial number): the queue takes turns by it.
  const lastStarted = new Map<string, number>();
  let serial = 0;

  /**
   * The next task to run: the oldest of the owner served longest ago (or never), so one client with
   * many drawings waiting cannot make another client's first one wait behind all of them.
   */
  function takeNext(): Job<T, R> {
    let best = 0;
    for (let i = 1; i < queue.length; i++) {
      if ((lastStarted.get(queue[i]!.owner) ?? -1) < (lastStarted.get(queue[best]!.owner) ?? -1)) best = i;
    }
    const [job] = queue.splice(best, 1);
    lastStarted.set(job!.owner, ++serial);
    // With nobody waiting, only the owners of running tasks need their turn remembered (the record stays small).
    if (queue.length === 0) {
      const running = new Set(slots.map((slot) => slot.job?.owner));
      for (const owner of lastStarted.keys()) if (owner !== job!.owner && !running.has(owner)) lastStarted.delete(owner);
    }
    return job!;
  }

  function pump(): void {
    for (const slot of slots) {
      if (closed || queue.length === 0) return;
      if (!slot.job) start(slot, takeNext());
    }
  }

  return {
    run(task, owner = '') {
      if (closed) return Promise.reject(busy(options.what));
      if (queue.length >= maxQueue) return Promise.reject(busy(options.what));
      return new Promise<R>((resolve, reject) => {
        queue.push({ task, owner, resolve, reject });
        pump();
      });
    },
    stats() {
      return { queued: queue.length, threads: slots.filter((slot) => slot.child !== null).length, capacity: maxQueue, rssKills };
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
  return new ServiceError('service_busy', `The service has too much ${what} waiting just now; nothing was done. Try again in ${BUSY_RETRY_AFTER_SECONDS} seconds.`, {
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  });
}

function timedOut(what: string, ms: number): ServiceError {
  return new ServiceError('service_busy', `${what.charAt(0).toUpperCase()}${what.slice(1)} took longer than ${ms / 1000} s and was stopped; try again, or send a smaller request.`);
}
