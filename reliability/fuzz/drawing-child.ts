// A drawing process for the fuzzer: judges each drawing it is sent with the oracle (the drawing
// processes' own task and the answer's contract) and says the CPU time it took and its peak memory.
import { judgeDrawing } from '../../packages/service/src/test-drawing-oracle';

interface Job {
  id: number;
  /** The file's bytes, base64. */
  file: string;
  units?: 'in' | 'mm';
}

process.on('message', (job: Job) => {
  // CPU time, not wall time: what the read costs whatever else the machine is doing.
  const started = process.cpuUsage();
  const verdict = judgeDrawing(Buffer.from(job.file, 'base64'), job.units);
  const used = process.cpuUsage(started);
  process.send?.({ id: job.id, verdict, cpuMs: (used.user + used.system) / 1000, maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) });
});
process.send?.({ ready: true });
