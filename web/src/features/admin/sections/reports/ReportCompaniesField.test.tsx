import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAdminReportCompany } from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../../../../test/fetchStub.ts';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { renderWithQuery } from '../../../../test/renderWithQuery.tsx';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { ReportCompaniesField } from './ReportCompaniesField.tsx';
import { reportUpdateBody } from './reportForm.ts';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const CATL: TAdminReportCompany = { organisation_id: 3, name: '宁德时代', status: 0 };
const BYD: TAdminReportCompany = { organisation_id: 5, name: '比亚迪', status: 1 };
const organ = (id: number, name: string, certified: number) => ({
  id,
  name,
  logo_url: '',
  is_certification: certified,
  sort: 0,
  products: 0,
  version: 1,
  created_at: 0,
  updated_at: 0,
});

function renderField(value: TAdminReportCompany[]) {
  const onChange = vi.fn<(value: TAdminReportCompany[]) => void>();
  const calls = stubFetch(() =>
    ok({ data: [organ(3, '宁德时代', 1), organ(5, '比亚迪', 0), organ(9, '华信咨询', 1)], total: 3 }),
  );
  renderWithQuery(
    <AdminProviders>
      <ReportCompaniesField value={value} onChange={onChange} />
    </AdminProviders>,
  );
  return { onChange, calls };
}

describe('report companies field', () => {
  it('marks the first company as the publisher and moves another to the top', async () => {
    const { onChange } = renderField([CATL, BYD]);
    const rows = within(screen.getByRole('list', { name: '发布机构与关联机构' })).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('宁德时代');
    expect(rows[0]?.querySelector('.ant-tag')?.textContent).toBe('发布机构');
    expect(rows[1]?.querySelector('.ant-tag')).toBeNull();
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: '设为发布机构' }));
    expect(onChange).toHaveBeenLastCalledWith([BYD, CATL]);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: '移除' }));
    expect(onChange).toHaveBeenLastCalledWith([BYD]);
  }, 30_000);

  it('adds an organisation found by name, 已入驻 when it is certified, and never twice', async () => {
    const { onChange, calls } = renderField([CATL]);
    const search = screen.getByRole('combobox', { name: '搜索并添加机构' });
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: '华信' } });
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('keyword') === '华信')).toBe(true));
    // antd's visible options carry the label as their title (role=option is its hidden a11y list).
    fireEvent.click(await screen.findByTitle('华信咨询'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([CATL, { organisation_id: 9, name: '华信咨询', status: 0 }]),
    );
    // 宁德时代 is already listed: its option cannot be chosen again.
    expect(screen.getByTitle('宁德时代').classList).toContain('ant-select-item-option-disabled');
  }, 30_000);

  it('sends the companies in order with their status only', () => {
    const body = reportUpdateBody(
      {
        title: 't',
        source_type: '',
        industry: '',
        description: '',
        abstract: '',
        toc: [],
        auto_tags: [],
        keywords: [],
        companies: [BYD, CATL],
      },
      4,
    );
    expect(body.companies).toEqual([
      { organisation_id: 5, status: 1 },
      { organisation_id: 3, status: 0 },
    ]);
    expect(body.version).toBe(4);
  });
});
