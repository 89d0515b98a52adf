import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TSearchHit } from '@portal/contract';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { headlineHit, reportHit } from '../../../test/searchHits.ts';
import { ContentCard } from './ContentCard.tsx';

const headline = (extra: Partial<TSearchHit['_source']> = {}) =>
  headlineHit(7, { title: '光伏一周观察', description: '光伏市场规模已超过73亿元。', ...extra });

afterEach(cleanup);

describe('ContentCard', () => {
  it('titles a card with the heading under its list: h2 below a page title, h3 in a section', () => {
    renderWithQuery(<ContentCard hit={headline()} />);
    expect(screen.getByRole('heading', { level: 2, name: '光伏一周观察' })).toBeDefined();
    cleanup();
    renderWithQuery(<ContentCard hit={headline()} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: '光伏一周观察' })).toBeDefined();
  });

  it('puts the publisher on a plate where a headline without cover or snippet has no picture', () => {
    const { container } = renderWithQuery(<ContentCard hit={headline()} />);
    const card = screen.getByRole('article', { name: '光伏一周观察' });
    expect(card.querySelector('.content-card__plate')?.textContent).toBe('界面新闻');
    expect(screen.getByText('光伏市场规模已超过73亿元。')).toBeTruthy();
    // The plate is decoration; the meta line still names the publisher for assistive technology.
    expect(container.querySelector('.content-card__plate')?.getAttribute('aria-hidden')).toBe('true');
    expect(card.querySelector('.content-card__byline')?.textContent).toBe('界面新闻');
  });

  it('gives a search hit the whole card for its highlighted snippet: no plate', () => {
    renderWithQuery(
      <ContentCard
        hit={headline({ highlight: { title: '<em>光伏</em>一周观察', content: '…<em>光伏</em>组件出货…' } })}
      />,
    );
    const card = screen.getByRole('article', { name: '光伏一周观察' });
    expect(card.querySelector('.content-card__plate')).toBeNull();
    expect([...card.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['光伏', '光伏']);
  });

  it('says which page of a report holds the words and links to it with the words to mark', () => {
    const hit = reportHit(3, { title: '报告 3', content: '…封面上的<em>储能</em>…' });
    hit._source.page_hit = { page: 5, snippet: '…<em>钠离子电池</em>在低温性能上具备优势…' };
    renderWithQuery(<ContentCard hit={hit} />);
    const card = screen.getByRole('article');
    expect(card.querySelector('.content-card__page')?.textContent).toBe('第 5 页');
    // The page's snippet, not the document's.
    expect([...card.querySelectorAll('em')].map((e) => e.textContent)).toContain('钠离子电池');
    const href = card.querySelector('a.content-card__link')?.getAttribute('href') ?? '';
    const url = new URL(href, 'http://portal.invalid');
    expect(url.pathname).toBe('/report/report_details/3');
    expect(url.searchParams.get('page')).toBe('5');
    expect(url.searchParams.get('hl')).toBe('钠离子电池');
  });

  it('shows a listed report card up to three of its tags, and none when it has a snippet', () => {
    const hit = reportHit(4);
    hit._source.tag = ['储能', '钠离子电池', '光伏', '氢能'];
    renderWithQuery(<ContentCard hit={hit} />);
    expect(screen.getByRole('list', { name: '标签' }).textContent).toBe('储能钠离子电池光伏');
    cleanup();
    const found = reportHit(4, { title: '报告 4', content: '…<em>储能</em>…' });
    found._source.tag = ['储能'];
    renderWithQuery(<ContentCard hit={found} />);
    expect(screen.queryByRole('list', { name: '标签' })).toBeNull();
  });
});
