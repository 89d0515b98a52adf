import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../../test/fetchStub.ts';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { renderWithQuery } from '../../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { ReindexProgress } from './ReindexProgress.tsx';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

function renderWith(queued: number, done: number) {
  stubFetch(() => ok({ queued, done }));
  return renderWithQuery(
    <AdminProviders>
      <ReindexProgress />
    </AdminProviders>,
  );
}

describe('keyword re-index progress', () => {
  it('shows how many documents are done while the re-index runs', async () => {
    renderWith(40, 10);
    expect(await screen.findByText('正在更新搜索索引：10 / 40 篇含该关键词的内容')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
  });

  it('says when it is done, and shows nothing before the first keyword change', async () => {
    renderWith(40, 40);
    expect(await screen.findByText('搜索索引已更新：40 篇含该关键词的内容')).toBeTruthy();
    cleanup();
    const { container } = renderWith(0, 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });
});
