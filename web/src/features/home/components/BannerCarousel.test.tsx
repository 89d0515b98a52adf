import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS } from '@portal/contract';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { BannerCarousel } from './BannerCarousel.tsx';

const BANNERS = [
  { id: 11, title: '新能源汽车白皮书', image_url: '/files/b1.png', redirect_url: 'https://example.com/ev' },
  { id: 12, title: '跨境电商峰会', image_url: '/files/b2.png', redirect_url: 'https://example.com/cb' },
  { id: 13, title: '坏链接', image_url: '/files/b3.png', redirect_url: 'javascript:alert(1)' },
];

/** The slide on show: the others are hidden and inert, so it is the only group. */
const shown = () => screen.getByRole('group').getAttribute('aria-label') ?? '';

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn(() => null);
  vi.stubGlobal('open', open);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BannerCarousel', () => {
  it('logs a click on a slide and opens its redirect_url in a new tab without an opener', async () => {
    const calls = stubFetch(() => ok(null));
    render(<BannerCarousel banners={BANNERS} />);
    fireEvent.click(screen.getByRole('button', { name: '新能源汽车白皮书' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.url.pathname).toBe('/api/banner/log');
    expect(calls[0]?.body).toEqual({ banner_id: 11 });
    expect(open).toHaveBeenCalledWith('https://example.com/ev', '_blank', 'noopener,noreferrer');
  });

  it('still opens the page when the log call fails', async () => {
    stubFetch(() => new Error('offline'));
    render(<BannerCarousel banners={BANNERS} />);
    fireEvent.click(screen.getByRole('button', { name: '新能源汽车白皮书' }));
    expect(open).toHaveBeenCalledTimes(1);
    await act(async () => {});
  });

  it('does not open a javascript: URL', () => {
    const calls = stubFetch(() => ok(null));
    render(<BannerCarousel banners={BANNERS} />);
    fireEvent.click(screen.getByRole('button', { name: '切换到第 3 张' }));
    fireEvent.click(screen.getByRole('button', { name: '坏链接' }));
    expect(calls[0]?.body).toEqual({ banner_id: 13 });
    expect(open).not.toHaveBeenCalled();
  });

  it('advances every interval, and the arrows move one slide', () => {
    vi.useFakeTimers();
    stubFetch(() => ok(null));
    render(<BannerCarousel banners={BANNERS} />);
    expect(shown()).toMatch(/^第 1 张/);
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS);
    });
    expect(shown()).toMatch(/^第 2 张/);
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(shown()).toMatch(/^第 3 张/);
    fireEvent.click(screen.getByRole('button', { name: '下一张' }));
    expect(shown()).toMatch(/^第 1 张/);
    fireEvent.click(screen.getByRole('button', { name: '上一张' }));
    expect(shown()).toMatch(/^第 3 张/);
  });

  it('pauses while the pointer is over it', () => {
    vi.useFakeTimers();
    stubFetch(() => ok(null));
    render(<BannerCarousel banners={BANNERS} />);
    fireEvent.mouseEnter(screen.getByRole('region', { name: '首页轮播' }));
    act(() => {
      vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3);
    });
    expect(shown()).toMatch(/^第 1 张/);
  });
});
