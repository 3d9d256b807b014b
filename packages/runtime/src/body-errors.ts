// What a body parser's failure means to the person who sent the body: one mapping for the REST API,
// the pages' forms and the tool server (express's body-parser marks each failure with a `type`).
import { ServiceError } from '@shop/contracts';

export interface BodyLimit {
  /** The limit as a person reads it: "256 KiB". */
  size: string;
  /** What to do past it: "send fewer or smaller items". */
  advice: string;
}

const UNREADABLE = () => new ServiceError('invalid_json', 'The body could not be read: send plain UTF-8 whose length matches Content-Length.');

/** The ServiceError a body parser's failure stands for, or null when the error is not one. */
export function toBodyError(error: unknown, limit: BodyLimit): ServiceError | null {
  // A URIError is the router's (a path it cannot decode), not the body's.
  if (error === null || typeof error !== 'object' || error instanceof ServiceError || error instanceof URIError) return null;
  const { type, status } = error as { type?: unknown; status?: unknown };
  switch (type) {
    case 'entity.parse.failed':
      return new ServiceError('invalid_json', 'The body is not valid JSON: check quotes, commas and brackets.');
    case 'entity.too.large':
    case 'parameters.too.many':
      return new ServiceError('body_too_large', `The body is larger than ${limit.size}; ${limit.advice}.`);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ServiceError('unsupported_media_type', 'Send the body as UTF-8 without a content encoding.');
    case 'request.size.invalid':
    case 'request.aborted':
      // A body cut short (its client gone, or fewer bytes than Content-Length): the client's doing, never a 500.
      return UNREADABLE();
    case undefined:
      // Compressed data that does not inflate.
      return status === 400 ? UNREADABLE() : null;
    default:
      return null;
  }
}
