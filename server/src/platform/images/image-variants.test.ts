import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pngHeader, solidPng } from '../../modules/account/images.fixture.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { createImageVariants, encodeVariant, imageVariantKey, withImageVariants } from './image-variants.ts';

describe('card-size image variants', () => {
  let dir: string;
  let raw: LocalStorage;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'image-variants-'));
    raw = new LocalStorage(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('encodes WebP at the asked width, keeping the aspect ratio and never enlarging', async () => {
    const wide = await sharp(await encodeVariant(solidPng(1200, 400), 640)).metadata();
    expect(wide).toMatchObject({ format: 'webp', width: 640, height: 213 });
    const small = await sharp(await encodeVariant(solidPng(200, 300), 960)).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 200, height: 300 });
    await expect(encodeVariant(pngHeader(60, 20), 320)).rejects.toThrow();
  });

  it('makes a missing variant once from the original and stores it under cache/', async () => {
    await raw.put('public/banners/a.png', solidPng(1200, 400), 'image/png');
    const variants = createImageVariants(raw);
    const [first, second] = await Promise.all([
      variants.ensure('public/banners/a.png', 320),
      variants.ensure('public/banners/a.png', 320),
    ]);
    expect(first).toBe('cache/images/public/banners/a.png/w320.webp');
    expect(second).toBe(first);
    expect((await sharp((await raw.get(first!))!).metadata()).width).toBe(320);
    expect(await raw.list('cache/images')).toEqual([first]);
  });

  it('answers null for a missing original or one that does not decode, storing nothing', async () => {
    await raw.put('public/banners/broken.png', pngHeader(60, 20), 'image/png');
    const variants = createImageVariants(raw);
    expect(await variants.ensure('public/banners/none.png', 640)).toBeNull();
    expect(await variants.ensure('public/banners/broken.png', 640)).toBeNull();
    expect(await variants.makeAll('public/banners/broken.png', pngHeader(60, 20))).toBe(false);
    expect(await raw.list('cache')).toEqual([]);
  });

  it('makes every width at upload, and a delete of the picture or its folder takes them along', async () => {
    const storage = withImageVariants(raw);
    const variants = createImageVariants(storage);
    for (const key of ['public/analyses/7/c.png', 'reports/42/u1/cover.png']) {
      await storage.put(key, solidPng(600, 849), 'image/png');
      expect(await variants.makeAll(key, solidPng(600, 849))).toBe(true);
    }
    expect(await raw.list('cache/images/public/analyses/7/c.png')).toEqual(
      [320, 640, 960, 1440].map((w) => imageVariantKey('public/analyses/7/c.png', w as 320)).sort(),
    );
    await storage.delete('public/analyses/7/c.png');
    expect(await raw.list('cache/images/public')).toEqual([]);
    expect(await storage.deletePrefix('reports/42')).toBe(1);
    expect(await raw.list('cache')).toEqual([]);
  });
});
