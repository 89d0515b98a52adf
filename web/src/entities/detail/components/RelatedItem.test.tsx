import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { headlineHit, reportHit } from '../../../test/searchHits.ts';
import { RelatedItem } from './RelatedItem.tsx';

afterEach(cleanup);

describe('RelatedItem', () => {
  it('is a row under 相关推荐: an h3 title linking to the item, its type, publisher and time', () => {
    const hit = reportHit(3);
    hit._source.title = '储能行业报告';
    hit._source.cover = '/files/demo/covers/3.png';
    renderWithQuery(<RelatedItem hit={hit} />);
    const row = screen.getByRole('article', { name: '储能行业报告' });
    const title = screen.getByRole('heading', { level: 3, name: '储能行业报告' });
    expect(title.querySelector('a')?.getAttribute('href')).toMatch(/^\/report\/report_details\/3\?/);
    expect(row.querySelector('.related-item__badge')?.textContent).toBe('报告');
    expect(row.querySelector('.related-item__byline')?.textContent).toBe('示例研究院');
    expect(row.querySelector('.related-item__time')?.textContent).toBe('3天前');
    // The cover as a small card-size copy, decorative: the title names the row.
    const img = row.querySelector('.related-item__thumb img');
    expect(img?.getAttribute('sizes')).toBe('150px');
    expect(row.querySelector('.related-item__thumb')?.className).toContain('related-item__thumb--tall');
    expect(row.querySelector('.related-item__thumb')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('puts the publisher on a plate where a headline has no cover, and its description on one line', () => {
    renderWithQuery(
      <RelatedItem
        hit={headlineHit(7, { title: '光伏一周观察', description: '光伏市场规模已超过73亿元。' })}
      />,
    );
    const row = screen.getByRole('article', { name: '光伏一周观察' });
    expect(row.querySelector('.related-item__thumb img')).toBeNull();
    expect(row.querySelector('.related-item__plate')?.textContent).toBe('界面新闻');
    expect(row.querySelector('.related-item__byline')?.className).toContain('visually-hidden');
    expect(row.querySelector('.related-item__text')?.textContent).toBe('光伏市场规模已超过73亿元。');
    expect(row.className).toContain('related-item--business');
  });

  it('keeps the favourite star of a card', () => {
    renderWithQuery(<RelatedItem hit={reportHit(3)} />);
    expect(screen.getByRole('button', { name: /收藏/ })).toBeTruthy();
  });
});
