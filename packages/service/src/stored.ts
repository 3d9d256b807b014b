// Reading back what the service stored: a row written with a version of its shape this build does
// not read (a newer build's, or one older than it still reads) is refused with a clear error rather
// than read as if it were this shape.
import { READABLE_VERSIONS_FROM, STORED_VERSIONS } from '@shop/contracts';
import type { StoredKind } from '@shop/contracts';

/** The version to write with a new row of this kind. */
export const versionOf = (kind: StoredKind): number => STORED_VERSIONS[kind];

/** Throws when the row was written with a version of its shape this build does not read. */
export function assertStoredVersion(kind: StoredKind, row: { schemaVersion: number }): void {
  const newest = STORED_VERSIONS[kind];
  const oldest = READABLE_VERSIONS_FROM[kind];
  if (row.schemaVersion > newest || row.schemaVersion < oldest) {
    const readable = oldest === newest ? `version ${newest}` : `versions ${oldest} to ${newest}`;
    throw new Error(
      // The id is a bearer secret: it stays out of the message (which is logged).
      `A stored ${kind} has schema version ${row.schemaVersion}, and this build reads ${readable}: ` +
        'run the build that wrote it, or migrate the stored rows.',
    );
  }
}

/** The row's JSON document, once its version is checked. */
export function readStored<T>(kind: StoredKind, row: { schemaVersion: number }, text: string): T {
  assertStoredVersion(kind, row);
  return JSON.parse(text) as T;
}
