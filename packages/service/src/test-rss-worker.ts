// A worker for the process pool's tests: holds memory outside V8's heap (Buffers), which a heap
// limit never stops, as a drawing once grew a process to 1,071 MB under a 512 MB heap; 0 answers its pid.
export function run(mb: number): number {
  if (mb === 0) return process.pid;
  const held: Buffer[] = [];
  for (let i = 0; i < mb; i += 8) held.push(Buffer.alloc(8 * 1024 * 1024, 1));
  // Held while the pool samples it, then answered with what was held.
  const until = Date.now() + 2_000;
  while (Date.now() < until) {
    // busy: the task is still running
  }
  return held.length * 8;
}
