import { ServiceError } from '@shop/contracts';
import { createProcessPool } from './process-pool';

const died = (death: { outOfMemory: boolean; code: number | null; signal: string | null }) =>
  death.outOfMemory ? new ServiceError('dxf_too_complex', 'out of memory') : new ServiceError('service_busy', `died: ${death.signal ?? death.code}`);

describe('createProcessPool', () => {
  it('answers a task whose process runs out of heap with the pool\'s error, and runs the next in a new process', async () => {
    // A worker thread growing one array past its heap limit aborts the whole process (nodejs/node#47224);
    // here only the child dies.
    // The resident cap set far above the heap: only the heap limit may stop it (with the default cap,
    // 64 + 128 MB, a busy machine sometimes saw the RSS sampler stop it first).
    const pool = createProcessPool<number, number>({ module: 'test-oom-worker', what: 'growing', timeoutMs: 20_000, maxHeapMb: 64, maxRssMb: 4096, onDeath: died });
    try {
      await expect(pool.run(1)).rejects.toMatchObject({ code: 'dxf_too_complex', status: 422, message: 'out of memory' });
      await expect(pool.run(0)).resolves.toBe(0);
      expect(pool.stats()).toEqual({ queued: 0, threads: 1, capacity: 16, rssKills: 0 });
    } finally {
      await pool.close();
    }
    expect(pool.stats()).toEqual({ queued: 0, threads: 0, capacity: 16, rssKills: 0 });
  });

  it('stops a task that runs past its time (503 service_busy) and answers the next', async () => {
    const pool = createProcessPool<number, number>({ module: 'test-slow-worker', what: 'waiting', timeoutMs: 2_000, maxHeapMb: 64, onDeath: died });
    try {
      await expect(pool.run(30_000)).rejects.toMatchObject({ code: 'service_busy', message: expect.stringMatching(/^Waiting took longer than 2 s and was stopped/) });
      await expect(pool.run(1)).resolves.toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('refuses work past its queue with a retryable 503, and runs the rest in order', async () => {
    const pool = createProcessPool<number, number>({ module: 'test-slow-worker', what: 'waiting', timeoutMs: 20_000, maxHeapMb: 64, maxQueue: 1, onDeath: died });
    try {
      const results = await Promise.allSettled([pool.run(300), pool.run(2), pool.run(3)]);
      expect(results[0]).toEqual({ status: 'fulfilled', value: 300 });
      expect(results[1]).toEqual({ status: 'fulfilled', value: 2 });
      expect(results[2]).toMatchObject({ status: 'rejected', reason: { code: 'service_busy', retryable: true, retryAfterSeconds: 5 } });
    } finally {
      await pool.close();
    }
  });

  it('takes turns between owners: a second client\'s one task runs next, not behind all of the first client\'s', async () => {
    const pool = createProcessPool<number, number>({ module: 'test-slow-worker', what: 'waiting', timeoutMs: 20_000, maxHeapMb: 64, onDeath: died });
    try {
      const done: string[] = [];
      const track = (name: string, running: Promise<number>) => running.then(() => done.push(name));
      const first = [1, 2, 3, 4, 5].map((k) => track(`a${k}`, pool.run(150 + k, 'client-a')));
      const other = track('b1', pool.run(150, 'client-b'));
      await Promise.all([...first, other]);
      expect(done).toEqual(['a1', 'b1', 'a2', 'a3', 'a4', 'a5']);
    } finally {
      await pool.close();
    }
  });

  it('passes an error the worker throws back as an error', async () => {
    const pool = createProcessPool<number, number>({ module: 'test-oom-worker', what: 'growing', timeoutMs: 20_000, maxHeapMb: 64, onDeath: died });
    try {
      await expect(pool.run(-1)).rejects.toThrow('grow must be 0 or more');
    } finally {
      await pool.close();
    }
  });

  it('kills a process whose resident memory passes its cap though its heap never does, answers it as out of memory, and runs the next in a new process', async () => {
    // 400 MB of Buffers live outside V8's heap: the 64 MB heap limit alone would let the process keep them.
    const pool = createProcessPool<number, number>({ module: 'test-rss-worker', what: 'holding', timeoutMs: 20_000, maxHeapMb: 64, maxRssMb: 200, onDeath: died });
    try {
      const before = await pool.run(0);
      await expect(pool.run(400)).rejects.toMatchObject({ code: 'dxf_too_complex', status: 422, message: 'out of memory' });
      expect(pool.stats().rssKills).toBe(1);
      const after = await pool.run(0);
      expect(after).not.toBe(before);
      // Under the cap, the same work is answered.
      await expect(pool.run(48)).resolves.toBe(48);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('replaces a process after its quota of tasks', async () => {
    const pool = createProcessPool<number, number>({ module: 'test-rss-worker', what: 'holding', timeoutMs: 20_000, maxHeapMb: 64, maxTasksPerProcess: 2, onDeath: died });
    try {
      const pids = [await pool.run(0), await pool.run(0), await pool.run(0), await pool.run(0)];
      expect(pids[0]).toBe(pids[1]);
      expect(pids[2]).toBe(pids[3]);
      expect(pids[2]).not.toBe(pids[1]);
    } finally {
      await pool.close();
    }
  });

  it('replaces a process whose task took it past half its RSS cap, once the task is answered', async () => {
    const pool = createProcessPool<number, number>({ module: 'test-rss-worker', what: 'holding', timeoutMs: 20_000, maxHeapMb: 64, maxRssMb: 320, onDeath: died });
    try {
      const first = await pool.run(0);
      // About 200 MB resident: under the cap (answered), past half of it (the process is not kept).
      await expect(pool.run(160)).resolves.toBe(160);
      const next = await pool.run(0);
      expect(next).not.toBe(first);
      // A light task leaves its process in place.
      expect(await pool.run(0)).toBe(next);
    } finally {
      await pool.close();
    }
  }, 30_000);
});

