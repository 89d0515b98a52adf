import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSubscribeInfoReply } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch, type TStubCall } from '../../../test/fetchStub.ts';
import { SUBSCRIPTIONS_TEXT as T } from '../texts.ts';
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

const settle = () => act(async () => {});
let calls: TStubCall[];
let toasts: string[];
let restoreNotifier: () => void;

function renderWith(info: TSubscribeInfoReply) {
  calls = stubFetch((call) => (call.url.pathname === '/api/business/subscribe/info' ? ok(info) : ok(null)));
  render(
    <MemoryRouter>
      <KeywordSettingPage />
    </MemoryRouter>,
  );
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

  it('says nothing of it to a subscribed user', async () => {
    renderWith({ ...UNSUBSCRIBED, subscribed: 1 });
    await settle();
    expect(screen.queryByRole('button', { name: T.resubscribe })).toBeNull();
  });
});
