import { describe, expect, it } from 'vitest';
import type { TMenuItem } from '@portal/contract';
import { findSelectedKey, parentKeyOf, toggleKey, visibleMenu } from './menuModel.ts';

const categories = (n: number): TMenuItem[] =>
  Array.from({ length: n }, (_, i) => ({
    key: `a${i + 1}`,
    title: `专题${i + 1}`,
    path: `/analysis?anal_type=t${i + 1}`,
  }));

const menu = (n: number): TMenuItem[] => [
  { key: 'homepage', title: '首页', path: '/homepage', icon: 'HomeOutlined' },
  { key: 'analysis', title: '洞察专题', path: '/analysis', icon: 'BulbOutlined', children: categories(n) },
  { key: 'report', title: '报告', path: '/report', icon: 'FileTextOutlined' },
];

function analysisChildren(
  n: number,
  expanded: ReadonlyMap<string, boolean> = new Map(),
  selected: string | null = null,
) {
  const node = visibleMenu(menu(n), expanded, selected)[1];
  if (node?.kind !== 'item') {
    throw new Error('analysis entry missing');
  }
  return node.children ?? [];
}

describe('visibleMenu: the analysis sub-menu', () => {
  it('shows all entries and no toggle with 7 or fewer', () => {
    expect(analysisChildren(7)).toHaveLength(7);
    expect(analysisChildren(7).every((c) => c.kind === 'item')).toBe(true);
    expect(analysisChildren(3)).toHaveLength(3);
  });

  it('shows 6 entries and a 展开更多 toggle with more than 7', () => {
    const children = analysisChildren(8);
    expect(children.filter((c) => c.kind === 'item')).toHaveLength(6);
    expect(children.at(-1)).toEqual({
      kind: 'toggle',
      key: toggleKey('analysis'),
      parentKey: 'analysis',
      expanded: false,
    });
  });

  it('shows everything and a 收起 toggle once expanded', () => {
    const children = analysisChildren(8, new Map([['analysis', true]]));
    expect(children.filter((c) => c.kind === 'item')).toHaveLength(8);
    expect(children.at(-1)).toMatchObject({ kind: 'toggle', expanded: true });
  });

  it('starts expanded when the current page is a hidden entry, until the user collapses it', () => {
    expect(analysisChildren(8, new Map(), 'a8').filter((c) => c.kind === 'item')).toHaveLength(8);
    expect(analysisChildren(8, new Map(), 'a6').filter((c) => c.kind === 'item')).toHaveLength(6);
    expect(
      analysisChildren(8, new Map([['analysis', false]]), 'a8').filter((c) => c.kind === 'item'),
    ).toHaveLength(6);
  });

  it('leaves entries without children as they are', () => {
    expect(visibleMenu(menu(8), new Map(), null)[0]).toEqual({
      kind: 'item',
      key: 'homepage',
      title: '首页',
      path: '/homepage',
      icon: 'HomeOutlined',
    });
  });
});

describe('findSelectedKey', () => {
  it('matches a path exactly', () => {
    expect(findSelectedKey(menu(8), '/homepage', '')).toBe('homepage');
  });

  it('matches a detail page to its list entry', () => {
    expect(findSelectedKey(menu(8), '/report/report_details/3', '?id=3&index=x')).toBe('report');
  });

  it('prefers the entry whose query matches', () => {
    expect(findSelectedKey(menu(8), '/analysis', '?anal_type=t3')).toBe('a3');
    expect(findSelectedKey(menu(8), '/analysis/analysis_details/9', '?anal_type=t8&id=9')).toBe('a8');
    expect(findSelectedKey(menu(8), '/analysis', '')).toBe('analysis');
  });

  it('matches nothing for an unrelated page', () => {
    expect(findSelectedKey(menu(8), '/self/self_setting', '')).toBeNull();
    expect(findSelectedKey(menu(8), '/reports', '')).toBeNull();
  });

  it('finds the sub-menu of a child entry', () => {
    expect(parentKeyOf(menu(8), 'a2')).toBe('analysis');
    expect(parentKeyOf(menu(8), 'homepage')).toBeNull();
    expect(parentKeyOf(menu(8), null)).toBeNull();
  });
});
