import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../../test/fetchStub.ts';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { renderWithQuery } from '../../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { HeadlineDrawer } from './HeadlineDrawer.tsx';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function renderCreate() {
  const onClose = vi.fn();
  renderWithQuery(
    <AdminProviders>
      <HeadlineDrawer target={{ mode: 'create' }} onClose={onClose} />
    </AdminProviders>,
  );
  return { onClose };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('headline form', () => {
  it('refuses what the contract refuses, with its messages, and sends nothing', async () => {
    const calls = stubFetch(() => ok({ id: 1 }));
    renderCreate();
    fireEvent.click(await screen.findByRole('button', { name: '发布' }));
    expect(await screen.findByText(MSG.adminTitleRequired)).toBeTruthy();
    expect(await screen.findByText(MSG.adminSourceRequired)).toBeTruthy();
    expect(await screen.findByText(MSG.adminContentRequired)).toBeTruthy();
    fireEvent.change(field('原文链接'), { target: { value: 'ftp://example.com/a' } });
    expect(await screen.findByText(MSG.adminUrlInvalid)).toBeTruthy();
    fireEvent.change(field('标题'), { target: { value: '题'.repeat(201) } });
    expect(await screen.findByText(MSG.adminTitleTooLong)).toBeTruthy();
    expect(calls).toHaveLength(0);
    // The first antd render of a file is slow in jsdom on a loaded machine.
  }, 20_000);

  it('saves a draft with what was typed, leaving out an empty link', async () => {
    const calls = stubFetch(() => ok({ id: 42 }));
    const { onClose } = renderCreate();
    fireEvent.change(field('标题'), { target: { value: '  新能源汽车出海提速  ' } });
    fireEvent.change(field('来源'), { target: { value: '编辑部' } });
    fireEvent.change(field('正文（HTML）'), { target: { value: '<p>正文</p>' } });
    fireEvent.click(screen.getByRole('button', { name: '存为草稿' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const create = calls.find((c) => c.url.pathname === '/api/admin/headlines');
    expect(create?.method).toBe('POST');
    expect(create?.body).toEqual({
      title: '  新能源汽车出海提速  ',
      source: '编辑部',
      content: '<p>正文</p>',
      draft: true,
    });
  }, 20_000);
});
