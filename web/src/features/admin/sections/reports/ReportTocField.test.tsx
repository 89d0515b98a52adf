import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import {
  validateAdminToc as tocError,
  type TAdminContentDetail,
  type TAdminTocEntry,
} from '@portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installAntdJsdomShims } from '../../../../test/antdJsdom.ts';
import { AdminProviders } from '../../layout/AdminProviders.tsx';
import { reportFormValues, reportUpdateBody } from './reportForm.ts';
import { ReportTocField } from './ReportTocField.tsx';

beforeAll(installAntdJsdomShims);
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const CHAPTER: TAdminTocEntry = { title: '第一章 市场回顾', page: 2, level: 1 };
const SECTION: TAdminTocEntry = { title: '1.1 装机规模', page: 3, level: 2 };

function renderField(value: TAdminTocEntry[], pages = 9) {
  const onChange = vi.fn<(value: TAdminTocEntry[]) => void>();
  render(
    <AdminProviders>
      <ReportTocField value={value} onChange={onChange} pages={pages} />
    </AdminProviders>,
  );
  return onChange;
}

describe('report contents field', () => {
  it('edits an entry’s heading, removes one and adds one at the end', () => {
    const onChange = renderField([CHAPTER, SECTION]);
    const rows = within(screen.getByRole('list', { name: '目录' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: '目录第2条' }), {
      target: { value: '1.1 新增装机' },
    });
    expect(onChange).toHaveBeenLastCalledWith([CHAPTER, { ...SECTION, title: '1.1 新增装机' }]);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: '删除' }));
    expect(onChange).toHaveBeenLastCalledWith([SECTION]);
    fireEvent.click(screen.getByRole('button', { name: '添加目录条目' }));
    expect(onChange).toHaveBeenLastCalledWith([CHAPTER, SECTION, { title: '', page: 1, level: 1 }]);
  }, 30_000);

  it('says when nothing is listed', () => {
    renderField([]);
    expect(screen.getByText('没有目录条目')).toBeTruthy();
  });

  it('refuses what the server refuses, in its words', () => {
    const message = '目录最多60条，每条需填写标题（100字以内），页码须在报告页数之内';
    expect(tocError([CHAPTER, SECTION], 3)).toBeNull();
    expect(tocError([SECTION], 2)).toBe(message);
    expect(tocError([{ ...CHAPTER, title: '  ' }], 9)).toBe(message);
    expect(tocError([{ ...CHAPTER, level: 4 }], 9)).toBe(message);
    expect(tocError([{ ...CHAPTER, title: '长'.repeat(101) }], 9)).toBe(message);
    expect(
      tocError(
        Array.from({ length: 61 }, () => CHAPTER),
        9,
      ),
    ).toBe(message);
  });

  it('loads the contents and auto tags into the form and sends them back', () => {
    const detail = {
      id: 7,
      title: '储能产业年度观察',
      status: 'published',
      version: 3,
      published_at: 0,
      updated_at: 0,
      fields: { toc: [CHAPTER, { title: 1 }], auto_tags: ['储能', 2], keywords: ['电池'] },
    } as unknown as TAdminContentDetail;
    const values = reportFormValues(detail);
    expect(values.toc).toEqual([CHAPTER]);
    expect(values.auto_tags).toEqual(['储能']);
    const body = reportUpdateBody({ ...values, toc: [{ ...SECTION, title: ' 1.1 装机规模 ' }] }, 3);
    expect(body.toc).toEqual([SECTION]);
    expect(body.auto_tags).toEqual(['储能']);
  });
});
