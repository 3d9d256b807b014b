import { ServiceError } from '@shop/contracts';
import { StorageUnavailable } from '@shop/storage';
import { isWellFormedId } from './ids';
import type { IdPrefix } from './ids';

/** The Retry-After of a 503 storage_unavailable: a lock wait (2 s) or a pool wait (3 s) is over by then. */
const STORAGE_RETRY_AFTER_SECONDS = 2;

/**
 * Runs a storage call; a database that cannot be reached, or a wait on it past its bound (a lock, a
 * statement, a pooled connection), becomes 503 `storage_unavailable` (retryable, with Retry-After).
 * The storage's own words stay in the error's cause, for the log, never the answer.
 */
export async function withStorage<T>(action: string, call: () => Promise<T>, details: Record<string, unknown> | null = null): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StorageUnavailable) {
      throw new ServiceError('storage_unavailable', `The quote store could not ${action} just now; nothing was lost. Try again in a few seconds.`, {
        cause: error,
        details,
        retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS,
      });
    }
    throw error;
  }
}

/**
 * Reads one row by a public id: an id of the wrong shape is never looked up, and a missing row (or
 * one past retention) throws `notFound`.
 */
export async function findById<T>(
  id: string,
  prefix: IdPrefix,
  action: string,
  read: (id: string) => Promise<T | null>,
  notFound: () => ServiceError,
): Promise<T> {
  const record = isWellFormedId(id, prefix) ? await withStorage(action, () => read(id)) : null;
  if (!record) throw notFound();
  return record;
}
