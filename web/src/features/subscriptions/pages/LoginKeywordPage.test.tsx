import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type TSubscribeInfoReply } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch, type TStubCall, type TStubReply } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { LoginKeywordPage } from './LoginKeywordPage.tsx';

const INFO: TSubscribeInfoReply = {
  subscribe_info: ['新能源汽车', '跨境电商', '光伏'].map((keyword, order) => ({ keyword, order, select: 0 })),
  custom_subscribe_info: [],
  email: '',
  company_type: [
    {
      name: '品牌方',
      select: 0,
      industry: [
        { name: '美妆个护', select: 0 },
        { name: '汽车', select: 0 },
      ],
    },
    { name: '媒体', select: 0, industry: [] },
  ],
  keyword_list: [],
  user_company_type_status: 0,
  set_keyword_status: 0,
  subscribed: 1,
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
let restoreNotifier: () => void;

beforeEach(() => {
  restoreNotifier = setNotifier(() => {});
  calls = stubFetch((call) => {
    if (call.url.pathname === '/api/business/subscribe/info') {
      return ok(INFO);
    }
    return sideCalls(call) ?? ok(null);
  });
  renderWithQuery(
    <Routes>
      <Route path="/login_keyword" element={<LoginKeywordPage />} />
      <Route path="/homepage" element={<p>portal home</p>} />
    </Routes>,
    '/login_keyword',
  );
});
afterEach(() => {
  cleanup();
  restoreNotifier();
  vi.unstubAllGlobals();
});

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.pathname === path);
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('LoginKeywordPage', () => {
  it('step 1 asks for a company type, then an industry for 品牌方, before saving', async () => {
    await settle();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(alerts()).toEqual([MSG.subscribeCompanyType]);
    fireEvent.click(screen.getByRole('radio', { name: '品牌方' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(alerts()).toEqual([MSG.subscribeIndustry]);
    expect(posts('/api/user/set/company_type')).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: '汽车' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await settle();
    expect(posts('/api/user/set/company_type').map((c) => c.body)).toEqual([
      { company_type: '品牌方', industry: '汽车' },
    ]);
    expect(screen.getByRole('checkbox', { name: '光伏' })).toBeTruthy();
  });

  it('a type without industries goes straight on', async () => {
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: '媒体' }));
    expect(screen.queryByRole('radio', { name: '汽车' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await settle();
    expect(posts('/api/user/set/company_type').map((c) => c.body)).toEqual([
      { company_type: '媒体', industry: '' },
    ]);
  });

  it('step 2 needs a keyword and an e-mail; the add control disappears at five custom keywords', async () => {
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: '媒体' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: '进入平台' }));
    expect(alerts()).toEqual([MSG.subscribeKeyword, MSG.subscribeEmail]);

    for (const keyword of ['露营经济', '预制菜', '银发经济', '低空经济', '谷子经济']) {
      fireEvent.change(screen.getByRole('textbox', { name: '自定义关键词' }), { target: { value: keyword } });
      fireEvent.click(screen.getByRole('button', { name: '添加' }));
    }
    expect(screen.queryByRole('textbox', { name: '自定义关键词' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: '光伏' }));
    fireEvent.change(screen.getByLabelText(/接收邮箱/), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '进入平台' }));
    await settle();
    expect(posts('/api/business/subscribe/update').map((c) => c.body)).toEqual([
      {
        subscribe: ['光伏', '露营经济', '预制菜', '银发经济', '低空经济', '谷子经济'],
        email: 'me@example.com',
        company: '媒体',
        industry: '',
      },
    ]);
    expect(screen.getByText('portal home')).toBeTruthy();
    expect(document.cookie).toContain('set_keyword_status=1');
  });

  it('shows the server refusal and stays', async () => {
    stubFetch((call) => {
      if (call.url.pathname === '/api/business/subscribe/info') {
        return ok(INFO);
      }
      if (call.url.pathname === '/api/business/subscribe/update') {
        return { status: 400, body: { code: -1, message: MSG.customKeywordLimit, data: null } };
      }
      return sideCalls(call) ?? ok(null);
    });
    await settle();
    fireEvent.click(screen.getByRole('radio', { name: '媒体' }));
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await settle();
    fireEvent.click(screen.getByRole('checkbox', { name: '光伏' }));
    fireEvent.change(screen.getByLabelText(/接收邮箱/), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '进入平台' }));
    await settle();
    expect(alerts()).toEqual([MSG.customKeywordLimit]);
    expect(screen.queryByText('portal home')).toBeNull();
  });
});
