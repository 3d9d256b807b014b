// One rate-limit window counted in this process's memory, for at most `maxKeys` keys (the least
// recently counted is forgotten first, so a flood of new addresses cannot grow the process), no
// timers (a window past its end starts again when next counted). It mirrors the shared store: each
// count the store answers is kept here, so when the store fails the process goes on from the
// store's last figure rather than from nothing, and it remembers the points the store was not told of.
import type { WindowCount } from './store';

interface Count {
  points: number;
  resetAt: number;
  /** Points counted here that the shared store has not been told of yet (never more than `points`). */
  owed: number;
}

export interface LocalWindowOptions {
  seconds: number;
  maxKeys: number;
  now?: () => number;
}

export class LocalWindow {
  private readonly counts = new Map<string, Count>();
  private readonly ms: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: LocalWindowOptions) {
    this.ms = options.seconds * 1000;
    this.maxKeys = options.maxKeys;
    this.now = options.now ?? Date.now;
  }

  /** Counts `points` for the key here (the store could not take them: they are owed to it). */
  add(key: string, points: number): WindowCount {
    const now = this.now();
    const count = this.current(key, now) ?? { points: 0, resetAt: now + this.ms, owed: 0 };
    count.points += points;
    count.owed += points;
    this.keep(key, count);
    return { consumed: count.points, resetMs: count.resetAt - now };
  }

  /**
   * The store's figure for the key, which includes every point it was sent; `owed`: points of it
   * another store (Redis, away just now) has still to be told of.
   */
  sync(key: string, count: WindowCount, owed = 0): void {
    const now = this.now();
    this.keep(key, { points: count.consumed, resetAt: now + count.resetMs, owed: Math.min(owed, count.consumed) });
  }

  /**
   * Gives points back (a request another window refused); `owed`: they were counted here only, so
   * the store is not to be told of them either.
   */
  reward(key: string, points: number, owed = false): void {
    const count = this.current(key, this.now());
    if (count === undefined) return;
    count.points = Math.max(0, count.points - points);
    count.owed = Math.min(owed ? Math.max(0, count.owed - points) : count.owed, count.points);
  }

  /** Takes the points of the key's current window the store has not been told of (to send them now). */
  takeOwed(key: string): number {
    const count = this.current(key, this.now());
    if (count === undefined) return 0;
    const { owed } = count;
    count.owed = 0;
    return owed;
  }

  /** Puts back owed points that could not be sent after all. */
  owe(key: string, points: number): void {
    const count = this.current(key, this.now());
    if (count !== undefined) count.owed = Math.min(count.points, count.owed + points);
  }

  /** The key's count, if its window has not ended. */
  peek(key: string): WindowCount | undefined {
    const now = this.now();
    const count = this.current(key, now);
    return count === undefined ? undefined : { consumed: count.points, resetMs: count.resetAt - now };
  }

  /** How many keys are held. */
  size(): number {
    return this.counts.size;
  }

  private current(key: string, now: number): Count | undefined {
    const count = this.counts.get(key);
    return count === undefined || count.resetAt <= now ? undefined : count;
  }

  private keep(key: string, count: Count): void {
    // Taken out and put back: the Map's order is then the order keys were last counted in.
    this.counts.delete(key);
    this.counts.set(key, count);
    if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value as string);
  }
}
