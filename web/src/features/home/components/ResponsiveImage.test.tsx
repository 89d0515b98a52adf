import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BANNER_IMAGE_SIZES, CARD_IMAGE_SIZES } from '@portal/contract';
import { BannerCarousel } from './BannerCarousel.tsx';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { reportHit } from '../../../test/searchHits.ts';
import { ContentCard } from '../../../entities/content/components/ContentCard.tsx';
import type { TCoverLoading } from '../../../entities/content/priorityCovers.ts';

afterEach(cleanup);

const COVER = '/files/demo/reports/r1/u1/cover.png';
const coverCard = (cover: string, loading?: TCoverLoading) => {
  const hit = reportHit(1);
  hit._source.cover = cover;
  const { container } = renderWithQuery(<ContentCard hit={hit} cover={loading} />);
  return container.querySelector('.content-card__cover img') as HTMLImageElement | null;
};

describe('covers and banners at the size they render', () => {
  it('offers a card the WebP copies at card size, lazily, the original as the fallback', () => {
    const img = coverCard(COVER)!;
    expect(img.getAttribute('src')).toBe(COVER);
    expect(img.getAttribute('srcset')).toBe(
      [320, 640, 960, 1440].map((w) => `${COVER}.w${w}.webp ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe(CARD_IMAGE_SIZES);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
  });

  it('fetches a list’s first covers at once, the likely largest with high priority', () => {
    const img = coverCard(COVER, 'priority')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    cleanup();
    const other = coverCard(COVER, 'eager')!;
    expect(other.getAttribute('loading')).toBe('eager');
    expect(other.getAttribute('fetchpriority')).toBeNull();
  });

  it('shows pictures without copies as they are: another site’s, one with another query, a BMP', () => {
    for (const cover of ['https://img.example.com/a.png', '/files/public/a.png?v=2', '/files/public/a.bmp']) {
      const img = coverCard(cover)!;
      expect(img.getAttribute('src')).toBe(cover);
      expect(img.getAttribute('srcset'), cover).toBeNull();
      cleanup();
    }
  });

  it('asks for the copies of a signed picture with its signature', () => {
    const cover = '/files/avatars/1/a.png?exp=1&sig=x';
    const img = coverCard(cover)!;
    expect(img.getAttribute('src')).toBe(cover);
    expect(img.getAttribute('srcset')).toContain('/files/avatars/1/a.png.w320.webp?exp=1&sig=x 320w');
  });

  it('falls back to the original when a copy fails, and drops the cover only when that fails too', () => {
    const img = coverCard(COVER)!;
    fireEvent.error(img);
    const plain = document.querySelector('.content-card__cover img')!;
    expect(plain.getAttribute('srcset')).toBeNull();
    expect(plain.getAttribute('src')).toBe(COVER);
    fireEvent.error(plain);
    expect(document.querySelector('.content-card__cover')).toBeNull();
    expect(document.querySelector('.content-card--none')).not.toBeNull();
  });

  it('fetches the first banner first and the other slides lazily, all at banner size', () => {
    const banners = [1, 2, 3].map((id) => ({
      id,
      title: `横幅 ${id}`,
      image_url: `/files/demo/banners/${id}.png`,
      redirect_url: '',
    }));
    const { container } = render(<BannerCarousel banners={banners} />);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((i) => [i.getAttribute('fetchpriority'), i.getAttribute('loading')])).toEqual([
      ['high', 'eager'],
      [null, 'lazy'],
      [null, 'lazy'],
    ]);
    expect(images.every((i) => i.getAttribute('sizes') === BANNER_IMAGE_SIZES)).toBe(true);
    expect(images[1]!.getAttribute('srcset')).toContain('/files/demo/banners/2.png.w960.webp 960w');
  });
});
