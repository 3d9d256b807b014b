// What keeps an SQLite file honest under faults. better-sqlite3 is synchronous, so SQLite's own busy
// wait would hold the event loop (and every request, /status too) while another process writes:
// each attempt waits only a short slice and the wait goes on asynchronously, up to a deadline. A
// file deleted or replaced under the process, or a full disk, turns into 503 instead of writes
// that seem to succeed and are gone after a restart.
import { statSync, statfsSync } from 'node:fs';
import path from 'node:path';
import { StorageUnavailable } from './storage-unavailable';

/** How long one attempt may wait for another process's write lock, blocking the thread. */
export const BUSY_SLICE_MS = 10;
/** How long a write waits for the lock in all (asynchronously) before it is answered 503. */
export const DEFAULT_LOCK_WAIT_MS = 2_000;
/** Under this much free disk beside the database, the storage reports itself full. */
const MIN_FREE_BYTES = 1024 * 1024;

const RETRY_DELAYS_MS = [5, 10, 20, 40, 80, 160, 250];

const BUSY_CODE = /^SQLITE_(BUSY|LOCKED)/;

/** SQLite's "the lock is held by someone else" (`SQLITE_BUSY`, `SQLITE_LOCKED`), on the error or its causes. */
export function isSqliteBusy(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && BUSY_CODE.test(code)) return true;
  return isSqliteBusy(cause, depth + 1);
}

/** The pause before attempt `attempt` (from 2) at a busy lock: short at first, then at most 250 ms. */
export function retryDelay(attempt: number): number {
  return RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)]!;
}

/**
 * Watches the database file: the inode it was opened on, and the disk it sits on. A file removed
 * or replaced while the process runs keeps working for this process's open handles, but nothing
 * written then survives a restart; from the moment it is noticed every call answers 503.
 */
export class SqliteFileGuard {
  private readonly identity: string;
  private lost: string | null = null;

  constructor(private readonly filePath: string) {
    this.identity = SqliteFileGuard.identify(filePath) ?? '';
  }

  private static identify(filePath: string): string | null {
    try {
      const stat = statSync(filePath, { bigint: true });
      return `${stat.dev}:${stat.ino}`;
    } catch {
      return null;
    }
  }

  /** Throws StorageUnavailable once the file is gone or another file has taken its place. */
  check(): void {
    if (this.lost === null) {
      const now = SqliteFileGuard.identify(this.filePath);
      if (now === null) this.lost = 'was removed';
      else if (now !== this.identity) this.lost = 'was replaced by another file';
    }
    if (this.lost !== null) {
      throw new StorageUnavailable(
        `The database file ${path.basename(this.filePath)} ${this.lost} while the service ran; nothing more can be kept in it. Restart the service to open the file now at that path.`,
      );
    }
  }

  /** Throws StorageUnavailable when the disk holding the file has less than MIN_FREE_BYTES free. */
  checkFreeSpace(): void {
    let free: number;
    try {
      const stats = statfsSync(path.dirname(this.filePath));
      free = stats.bavail * stats.bsize;
    } catch {
      return;
    }
    if (free < MIN_FREE_BYTES) {
      throw new StorageUnavailable(
        `The disk holding the database has ${Math.floor(free / 1024)} KiB free (under ${MIN_FREE_BYTES / 1024 / 1024} MiB): new quotes and links cannot be kept until space is freed.`,
      );
    }
  }
}
