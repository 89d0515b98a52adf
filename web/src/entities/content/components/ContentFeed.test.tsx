import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { fakeIntersectionObserver } from '../../../test/fakeIntersectionObserver.ts';
import { ok, stubFetch, type TStubCall, type TStubReply } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { reportHit, searchReply } from '../../../test/searchHits.ts';
import { LIST_SORTS } from '../sorts.ts';
import { ContentFeed } from './ContentFeed.tsx';

type TSearchBody = {
  tn: string;
  keyword: string;
  type: string;
  page: number;
  page_size: number;
  psort?: string;
  source: string;
  anal_type?: string;
};

const TABS = [
  { tn: 'all', name: '全部' },
  { tn: 'report', name: '报告' },
];

/** A server whose search answers `pageReply(body)`; it records the search bodies it got. */
function server(pageReply: (body: TSearchBody) => TStubReply) {
  const searches: TSearchBody[] = [];
  const calls = stubFetch((call: TStubCall) => {
    if (call.url.pathname === '/api/search/label') {
      return ok(TABS);
    }
    if (call.url.pathname === '/api/search') {
      const body = call.body as TSearchBody;
      searches.push(body);
      return pageReply(body);
    }
    return { status: 404, body: { code: -1, message: 'not found', data: null } };
  });
  return { calls, searches };
}

/** Page `page` of 12 hits, out of 100. */
const fullPage = (page: number) =>
  ok(
    searchReply(
      Array.from({ length: 12 }, (_, i) => reportHit((page - 1) * 12 + i + 1)),
      100,
      page,
    ),
  );

function renderFeed() {
  return renderWithQuery(<ContentFeed pageType="home" defaultTab="all" sorts={LIST_SORTS} label="内容" />);
}

let io: ReturnType<typeof fakeIntersectionObserver>;
beforeEach(() => {
  vi.stubGlobal('innerWidth', 1440);
  io = fakeIntersectionObserver();
  setNotifier(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cards = () => screen.queryAllByRole('article');

describe('ContentFeed paging', () => {
  it('asks for page 1 sized by the grid (4 columns × 3 rows at 1440 px) with the list settings', async () => {
    const { searches } = server((body) => fullPage(body.page));
    renderFeed();
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(searches[0]).toEqual({
      tn: 'all',
      keyword: '',
      type: 'home',
      page: 1,
      page_size: 12,
      source: 'PC',
      psort: 'new',
    });
    expect(screen.queryByText(MSG.endOfList)).toBeNull();
  });

  it('asks an insight category list for that category only (anal_type)', async () => {
    const { searches } = server((body) => fullPage(body.page));
    renderWithQuery(
      <ContentFeed
        pageType="insight"
        defaultTab="insight"
        analType="brand"
        sorts={LIST_SORTS}
        label="专题"
      />,
    );
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ type: 'insight', anal_type: 'brand' });
  });

  it('loads the next page when the bottom comes into view and ends on an empty page', async () => {
    const { searches } = server((body) =>
      body.page <= 2 ? fullPage(body.page) : ok(searchReply([], 100, body.page)),
    );
    renderFeed();
    await waitFor(() => expect(cards()).toHaveLength(12));
    act(() => io.reveal());
    await waitFor(() => expect(cards()).toHaveLength(24));
    act(() => io.reveal());
    expect(await screen.findByText(MSG.endOfList)).toBeTruthy();
    expect(searches.map((body) => body.page)).toEqual([1, 2, 3]);
    expect(cards()).toHaveLength(24);
    // Nothing more is asked for once the list has ended.
    act(() => io.reveal());
    expect(searches).toHaveLength(3);
  });

  it('ends at an exact total without asking for another page', async () => {
    server(() => ok(searchReply([reportHit(1), reportHit(2)], 2)));
    renderFeed();
    expect(await screen.findByText(MSG.endOfList)).toBeTruthy();
  });

  it('keeps the pages it has and shows the end state when a page request fails', async () => {
    const { searches } = server((body) =>
      body.page === 1 ? fullPage(1) : { status: 500, body: { code: -1, message: '服务器错误', data: null } },
    );
    renderFeed();
    await waitFor(() => expect(cards()).toHaveLength(12));
    act(() => io.reveal());
    expect(await screen.findByText(MSG.endOfList)).toBeTruthy();
    expect(cards()).toHaveLength(12);
    // Back on page 1: scrolling on does not ask for page 2 or 3 again.
    act(() => io.reveal());
    expect(searches.map((body) => body.page)).toEqual([1, 2]);
  });

  it('shows 暂无数据 when the first page is empty', async () => {
    server(() => ok(searchReply([], 0)));
    renderFeed();
    expect(await screen.findByText(MSG.noData)).toBeTruthy();
    expect(screen.queryByText(MSG.endOfList)).toBeNull();
  });

  it('reloads from page 1 when the tab or the sort changes', async () => {
    const { searches } = server((body) => fullPage(body.page));
    renderFeed();
    await waitFor(() => expect(cards()).toHaveLength(12));
    act(() => io.reveal());
    await waitFor(() => expect(cards()).toHaveLength(24));

    fireEvent.click(await screen.findByRole('tab', { name: '报告' }));
    await waitFor(() => expect(searches).toHaveLength(3));
    expect(searches[2]).toMatchObject({ tn: 'report', page: 1, psort: 'new' });
    expect(screen.getByRole('tab', { name: '报告' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(cards()).toHaveLength(12));

    fireEvent.click(screen.getByRole('button', { name: '最热' }));
    await waitFor(() => expect(searches).toHaveLength(4));
    expect(searches[3]).toMatchObject({ tn: 'report', page: 1, psort: 'hot' });
    expect(screen.getByRole('button', { name: '最热' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(cards()).toHaveLength(12));
  });
});

describe('ContentFeed tab and sort in the URL', () => {
  it('opens on the tab and sort the address names, so a reload or the back button restores them', async () => {
    const { searches } = server((body) => fullPage(body.page));
    renderWithQuery(
      <ContentFeed pageType="home" defaultTab="all" sorts={LIST_SORTS} label="内容" />,
      '/homepage?tab=report&sort=hot',
    );
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ tn: 'report', psort: 'hot' });
  });

  it('ignores a sort the list does not offer', async () => {
    const { searches } = server((body) => fullPage(body.page));
    renderWithQuery(
      <ContentFeed pageType="home" defaultTab="all" sorts={LIST_SORTS} label="内容" />,
      '/homepage?sort=drop',
    );
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toMatchObject({ tn: 'all', psort: 'new' });
  });
});
