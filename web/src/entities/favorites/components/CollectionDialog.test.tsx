import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TFolder } from '@portal/contract';
import { MSG } from '@portal/contract';
import { setNotifier } from '../../../api/notify.ts';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { ok, stubFetch } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { CollectionDialog } from './CollectionDialog.tsx';

const folder = (id: number, name: string, isFavorite: number, isDefault = 0): TFolder => ({
  id,
  name,
  remark: '',
  count: isFavorite,
  create_time: '2026-11-22 10:00:00',
  update_time: '2026-11-22 10:00:00',
  is_favorite: isFavorite,
  is_default: isDefault,
});

const item = { id: '7', index: 'portal_report' };

beforeEach(() => {
  setNotifier(() => undefined);
  sessionStore.reset('token-1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CollectionDialog', () => {
  it('shows 收藏 or 移出 per folder and toggles one folder at a time', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/user/favorite/list') {
        return ok({
          data: [folder(1, '自由收藏夹', 0, 1), folder(2, '行业', 1)],
          page: 1,
          page_size: 200,
          total_size: 2,
        });
      }
      if (call.url.pathname === '/api/user/favorite') {
        return ok({ favorite_id: 1, is_favorite: 1, favorite_status: 1 });
      }
      return ok(null);
    });
    const onChange = vi.fn();
    renderWithQuery(<CollectionDialog item={item} onClose={() => undefined} onChange={onChange} />);
    // A loaded 2-core machine took over findBy's default second to show the folders.
    await screen.findByRole('button', { name: '收藏 自由收藏夹' }, { timeout: 5_000 });
    expect(screen.getByRole('button', { name: '移出 行业' })).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({
      tn: 'all',
      data_id: '7',
      data_type: 'portal_report',
      page_size: 200,
    });

    fireEvent.click(screen.getByRole('button', { name: '收藏 自由收藏夹' }));
    await screen.findByRole('button', { name: '移出 自由收藏夹' }, { timeout: 5_000 });
    expect(calls.at(-1)?.body).toEqual({
      favorite_id: 1,
      data_id: '7',
      data_type: 'portal_report',
      status: 1,
    });
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('refuses an empty folder name without calling the server, then creates the folder in place', async () => {
    const calls = stubFetch((call) => {
      if (call.url.pathname === '/api/user/favorite/list') {
        return ok({ data: [folder(1, '自由收藏夹', 0, 1)], page: 1, page_size: 200, total_size: 1 });
      }
      if (call.url.pathname === '/api/user/favorite/create') {
        return ok(folder(3, '新夹子', 0));
      }
      return ok(null);
    });
    renderWithQuery(<CollectionDialog item={item} onClose={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: '+ 新建收藏夹' }));
    fireEvent.change(screen.getByRole('textbox', { name: '收藏夹名称' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    expect(screen.getByRole('alert').textContent).toBe(MSG.folderNameRequired);
    expect(calls.some((c) => c.url.pathname === '/api/user/favorite/create')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: '收藏夹名称' }), { target: { value: '新夹子' } });
    fireEvent.click(screen.getByRole('button', { name: '创建' }));
    await screen.findByRole('button', { name: '收藏 新夹子' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });
});
