import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../../test/fetchStub.ts';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { renderWithQuery } from '../../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { FeedDrawer } from './FeedDrawer.tsx';

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
      <FeedDrawer target={{ mode: 'create' }} onClose={onClose} />
    </AdminProviders>,
  );
  return { onClose };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('feed source form', () => {
  it('refuses what the contract refuses, with its messages, and sends nothing', async () => {
    const calls = stubFetch(() => ok({ id: 1 }));
    renderCreate();
    fireEvent.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText(MSG.feedUrlInvalid)).toBeTruthy();
    expect(await screen.findByText(MSG.feedNameRequired)).toBeTruthy();
    fireEvent.change(field(/订阅地址/), { target: { value: 'ftp://example.com/rss' } });
    fireEvent.change(field(/名称/), { target: { value: '名'.repeat(101) } });
    expect(await screen.findByText(MSG.feedNameTooLong)).toBeTruthy();
    expect(screen.getByText(MSG.feedUrlInvalid)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sends the address, name and default schedule, then closes', async () => {
    const calls = stubFetch(() => ok({ id: 7 }));
    const { onClose } = renderCreate();
    fireEvent.change(field(/订阅地址/), { target: { value: ' https://news.example.com/rss.xml ' } });
    fireEvent.change(field(/名称/), { target: { value: '行业快讯' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const create = calls.find((c) => c.url.pathname === '/api/admin/feeds');
    expect(create?.method).toBe('POST');
    expect(create?.body).toEqual({
      url: 'https://news.example.com/rss.xml',
      name: '行业快讯',
      category: '',
      schedule: 'weekdays_0800',
      interval_minutes: null,
      enabled: true,
    });
  });
});
