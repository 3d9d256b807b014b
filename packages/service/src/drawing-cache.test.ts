import { createDrawingCache } from './drawing-cache';

describe('createDrawingCache', () => {
  it('makes a drawing once for everyone who asks at the same moment, and keeps it', async () => {
    const cache = createDrawingCache(1024);
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return '<svg>one</svg>';
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => cache.get('preview:q_1:0', make)));
    expect(answers).toEqual(Array.from({ length: 8 }, () => '<svg>one</svg>'));
    await expect(cache.get('preview:q_1:0', make)).resolves.toBe('<svg>one</svg>');
    expect(made).toBe(1);
  });

  it('keeps no failure: the next request makes it again', async () => {
    const cache = createDrawingCache(1024);
    await expect(cache.get('k', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    await expect(cache.get('k', async () => 'made')).resolves.toBe('made');
  });

  it('drops the least recently used drawing past its size', async () => {
    const cache = createDrawingCache(25);
    await cache.get('a', async () => 'a'.repeat(10));
    await cache.get('b', async () => 'b'.repeat(10));
    await cache.get('a', async () => 'never');
    await cache.get('c', async () => 'c'.repeat(10));
    expect(cache.stats()).toEqual({ entries: 2, bytes: 20 });
    await expect(cache.get('a', async () => 'again')).resolves.toBe('a'.repeat(10));
    await expect(cache.get('b', async () => 'made again')).resolves.toBe('made again');
  });
});
