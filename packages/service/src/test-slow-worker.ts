// A worker for the pool's tests: waits the milliseconds it is given (blocking its own thread), then answers.
export function run(ms: number): number {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: a task that holds its thread as heavy pricing would
  }
  return ms;
}
