import { act, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadableLazy.ts';

// Rendered with React's own act (no Testing Library here), which asks for this flag.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const Page = () => <p>页面内容</p>;

describe('preloadableLazy', () => {
  it('renders at once once preloaded: no fallback, even on a server render that cannot wait', async () => {
    const load = vi.fn(async () => Page);
    const Lazy = preloadableLazy(load);
    const tree = (
      <Suspense fallback={<p>加载中</p>}>
        <Lazy />
      </Suspense>
    );
    // Not loaded: React.lazy suspends (renderToString shows the fallback).
    expect(renderToString(tree)).toContain('加载中');
    await Lazy.preload();
    expect(renderToString(tree)).toContain('页面内容');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load (a dropped connection, a new deploy)', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce(Page);
    const Lazy = preloadableLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    await Lazy.preload();
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<Lazy />));
    expect(container.textContent).toBe('页面内容');
    act(() => root.unmount());
  });
});
