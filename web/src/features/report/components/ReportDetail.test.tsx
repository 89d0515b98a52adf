import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { detailReply, reportSource } from '../../../test/detailReplies.ts';
import { fakeIntersectionObserver } from '../../../test/fakeIntersectionObserver.ts';
import { ok, stubFetch, type TStubCall } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { companyLinkAction } from '../companyLinkAction.ts';
import { ReportDetail } from './ReportDetail.tsx';

const PATH = '/report/report_details/7?id=7&index=portal_report';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderReport(reply: unknown, handler?: (call: TStubCall) => unknown, path = PATH) {
  const calls = stubFetch((call) => {
    const custom = handler?.(call);
    if (custom) {
      return custom as { body: unknown };
    }
    if (call.url.pathname === '/api/detail') {
      return reply as { body: unknown };
    }
    if (call.url.pathname === '/api/recommend') {
      return ok([]);
    }
    return ok(null);
  });
  renderWithQuery(
    <Routes>
      <Route path="/report/report_details/:id" element={<ReportDetail />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    path,
  );
  return calls;
}

/** jsdom lays nothing out and has no scrolling: records what a page link or a find scrolls to. */
function recordScrolls(): Element[] {
  const scrolled: Element[] = [];
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    value(this: Element) {
      scrolled.push(this);
    },
  });
  return scrolled;
}

let notices: string[] = [];
let restore: () => void = () => {};

beforeEach(() => {
  notices = [];
  restore = setNotifier((_kind, message) => notices.push(message));
  sessionStore.reset('token-1');
  window.innerWidth = 1440;
  // The hooks read the width on resize only (useViewportWidth.ts).
  window.dispatchEvent(new Event('resize'));
});

afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  cleanup();
  restore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('companyLinkAction', () => {
  it('opens only joined companies for users with the organisation menu', () => {
    expect(companyLinkAction({ status: 0 }, 1)).toBe('open');
    expect(companyLinkAction({ status: 0 }, 0)).toBe('noPermission');
    expect(companyLinkAction({ status: 1 }, 1)).toBe('notJoined');
  });
});

