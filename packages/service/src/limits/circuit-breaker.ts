// A circuit breaker around a remote store (Redis for the rate limits): after a failure or a timeout
// the circuit opens and every call skips the store for `openMs`, so a store that hangs costs one
// timeout, not one per request. Then one call is let through as a probe (half-open): its success
// closes the circuit, its failure opens it again. The clock is injected, so tests need no waiting.

export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitBreaker {
  /** True when this call should go to the store; false while open, or while a probe is out. */
  allow(): boolean;
  succeeded(): void;
  failed(): void;
  state(): CircuitState;
}

export interface CircuitBreakerOptions {
  /** How long the store is skipped after a failure before one probe is let through. */
  openMs: number;
  now?: () => number;
  /** Told when the state changes (for the log line and the store gauge). */
  onChange?: (state: CircuitState) => void;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  let current: CircuitState = 'closed';
  let openedAt = 0;
  let probing = false;
  const move = (next: CircuitState) => {
    if (next === current) return;
    current = next;
    options.onChange?.(next);
  };
  return {
    allow() {
      if (current === 'closed') return true;
      if (current === 'open' && now() - openedAt >= options.openMs) move('half_open');
      if (current === 'half_open' && !probing) {
        probing = true;
        return true;
      }
      return false;
    },
    succeeded() {
      probing = false;
      move('closed');
    },
    failed() {
      probing = false;
      openedAt = now();
      move('open');
    },
    state: () => current,
  };
}
