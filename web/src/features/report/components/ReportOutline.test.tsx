import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { ReportOutline } from './ReportOutline.tsx';

afterEach(cleanup);

describe('ReportOutline', () => {
  it('shows the abstract, the tags and the contents, each entry linking to its page', () => {
    renderWithQuery(
      <ReportOutline
        abstract={'储能市场装机规模同比增长。\n上游电芯产能充足。'}
        toc={[
          { title: '第三章 技术路线', page: 5, level: 1 },
          { title: '3.1 正极材料', page: 5, level: 2 },
          { title: '附录', page: 99, level: 1 },
        ]}
        tag={['储能', '钠离子电池']}
        page_count={7}
      />,
      '/report/report_details/7?id=7&index=portal_report',
    );
    const region = screen.getByRole('region', { name: '摘要' });
    expect(region.querySelectorAll('.report-outline__abstract')).toHaveLength(2);
    expect(screen.getByRole('list', { name: '标签' }).textContent).toBe('储能钠离子电池');
    const contents = screen.getByRole('navigation', { name: '目录' });
    // Each entry is named by what it shows: its title, then its page said as 第 N 页.
    const link = (name: string) =>
      new URL(within(contents).getByRole('link', { name }).getAttribute('href') ?? '', 'http://x');
    const chapter = link('第三章 技术路线，第 5 页');
    expect(chapter.searchParams.get('page')).toBe('5');
    // The detail's own query (id, index) is kept.
    expect(chapter.searchParams.get('index')).toBe('portal_report');
    expect(contents.querySelector('.report-outline__entry--2')?.textContent).toContain('3.1 正极材料');
    // An entry past the last page opens the last page.
    expect(link('附录，第 99 页').searchParams.get('page')).toBe('7');
  });

  it('shows nothing for a report without abstract, contents or tags', () => {
    const { container } = renderWithQuery(<ReportOutline abstract="" toc={[]} tag={[]} page_count={3} />);
    expect(container.textContent).toBe('');
  });
});
