import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSubscribeInfoReply } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch, type TStubCall, type TStubReply } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { SUBSCRIPTIONS_TEXT as T } from '../../../entities/subscriptions/texts.ts';
import { KeywordSettingPage } from './KeywordSettingPage.tsx';

/** An onboarded user who followed the e-mail's 退订 link. */
const UNSUBSCRIBED: TSubscribeInfoReply = {
  subscribe_info: [{ keyword: '光伏', order: 0, select: 1 }],
  custom_subscribe_info: [],
  email: 'me@example.com',
  company_type: [{ name: '媒体', select: 1, industry: [] }],
  keyword_list: [{ keyword: '光伏', order: 0, status: 1, custom: 0, muted: 0 }],
  user_company_type_status: 1,
  set_keyword_status: 1,
  subscribed: 0,
};

// Replies land through TanStack Query, which tells React on a timer: let a few timer turns run.
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn += 1) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    }
  });
/** The preview and the alert list this page also asks for: nothing matched, no alerts. */
const sideCalls = (call: TStubCall): TStubReply | null =>
  call.url.pathname === '/api/business/subscribe/preview'
    ? ok({ keyword: call.url.searchParams.get('keyword'), days: 7, count: 0, top: [] })
    : call.url.pathname === '/api/search/alerts'
      ? ok([])
      : null;
let calls: TStubCall[];
let toasts: string[];
let restoreNotifier: () => void;

function renderWith(info: TSubscribeInfoReply) {
  calls = stubFetch((call) =>
    call.url.pathname === '/api/business/subscribe/info' ? ok(info) : (sideCalls(call) ?? ok(null)),
  );
  renderWithQuery(<KeywordSettingPage />);
}

beforeEach(() => {
  toasts = [];
  restoreNotifier = setNotifier((_kind, text) => toasts.push(text));
});
afterEach(() => {
  cleanup();
  restoreNotifier();
  vi.unstubAllGlobals();
});

describe('KeywordSettingPage', () => {
  it('tells an unsubscribed user so, and 重新订阅 saves the settings, which subscribes again', async () => {
    renderWith(UNSUBSCRIBED);
    await settle();
    expect(screen.getByRole('status').textContent).toContain(T.unsubscribedNotice);
    fireEvent.click(screen.getByRole('button', { name: T.resubscribe }));
    await settle();
    const saves = calls.filter(
      (c) => c.method === 'POST' && c.url.pathname === '/api/business/subscribe/update',
    );
    expect(saves.map((c) => c.body)).toEqual([
      { subscribe: ['光伏'], email: 'me@example.com', company: '媒体', industry: '' },
    ]);
    expect(toasts).toEqual([T.resubscribed]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('previews each chosen keyword before saving: the last week’s count and the newest five', async () => {
    calls = stubFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/business/subscribe/info') {
        return ok({
          ...UNSUBSCRIBED,
          subscribe_info: [...UNSUBSCRIBED.subscribe_info, { keyword: '储能', order: 1, select: 0 }],
        });
      }
      if (path === '/api/business/subscribe/preview') {
        const keyword = call.url.searchParams.get('keyword');
        const count = keyword === '光伏' ? 12 : 0;
        const top = Array.from({ length: Math.min(count, 5) }, (_, i) => ({
          id: i + 1,
          title: `光伏头条${i + 1}`,
          source: '36氪',
          published_at: Date.UTC(2026, 10, 20, 1, i),
        }));
        return ok({ keyword, days: 7, count, top });
      }
      return sideCalls(call) ?? ok(null);
    });
    renderWithQuery(<KeywordSettingPage />);
    // The preview is asked for once the form has the keywords: wait for its answer.
    await waitFor(() =>
      expect(screen.getByTestId('preview-光伏').textContent).toContain(T.previewCount(7, 12)),
    );
    const preview = screen.getByRole('list', { name: T.previewTitle });
    expect(preview.textContent).toContain('光伏');
    expect(
      within(screen.getByTestId('preview-光伏'))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['光伏头条1', '光伏头条2', '光伏头条3', '光伏头条4', '光伏头条5']);
    // Choosing another keyword asks for its preview, before anything is saved.
    fireEvent.click(screen.getByRole('checkbox', { name: '储能' }));
    await waitFor(() => expect(screen.getByTestId('preview-储能').textContent).toContain(T.previewNone));
    expect(
      calls
        .filter((c) => c.url.pathname === '/api/business/subscribe/preview')
        .map((c) => c.url.searchParams.get('keyword')),
    ).toEqual(['光伏', '储能']);
    expect(calls.some((c) => c.url.pathname === '/api/business/subscribe/update')).toBe(false);
  });

  it('lists keywords muted from the e-mail and the search alerts: 恢复接收, 暂停 and 删除 save at once', async () => {
    const alerts = [
      { id: 7, query: '储能', tn: 'report', paused: 0, created_at: 1 },
      { id: 8, query: '氢能', tn: 'all', paused: 1, created_at: 2 },
    ];
    calls = stubFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/business/subscribe/info') {
        return ok({
          ...UNSUBSCRIBED,
          subscribed: 1,
          keyword_list: [{ keyword: '光伏', order: 0, status: 1, custom: 0, muted: 1 }],
        });
      }
      if (path === '/api/search/alerts' && call.method === 'GET') {
        return ok(alerts);
      }
      if (path === '/api/search/alerts/7/status') {
        return ok({ ...alerts[0], paused: 1 });
      }
      return sideCalls(call) ?? ok(null);
    });
    renderWithQuery(<KeywordSettingPage />);
    await settle();
    const muted = screen.getByRole('list', { name: T.mutedKeywords });
    expect(muted.textContent).toContain('光伏');
    fireEvent.click(within(muted).getByRole('button', { name: T.unmute }));
    await settle();
    expect(
      calls.filter((c) => c.url.pathname === '/api/business/subscribe/keyword/mute').map((c) => c.body),
    ).toEqual([{ keyword: '光伏', muted: 0 }]);
    expect(screen.queryByRole('list', { name: T.mutedKeywords })).toBeNull();
    expect(toasts).toEqual([T.unmuted('光伏')]);

    const list = screen.getByRole('list', { name: T.alerts });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('储能报告'), expect.stringContaining('氢能全部已暂停')]);
    expect(
      within(list)
        .getByRole('link', { name: T.openSearch('储能') })
        .getAttribute('href'),
    ).toBe('/searchpage/searchpage?search=%E5%82%A8%E8%83%BD&tab=report');
    fireEvent.click(within(list).getAllByRole('button', { name: T.pause })[0] as HTMLElement);
    await settle();
    expect(calls.find((c) => c.url.pathname === '/api/search/alerts/7/status')?.body).toEqual({ paused: 1 });
    expect(within(list).getAllByText(T.alertPaused)).toHaveLength(2);
    fireEvent.click(within(list).getByRole('button', { name: T.removeAlert('氢能') }));
    await settle();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/search/alerts/8')).toBe(true);
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says nothing of it to a subscribed user', async () => {
    renderWith({ ...UNSUBSCRIBED, subscribed: 1 });
    await settle();
    expect(screen.queryByRole('button', { name: T.resubscribe })).toBeNull();
  });
});
