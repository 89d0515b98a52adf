import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache.ts';

function setup(max = 10) {
  const generation = { value: 0 };
  let time = 0;
  const cache = createReadCache<string>({ generation, ttlMs: 1000, max, now: () => time });
  let loads = 0;
  const load = (value: string) => () => {
    loads++;
    return Promise.resolve(value);
  };
  return {
    cache,
    generation,
    load,
    loads: () => loads,
    advance: (ms: number) => (time += ms),
  };
}

describe('read cache', () => {
  it('answers from memory until the process writes', async () => {
    const t = setup();
    expect(await t.cache.get('a', t.load('v1'))).toBe('v1');
    expect(await t.cache.get('a', t.load('v2'))).toBe('v1');
    expect(t.loads()).toBe(1);
    t.generation.value++;
    expect(await t.cache.get('a', t.load('v2'))).toBe('v2');
    expect(t.loads()).toBe(2);
  });

  it('reads again once the time to live has passed (writes by other processes)', async () => {
    const t = setup();
    await t.cache.get('a', t.load('v1'));
    t.advance(999);
    expect(await t.cache.get('a', t.load('v2'))).toBe('v1');
    t.advance(2);
    expect(await t.cache.get('a', t.load('v2'))).toBe('v2');
  });

  it('does not keep a read that overlapped a write', async () => {
    const t = setup();
    const value = await t.cache.get('a', () => {
      t.generation.value++; // a write lands while the read runs
      return Promise.resolve('maybe stale');
    });
    expect(value).toBe('maybe stale');
    expect(await t.cache.get('a', t.load('fresh'))).toBe('fresh');
    expect(t.cache.size).toBe(1);
  });

  it('runs one load for concurrent requests of a key', async () => {
    const t = setup();
    let release: (v: string) => void = () => {};
    let loads = 0;
    const slow = () => {
      loads++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const both = Promise.all([t.cache.get('a', slow), t.cache.get('a', slow)]);
    release('v');
    expect(await both).toEqual(['v', 'v']);
    expect(loads).toBe(1);
  });

  it('drops the least recently used entry when full, and nothing of a failed load', async () => {
    const t = setup(2);
    await t.cache.get('a', t.load('a'));
    await t.cache.get('b', t.load('b'));
    await t.cache.get('a', t.load('a')); // a is now the most recent
    await t.cache.get('c', t.load('c'));
    expect(t.loads()).toBe(3);
    await t.cache.get('a', t.load('a'));
    expect(t.loads()).toBe(3);
    await t.cache.get('b', t.load('b'));
    expect(t.loads()).toBe(4);
    await expect(t.cache.get('d', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await t.cache.get('d', t.load('d'))).toBe('d');
  });

  it('reads only the missing keys of a batch, in one load, and keeps nothing across a write', async () => {
    const t = setup();
    const asked: string[][] = [];
    const load = (missing: string[]) => {
      asked.push(missing);
      // 'gone' names a deleted item: the load does not answer it.
      return Promise.resolve(new Map(missing.filter((k) => k !== 'gone').map((k) => [k, k.toUpperCase()])));
    };
    expect([...(await t.cache.getMany(['a', 'b'], load))]).toEqual([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    const second = await t.cache.getMany(['b', 'c', 'gone'], load);
    expect(second.get('b')).toBe('B');
    expect(second.get('c')).toBe('C');
    expect(second.has('gone')).toBe(false);
    expect(asked).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ]);
    t.generation.value++;
    await t.cache.getMany(['a'], load);
    expect(asked.at(-1)).toEqual(['a']);
  });
});
