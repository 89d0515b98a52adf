import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage, StorageRangeError } from './local-storage.ts';
import { InvalidStorageKeyError, isValidStorageKey } from './storage-key.ts';

let root: string;
let storage: LocalStorage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'storage-test-'));
  storage = new LocalStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const bytes = (s: string) => new TextEncoder().encode(s);

describe('storage keys', () => {
  it.each([
    '../etc/passwd',
    'reports/../../x.pdf',
    'reports/./x.pdf',
    '/etc/passwd',
    'reports//x.pdf',
    'reports/x.pdf/',
    'C:\\x.pdf',
    'reports\\x.pdf',
    'reports/.hidden',
    'reports/x\0.pdf',
    '报告/x.pdf',
    '',
    'a'.repeat(513),
  ])('rejects %j', async (key) => {
    expect(isValidStorageKey(key)).toBe(false);
    await expect(storage.put(key, bytes('x'), 'application/pdf')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.deletePrefix(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('accepts ordinary keys', () => {
    expect(isValidStorageKey('reports/42/u-7f3a/pages/0001.jpg')).toBe(true);
    expect(isValidStorageKey('cover.png')).toBe(true);
  });
});

describe('LocalStorage', () => {
  it('puts, gets, checks and deletes an object', async () => {
    await storage.put('reports/1/a.txt', bytes('你好'), 'text/plain; charset=utf-8');
    expect((await storage.get('reports/1/a.txt'))?.toString('utf8')).toBe('你好');
    expect(await storage.exists('reports/1/a.txt')).toBe(true);
    expect(await storage.exists('reports/1')).toBe(false); // a folder is not an object
    await storage.delete('reports/1/a.txt');
    expect(await storage.get('reports/1/a.txt')).toBeNull();
    await storage.delete('reports/1/a.txt'); // deleting twice is fine
    expect(await readdir(root)).toEqual(['.tmp']); // empty folders are pruned, temp folder stays
  });

  it('replaces an object whole and leaves no temp files', async () => {
    await storage.put('a/x.txt', bytes('old'), 'text/plain');
    await storage.put('a/x.txt', bytes('new'), 'text/plain');
    expect((await storage.get('a/x.txt'))?.toString()).toBe('new');
    expect(await readdir(join(root, '.tmp'))).toEqual([]);
  });

  it('refuses a content type its extension would not serve', async () => {
    await expect(storage.put('a/x.png', bytes('x'), 'image/jpeg')).rejects.toThrow(/does not match/);
    expect(await storage.list('a')).toEqual([]);
  });

  it('lists and deletes by folder prefix, not by string prefix', async () => {
    for (const key of ['r/1/a.png', 'r/1/pages/0001.jpg', 'r/10/a.png', 'r/1.pdf']) {
      await storage.put(
        key,
        bytes(key),
        key.endsWith('.pdf') ? 'application/pdf' : key.endsWith('.png') ? 'image/png' : 'image/jpeg',
      );
    }
    expect(await storage.list('r/1')).toEqual(['r/1/a.png', 'r/1/pages/0001.jpg']);
    expect(await storage.list('r/1.pdf')).toEqual(['r/1.pdf']);
    expect(await storage.deletePrefix('r/1')).toBe(2);
    expect(await storage.list('r')).toEqual(['r/1.pdf', 'r/10/a.png']);
    expect(await storage.deletePrefix('nothing/here')).toBe(0);
  });

  it('streams whole objects and byte ranges', async () => {
    await storage.put('f/a.txt', bytes('0123456789'), 'text/plain');
    const whole = await storage.stream('f/a.txt');
    expect(whole?.size).toBe(10);
    expect(whole?.contentType).toBe('text/plain; charset=utf-8');
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await storage.stream('f/a.txt', { start: 2, end: 100 });
    expect(part?.range).toEqual({ start: 2, end: 9 });
    expect(await text(part!.body)).toBe('23456789');
    await expect(storage.stream('f/a.txt', { start: 10, end: 12 })).rejects.toBeInstanceOf(StorageRangeError);
    expect(await storage.stream('f/missing.txt')).toBeNull();
  });
});
