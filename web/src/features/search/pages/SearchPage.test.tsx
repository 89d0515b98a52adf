import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { installAntdJsdomShims } from '../../../test/antdJsdom.ts';
import { fakeIntersectionObserver } from '../../../test/fakeIntersectionObserver.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { reportHit, searchReply } from '../../../test/searchHits.ts';
import { SEARCH_FORM_TEXT } from '../../../entities/content/texts.ts';
import { SEARCH_TEXT } from '../texts.ts';
import { SearchPage } from './SearchPage.tsx';

type TBody = { keyword: string; tn: string; type: string; psort?: string; page: number };

function Where() {
  const location = useLocation();
  return <output aria-label="地址">{`${location.pathname}${location.search}`}</output>;
}

/** The search page at `path`, against a server where only 新能源 finds anything. */
function renderAt(path: string, fallback = false, synonyms?: string[]) {
  const searches: TBody[] = [];
  stubFetch((call) => {
    if (call.url.pathname === '/api/search/label') {
      return ok([
        { tn: 'all', name: '全部' },
        { tn: 'report', name: '报告' },
      ]);
    }
    const body = call.body as TBody;
    searches.push(body);
    if (!body.keyword.includes('新能源')) {
      return ok(searchReply([], 0));
    }
    return ok({
      ...searchReply(
        [
          reportHit(1, { title: '<em>新能源</em>汽车&lt;2026&gt;', content: '…<em>新能源</em>渗透率…' }),
          reportHit(2),
        ],
        2,
        1,
        fallback,
      ),
      ...(synonyms ? { synonyms } : {}),
    });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/searchpage/searchpage" element={<SearchPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return searches;
}

const box = () => screen.getByRole('searchbox', { name: SEARCH_FORM_TEXT.boxLabel });

beforeEach(() => {
  vi.stubGlobal('innerWidth', 1440);
  fakeIntersectionObserver();
  setNotifier(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('without a keyword asks for one, and refuses an empty search', async () => {
    const searches = renderAt('/searchpage/searchpage');
    expect(screen.getByText(SEARCH_TEXT.prompt)).toBeTruthy();
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: SEARCH_FORM_TEXT.submit }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.searchRequired);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    await Promise.resolve();
    expect(searches).toHaveLength(0);
    expect(screen.getByRole('status', { name: '地址' }).textContent).toBe('/searchpage/searchpage');
  });

  it('shows 没有找到相关结果 and the hint when nothing matches', async () => {
    const searches = renderAt('/searchpage/searchpage?search=火星殖民');
    expect(await screen.findByText(MSG.noResults)).toBeTruthy();
    expect(screen.getByText(MSG.noResultsHint)).toBeTruthy();
    expect(searches[0]).toMatchObject({
      keyword: '火星殖民',
      tn: 'all',
      type: 'search',
      psort: 'recommend',
      page: 1,
    });
    expect(box()).toHaveProperty('value', '火星殖民');
  });

  it('shows hits with the matched terms highlighted, tabs 全部 and 报告, and the count', async () => {
    renderAt('/searchpage/searchpage?search=新能源汽车');
    const first = await screen.findByRole('link', { name: '新能源汽车<2026>' });
    expect(first.getAttribute('href')).toBe('/report/report_details/1?id=1&index=portal_report');
    expect(first.querySelector('em')?.textContent).toBe('新能源');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: '全部', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '报告' })).toBeTruthy();
    expect(screen.getByText(SEARCH_TEXT.total(2, false))).toBeTruthy();
    expect(screen.queryByText(SEARCH_TEXT.fallback)).toBeNull();
    expect(await screen.findByText(MSG.endOfList)).toBeTruthy();
  });

  it('says so when the results match only some of the words', async () => {
    renderAt('/searchpage/searchpage?search=新能源 火星', true);
    expect(await screen.findByText(SEARCH_TEXT.fallback)).toBeTruthy();
  });

  it('filters the 报告 tab like the report list, and leaves 全部 unfiltered', async () => {
    installAntdJsdomShims();
    const searches = renderAt('/searchpage/searchpage?search=新能源&tab=report&industry=汽车&pages=11-30');
    await screen.findByRole('button', { name: '清除筛选' });
    await waitFor(() =>
      expect(searches.at(-1)).toMatchObject({
        tn: 'report',
        keyword: '新能源',
        industry: '汽车',
        pages: '11-30',
      }),
    );
    cleanup();
    const all = renderAt('/searchpage/searchpage?search=新能源&industry=汽车');
    await screen.findByText(SEARCH_TEXT.total(2, false));
    expect(all.at(-1)).not.toHaveProperty('industry');
    expect(screen.queryByRole('button', { name: '清除筛选' })).toBeNull();
    // antd's Select and DatePicker make the first render slow on a loaded machine.
  }, 20_000);

  it('names the synonyms searched beside the keyword, and only then', async () => {
    renderAt('/searchpage/searchpage?search=新能源车', false, ['新能源汽车', 'NEV']);
    expect(await screen.findByText('已同时搜索同义词：新能源汽车、NEV')).toBeTruthy();
    cleanup();
    renderAt('/searchpage/searchpage?search=新能源');
    await screen.findByText(SEARCH_TEXT.total(2, false));
    expect(screen.queryByText(/已同时搜索同义词/)).toBeNull();
  });

  it('lists organisations on the 机构 tab as rows with their logo, name and introduction', async () => {
    stubFetch((call) => {
      if (call.url.pathname === '/api/search/label') {
        return ok([
          { tn: 'all', name: '全部' },
          { tn: 'organisation', name: '机构' },
        ]);
      }
      const organ = {
        ...reportHit(9, { title: '<em>宁德</em>时代', content: '<em>宁德</em>时代新能源科技股份有限公司' }),
        _index: 'portal_organisation',
      };
      organ._source = { ...organ._source, title: '宁德时代', description: '宁德时代新能源科技股份有限公司' };
      return ok(searchReply([organ], 1));
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/searchpage/searchpage?search=宁德&tab=organisation']}>
          <Routes>
            <Route path="/searchpage/searchpage" element={<SearchPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const name = await screen.findByRole('link', { name: '宁德时代' });
    expect(name.getAttribute('href')).toBe('/organ/organDetail/9');
    const row = screen.getByRole('article', { name: '宁德时代' });
    // The logo's place (its initial here: the hit has no logo) at logo size, not a cover tile.
    expect(row.querySelector('.organ-logo')?.getAttribute('style')).toContain('width: 48px');
    expect(row.querySelector('.organ-hit__intro em')?.textContent).toBe('宁德');
  });

  it('runs a new search on Enter and puts it in the URL', async () => {
    const searches = renderAt('/searchpage/searchpage?search=火星');
    await screen.findByText(MSG.noResults);
    fireEvent.change(box(), { target: { value: ' 新能源 ' } });
    // Enter in a one-field form submits it.
    const form = box().closest('form');
    if (!form) {
      throw new Error('no form');
    }
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '地址' }).textContent).toBe(
        `/searchpage/searchpage?search=${encodeURIComponent('新能源')}`,
      ),
    );
    await screen.findByRole('link', { name: '新能源汽车<2026>' });
    expect(searches.at(-1)).toMatchObject({ keyword: '新能源', page: 1 });
  });
});
