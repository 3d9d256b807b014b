import { ID_LENGTH, isWellFormedId, newId, newRequestId, randomBase62 } from './ids';

describe('ids', () => {
  it('a quote id is q_ and 22 base62 characters', () => {
    expect(newId('q')).toMatch(/^q_[0-9A-Za-z]{22}$/);
    expect(newId('pd')).toMatch(/^pd_[0-9A-Za-z]{22}$/);
    expect(newRequestId()).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('carries at least 128 bits', () => {
    expect(ID_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(128);
  });

  it('never repeats in 100,000 draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i += 1) seen.add(newId('h'));
    expect(seen.size).toBe(100_000);
  });

  it('uses every character about equally often', () => {
    const counts = new Map<string, number>();
    const sample = randomBase62(620_000);
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const count of counts.values()) {
      // expected 10,000 each; 6 standard deviations is about 600
      expect(Math.abs(count - 10_000)).toBeLessThan(600);
    }
  });

  it('recognises only well-formed ids of the asked kind', () => {
    const id = newId('q');
    expect(isWellFormedId(id, 'q')).toBe(true);
    expect(isWellFormedId(id, 'h')).toBe(false);
    expect(isWellFormedId(`${id}x`, 'q')).toBe(false);
    expect(isWellFormedId('q_../../etc/passwd', 'q')).toBe(false);
  });
});
