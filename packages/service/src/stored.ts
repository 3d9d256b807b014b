// Reading back what the service stored: a row written with another shape's version than this
// build's is refused with a clear error rather than read as if it were this shape.
import { STORED_VERSIONS } from '@shop/contracts';
import type { StoredKind } from '@shop/contracts';

/** The version to write with a new row of this kind. */
export const versionOf = (kind: StoredKind): number => STORED_VERSIONS[kind];

/** Throws when the row was written with another version of its shape than this build reads. */
export function assertStoredVersion(kind: StoredKind, row: { schemaVersion: number }): void {
  const expected = STORED_VERSIONS[kind];
  if (row.schemaVersion !== expected) {
    throw new Error(
      // The id is a bearer secret: it stays out of the message (which is logged).
      `A stored ${kind} has schema version ${row.schemaVersion}, and this build reads version ${expected}: ` +
        'run the build that wrote it, or migrate the stored rows.',
    );
  }
}

/** The row's JSON document, once its version is checked. */
export function readStored<T>(kind: StoredKind, row: { schemaVersion: number }, text: string): T {
  assertStoredVersion(kind, row);
  return JSON.parse(text) as T;
}
