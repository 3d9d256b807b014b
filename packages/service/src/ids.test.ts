import { ID_LENGTH, isWellFormedId, newId, newRequestId, randomBase62 } from './ids';

describe('ids', () => {
  it('a quote id is q_ and 22 base62 characters', () => {
    expect(newId('q')).toMatch(/^q_[0-9A-Za-z]{22}$/);
    expect(newId('pd')).toMatch(/^pd_[0-9A-Za-z]{22}$/);
    expect(newRequestId()).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('carries at least 128 bits: each of its characters drawn evenly from all 62', () => {
    // 31,000 ids: every position should see each character about 500 times (sd about 22).
    const ids = Array.from({ length: 31_000 }, () => newId('q').slice(2));
    const positions = ids[0]?.length ?? 0;
    const distinct: number[] = [];
    for (let position = 0; position < positions; position += 1) {
      const counts = new Map<string, number>();
      for (const id of ids) counts.set(id[position] ?? '', (counts.get(id[position] ?? '') ?? 0) + 1);
      distinct.push(counts.size);
      for (const count of counts.values()) expect(Math.abs(count - 500)).toBeLessThan(150);
    }
    expect(positions).toBe(ID_LENGTH);
    const bits = distinct.reduce((sum, size) => sum + Math.log2(size), 0);
    expect(bits).toBeGreaterThanOrEqual(128);
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
