import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  headlineListQueryKey,
  hiddenHeadlineKeywords,
  subscribeInfoQueryKey,
  type TSubscribeInfoReply,
} from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch, type TStubCall } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { headlineHit } from '../../../test/searchHits.ts';
import { HeadlinesPage } from './HeadlinesPage.tsx';

const INFO: TSubscribeInfoReply = {
  subscribe_info: [],
  custom_subscribe_info: [],
  email: 'me@example.com',
  company_type: [],
  keyword_list: [
    { keyword: '光伏', order: 0, status: 1, custom: 0, muted: 0 },
    { keyword: '储能', order: 1, status: 1, custom: 0, muted: 0 },
  ],
  user_company_type_status: 1,
  set_keyword_status: 1,
  subscribed: 1,
};

const hit = (n: number, word: string) =>
  headlineHit(n, { title: `${word}头条${n}`, description: `${word}摘要` });

// Replies land through TanStack Query, which tells React on a timer: let a few timer turns run.
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn += 1) {
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    }
  });
let calls: TStubCall[];
let restoreNotifier: () => void;

/** 45 headlines: 30 about 光伏, 15 about 储能; the list answers pages of 20 and honours the exclusion list. */
function serve(call: TStubCall) {
  if (call.url.pathname === '/api/business/subscribe/info') {
    return ok(INFO);
  }
  if (call.url.pathname === '/api/business/subscribe/keyword/status') {
    return ok(call.body);
  }
  const body = call.body as { page: number; page_size: number; subscribe_keyword: string[] };
  const all = [
    ...Array.from({ length: 30 }, (_, i) => hit(i + 1, '光伏')),
    ...Array.from({ length: 15 }, (_, i) => hit(i + 31, '储能')),
  ];
  const kept = all.filter((h) => !body.subscribe_keyword.some((k) => h._source.title.startsWith(k)));
  const start = (body.page - 1) * body.page_size;
  return ok({
    data: kept.slice(start, start + body.page_size),
    total: { value: kept.length, relation: 'eq' },
    page: body.page,
    page_size: body.page_size,
    psort: 'new',
  });
}

beforeEach(() => {
  restoreNotifier = setNotifier(() => {});
  calls = stubFetch(serve);
});
afterEach(() => {
  cleanup();
  restoreNotifier();
  vi.unstubAllGlobals();
});

const rows = () => screen.queryAllByRole('article');
const listCalls = () => calls.filter((c) => c.url.pathname === '/api/business/list').map((c) => c.body);

describe('HeadlinesPage', () => {
  beforeEach(() => {
    renderWithQuery(<HeadlinesPage />);
  });

  it('says when the feed updates (spec §1) and links the e-mail subscription settings', async () => {
    await settle();
    expect(screen.getByText('每个工作日早上8点更新 · 限时免费')).toBeTruthy();
    expect(screen.getByRole('link', { name: '邮件订阅设置' }).getAttribute('href')).toBe('/keyword_setting');
  });

  it('loads 20, shows load-more while a page is full and the total is not reached', async () => {
    await settle();
    await settle();
    expect(rows()).toHaveLength(20);
    expect(listCalls()[0]).toMatchObject({
      tn: 'business',
      page: 1,
      page_size: 20,
      psort: 'new',
      subscribe_keyword: [],
    });
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await settle();
    expect(rows()).toHaveLength(40);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await settle();
    expect(rows()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(screen.getByText('已经到底了')).toBeTruthy();
  });

  it('toggling a keyword off saves it and reloads from page 1 without it', async () => {
    await settle();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await settle();
    const toggle = screen.getByRole('switch', { name: '光伏' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await settle();
    await settle();
    expect(calls.find((c) => c.url.pathname === '/api/business/subscribe/keyword/status')?.body).toEqual({
      keyword: '光伏',
      status: 0,
    });
    expect(listCalls().at(-1)).toMatchObject({ page: 1, subscribe_keyword: ['光伏'] });
    expect(screen.getByRole('switch', { name: '光伏' }).getAttribute('aria-checked')).toBe('false');
    expect(rows()).toHaveLength(15);
    expect(rows().every((r) => r.textContent?.includes('储能'))).toBe(true);
    // 15 of 15: a short page, no load-more.
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('switches to 最热 from page 1', async () => {
    await settle();
    await settle();
    fireEvent.click(screen.getByRole('tab', { name: '最热' }));
    await settle();
    expect(listCalls().at(-1)).toMatchObject({ page: 1, psort: 'hot' });
    expect(screen.getByRole('tab', { name: '最热' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('HeadlinesPage on a full page load', () => {
  it('renders the keywords and the list from the page’s own data, without the hidden keyword, before any reply', async () => {
    // What the server writes into the page (contract first-data.ts), as the app's client seeds it.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const info = {
      ...INFO,
      keyword_list: INFO.keyword_list.map((k) => (k.keyword === '光伏' ? { ...k, status: 0 as const } : k)),
    };
    client.setQueryData(subscribeInfoQueryKey, info);
    calls = stubFetch((call) =>
      call.url.pathname === '/api/business/subscribe/info' ? ok(info) : serve(call),
    );
    const firstPage = Array.from({ length: 15 }, (_, i) => hit(i + 31, '储能'));
    client.setQueryData(headlineListQueryKey('new', hiddenHeadlineKeywords(info), '', 0), {
      pages: [
        { data: firstPage, total: { value: 15, relation: 'eq' }, page: 1, page_size: 20, psort: 'new' },
      ],
      pageParams: [1],
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/headlines']}>
          <HeadlinesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(rows()).toHaveLength(15);
    expect(screen.getByRole('switch', { name: '光伏' }).getAttribute('aria-checked')).toBe('false');
    await settle();
    // The keywords are asked again (the switches edit them); the list is not.
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/business/subscribe/info']);
    expect(rows()).toHaveLength(15);
  });
});
