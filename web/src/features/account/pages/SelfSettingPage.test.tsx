import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { ACCOUNT_TEXT } from '../texts.ts';
import { SelfSettingPage } from './SelfSettingPage.tsx';

function Where() {
  return <output aria-label="地址">{useLocation().pathname}</output>;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/self/self_setting']}>
        <Routes>
          <Route path="/self/self_setting" element={<SelfSettingPage />} />
          <Route path="/login" element={<p>登录页</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const USER = { phone: '13800000001', nickname: '演示用户', avatar: '', email: 'user1@example.com' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reset(null);
});

describe('SelfSettingPage', () => {
  it('on a session-info failure says "Verification failed, please Login again." and returns to /login', async () => {
    const notices: string[] = [];
    const restore = setNotifier((_kind, message) => notices.push(message));
    sessionStore.reset('t'.repeat(43));
    stubFetch(() => ({ status: 500, body: { code: -1, message: '服务器开小差了，请稍后再试', data: null } }));
    renderPage();
    await waitFor(() => expect(screen.getByLabelText('地址').textContent).toBe('/login'));
    expect(notices).toContain(MSG.sessionFailed);
    expect(sessionStore.get().token).toBeNull();
    restore();
  });

  it('shows the profile, masks the phone, and puts a saved nickname in the session at once', async () => {
    sessionStore.reset('t'.repeat(43));
    sessionStore.set({ user: USER });
    const calls = stubFetch((call) =>
      call.url.pathname === '/api/user/set/nickname'
        ? ok({ ...USER, nickname: (call.body as { nickname: string }).nickname })
        : ok(USER),
    );
    renderPage();
    await screen.findByText('138****0001');
    expect(screen.getByText('user1@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXT.edit }));
    fireEvent.change(screen.getByLabelText(ACCOUNT_TEXT.nickname), { target: { value: '洞'.repeat(21) } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXT.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.nicknameTooLong);
    expect(calls.some((c) => c.url.pathname === '/api/user/set/nickname')).toBe(false);

    fireEvent.change(screen.getByLabelText(ACCOUNT_TEXT.nickname), { target: { value: ' <i>新名字</i> ' } });
    fireEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXT.save }));
    await screen.findByText('<i>新名字</i>');
    expect(calls.at(-1)?.body).toEqual({ nickname: '<i>新名字</i>' });
    expect(sessionStore.get().user?.nickname).toBe('<i>新名字</i>');
  });
});
