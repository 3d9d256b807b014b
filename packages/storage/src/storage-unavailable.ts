// The one error the service maps to 503 storage_unavailable (retryable): the database could not be
// reached, read or written. Mistakes in what was asked (a duplicate id, an invalid argument) are
// not wrapped: retrying them cannot help, so the service should see them as internal errors.
export class StorageUnavailable extends Error {
  override readonly name = 'StorageUnavailable';
  readonly retryable = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

// PostgreSQL's classes of errors that are the request's, not the server's: 22 data exception
// (a value out of range, invalid text for its type), 23 integrity constraint violation (unique,
// foreign key, not null, check).
const REQUEST_SQLSTATE = /^2[23][0-9A-Z]{3}$/;

function isRequestError(error: unknown): boolean {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return false;
  const { name, code, severity } = error as { name?: unknown; code?: unknown; severity?: unknown };
  // better-sqlite3's errors: a broken constraint is the caller's.
  if (name === 'SqliteError' && typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) return true;
  // pg's DatabaseError (a server answer carries a severity; connection errors have none).
  if (typeof severity === 'string' && typeof code === 'string' && REQUEST_SQLSTATE.test(code)) return true;
  // Bugs in this package are not outages.
  return error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError;
}

function toStorageError(error: unknown, action: string): Error {
  if (error instanceof StorageUnavailable) return error;
  // As thrown: an error from another realm (a native driver's class made in the first context that
  // loaded it) is still the error, with its name and code.
  if (isRequestError(error)) return typeof error === 'object' && error !== null ? (error as Error) : new Error(String(error));
  const reason = error instanceof Error ? error.message.split('\n').filter(Boolean).pop() : String(error);
  return new StorageUnavailable(`The database could not ${action}: ${reason ?? 'unknown error'}`, {
    cause: error,
  });
}

/** How a repository runs each database call: outages become StorageUnavailable (and, on SQLite, a busy lock is waited for). */
export type StorageGuard = <T>(action: string, run: () => Promise<T>) => Promise<T>;

// Runs one database call and turns an outage into StorageUnavailable.
export async function guardStorage<T>(action: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toStorageError(error, action);
  }
}
