import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { CardGrid } from './CardGrid.tsx';
import { VIEWPORT_ATTRIBUTE } from './viewportHint.ts';
import { gridPageSize } from './gridPageSize.ts';

const ITEMS = Array.from({ length: 8 }, (_, i) => `卡片 ${i + 1}`);

function renderGrid() {
  render(
    <CardGrid items={ITEMS} getKey={(item) => item} renderItem={(item) => <p>{item}</p>} label="内容" />,
  );
  return screen.getByRole('list', { name: '内容' });
}

/** The hooks read the width on resize only (useViewportWidth.ts), as the browser reports it. */
function resizeTo(width: number) {
  vi.stubGlobal('innerWidth', width);
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CardGrid', () => {
  it('shows 4 columns and pages of 12 at 1440 px', () => {
    resizeTo(1440);
    const grid = renderGrid();
    expect(grid.dataset.columns).toBe('4');
    expect(grid.style.gridTemplateColumns).toBe('repeat(4, minmax(0, 1fr))');
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(gridPageSize()).toBe(12);
  });

  it('shows 2 columns and pages of 12 on a 390 px phone', () => {
    resizeTo(390);
    const grid = renderGrid();
    expect(grid.dataset.columns).toBe('2');
    expect(gridPageSize()).toBe(12);
  });

  it('follows the window when it is resized (6 columns from 1980 px)', () => {
    resizeTo(1440);
    const grid = renderGrid();
    resizeTo(2000);
    expect(grid.dataset.columns).toBe('6');
    resizeTo(390);
    expect(grid.dataset.columns).toBe('2');
  });

  it('drops columns that would make a card narrower than 274 px in its container', () => {
    resizeTo(1440);
    let report: ResizeObserverCallback = () => undefined;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          report = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const grid = renderGrid();
    act(() => report([{ contentRect: { width: 900 } } as ResizeObserverEntry], {} as ResizeObserver));
    // (900 + 16) / (274 + 16) → 3 columns of at least 274 px.
    expect(grid.dataset.columns).toBe('3');
  });

  it('does not measure its container on a phone (the columns never depend on it there)', () => {
    resizeTo(390);
    const observe = vi.fn();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe = observe;
        disconnect() {}
      },
    );
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get');
    const grid = renderGrid();
    expect(grid.dataset.columns).toBe('2');
    expect(observe).not.toHaveBeenCalled();
    expect(width).not.toHaveBeenCalled();
    resizeTo(1440);
    expect(observe).toHaveBeenCalledWith(grid);
    width.mockRestore();
  });

  it('renders its cards once when a phone hydrates a page rendered for another phone width', async () => {
    // The server rendered for 390 px (a first visit's guess); the phone is 412 px wide: the same
    // two columns, so nothing is drawn again once hydration has run.
    resizeTo(412);
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(VIEWPORT_ATTRIBUTE, '390');
    document.body.append(container);
    const drawn = vi.fn((item: string) => <p>{item}</p>);
    const grid = <CardGrid items={ITEMS} getKey={(item) => item} renderItem={drawn} label="内容" />;
    container.innerHTML = renderToString(grid);
    drawn.mockClear();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, grid);
    });
    expect(container.querySelector('ul')?.dataset.columns).toBe('2');
    expect(drawn).toHaveBeenCalledTimes(ITEMS.length);
    act(() => root?.unmount());
    container.remove();
  });
});
