import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { UNSUBSCRIBE_TEXT } from '../unsubscribeTexts.ts';
import { UnsubscribePage } from './UnsubscribePage.tsx';

function renderAt(url: string) {
  renderWithQuery(
    <Routes>
      <Route path="/unsubscribe" element={<UnsubscribePage />} />
    </Routes>,
    url,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reset(null);
});

describe('UnsubscribePage', () => {
  it('shows the address of the e-mail link, then unsubscribes with its token and from_where', async () => {
    const calls = stubFetch((call) =>
      call.method === 'GET'
        ? ok({ email: 'reader@example.com', subscribed: 1 })
        : ok({ email: 'reader@example.com', subscribed: 0 }),
    );
    renderAt('/unsubscribe?from_where=email&token=1.abc');
    await screen.findByText('reader@example.com');
    expect(calls[0]?.url.pathname).toBe('/api/unsubscribe/info');
    expect(calls[0]?.url.searchParams.get('token')).toBe('1.abc');
    expect(calls[0]?.headers.get('token')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: UNSUBSCRIBE_TEXT.confirm }));
    await screen.findByText(MSG.unsubscribed);
    expect(calls[1]).toMatchObject({ method: 'POST', body: { token: '1.abc', from_where: 'email' } });
    expect(screen.getByRole('heading').textContent).toBe(UNSUBSCRIBE_TEXT.doneTitle);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the address is already unsubscribed, without a confirm button', async () => {
    stubFetch(() => ok({ email: 'gone@example.com', subscribed: 0 }));
    renderAt('/unsubscribe?token=2.xyz');
    await screen.findByText(UNSUBSCRIBE_TEXT.already);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the server refusal of a bad link', async () => {
    stubFetch(() => ({ status: 400, body: { code: -1, message: MSG.unsubscribeLinkInvalid, data: null } }));
    renderAt('/unsubscribe?from_where=email&token=forged');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.unsubscribeLinkInvalid);
  });

  it('a logged-in user without a token unsubscribes themselves; from_where defaults to others', async () => {
    sessionStore.reset('t'.repeat(43));
    const calls = stubFetch((call) =>
      call.method === 'GET'
        ? ok({ email: 'me@example.com', subscribed: 1 })
        : ok({ email: 'me@example.com', subscribed: 0 }),
    );
    renderAt('/unsubscribe');
    fireEvent.click(await screen.findByRole('button', { name: UNSUBSCRIBE_TEXT.confirm }));
    await screen.findByText(MSG.unsubscribed);
    expect(calls[1]?.body).toEqual({ from_where: 'others' });
    expect(screen.getByRole('link', { name: UNSUBSCRIBE_TEXT.settings }).getAttribute('href')).toBe(
      '/keyword_setting',
    );
  });
});
