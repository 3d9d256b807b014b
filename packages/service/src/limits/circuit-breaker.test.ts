import { createCircuitBreaker } from './circuit-breaker';
import type { CircuitState } from './circuit-breaker';

function breaker() {
  let clock = 1_000;
  const changes: CircuitState[] = [];
  const circuit = createCircuitBreaker({ openMs: 500, now: () => clock, onChange: (state) => changes.push(state) });
  return { circuit, changes, advance: (ms: number) => (clock += ms) };
}

describe('the circuit breaker around a remote store', () => {
  it('lets every call through while the store answers', () => {
    const { circuit, changes } = breaker();
    for (let i = 0; i < 5; i += 1) {
      expect(circuit.allow()).toBe(true);
      circuit.succeeded();
    }
    expect(circuit.state()).toBe('closed');
    expect(changes).toEqual([]);
  });

  it('after one failure skips the store for the open time: one timeout, not one per request', () => {
    const { circuit, changes, advance } = breaker();
    expect(circuit.allow()).toBe(true);
    circuit.failed();
    const allowed = Array.from({ length: 100 }, () => circuit.allow()).filter(Boolean).length;
    expect(allowed).toBe(0);
    advance(499);
    expect(circuit.allow()).toBe(false);
    expect(changes).toEqual(['open']);
  });

  it('then lets exactly one probe through; its success closes the circuit', () => {
    const { circuit, changes, advance } = breaker();
    circuit.failed();
    advance(500);
    expect(circuit.allow()).toBe(true);
    expect(circuit.state()).toBe('half_open');
    // Others keep skipping the store while the probe is out.
    expect([circuit.allow(), circuit.allow()]).toEqual([false, false]);
    circuit.succeeded();
    expect(circuit.allow()).toBe(true);
    expect(changes).toEqual(['open', 'half_open', 'closed']);
  });

  it('a failed probe opens it again for a full open time', () => {
    const { circuit, changes, advance } = breaker();
    circuit.failed();
    advance(600);
    expect(circuit.allow()).toBe(true);
    circuit.failed();
    advance(499);
    expect(circuit.allow()).toBe(false);
    advance(1);
    expect(circuit.allow()).toBe(true);
    expect(changes).toEqual(['open', 'half_open', 'open', 'half_open']);
  });
});
