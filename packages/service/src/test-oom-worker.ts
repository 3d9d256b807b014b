// A worker for the process pool's tests: grows one array until the heap runs out, as a drawing once
// made the arc flattening do (the process aborts with "heap out of memory"); 0 answers at once.
export function run(grow: number): number {
  if (grow < 0) throw new Error('grow must be 0 or more');
  if (grow === 0) return 0;
  const points: number[] = [];
  for (;;) points.push(points.length, grow);
}
