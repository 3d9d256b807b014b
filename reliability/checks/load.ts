// Bounded load for the reliability scripts: a few workers send requests until told to stop (or a
// time limit), and every outcome is tallied: status, no answer (and why), latency.
import http from 'node:http';
import { sendRaw } from '../fuzz/run';
import type { Answer } from '../fuzz/check';

export interface Outcome {
  at: number;
  ms: number;
  status: number;
  /** Set when no answer came: ECONNREFUSED, ECONNRESET, a timeout. */
  error?: string;
  answer?: Answer;
  label: string;
}

export interface Tally {
  total: number;
  byStatus: Record<string, number>;
  errors: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface Call {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export function send(agent: http.Agent, baseUrl: string, call: Call): Promise<Outcome> {
  const started = performance.now();
  const headers: Record<string, string> = { ...call.headers };
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  return sendRaw(agent, baseUrl, { method: call.method, path: call.path, headers, body }).then(
    (answer) => ({ at: Date.now(), ms: performance.now() - started, status: answer.status, answer, label: call.label }),
    (error: NodeJS.ErrnoException) => ({ at: Date.now(), ms: performance.now() - started, status: 0, error: error.code ?? error.message, label: call.label }),
  );
}

export interface LoadRun {
  outcomes: Outcome[];
  /** Stops the workers and waits for their last requests. */
  stop(): Promise<Outcome[]>;
}

/** Starts `workers` loops, each sending `next(i)` one after another, for at most `maxSeconds`. */
export function startLoad(baseUrl: string, workers: number, next: (i: number) => Call, maxSeconds = 120, onOutcome?: (o: Outcome) => void): LoadRun {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const outcomes: Outcome[] = [];
  let stopped = false;
  let counter = 0;
  const deadline = Date.now() + maxSeconds * 1000;
  const loops = Array.from({ length: workers }, async () => {
    while (!stopped && Date.now() < deadline) {
      const outcome = await send(agent, baseUrl, next(counter++));
      outcomes.push(outcome);
      onOutcome?.(outcome);
      // A server that refuses connections is not hammered in a tight loop.
      if (outcome.status === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return {
    outcomes,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
      return outcomes;
    },
  };
}

export function tally(outcomes: Outcome[]): Tally {
  const byStatus: Record<string, number> = {};
  const errors: Record<string, number> = {};
  for (const o of outcomes) {
    if (o.status === 0) errors[o.error ?? 'unknown'] = (errors[o.error ?? 'unknown'] ?? 0) + 1;
    else byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  }
  const times = outcomes.filter((o) => o.status !== 0).map((o) => o.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  return { total: outcomes.length, byStatus, errors, p50Ms: at(0.5), p99Ms: at(0.99), maxMs: Math.round(times.at(-1) ?? 0) };
}

/** Error codes seen in answers (e.g. storage_unavailable), counted. */
export function errorCodes(outcomes: Outcome[]): Record<string, number> {
  const codes: Record<string, number> = {};
  for (const o of outcomes) {
    if (!o.answer || o.status < 400) continue;
    let code = 'not-an-envelope';
    try {
      code = (JSON.parse(o.answer.text) as { error: { code: string } }).error.code;
    } catch {
      // counted as not-an-envelope
    }
    codes[`${o.status} ${code}`] = (codes[`${o.status} ${code}`] ?? 0) + 1;
  }
  return codes;
}

export const PLATE = {
  kind: 'plate',
  material: 'mild_steel',
  thickness_in: 0.25,
  outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
  holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.5 }],
  bends: [{ start_in: [0, 2], end_in: [6, 2] }],
  quantity: 10,
  quantity_options: [25, 100],
  label: 'Base plate',
};
export const KIT = { kind: 'product', slug: 'round-bale-feeder', tier: 'kit', quantity: 2 };

/** A step of a script and what it showed, for the summary table. */
export interface Finding {
  test: string;
  ok: boolean;
  load: string;
  faults: string;
  result: string;
  details?: unknown;
}

export function check(condition: boolean, problems: string[], message: string): void {
  if (!condition) problems.push(message);
}
