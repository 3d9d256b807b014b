import { LocalWindow } from './local-window';

describe('a rate-limit window counted in memory', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('counts from nothing, tells the wait until the window ends, and starts again after it', () => {
    const window = new LocalWindow({ seconds: 60, maxKeys: 10, now: clock });
    for (let i = 1; i <= 3; i += 1) expect(window.add('a', 1).consumed).toBe(i);
    now += 20_000;
    expect(window.add('a', 1)).toEqual({ consumed: 4, resetMs: 40_000 });
    // Another key has a window of its own.
    expect(window.add('b', 1).consumed).toBe(1);
    now += 40_000;
    expect(window.add('a', 1)).toEqual({ consumed: 1, resetMs: 60_000 });
  });

  it('goes on from the store\'s last figure and window, not from nothing', () => {
    const window = new LocalWindow({ seconds: 60, maxKeys: 10, now: clock });
    window.sync('a', { consumed: 30, resetMs: 12_000 });
    expect(window.add('a', 1)).toEqual({ consumed: 31, resetMs: 12_000 });
    now += 12_000;
    expect(window.add('a', 1)).toEqual({ consumed: 1, resetMs: 60_000 });
  });

  it('owes the store what it counted alone, and forgets the debt with the window', () => {
    const window = new LocalWindow({ seconds: 60, maxKeys: 10, now: clock });
    window.sync('a', { consumed: 5, resetMs: 60_000 });
    window.add('a', 1);
    window.add('a', 1);
    expect(window.takeOwed('a')).toBe(2);
    expect(window.takeOwed('a')).toBe(0);
    // Sent and failed: owed again.
    window.owe('a', 2);
    expect(window.takeOwed('a')).toBe(2);
    window.owe('a', 2);
    // The store's figure includes what it was sent: nothing is owed after it.
    window.sync('a', { consumed: 8, resetMs: 50_000 });
    expect(window.takeOwed('a')).toBe(0);
    window.add('a', 1);
    now += 50_000;
    expect(window.takeOwed('a')).toBe(0);
  });

  it('gives points back, and an owed point given back is not owed any more', () => {
    const window = new LocalWindow({ seconds: 60, maxKeys: 10, now: clock });
    window.sync('a', { consumed: 4, resetMs: 60_000 });
    window.reward('a', 1);
    expect(window.peek('a')?.consumed).toBe(3);
    window.add('a', 1);
    window.add('a', 1);
    window.reward('a', 1, true);
    expect(window.peek('a')?.consumed).toBe(4);
    expect(window.takeOwed('a')).toBe(1);
    window.reward('a', 10);
    expect(window.peek('a')?.consumed).toBe(0);
  });

  it('holds at most maxKeys keys, forgetting the least recently counted first', () => {
    const window = new LocalWindow({ seconds: 86_400, maxKeys: 3, now: clock });
    window.add('a', 1);
    window.add('b', 1);
    window.add('c', 1);
    window.add('a', 1);
    window.add('d', 1);
    expect(window.size()).toBe(3);
    // "b" was counted least recently: forgotten, it starts from nothing; "a" kept its two.
    expect(window.add('b', 1).consumed).toBe(1);
    expect(window.add('a', 1).consumed).toBe(3);
    for (let i = 0; i < 10_000; i += 1) window.add(`flood-${i}`, 1);
    expect(window.size()).toBe(3);
  });
});
