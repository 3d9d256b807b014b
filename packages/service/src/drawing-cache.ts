// Drawings made once and kept: an SVG preview or a cut file of a stored plate never changes, so the
// first request makes it (on a worker thread when the plate is large) and the next ones, and any
// asked at the same moment, get the same text (or its gzip bytes). Bounded by its size; the least
// recently used goes.
type Drawing = string | Buffer;

export function createDrawingCache(maxBytes: number) {
  const entries = new Map<string, Drawing>();
  const making = new Map<string, Promise<Drawing>>();
  let bytes = 0;

  function keep(key: string, text: Drawing): void {
    entries.set(key, text);
    bytes += text.length;
    for (const [oldKey, old] of entries) {
      if (bytes <= maxBytes || entries.size === 1) break;
      entries.delete(oldKey);
      bytes -= old.length;
    }
  }

  return {
    /** The drawing kept under `key`, or made by `make` (once, however many ask at once) and kept. */
    async get<T extends Drawing>(key: string, make: () => Promise<T>): Promise<T> {
      const kept = entries.get(key) as T | undefined;
      if (kept !== undefined) {
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const pending = making.get(key) as Promise<T> | undefined;
      if (pending) return pending;
      const made = make().then(
        (text) => {
          making.delete(key);
          keep(key, text);
          return text;
        },
        (error: unknown) => {
          making.delete(key);
          throw error;
        },
      );
      making.set(key, made);
      return made;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
export type DrawingCache = ReturnType<typeof createDrawingCache>;
