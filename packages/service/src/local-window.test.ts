import { RateLimiterRes } from 'rate-limiter-flexible';
import { LocalWindow } from './local-window';

describe('a rate-limit window counted in memory', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('lets the window\'s points through, refuses the next with the wait until the window ends, and starts again after it', async () => {
    const window = new LocalWindow({ points: 3, seconds: 60, maxKeys: 10, now: clock });
    for (let i = 1; i <= 3; i += 1) expect((await window.consume('a')).consumedPoints).toBe(i);
    now += 20_000;
    const refused = await window.consume('a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBe(40_000);
    expect((refused as RateLimiterRes).remainingPoints).toBe(0);
    // Another key has a window of its own.
    expect((await window.consume('b')).consumedPoints).toBe(1);
    now += 40_000;
    expect((await window.consume('a')).consumedPoints).toBe(1);
  });

  it('gives points back', async () => {
    const window = new LocalWindow({ points: 2, seconds: 60, maxKeys: 10, now: clock });
    await window.consume('a');
    await window.consume('a');
    await window.reward('a', 1);
    expect((await window.consume('a')).consumedPoints).toBe(2);
    await expect(window.consume('a')).rejects.toBeInstanceOf(RateLimiterRes);
  });

  it('holds at most maxKeys keys, forgetting the least recently counted first', async () => {
    const window = new LocalWindow({ points: 5, seconds: 86_400, maxKeys: 3, now: clock });
    await window.consume('a');
    await window.consume('b');
    await window.consume('c');
    await window.consume('a');
    await window.consume('d');
    expect(window.size()).toBe(3);
    // "b" was counted least recently: forgotten, it starts from nothing; "a" kept its two.
    expect((await window.consume('b')).consumedPoints).toBe(1);
    expect((await window.consume('a')).consumedPoints).toBe(3);
    for (let i = 0; i < 10_000; i += 1) await window.consume(`flood-${i}`);
    expect(window.size()).toBe(3);
  });

  it('keeps what the shared store was not told of, within the window', async () => {
    const window = new LocalWindow({ points: 5, seconds: 60, maxKeys: 10, now: clock });
    await window.consume('a');
    window.owe('a', 1);
    await window.consume('a');
    window.owe('a', 1);
    expect(window.owed('a')).toBe(2);
    window.settle('a', 2);
    expect(window.owed('a')).toBe(0);
    window.owe('a', 1);
    now += 60_000;
    // A window past its end owes nothing: the shared store's own window has moved on too.
    expect(window.owed('a')).toBe(0);
  });
});
