// One rate-limit window counted in this process's memory: fixed windows per key, for at most
// `maxKeys` keys (the least recently counted is forgotten first, so a flood of new addresses cannot
// grow the process), no timers (a window past its end starts again when next counted). It answers
// as rate-limiter-flexible's limiters do: a RateLimiterRes, thrown when the key is past its points.
import { RateLimiterRes } from 'rate-limiter-flexible';

interface Count {
  points: number;
  resetAt: number;
  /** Points counted here that the shared store has not been told of yet. */
  owed: number;
}

export interface LocalWindowOptions {
  points: number;
  seconds: number;
  maxKeys: number;
  now?: () => number;
}

export class LocalWindow {
  private readonly counts = new Map<string, Count>();
  private readonly points: number;
  private readonly ms: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: LocalWindowOptions) {
    this.points = options.points;
    this.ms = options.seconds * 1000;
    this.maxKeys = options.maxKeys;
    this.now = options.now ?? Date.now;
  }

  /** Counts `points` for the key; throws the RateLimiterRes when that takes it past the window's points. */
  async consume(key: string, points = 1): Promise<RateLimiterRes> {
    const now = this.now();
    let count = this.counts.get(key);
    if (count === undefined || count.resetAt <= now) count = { points: 0, resetAt: now + this.ms, owed: 0 };
    // Taken out and put back: the Map's order is then the order keys were last counted in.
    this.counts.delete(key);
    count.points += points;
    this.counts.set(key, count);
    if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value as string);
    const result = new RateLimiterRes(Math.max(0, this.points - count.points), count.resetAt - now, count.points, count.points === points);
    if (count.points > this.points) throw result;
    return result;
  }

  /** Gives points back (a request another window refused). */
  async reward(key: string, points: number): Promise<void> {
    const count = this.counts.get(key);
    if (count !== undefined) count.points = Math.max(0, count.points - points);
  }

  /** Notes that `points` of the key's count are not in the shared store (it could not be reached). */
  owe(key: string, points: number): void {
    const count = this.counts.get(key);
    if (count !== undefined) count.owed += points;
  }

  /** Points of the key's current window the shared store has not been told of. */
  owed(key: string): number {
    const count = this.counts.get(key);
    return count === undefined || count.resetAt <= this.now() ? 0 : count.owed;
  }

  /** The shared store was told of `points` of what was owed. */
  settle(key: string, points: number): void {
    const count = this.counts.get(key);
    if (count !== undefined) count.owed = Math.max(0, count.owed - points);
  }

  /** How many keys are held. */
  size(): number {
    return this.counts.size;
  }
}
