import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@portal/contract';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { MUTE_TEXT as T } from '../muteTexts.ts';
import { DigestMutePage } from './DigestMutePage.tsx';

const renderAt = (url: string) => renderWithQuery(<DigestMutePage />, url);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DigestMutePage', () => {
  it('names the keyword, changes nothing until the button, then mutes with the link’s token', async () => {
    const calls = stubFetch((call) =>
      call.method === 'GET'
        ? ok({ kind: 'keyword', label: '新能源', muted: 0 })
        : ok({ kind: 'keyword', label: '新能源', muted: 1 }),
    );
    renderAt('/digest_mute?token=1.abc.def');
    expect(await screen.findByText('新能源')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.url.pathname, c.url.searchParams.get('token')])).toEqual([
      ['GET', '/api/digest/mute/info', '1.abc.def'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: T.confirm }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MSG.keywordMuted));
    expect(calls[1]?.body).toEqual({ token: '1.abc.def' });
  });

  it('says a forged or stale link changed nothing, and offers no button', async () => {
    stubFetch(() => ({ status: 400, body: { code: -1, message: MSG.muteLinkStale, data: null } }));
    renderAt('/digest_mute?token=1.abc.def');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.muteLinkStale);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
