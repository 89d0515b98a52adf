import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSearchParamsNow } from './useSearchParamsNow.ts';

function Probe() {
  const [params, update] = useSearchParamsNow();
  const location = useLocation();
  const set = (name: string, value: string) =>
    update((current) => {
      current.set(name, value);
      return current;
    });
  return (
    <>
      <output aria-label="search">{location.search}</output>
      <output aria-label="tab">{params.get('tab') ?? ''}</output>
      <button type="button" onClick={() => set('tab', 'report')}>
        tab
      </button>
      <button type="button" onClick={() => set('sort', 'hot')}>
        sort
      </button>
    </>
  );
}

/** The probe at `url`; its tab and sort buttons. */
function renderAt(url: string): { tab: HTMLElement; sort: HTMLElement } {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Probe />
    </MemoryRouter>,
  );
  return {
    tab: screen.getByRole('button', { name: 'tab' }),
    sort: screen.getByRole('button', { name: 'sort' }),
  };
}

describe('useSearchParamsNow', () => {
  afterEach(cleanup);

  it('keeps both of two changes made before the next render', () => {
    const { tab, sort } = renderAt('/homepage?search=电池');
    // Both clicks in one act: React renders once, after both (a tap then a tap on a busy phone).
    act(() => {
      tab.click();
      sort.click();
    });
    expect(screen.getByLabelText('search').textContent).toBe(
      `?${new URLSearchParams({ search: '电池', tab: 'report', sort: 'hot' }).toString()}`,
    );
    expect(screen.getByLabelText('tab').textContent).toBe('report');
  });

  it('builds on the rendered URL once it has rendered', () => {
    const { tab, sort } = renderAt('/homepage');
    act(() => tab.click());
    act(() => sort.click());
    expect(screen.getByLabelText('search').textContent).toBe('?tab=report&sort=hot');
  });
});
