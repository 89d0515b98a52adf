import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TAdminContentRow, TAdminGrantsReply } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdJsdomShims } from '../../../test/antdJsdom.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../layout/AdminProviders.tsx';
import { GrantsDrawer } from './GrantsDrawer.tsx';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const row = { id: 5, title: '动力电池竞争再起波澜' } as TAdminContentRow;
const reply = (restricted: 0 | 1, phones: string[]): TAdminGrantsReply => ({
  id: 5,
  title: row.title,
  restricted,
  data: phones.map((phone, i) => ({ user_id: i + 1, phone, nickname: '', granted_at: 0 })),
});

describe('GrantsDrawer for a headline', () => {
  it(
    'restricts the headline and grants a user by phone through the headline calls',
    { timeout: 20_000 },
    async () => {
      let state = reply(0, []);
      const calls = stubFetch((call) => {
        if (call.method === 'PUT') {
          state = reply((call.body as { value: 0 | 1 }).value, []);
        } else if (call.method === 'POST') {
          state = reply(state.restricted, [(call.body as { phone: string }).phone]);
        }
        return ok(state);
      });
      renderWithQuery(
        <AdminProviders>
          <GrantsDrawer kind="headlines" row={row} onClose={() => undefined} />
        </AdminProviders>,
      );
      expect(await screen.findByText(/只有管理员和下列用户能阅读这条头条/)).toBeTruthy();
      const toggle = await screen.findByRole('switch', { name: '仅授权用户可查看' });
      await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
      fireEvent.click(toggle);
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
      expect(calls.find((c) => c.method === 'PUT')?.url.pathname).toBe('/api/admin/headlines/5/restricted');

      fireEvent.change(screen.getByRole('textbox', { name: '输入手机号授权' }), {
        target: { value: '13800000001' },
      });
      fireEvent.click(screen.getByRole('button', { name: '授权' }));
      expect(await screen.findByText('13800000001')).toBeTruthy();
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.url.pathname).toBe('/api/admin/headlines/5/grants');
      expect(post?.body).toEqual({ phone: '13800000001' });
    },
  );
});
