import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { TOrganCard } from '@portal/contract';
import { sessionStore } from '../../../app/session/sessionStore.ts';
import { ok, stubFetch, type TStubCall } from '../../../test/fetchStub.ts';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { OrganPage } from './OrganPage.tsx';

const card = (id: number, name: string): TOrganCard => ({
  company_id: String(id),
  name,
  logo: '',
  is_certification: 1,
  statistics: [{ name: '报告', count: 1 }],
});
const ALL = [card(1, '宁德时代'), card(2, '比亚迪'), card(3, '中芯国际')];
const INDUSTRY_OF: Record<string, string> = {
  宁德时代: '新能源汽车',
  比亚迪: '新能源汽车',
  中芯国际: '半导体',
};

function Where() {
  return <p data-testid="where">{useLocation().search}</p>;
}

/** A directory server: filters by name part and industry, 最热 reverses the order. */
function renderAt(path: string): TStubCall[] {
  const calls = stubFetch((call) => {
    if (call.url.pathname === '/api/company/industries') {
      return ok(['半导体', '新能源汽车']);
    }
    const q = call.url.searchParams;
    let data = ALL.filter((o) => o.name.includes(q.get('keyword') ?? ''));
    const industry = q.get('industry') ?? '';
    data = data.filter((o) => industry === '' || INDUSTRY_OF[o.name] === industry);
    if (q.get('psort') === 'hot') {
      data = [...data].reverse();
    }
    return ok({ data, total_size: data.length, page: 1, page_size: 24 });
  });
  renderWithQuery(
    <Routes>
      <Route
        path="/organ"
        element={
          <>
            <OrganPage />
            <Where />
          </>
        }
      />
    </Routes>,
    path,
  );
  return calls;
}

const names = () =>
  Array.from(screen.getByRole('list', { name: '机构' }).querySelectorAll('h2'), (h) => h.textContent);
const listCalls = (calls: TStubCall[]) => calls.filter((c) => c.url.pathname === '/api/company/list');

beforeEach(() => {
  sessionStore.reset('token-1');
  window.innerWidth = 1440;
  window.scrollTo = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('OrganPage', () => {
  it('sorts 最新 or 最热 and keeps the choice in the address', async () => {
    const calls = renderAt('/organ');
    await screen.findByRole('heading', { name: '宁德时代' });
    expect(listCalls(calls).at(-1)?.url.searchParams.get('psort')).toBe('new');
    expect(screen.getByRole('button', { name: '最新' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '最热' }));
    await waitFor(() => expect(names()).toEqual(['中芯国际', '比亚迪', '宁德时代']));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('psort')).toBe('hot');
    expect(screen.getByTestId('where').textContent).toBe('?sort=hot');
  });

  it('searches by name and filters by industry, and offers a way back from an empty result', async () => {
    const calls = renderAt('/organ?sort=hot');
    await screen.findByRole('heading', { name: '宁德时代' });

    fireEvent.change(screen.getByRole('combobox', { name: '行业' }), { target: { value: '新能源汽车' } });
    await waitFor(() => expect(names()).toEqual(['比亚迪', '宁德时代']));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('industry')).toBe('新能源汽车');

    const box = screen.getByRole('searchbox', { name: '机构名称' });
    fireEvent.change(box, { target: { value: ' 宁德 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(names()).toEqual(['宁德时代']));
    expect(listCalls(calls).at(-1)?.url.searchParams.get('keyword')).toBe('宁德');
    expect(new URLSearchParams(screen.getByTestId('where').textContent ?? '').get('q')).toBe('宁德');

    fireEvent.change(box, { target: { value: '不存在' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有找到相关机构')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看全部机构' }));
    await waitFor(() => expect(names()).toEqual(['中芯国际', '比亚迪', '宁德时代']));
    // The sort stays; the search box empties with the filter.
    expect(screen.getByTestId('where').textContent).toBe('?sort=hot');
    expect((screen.getByRole('searchbox', { name: '机构名称' }) as HTMLInputElement).value).toBe('');
  });
});
