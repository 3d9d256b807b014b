// The error envelope, the one domain error class, and the mapping of a zod failure to it.
import { ERROR_STATUS, ERROR_TYPES, errorTypeForStatus, isRetryableCode } from './codes';
import type { ErrorCode, ErrorType } from './codes';
import { PUBLIC_PATHS } from './public-paths';
import { z } from './zod';

export const ErrorBody = z
  .object({
    type: z.enum(ERROR_TYPES).describe('Branch on type, then code.'),
    code: z.string(),
    message: z.string().describe('For people.'),
    request_id: z.string().describe('Equals the X-Request-Id header.'),
    param: z.string().nullable().default(null).describe('The field at fault (named on a 422).'),
    retryable: z.boolean().default(false),
    doc_url: z.string().nullable().default(null),
    details: z.record(z.string(), z.unknown()).nullable().default(null),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ErrorEnvelope = z
  .object({ error: ErrorBody })
  .meta({ id: 'ErrorEnvelope',
    example: {
      error: {
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        message: 'items[0].outline.width_in must be at most 120.',
        request_id: 'req_8fK2mQ9xLp4Rt7Vb1Nc3',
        param: 'items[0].outline.width_in',
        retryable: false,
        doc_url: null,
        details: null,
      },
    },
  });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** Longest message and param an error carries; longer ones are cut with an ellipsis. */
export const MAX_MESSAGE_LENGTH = 1_000;
export const MAX_PARAM_LENGTH = 200;
/** At most this many problems are listed in `details.errors` of a 422; `details.errors_total` counts them all. */
export const MAX_LISTED_ERRORS = 10;

/** `text` cut to `max` characters, the last one an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export interface ServiceErrorOptions {
  param?: string | null;
  details?: Record<string, unknown> | null;
  /** Seconds to wait before retrying (a 429). */
  retryAfterSeconds?: number;
  /** What went wrong underneath, for the log line of a 5xx; never sent to the caller. */
  cause?: unknown;
}

/** The one error of the service layer; each app maps it once to its transport. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: ErrorType;
  readonly param: string | null;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | null;
  readonly retryAfterSeconds: number | null;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    // Messages and params may quote what was sent (a path, an unknown key): an error answer stays a
    // few KiB whatever the request.
    super(clip(message, MAX_MESSAGE_LENGTH), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.type = errorTypeForStatus(this.status);
    this.param = options.param === undefined || options.param === null ? null : clip(options.param, MAX_PARAM_LENGTH);
    this.retryable = isRetryableCode(code);
    this.details = options.details ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }

  /**
   * The envelope's body. `publicUrl` (the service's address) gives `doc_url`, the docs page's
   * section on this code; without it doc_url is null.
   */
  toBody(requestId: string, publicUrl: string | null = null): ErrorBody {
    const docUrl = publicUrl === null ? null : `${publicUrl.replace(/\/+$/, '')}${PUBLIC_PATHS.docsAnchor('error', this.code)}`;
    return {
      type: this.type,
      code: this.code,
      message: this.message,
      request_id: requestId,
      param: this.param,
      retryable: this.retryable,
      doc_url: docUrl,
      details: this.details,
    };
  }
}

type Path = readonly PropertyKey[];

/** `['items', 2, 'outline', 'width_in']` -> `items[2].outline.width_in`. */
export function formatParam(path: Path): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

type InvalidCode = 'parameter_invalid' | 'quantity_out_of_range' | 'material_unavailable' | 'thickness_not_offered';

interface Problem {
  code: 'parameter_unknown' | 'parameter_missing' | InvalidCode;
  param: string | null;
  message: string;
}

const PRIORITY: Record<Problem['code'], number> = {
  parameter_unknown: 0,
  parameter_missing: 1,
  parameter_invalid: 2,
  quantity_out_of_range: 2,
  material_unavailable: 2,
  thickness_not_offered: 2,
};

