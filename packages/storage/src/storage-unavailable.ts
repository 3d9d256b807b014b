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

// Prisma codes for requests that were wrong rather than a database that failed.
const requestErrorCodes = new Set([
  'P2000', // value too long
  'P2002', // unique constraint
  'P2003', // foreign key constraint
  'P2004', // constraint failed
  'P2005', // invalid stored value
  'P2006', // invalid value
  'P2007', // data validation
  'P2009', // query validation
  'P2011', // null constraint
  'P2012', // missing required value
  'P2014', // required relation violated
  'P2019', // input error
  'P2020', // value out of range
  'P2025', // record required but not found
]);

// Driver errors (before Prisma wraps them) that are the caller's mistake.
const requestDriverKinds = new Set([
  'UniqueConstraintViolation',
  'NullConstraintViolation',
  'ForeignKeyConstraintViolation',
  'RestrictViolation',
  'LengthMismatch',
  'ValueOutOfRange',
  'InvalidInputValue',
]);

function isRequestError(error: unknown): boolean {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return false;
  const { name, code, cause } = error as { name?: unknown; code?: unknown; cause?: unknown };
  if (name === 'PrismaClientValidationError') return true;
  if (typeof code === 'string' && requestErrorCodes.has(code)) return true;
  // better-sqlite3's own errors (statements run without Prisma): a broken constraint is the caller's.
  if (name === 'SqliteError' && typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) return true;
  if (name === 'DriverAdapterError' && typeof cause === 'object' && cause !== null) {
    return requestDriverKinds.has(String((cause as { kind?: unknown }).kind));
  }
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
