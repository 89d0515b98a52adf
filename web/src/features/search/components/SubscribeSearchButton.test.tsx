import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { ok, stubFetch, type TStubCall, type TStubReply } from '../../../test/fetchStub.ts';
import { SEARCH_TEXT } from '../texts.ts';
import { SubscribeSearchButton } from './SubscribeSearchButton.tsx';

const settle = () => act(async () => {});
let toasts: string[];
let restoreNotifier: () => void;

function renderButton(
  query: string,
  tab: string,
  reply: TStubReply = ok({ id: 1, query, tn: tab, paused: 0, created_at: 1 }),
) {
  const calls: TStubCall[] = stubFetch(() => reply);
  render(
    <MemoryRouter>
      <SubscribeSearchButton query={query} tab={tab} />
    </MemoryRouter>,
  );
  return calls;
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

describe('SubscribeSearchButton', () => {
  it('saves the query and the tab shown as an alert, then links to where alerts are managed', async () => {
    const calls = renderButton('储能', 'report');
    fireEvent.click(screen.getByRole('button', { name: SEARCH_TEXT.subscribe }));
    await settle();
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/api/search/alerts', { query: '储能', tn: 'report' }],
    ]);
    expect(screen.getByRole('status').textContent).toContain(SEARCH_TEXT.subscribed);
    expect(screen.getByRole('link', { name: SEARCH_TEXT.manageAlerts }).getAttribute('href')).toBe(
      '/keyword_setting',
    );
    expect(toasts).toEqual([SEARCH_TEXT.subscribed]);
  });

  it('shows the server’s refusal and offers the button again', async () => {
    renderButton('储能', 'all', { status: 400, body: { code: -1, message: MSG.alertDuplicate, data: null } });
    fireEvent.click(screen.getByRole('button', { name: SEARCH_TEXT.subscribe }));
    await settle();
    expect(toasts).toEqual([MSG.alertDuplicate]);
    expect(screen.getByRole('button', { name: SEARCH_TEXT.subscribe })).toBeTruthy();
  });

  it('offers nothing on a tab the digest does not follow', () => {
    renderButton('储能', 'material');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