/** A quote item's quantity, material or thickness outside the lists has a code of its own. */
function invalidCode(path: Path): InvalidCode {
  if (path[0] !== 'items') return 'parameter_invalid';
  const field = path.length >= 3 ? path[2] : undefined;
  if (field === 'quantity' || field === 'quantity_options') return 'quantity_out_of_range';
  if (path.length === 3 && field === 'material') return 'material_unavailable';
  if (path.length === 3 && field === 'thickness_in') return 'thickness_not_offered';
  return 'parameter_invalid';
}

/**
 * Turns a zod failure into the 422 ServiceError: unknown keys first, then missing fields, then the
 * first invalid one; every problem found is listed in `details.errors`.
 */
export function toParameterError(error: z.ZodError, input: unknown, prefix: Path = []): ServiceError {
  const problems = error.issues.flatMap((issue) => describeIssue(issue, input, prefix));
  problems.sort((a, b) => PRIORITY[a.code] - PRIORITY[b.code]);
  const first = problems[0] ?? { code: 'parameter_invalid', param: null, message: 'The request is not valid.' };
  const listed = problems.slice(0, MAX_LISTED_ERRORS).map((problem) => ({
    ...problem,
    param: problem.param === null ? null : clip(problem.param, MAX_PARAM_LENGTH),
    message: clip(problem.message, MAX_PARAM_LENGTH + 200),
  }));
  return new ServiceError(first.code, first.message, {
    param: first.param,
    details: problems.length > 1 ? { errors: listed, errors_total: problems.length } : null,
  });
}

/** Parses `input` with `schema`, throwing the 422 ServiceError on failure. */
export function parseRequest<S extends z.ZodType>(schema: S, input: unknown, prefix: Path = []): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw toParameterError(result.error, input, prefix);
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, prefix: Path): Problem[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => {
      const field = [...path, clip(key, 64)];
      return { code: 'parameter_unknown', param: formatParam(field), message: `${messageSubject(field)} is not a field of this request; remove it.` };
    });
  }
  const param = path.length > 0 ? formatParam(path) : null;
  const subject = messageSubject(path) ?? 'The request body';
  if (isMissing(input, issue.path)) {
    return [{ code: 'parameter_missing', param, message: `${subject} is required.` }];
  }
  return [{ code: invalidCode(issue.path), param, message: `${subject} ${explain(issue)}.` }];
}

/**
 * A field as a message names it: by its own name within its item (`outline.width_in`), never with
 * the `items[0].` of the request around it, which `param` carries. Messages then read the same over
 * REST and from a tool that takes one item's fields as its arguments.
 */
export function messageSubject(path: Path): string | null {
  if (path.length === 0) return null;
  if (path[0] === 'items' && typeof path[1] === 'number' && path.length > 2) return formatParam(path.slice(2));
  return formatParam(path);
}

function isMissing(input: unknown, path: Path): boolean {
  if (path.length === 0) return input === undefined;
  let node = input;
  for (let i = 0; i < path.length - 1; i += 1) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<PropertyKey, unknown>)[path[i] as PropertyKey];
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
  return !Object.prototype.hasOwnProperty.call(node, path[path.length - 1] as PropertyKey);
}

function explain(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'object' && issue.path.length === 0) return 'must be a JSON object';
      return `must be ${article(issue.expected)}`;
    case 'too_big':
      return bound('at most', 'less than', issue.maximum, issue.inclusive, issue.origin);
    case 'too_small':
      return bound('at least', 'greater than', issue.minimum, issue.inclusive, issue.origin);
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      if ('options' in issue && Array.isArray(issue.options)) {
        return `must be one of ${(issue.options as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      }
      return 'does not match any allowed form';
    case 'invalid_format':
      return issue.format === 'regex' ? issue.message : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'array') return 'an array';
  if (expected === 'object') return 'an object';
  return `a ${expected}`;
}

function bound(inclusiveWord: string, exclusiveWord: string, limit: number | bigint, inclusive: boolean | undefined, origin: string): string {
  const word = inclusive === false ? exclusiveWord : inclusiveWord;
  if (origin === 'array' || origin === 'set') return `must have ${word} ${limit} entries`;
  if (origin === 'string') return `must be ${word} ${limit} characters long`;
  return `must be ${word} ${limit}`;
}
