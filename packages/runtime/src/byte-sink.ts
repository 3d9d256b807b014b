// One Buffer a body is copied into as it arrives, so an upload is held once (not as its chunks plus
// their concatenation), sized from what the client announced and never past the limit.

export interface ByteSink {
  /** Copies the chunk in; false (and nothing kept of it) once the total would pass the limit. */
  push(chunk: Buffer): boolean;
  /** Bytes received so far, counting what was refused past the limit. */
  readonly received: number;
  /** Whether more than the limit arrived. */
  readonly overLimit: boolean;
  /** The bytes kept: a view of the one buffer, no copy. */
  bytes(): Buffer;
}

/** Smallest first allocation when the size is not announced (chunked): grown by doubling after. */
const FIRST_ALLOCATION = 64 * 1024;

/**
 * `expected`: the size the client announced (Content-Length), trusted only up to `limit`: a client
 * that says 5 MiB and sends 10 bytes costs one allocation of at most the limit, as its body would.
 */
export function createByteSink(limit: number, expected: number | null = null): ByteSink {
  const first = expected !== null && Number.isFinite(expected) && expected >= 0 ? Math.min(expected, limit) : Math.min(FIRST_ALLOCATION, limit);
  let buffer = Buffer.allocUnsafe(first);
  let length = 0;
  let received = 0;
  return {
    push(chunk) {
      received += chunk.length;
      if (!(received <= limit)) return false;
      if (length + chunk.length > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(buffer.length * 2, length + chunk.length)));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      chunk.copy(buffer, length);
      length += chunk.length;
      return true;
    },
    get received() {
      return received;
    },
    get overLimit() {
      return received > limit;
    },
    bytes: () => buffer.subarray(0, length),
  };
}
