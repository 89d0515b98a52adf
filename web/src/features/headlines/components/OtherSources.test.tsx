import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentCard } from '../../../entities/content/components/ContentCard.tsx';
import { renderWithQuery } from '../../../test/renderWithQuery.tsx';
import { headlineHit } from '../../../test/searchHits.ts';
import { HeadlineRow } from './HeadlineRow.tsx';
import { OtherSources } from './OtherSources.tsx';

afterEach(cleanup);

describe('near-duplicate headlines on the web', () => {
  it('says on the card and the list row how many sources carried the story, and nothing for one', () => {
    renderWithQuery(<ContentCard hit={headlineHit(7, { title: '三家同报', source_count: 3 })} />);
    renderWithQuery(<HeadlineRow hit={headlineHit(8, { title: '两家同报', source_count: 2 })} />);
    renderWithQuery(<ContentCard hit={headlineHit(9, { title: '独家' })} />);
    expect(within(screen.getByRole('article', { name: '三家同报' })).getByText('3 个来源')).toBeTruthy();
    expect(screen.getByText('2 个来源')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '独家' })).queryByText(/个来源/)).toBeNull();
  });

  it('lists the other sources of a story, each opening its own page, with a safe original link', () => {
    renderWithQuery(
      <OtherSources
        others={[
          {
            id: 41,
            title: '比亚迪：11月销量50.6万辆',
            source_name: '电车观察',
            source_url: 'https://b.example.com/9',
            publish_time: '2026-11-22 09:00:00',
          },
          {
            id: 42,
            title: '比亚迪11月卖出50.6万辆',
            source_name: '汽车日报',
            source_url: 'javascript:alert(1)',
            publish_time: '2026-11-22 10:00:00',
          },
        ]}
      />,
    );
    const list = screen.getByRole('region', { name: '其他 2 个来源的报道' });
    const first = within(list).getByRole('link', { name: '比亚迪：11月销量50.6万辆' });
    expect(first.getAttribute('href')).toBe('/headlines/headlines_details/41?id=41&index=portal_business');
    expect(within(list).getByText('电车观察')).toBeTruthy();
    const originals = within(list).getAllByRole('link', { name: '原文' });
    expect(originals.map((a) => a.getAttribute('href'))).toEqual(['https://b.example.com/9']);
  });
});