describe('ReportDetail', () => {
  it('shows the report and opens a joined company in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderReport(ok(detailReply(reportSource(), 'portal_report')));
    expect(await screen.findByRole('heading', { name: '2026 新能源汽车行业报告' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '扫码分享' }).getAttribute('src')).toBe(
      '/wxqrcode?type=wxqrcode_report_detail&id=7&index=portal_report',
    );
    fireEvent.click(screen.getByRole('button', { name: '已入驻机构' }));
    expect(open).toHaveBeenCalledWith('/organ/organDetail/11', '_blank', 'noopener');
  });

  it('sends a joined company to the no-permission page without the organisation menu', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderReport(ok(detailReply(reportSource(), 'portal_report', { organ_detail_menu: 0 })));
    fireEvent.click(await screen.findByRole('button', { name: '已入驻机构' }));
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe(
      `/self/collect_404?tips=${encodeURIComponent(MSG.noPermission)}`,
    );
  });

  it('says 此机构暂未入驻 for a company that has not joined', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderReport(ok(detailReply(reportSource(), 'portal_report')));
    fireEvent.click(await screen.findByRole('button', { name: '未入驻机构' }));
    expect(open).not.toHaveBeenCalled();
    expect(notices).toEqual([MSG.organNotJoined]);
  });

  it('logs a download in both places before downloading the PDF', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = renderReport(ok(detailReply(reportSource(), 'portal_report')));
    fireEvent.click(await screen.findByRole('button', { name: '下载报告' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const logged = calls.filter(
      (call) =>
        call.method === 'POST' &&
        call.url.pathname !== '/api/detail' &&
        call.url.pathname !== '/api/recommend',
    );
    expect(logged.map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/front-buried', { action: 'download', subject: 'report', subject_id: '7' }],
      ['/api/user/behavior/click', { data_id: '7', data_type: 'portal_report', field: 'download_num' }],
    ]);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/files/r7.pdf');
  });

  it('toggles 有用 and sends the new status', async () => {
    const calls = renderReport(ok(detailReply(reportSource(), 'portal_report')));
    const button = await screen.findByRole('button', { name: '有用' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    const on = await screen.findByRole('button', { name: '已有用' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(on);
    await screen.findByRole('button', { name: '有用' });
    const sent = calls
      .filter((call) => call.url.pathname === '/api/user/usefulness')
      .map((call) => call.body);
    expect(sent).toEqual([
      { data_id: '7', data_type: 'portal_report', status: 1 },
      { data_id: '7', data_type: 'portal_report', status: 0 },
    ]);
  });

  it('shows 暂无查看权限 on code 1001', async () => {
    renderReport({ body: { code: 1001, message: MSG.noPermission, data: null } });
    expect(await screen.findByRole('heading', { name: MSG.noPermission })).toBeTruthy();
  });

  it('shows a not-found state for an unknown id', async () => {
    renderReport({ status: 404, body: { code: -1, message: MSG.notFound, data: null } });
    expect(await screen.findByRole('heading', { name: MSG.contentNotFound })).toBeTruthy();
  });

  it('toasts 获取报告详情失败 and shows an error state when loading fails', async () => {
    renderReport({ status: 500, body: { code: -1, message: 'boom', data: null } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(notices).toContain(MSG.reportLoadFailed);
  });

  it('shows the page images instead of the reader button on a mobile width', async () => {
    window.innerWidth = 390;
    window.dispatchEvent(new Event('resize'));
    const signed = '/files/reports/7/pages/0001.jpg?exp=1800000000&sig=abc';
    renderReport(ok(detailReply(reportSource({ pdf_image: [signed, '/files/r7-2.png'] }), 'portal_report')));
    const first = await screen.findByRole('img', { name: '第 1 页' });
    // A phone fetches the page at its width (a signed page's copies keep its signature).
    expect(first.getAttribute('srcset')).toContain(
      '/files/reports/7/pages/0001.jpg.w640.webp?exp=1800000000&sig=abc 640w',
    );
    expect(first.getAttribute('sizes')).toBe('calc(100vw - 32px)');
    expect(screen.getByRole('img', { name: '第 2 页' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '阅读报告' })).toBeNull();
  });

  it("marks a page hit's words on the page images of a phone, where the pages' text layouts say they are", async () => {
    window.innerWidth = 390;
    window.dispatchEvent(new Event('resize'));
    const scrolled = recordScrolls();
    const layout = {
      runs: [
        { s: '第三章 技术路线', x: 0.1, y: 0.1, w: 0.4, h: 0.03, eol: true },
        { s: '钠离子电池在低温性能', x: 0.1, y: 0.2, w: 0.5, h: 0.02, eol: true },
      ],
    };
    const view = fakeIntersectionObserver();
    const cover = { runs: [{ s: '储能产业年度观察', x: 0.1, y: 0.1, w: 0.4, h: 0.05 }] };
    const calls = renderReport(
      ok(detailReply(reportSource(), 'portal_report')),
      (call) =>
        call.url.pathname === '/files/r7-2.json'
          ? { body: layout }
          : call.url.pathname === '/files/r7-1.json'
            ? { body: cover }
            : undefined,
      `${PATH}&page=2&hl=${encodeURIComponent('钠离子电池')}`,
    );
    const page2 = (await screen.findByRole('img', { name: '第 2 页' })).closest('figure');
    // A page's layout is fetched once the page nears the screen, not before.
    const layoutCalls = () =>
      calls.filter((c) => c.url.pathname.endsWith('.json')).map((c) => c.url.pathname);
    expect(layoutCalls()).toEqual([]);
    act(() => view.reveal());
    await waitFor(() => expect(page2?.querySelectorAll('mark.report-detail__mark')).toHaveLength(1));
    const mark = page2?.querySelector<HTMLElement>('mark.report-detail__mark');
    expect([mark?.style.left, mark?.style.top, mark?.style.width, mark?.style.height]).toEqual([
      '10%',
      '20%',
      '25%',
      '2%',
    ]);
    // Every page that came near is looked at; only the one showing the words is marked.
    expect(layoutCalls().sort()).toEqual(['/files/r7-1.json', '/files/r7-2.json']);
    expect(document.querySelectorAll('mark.report-detail__mark')).toHaveLength(1);
    expect(scrolled).toEqual([page2]);
  });

  it('finds words in the report on a phone (在报告中查找): the page that has them, scrolled to and marked', async () => {
    window.innerWidth = 390;
    window.dispatchEvent(new Event('resize'));
    const scrolled = recordScrolls();
    // Layout URLs of their own: page layouts are kept by URL for the session (pageLayouts.ts).
    const layouts: Record<string, unknown> = {
      '/files/find-1.json': { runs: [{ s: '储能产业年度观察', x: 0.1, y: 0.1, w: 0.4, h: 0.05 }] },
      '/files/find-2.json': { runs: [{ s: '钠离子电池在低温', x: 0.1, y: 0.2, w: 0.4, h: 0.02 }] },
    };
    const source = reportSource({ pdf_layout: Object.keys(layouts) });
    renderReport(ok(detailReply(source, 'portal_report')), (call) =>
      call.url.pathname in layouts ? { body: layouts[call.url.pathname] } : undefined,
    );
    const box = await screen.findByRole('searchbox', { name: '在报告中查找' });
    fireEvent.change(box, { target: { value: '钠离子' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('第 1/1 页 · 共 1 处')).toBeTruthy();
    const page2 = screen.getByRole('img', { name: '第 2 页' }).closest('figure');
    await waitFor(() => expect(page2?.querySelectorAll('mark.report-detail__mark')).toHaveLength(1));
    expect(scrolled.at(-1)).toBe(page2);
    fireEvent.change(box, { target: { value: '氢能' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('未找到')).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('mark.report-detail__mark')).toHaveLength(0));
  });

  it('offers the reader on a desktop width, and 收藏 leads to /login without a token, naming the report', async () => {
    act(() => sessionStore.reset(null));
    renderReport(ok(detailReply(reportSource(), 'portal_report')));
    expect(await screen.findByRole('button', { name: '阅读报告' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: '第 1 页' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '收藏' }));
    expect(screen.getByTestId('where').textContent).toBe(`/login?redirect=${encodeURIComponent(PATH)}`);
  });
});
