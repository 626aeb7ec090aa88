import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

describe('VersionedCache.getOrLoad', () => {
  it('shares one load among the callers of the same key and version, and keeps its value', async () => {
    const cache = new VersionedCache<string[]>(100, 10);
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return ['a', 'b'];
    };
    const waiting = [1, 2, 3].map(() => cache.getOrLoad('list', 'v1', load, (ids) => ids.length));
    release();
    expect(await Promise.all(waiting)).toEqual([
      ['a', 'b'],
      ['a', 'b'],
      ['a', 'b'],
    ]);
    expect(loads).toBe(1);
    expect(cache.get('list', 'v1')).toEqual(['a', 'b']);
    // Another version loads again.
    await cache.getOrLoad('list', 'v2', load, (ids) => ids.length);
    expect(loads).toBe(2);
  });

  it('keeps nothing of a failed load: the next caller loads again', async () => {
    const cache = new VersionedCache<number>(100, 10);
    await expect(
      cache.getOrLoad(
        'n',
        'v1',
        () => Promise.reject(new Error('down')),
        () => 1,
      ),
    ).rejects.toThrow('down');
    expect(
      await cache.getOrLoad(
        'n',
        'v1',
        () => Promise.resolve(7),
        () => 1,
      ),
    ).toBe(7);
  });
});
