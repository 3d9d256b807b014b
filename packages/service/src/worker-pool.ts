// Work that can take more than a few milliseconds runs on worker threads (piscina), so the event
// loop keeps answering: one pool per kind of work, sized to the cores, its queue bounded. From
// source (jest, tsx) a worker loads TypeScript through tsx; from dist it loads the built file.
import os from 'node:os';
import path from 'node:path';
import { ServiceError } from '@shop/contracts';
import { Piscina } from 'piscina';

export interface WorkerPoolOptions {
  /** The worker module beside this file, without extension (`pricing-worker`); it exports \`run(task)\`. */
  module: string;
  /** Passed to every worker once, as `workerData`. */
  workerData: unknown;
  /** Threads at most; default the cores of the machine. */
  threads?: number;
  /** Tasks waiting beyond the running ones before new work is refused (503 service_busy). */
  maxQueue?: number;
  /** A task running longer than this is stopped (its thread ended) and answered 503. */
  timeoutMs?: number;
  /** Heap limit of each worker. */
  maxHeapMb?: number;
  /** What the work is, for messages: "pricing", "reading the drawing". */
  what: string;
}

export interface WorkerPool<T, R> {
  run(task: T): Promise<R>;
  /** Tasks waiting and threads busy, for /metrics. */
  stats(): { queued: number; threads: number };
  close(): Promise<void>;
}

const fromSource = path.extname(__filename) === '.ts';

export function createWorkerPool<T, R>(options: WorkerPoolOptions): WorkerPool<T, R> {
  const threads = Math.max(1, options.threads ?? os.availableParallelism());
  const timeoutMs = options.timeoutMs ?? 10_000;
  let pool: Piscina<T, R> | null = null;
  // Threads start on the first task and stop when idle: a process that never gets heavy work
  // never pays for them.
  const open = (): Piscina<T, R> =>
    (pool ??= new Piscina<T, R>({
      filename: path.join(__dirname, `${options.module}${fromSource ? '.ts' : '.js'}`),
      // Each worker module exports its task as \`run\`.
      name: 'run',
      execArgv: fromSource ? ['--require', require.resolve('tsx/cjs'), '--conditions=@shop/source'] : [],
      workerData: options.workerData,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 30_000,
      maxQueue: options.maxQueue ?? threads * 16,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 256 },
    }));

  return {
    async run(task) {
      const running = open();
      if (running.queueSize >= running.options.maxQueue) throw busy(options.what);
      try {
        return await running.run(task, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        if (error instanceof ServiceError) throw error;
        const name = (error as { name?: string }).name;
        if (name === 'AbortError' || name === 'TimeoutError') {
          throw new ServiceError('service_busy', `${capitalize(options.what)} took longer than ${timeoutMs / 1000} s and was stopped; try again, or send a smaller request.`);
        }
        if ((error as Error).message?.includes('Task queue is at limit')) throw busy(options.what);
        throw error;
      }
    },
    stats() {
      return { queued: pool?.queueSize ?? 0, threads: pool?.threads.length ?? 0 };
    },
    async close() {
      const running = pool;
      pool = null;
      if (running) await running.destroy();
    },
  };
}

function busy(what: string): ServiceError {
  return new ServiceError('service_busy', `The service has too much ${what} waiting just now; nothing was done. Try again in a few seconds.`);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
