import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { termRanges, type TTextRun } from '@portal/contract';
import { FindBox, type TFindPages } from './FindBox.tsx';

afterEach(cleanup);

/** Pages holding these lines (each its own line), searched with the marks' rule. */
function pagesOf(pages: string[][]): TFindPages {
  return async (terms) =>
    pages.flatMap((lines, i) => {
      const runs: TTextRun[] = lines.map((text) => ({ text, eol: true }));
      const { found } = termRanges(runs, terms);
      return found > 0 ? [{ page: i + 1, count: found }] : [];
    });
}

describe('FindBox (在报告中查找)', () => {
  it('goes to the first page at or after the one being read that has the words, then on with Enter, back with Shift+Enter', async () => {
    const findPages = pagesOf([
      ['储能产业年度观察'],
      ['目录'],
      ['工商业储能成为新的增长', '点，储能项目收益'],
      ['钠离子电池在储', '能领域率先放量'],
    ]);
    const shown: [number, readonly string[] | null][] = [];
    render(
      <FindBox
        findPages={findPages}
        current={() => 2}
        onFound={(page, terms) => shown.push([page, terms])}
      />,
    );
    const box = screen.getByRole('searchbox', { name: '在报告中查找' });
    fireEvent.change(box, { target: { value: '储能' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    // Pages 1, 3 (twice) and 4 (across a line break): from page 2 on, page 3 first.
    expect(await screen.findByText('第 2/3 页 · 共 4 处')).toBeTruthy();
    expect(shown.at(-1)).toEqual([3, ['储能']]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(shown.at(-1)).toEqual([4, ['储能']]));
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(shown.at(-1)).toEqual([1, ['储能']]));
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    await waitFor(() => expect(shown.at(-1)).toEqual([4, ['储能']]));
    expect(screen.getByText('第 3/3 页 · 共 4 处')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一个结果页' }));
    await waitFor(() => expect(shown.at(-1)).toEqual([3, ['储能']]));
  });

  it('says 未找到 and clears the marks when nothing matches, and when the box is emptied', async () => {
    const findPages = pagesOf([['储能产业年度观察'], ['目录']]);
    const shown: [number, readonly string[] | null][] = [];
    render(
      <FindBox
        findPages={findPages}
        current={() => 1}
        onFound={(page, terms) => shown.push([page, terms])}
      />,
    );
    const box = screen.getByRole('searchbox', { name: '在报告中查找' });
    fireEvent.change(box, { target: { value: '氢能' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('未找到')).toBeTruthy();
    expect(shown).toEqual([[1, null]]);
    expect(screen.getByRole('button', { name: '下一个结果页' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(box, { target: { value: '观察' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('第 1/1 页 · 共 1 处')).toBeTruthy();
    fireEvent.change(box, { target: { value: '' } });
    expect(shown.at(-1)).toEqual([1, null]);
    expect(screen.queryByText('第 1/1 页 · 共 1 处')).toBeNull();
  });
});
