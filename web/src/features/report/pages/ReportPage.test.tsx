import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { fakeIntersectionObserver } from '../../../test/fakeIntersectionObserver.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { reportHit, searchReply } from '../../../test/searchHits.ts';
import { ReportPage } from './ReportPage.tsx';

type TBody = Record<string, unknown>;

function Where() {
  const location = useLocation();
  return <output aria-label="地址">{`${location.pathname}${location.search}`}</output>;
}

/** The report list at `path` against a server with two reports and their facets. */
function renderAt(
  path: string,
  prefs: { report_view: string; saved: TBody[] } = { report_view: 'grid', saved: [] },
) {
  const searches: TBody[] = [];
  stubFetch((call) => {
    if (call.url.pathname === '/api/search/label') {
      return ok([{ tn: 'report', name: '报告' }]);
    }
    if (call.url.pathname === '/api/user/preferences') {
      if (call.method === 'POST') {
        prefs.saved.push(call.body as TBody);
        prefs.report_view = (call.body as { report_view: string }).report_view;
      }
      return ok({ report_view: prefs.report_view });
    }
    searches.push(call.body as TBody);
    return ok({
      ...searchReply(
        [{ ...reportHit(1), _source: { ...reportHit(1)._source, page_count: 24 } }, reportHit(2)],
        2,
      ),
      facets: {
        industry: [
          { value: '新能源', count: 7 },
          { value: '消费', count: 3 },
        ],
        publisher: [{ value: '示例研究院', count: 10 }],
        pages: [{ value: '11-30', count: 4 }],
      },
    });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/report" element={<ReportPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return searches;
}

describe('ReportPage filters and views', () => {
  beforeEach(() => {
    fakeIntersectionObserver();
    // This browser's copy of the view is a cookie (the server's render reads it too).
    document.cookie = 'report_view=; Max-Age=0; Path=/';
  });
  afterEach(() => {
    cleanup();
    sessionStore.reset(null);
  });

  it('sends the filters in the URL and shows the total', async () => {
    const searches = renderAt('/report?industry=新能源&from=2026-06-01&to=2026-09-30&pages=11-30');
    expect(await screen.findByText('共 2 份报告')).toBeTruthy();
    expect(searches[0]).toMatchObject({
      tn: 'report',
      industry: '新能源',
      date_from: '2026-06-01',
      date_to: '2026-09-30',
      pages: '11-30',
    });
    expect(searches[0]).not.toHaveProperty('publisher');
    expect(screen.getByText('新能源（7）')).toBeTruthy();
  });

  it('puts a chosen industry and date in the URL and the next search', async () => {
    const searches = renderAt('/report');
    await screen.findByText('共 2 份报告');
    fireEvent.change(screen.getByRole('combobox', { name: '行业' }), { target: { value: '新能源' } });
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ industry: '新能源' }));
    // The range says what it is in text, not only to a screen reader.
    const dates = screen.getByRole('group', { name: '发布日期' });
    expect(dates.textContent).toContain('发布日期');
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2026-06-01' } });
    await waitFor(() =>
      expect(searches.at(-1)).toMatchObject({ industry: '新能源', date_from: '2026-06-01' }),
    );
    expect(screen.getByLabelText('地址').textContent).toContain('industry=');
  });

  it('clears every filter at once', async () => {
    const searches = renderAt('/report?industry=消费');
    fireEvent.click(await screen.findByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(screen.getByLabelText('地址').textContent).toBe('/report'));
    await waitFor(() => expect(searches.at(-1)).not.toHaveProperty('industry'));
  });

  it('shows 列表 rows with publisher, date and pages, and remembers the choice', async () => {
    renderAt('/report');
    await screen.findByText('共 2 份报告');
    fireEvent.click(screen.getByText('列表'));
    const row = (await screen.findAllByRole('article', { name: '报告' }))[0]!;
    expect(row.textContent).toContain('示例研究院');
    expect(row.textContent).toContain('2026-11-01');
    expect(row.textContent).toContain('24页');
    cleanup();
    renderAt('/report');
    expect((await screen.findAllByRole('article', { name: '报告' })).length).toBe(2);
  });

  it('keeps a signed-in user’s view on the server, so another browser opens in it', async () => {
    sessionStore.reset('token-1');
    const server = { report_view: 'grid', saved: [] as TBody[] };
    renderAt('/report', server);
    await screen.findByText('共 2 份报告');
    fireEvent.click(screen.getByText('列表'));
    await waitFor(() => expect(server.saved).toEqual([{ report_view: 'rows' }]));
    // Another browser: nothing stored locally, the server's choice shows.
    cleanup();
    document.cookie = 'report_view=; Max-Age=0; Path=/';
    renderAt('/report', server);
    expect((await screen.findAllByRole('article', { name: '报告' }))[0]?.textContent).toContain('24页');
  });
});
