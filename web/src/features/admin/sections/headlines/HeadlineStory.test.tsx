import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAdminContentDetail, TAdminStoryMember } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../../test/fetchStub.ts';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { renderWithQuery } from '../../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { HeadlineStory } from './HeadlineStory.tsx';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const COPY: TAdminStoryMember = {
  id: 9,
  title: '比亚迪：11月新能源汽车销量50.6万辆',
  source_name: '电车观察',
  status: 'published',
  published_at: Date.UTC(2026, 11, 1, 2, 0),
};

function renderStory(same_story: TAdminStoryMember[]) {
  const detail = {
    id: 7,
    title: '比亚迪11月新能源汽车销量50.6万辆',
    status: 'published',
    version: 2,
    published_at: 0,
    updated_at: 0,
    views: 0,
    downloads: 0,
    favorites: 0,
    fields: { same_story },
  } satisfies TAdminContentDetail;
  renderWithQuery(
    <AdminProviders>
      <HeadlineStory detail={detail} />
    </AdminProviders>,
  );
}

describe('a headline’s story in its editor', () => {
  it('lists the other sources and splits this headline out after asking', async () => {
    const calls = stubFetch(() => ok({ id: 7, status: 'published', version: 2 }));
    renderStory([COPY]);
    const list = screen.getByRole('list', { name: '同一事件的其他来源（1）' });
    expect(within(list).getByText(COPY.title)).toBeTruthy();
    // Shanghai time, as readers see it.
    expect(within(list).getByText('电车观察 · 已发布 · 2026-12-01 10:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '拆分为独立事件' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('将这条头条拆分为独立事件？').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '拆分为独立事件' }));
    await waitFor(() =>
      expect(calls.map((c) => [c.method, c.url.pathname])).toEqual([
        ['POST', '/api/admin/headlines/7/split'],
      ]),
    );
  }, 20_000);

  it('shows nothing for a headline that is a story of its own', () => {
    renderStory([]);
    expect(screen.queryByRole('button', { name: '拆分为独立事件' })).toBeNull();
  });
});
