import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { TShortcut } from '@portal/contract';
import { setNotifier } from '../../api/notify.ts';
import { AnalysisDetail } from '../../features/analysis/components/AnalysisDetail.tsx';
import { analysisSource, detailReply } from '../../test/detailReplies.ts';
import { ok, stubFetch } from '../../test/fetchStub.ts';
import { renderWithQuery } from '../../test/renderWithQuery.tsx';
import { sessionStore } from '../session/sessionStore.ts';
import { SideMenu } from './SideMenu.tsx';

const LIST = '/api/insight_topic/shortcut/list';
const LONG_TITLE = '2026 年第三季度华东区域新能源汽车用户画像与渠道转化深度分析';

let restore: () => void = () => {};
beforeEach(() => {
  restore = setNotifier(() => {});
  sessionStore.reset('token-1');
  sessionStore.set({
    loaded: true,
    menu: [{ key: 'homepage', title: '首页', path: '/homepage', icon: 'HomeOutlined' }],
  });
});
afterEach(() => {
  cleanup();
  restore();
  vi.unstubAllGlobals();
});

describe('SideMenu: 我的快捷方式', () => {
  it('lists the shortcuts under the menu as links to their analyses', async () => {
    const calls = stubFetch((call) =>
      call.url.pathname === LIST
        ? ok([
            { id: '9', title: LONG_TITLE, index: 'portal_insight', anal_type: 'tableau' },
            { id: '7', title: '用户画像分析', index: 'portal_insight', anal_type: 'excel' },
          ])
        : ok(null),
    );
    renderWithQuery(<SideMenu />, '/homepage');
    const group = await screen.findByRole('group', { name: '我的快捷方式' });
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([LONG_TITLE, '用户画像分析']);
    expect(links[0]?.getAttribute('href')).toBe(
      '/analysis/analysis_details/9?id=9&index=portal_insight&anal_type=tableau',
    );
    expect(links[0]?.getAttribute('title')).toBe(LONG_TITLE);
    expect(screen.getByRole('link', { name: /首页/ })).toBeTruthy();
    expect(calls.filter((call) => call.url.pathname === LIST)).toHaveLength(1);
  });

  it('leaves the group out when the user has no shortcuts', async () => {
    const calls = stubFetch(() => ok([]));
    renderWithQuery(<SideMenu />, '/homepage');
    await waitFor(() => expect(calls.some((call) => call.url.pathname === LIST)).toBe(true));
    await screen.findByRole('link', { name: /首页/ });
    expect(screen.queryByRole('group', { name: '我的快捷方式' })).toBeNull();
    expect(screen.queryByText('我的快捷方式')).toBeNull();
  });

  it('shows a new shortcut as soon as the detail page adds it, and drops it on cancel', async () => {
    let shortcuts: TShortcut[] = [];
    const calls = stubFetch((call) => {
      switch (call.url.pathname) {
        case LIST:
          return ok(shortcuts);
        case '/api/insight_topic/shortcut/create':
          shortcuts = [call.body as TShortcut, ...shortcuts];
          return ok(null);
        case '/api/insight_topic/shortcut/delete':
          shortcuts = shortcuts.filter((s) => s.id !== (call.body as TShortcut).id);
          return ok(null);
        case '/api/detail':
          return ok(detailReply(analysisSource(), 'portal_insight'));
        case '/api/insight_topic/file/sheets':
          return ok({ sheets: [] });
        default:
          return ok([]);
      }
    });
    renderWithQuery(
      <>
        <SideMenu />
        <Routes>
          <Route path="/analysis/analysis_details/:id" element={<AnalysisDetail />} />
        </Routes>
      </>,
      '/analysis/analysis_details/7?id=7&index=portal_insight&anal_type=excel',
    );
    await waitFor(() => expect(calls.some((call) => call.url.pathname === LIST)).toBe(true));
    expect(screen.queryByRole('group', { name: '我的快捷方式' })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: '添加快捷方式' }));
    const group = await screen.findByRole('group', { name: '我的快捷方式' });
    expect(within(group).getByRole('link', { name: '用户画像分析' }).getAttribute('href')).toBe(
      '/analysis/analysis_details/7?id=7&index=portal_insight&anal_type=excel',
    );

    fireEvent.click(await screen.findByRole('button', { name: '取消快捷方式' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: '我的快捷方式' })).toBeNull());
    expect(calls.filter((call) => call.url.pathname === LIST)).toHaveLength(3);
  });
});
