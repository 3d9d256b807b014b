// The one mapping from a use case's answer or ServiceError to a tool result.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { ServiceError } from '@shop/contracts';
import type { ErrorType } from '@shop/contracts';

/** The error a tool answers with: REST's error body without request_id/doc_url, plus retry_after_seconds. */
export interface ToolErrorBody {
  error: {
    type: ErrorType;
    code: string;
    message: string;
    param: string | null;
    retryable: boolean;
    /** Seconds to wait before calling again: REST's Retry-After (past a rate limit, storage unavailable), else null. */
    retry_after_seconds: number | null;
    details: Record<string, unknown> | null;
    /** The docs page's section on this code: what it means and what to do. */
    doc_url: string | null;
  };
}

/** A REST body as the tool's result: the same JSON text, and the parsed object as structuredContent. */
export function toToolResult(json: string): CallToolResult {
  return { content: [{ type: 'text', text: json }], structuredContent: JSON.parse(json) as Record<string, unknown> };
}

/**
 * An error as an isError result. It carries no structuredContent: clients check structuredContent
 * against the tool's output schema (some even on errors), and that schema is the REST success body.
 * `paramPrefix` turns REST's `items[0].thickness_in` into the tool's own argument name.
 */
export function toToolError(
  error: unknown,
  options: { paramPrefix?: string; onUnexpected?: (error: unknown) => void; publicUrl?: string } = {},
): CallToolResult {
  let mapped: ServiceError;
  if (error instanceof ServiceError) {
    mapped = error;
  } else {
    options.onUnexpected?.(error);
    mapped = new ServiceError('internal_error', 'Something went wrong on our side; the request was not completed.');
  }
  const body: ToolErrorBody = {
    error: {
      type: mapped.type,
      code: mapped.code,
      message: mapped.message,
      param: toolParam(mapped.param, options.paramPrefix),
      retryable: mapped.retryable,
      retry_after_seconds: mapped.retryAfterSeconds,
      details: mapped.details,
      doc_url: mapped.toBody('', options.publicUrl ?? null).doc_url,
    },
  };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

function toolParam(param: string | null, prefix: string | undefined): string | null {
  if (param === null || prefix === undefined) return param;
  if (param.startsWith(`${prefix}.`)) return param.slice(prefix.length + 1);
  return param;
}
