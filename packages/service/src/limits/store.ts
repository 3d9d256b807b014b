// What a shared store of rate-limit counts does (the database or Redis): add points to a key's
// window and say where the count stands. Deciding what is refused is the policy's job, not the store's.

/** One window as a store counts it: fixed windows of `seconds`, keys under `keyPrefix`. */
export interface StoreWindow {
  keyPrefix: string;
  /** The window's limit; a store may use it (Redis's limiter does), the count is the same. */
  points: number;
  seconds: number;
}

export interface Spend {
  window: StoreWindow;
  /** The client's key, without the window's prefix. */
  key: string;
  points: number;
  /**
   * The points the key's window holds at least before this spend, and when that window ends: what
   * this process last knew of it from another store (Redis, now unreachable). A store that
   * supports it (the database) raises its count to that first, so replicas moving to it together
   * go on from the figure they shared rather than from nothing.
   */
  floor?: { points: number; resetMs: number };
}

export interface WindowCount {
  /** Points counted in the key's current window, this spend included. */
  consumed: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetMs: number;
}

export interface RateLimitStore {
  /**
   * Adds each spend's points to its key's window (a window past its end starts again at them) and
   * resolves with the counts, in the order of the spends. Rejects when the store cannot be reached
   * or does not answer in time: then nothing can be assumed counted.
   */
  consume(spends: readonly Spend[]): Promise<WindowCount[]>;
  /** Takes points back from the keys' current windows (never below zero). */
  reward(spends: readonly Spend[]): Promise<void>;
}

/** The row key a window's count is stored under. */
export function storeKey(window: StoreWindow, key: string): string {
  return `${window.keyPrefix}:${key}`;
}
