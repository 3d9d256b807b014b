// What any drawing, however hostile, must come to: read by the drawing processes' own task into a part
// whose answer passes its contract (every figure finite, within bounds) or refused with a known code
// and a message a person can read; never a throw, never a NaN. The fuzzers and the committed corpus
// of what they found are judged by this.
import { ERROR_STATUS, PlateImport } from '@shop/contracts';
import { run } from './drawing-worker';
import type { DrawingRead } from './drawing-worker';

export interface DrawingVerdict {
  outcome: 'imported' | 'refused' | 'threw';
  /** The refusal's code, or null. */
  code: string | null;
  /** Every way the answer breaks the rules; empty when it keeps them. */
  problems: string[];
}

/** Paths of numbers that are not finite, anywhere in a value (at most a few, for the report). */
function nonFinite(value: unknown, path: string, found: string[]): void {
  if (found.length >= 5) return;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) found.push(`${path} = ${value}`);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length && found.length < 5; i++) nonFinite(value[i], `${path}[${i}]`, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) nonFinite(inner, `${path}.${key}`, found);
  }
}

/** The answer the service would build from a part read (the fields it adds are fixed here). */
function answerOf(read: Extract<DrawingRead, { ok: true }>): unknown {
  return {
    object: 'plate_import',
    id: 'pi_oracle0000000000000001',
    created_at: '2026-12-01T12:00:00.000Z',
    expires_at: '2026-12-31T12:00:00.000Z',
    filename: null,
    units: read.units,
    width_in: read.width_in,
    height_in: read.height_in,
    plate: read.plate,
    counts: read.counts,
    ignored: read.ignored,
    issues: read.issues.map((issue) => ({ code: issue.code, severity: issue.severity, message: issue.message, param: null })),
    marks: read.marks,
    preview_url: 'https://quote.example.ca/plate-imports/pi_oracle0000000000000001/preview.svg',
  };
}

export function judgeDrawing(file: string | Uint8Array, units?: 'in' | 'mm'): DrawingVerdict {
  let read: DrawingRead;
  try {
    read = run({ file, ...(units === undefined ? {} : { units }) });
  } catch (error) {
    return { outcome: 'threw', code: null, problems: [`threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(0, 300)] };
  }
  const problems: string[] = [];
  if (!read.ok) {
    if (!(read.code in ERROR_STATUS)) problems.push(`unknown refusal code ${read.code}`);
    if (typeof read.message !== 'string' || read.message.length < 10) problems.push('refusal without a message');
    // A refusal may quote the file's own value ("a centre x of NaN"); only a missing one is broken.
    else if (/\bundefined\b/.test(read.message)) problems.push(`refusal message shows a missing figure: ${read.message.slice(0, 200)}`);
    return { outcome: 'refused', code: read.code, problems };
  }
  const found: string[] = [];
  nonFinite(read, 'result', found);
  problems.push(...found.map((where) => `non-finite figure at ${where}`));
  const parsed = PlateImport.safeParse(answerOf(read));
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    problems.push(`answer outside its contract at ${first?.path.join('.') ?? '?'}: ${first?.message ?? ''}`.slice(0, 300));
  }
  for (const issue of read.issues) {
    if (/\b(NaN|undefined|Infinity)\b/.test(issue.message)) problems.push(`issue ${issue.code} shows a broken figure: ${issue.message.slice(0, 200)}`);
  }
  return { outcome: 'imported', code: null, problems };
}
