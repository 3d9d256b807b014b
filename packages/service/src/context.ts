// What a use case knows of its caller: the client address (for rate limits) and the time.

export interface RequestContext {
  clientIp: string;
  now: Date;
}

/** The source of "now"; tests use a clock they move instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }

  advanceDays(days: number): void {
    this.current += days * 86_400_000;
  }
}
