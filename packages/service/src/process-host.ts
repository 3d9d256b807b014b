// The program a process-pool child runs: loads the worker module named on its command line and
// answers each task the pool sends with the module's `run(task)`, one at a time.
import type { HostReply } from './process-pool';

const worker = require(process.argv[2]!) as { run: (task: unknown) => unknown };

process.on('message', (message: { task: unknown }) => {
  let reply: HostReply<unknown>;
  Promise.resolve()
    .then(() => worker.run(message.task))
    .then(
      (result) => {
        reply = { ok: true, result };
      },
      (error: unknown) => {
        reply = { ok: false, error: { name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error) } };
      },
    )
    .then(() => process.send?.(reply));
});
// The pool's process ends with the pool.
process.on('disconnect', () => process.exit(0));
