import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackTop } from './BackTop.tsx';
import { COMPONENT_TEXT } from './texts.ts';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  cleanup();
  scrollTo(0);
  vi.restoreAllMocks();
});

describe('BackTop', () => {
  it('appears past 242 px of scrolling, goes back up on click, and hides at the top', () => {
    render(<BackTop />);
    expect(screen.queryByRole('button', { name: COMPONENT_TEXT.backTop })).toBeNull();
    scrollTo(242);
    expect(screen.queryByRole('button', { name: COMPONENT_TEXT.backTop })).toBeNull();
    scrollTo(243);
    const up = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    act(() => screen.getByRole('button', { name: COMPONENT_TEXT.backTop }).click());
    expect(up).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollTo(0);
    expect(screen.queryByRole('button', { name: COMPONENT_TEXT.backTop })).toBeNull();
  });

  it('shows on a page opened already scrolled, once its first frame is laid out', async () => {
    Object.defineProperty(window, 'scrollY', { value: 900, configurable: true });
    render(<BackTop />);
    expect(await screen.findByRole('button', { name: COMPONENT_TEXT.backTop })).toBeTruthy();
  });
});
