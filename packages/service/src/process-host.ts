// The program a process-pool child runs: loads the worker module named on its command line and
// answers each task the pool sends with the module's `run(task)`, one at a time.
import type { HostReply } from './process-pool';

const worker = require(process.argv[2]!) as { run: (task: unknown) => unknown };

async function answer(task: unknown): Promise<HostReply<unknown>> {
  try {
    return { ok: true, result: await worker.run(task) };
  } catch (error) {
    return { ok: false, error: { name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error) } };
  }
}

process.on('message', (message: { task: unknown }) => {
  void answer(message.task).then((reply) => process.send?.(reply));
});
// The pool's process ends with the pool.
process.on('disconnect', () => process.exit(0));
