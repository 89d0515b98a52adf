import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { catalogueNameRule, type TAdminCatalogue, type TCatalogueEntry } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../../test/fetchStub.ts';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { renderWithQuery } from '../../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { CatalogueList } from './CatalogueList.tsx';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const KEYWORDS: TCatalogueEntry[] = [
  { id: 1, name: '新能源', version: 3, users: 12 },
  { id: 2, name: '储能', version: 1, users: 0 },
];
const after = (keywords: TCatalogueEntry[]): TAdminCatalogue => ({ company_types: [], keywords });

function renderKeywords(reply: (path: string) => unknown) {
  const calls = stubFetch((call) => ok(reply(call.url.pathname)));
  renderWithQuery(
    <AdminProviders>
      <CatalogueList kind="keywords" rows={KEYWORDS} />
    </AdminProviders>,
  );
  return calls;
}

describe('catalogue list (目录)', () => {
  it('refuses a name the contract refuses, with its message, then adds a trimmed one', async () => {
    const calls = renderKeywords(() =>
      after([...KEYWORDS, { id: 3, name: '固态电池', version: 1, users: 0 }]),
    );
    const input = screen.getByRole('textbox', { name: '新关键词名称' });
    const tooLong = '关键词'.repeat(10);
    fireEvent.change(input, { target: { value: tooLong } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    // The keyword rule of the user's own subscription screen, word for word.
    expect(await screen.findByText(catalogueNameRule('keywords')(tooLong) ?? '')).toBeTruthy();
    expect(catalogueNameRule('keywords')('固态电池')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(input, { target: { value: '  固态电池 ' } });
    fireEvent.click(screen.getByRole('button', { name: '添加' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.url.pathname).toBe('/api/admin/catalogue/keywords');
    expect(sent?.body).toEqual({ name: '固态电池' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  }, 60_000);

  it('names how many users hold an entry before deleting it, then deletes it at its version', async () => {
    const calls = renderKeywords((path) =>
      path.endsWith('/impact') ? { users: 12 } : after([KEYWORDS[1]!]),
    );
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('新能源'));
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: '删除' }));
    expect(
      await screen.findByText(
        '12 位用户订阅了该关键词，删除后它从推荐列表中移除，这些用户的订阅保留为自定义关键词。',
      ),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    const confirm = document.querySelector('.ant-modal-confirm') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const removed = calls.find((c) => c.method === 'DELETE');
    expect(removed?.url.pathname).toBe('/api/admin/catalogue/keywords/1');
    expect(removed?.url.searchParams.get('version')).toBe('3');
  }, 60_000);

  it('moves an entry down at the version it was loaded at; the first cannot move up', async () => {
    const calls = renderKeywords(() => after([KEYWORDS[1]!, KEYWORDS[0]!]));
    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('新能源')) as HTMLElement;
    expect(within(row).getByRole('button', { name: '上移' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: '下移' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const moved = calls.find((c) => c.method === 'POST');
    expect(moved?.url.pathname).toBe('/api/admin/catalogue/keywords/1/move');
    expect(moved?.body).toEqual({ direction: 'down', version: 3 });
  }, 60_000);
});
