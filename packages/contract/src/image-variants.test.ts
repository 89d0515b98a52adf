import { describe, expect, it } from 'vitest';
import { hasImageVariants, imageSrcSet, imageVariantUrl, parseImageVariant } from './image-variants.ts';

describe('picture copies', () => {
  it("name a public picture's copies after it", () => {
    expect(imageVariantUrl('/files/demo/banners/1.png', 640)).toBe('/files/demo/banners/1.png.w640.webp');
    expect(parseImageVariant('demo/banners/1.png.w640.webp')).toEqual({
      original: 'demo/banners/1.png',
      width: 640,
    });
  });

  it("keep a signed picture's signature on every copy", () => {
    const page = '/files/reports/7/pages/0001.jpg?exp=1800000000&sig=Ab-_9';
    expect(hasImageVariants(page)).toBe(true);
    expect(imageVariantUrl(page, 320)).toBe(
      '/files/reports/7/pages/0001.jpg.w320.webp?exp=1800000000&sig=Ab-_9',
    );
    expect(imageSrcSet(page).split(', ')).toHaveLength(4);
  });

  it('offer none for outside pictures, other queries or other formats', () => {
    for (const url of [
      'https://example.com/a.png',
      '/files/a.png?v=2',
      '/files/a.png?exp=1&sig=x&more=1',
      '/files/a.bmp',
      '/files/a.pdf',
    ]) {
      expect(imageSrcSet(url), url).toBe('');
    }
  });
});
