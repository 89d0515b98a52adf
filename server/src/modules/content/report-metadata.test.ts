import { describe, expect, it } from 'vitest';
import { frontPages, reportAbstract, reportDescription, reportTags, reportToc } from './report-metadata.ts';

const prose = (n: number) =>
  `第${n}段：市场规模继续扩大，头部企业凭借渠道和品牌优势提升份额，行业集中度在过去三年里明显提高。`;

describe('report metadata from page texts', () => {
  const pages = [
    '新能源汽车年度报告\n华信咨询 · 2026年3月',
    '目 录\n1 行业概况 ........ 3\n1.1 市场规模 ........ 3\n2 竞争格局 ........ 4',
    `1 行业概况\n${prose(1)}\n1.1 市场规模\n${prose(2)}`,
    `2 竞争格局\n${prose(3)}\n（一）头部企业\n${prose(4)}\n华信咨询｜新能源汽车年度报告 第 4 页 / 共 4 页`,
  ];

  it('knows the cover and the contents page, whatever the contents heading is spelled like', () => {
    expect([...frontPages(pages)]).toEqual([1, 2]);
    expect([...frontPages(['只有一页的报告，正文就在封面上。'])]).toEqual([]);
  });

  it('takes the abstract from the first prose after them, a paragraph or two, never a footer', () => {
    const abstract = reportAbstract(pages, '新能源汽车年度报告');
    expect(abstract.startsWith('第1段：')).toBe(true);
    expect(abstract).toContain('第2段：');
    expect(abstract).not.toContain('目');
    expect(abstract).not.toContain('第 4 页');
  });

  it('drops list markers from the points a report sets as a list, in the abstract and the card text', () => {
    const listed = [
      '新能源汽车年度报告\n华信咨询 · 2026年3月',
      '投资要点\n■ 2026年新能源汽车渗透率持续提升，动力电池成本下降带动整车价格下探，行业进入新阶段。\n' +
        '● 头部企业凭借渠道和品牌优势提升份额，行业集中度在过去三年里明显提高，格局趋于稳定。\n' +
        '\uF06C 海外市场成为新的增量来源，出口量同比增长超过三成，欧洲、中东与东南亚市场的需求依然旺盛。',
    ];
    const abstract = reportAbstract(listed, '新能源汽车年度报告');
    expect(abstract.split('\n').map((l) => l.slice(0, 4))).toEqual(['2026', '头部企业', '海外市场']);
    expect(reportDescription(listed, '新能源汽车年度报告', 120).startsWith('2026年新能源汽车')).toBe(true);
  });

  it("describes a report on its card by the abstract's first paragraph, at most the length asked", () => {
    const description = reportDescription(pages, '新能源汽车年度报告', 20);
    expect(description).toBe([...prose(1)].slice(0, 20).join(''));
    // Nothing but a cover and a contents line: the words after the title.
    expect(reportDescription(['新能源汽车年度报告 华信咨询 2026年3月'], '新能源汽车年度报告', 120)).toBe(
      '华信咨询 2026年3月',
    );
  });

  it('finds numbered headings with their levels and pages, outside the contents page', () => {
    expect(reportToc(pages)).toEqual([
      { title: '1 行业概况', page: 3, level: 1 },
      { title: '1.1 市场规模', page: 3, level: 2 },
      { title: '2 竞争格局', page: 4, level: 1 },
      { title: '（一）头部企业', page: 4, level: 2 },
    ]);
  });

  it('prefers the PDF outline, clamping levels', () => {
    expect(reportToc(pages, [{ title: '  第一章   概况 ', page: 3, level: 5 }])).toEqual([
      { title: '第一章 概况', page: 3, level: 3 },
    ]);
  });

  it('tags the catalogue keywords the text names at least twice, most named first, beyond its own', () => {
    const text = ['储能 储能 储能 光伏 光伏 钠电池 AI ai'];
    expect(reportTags(text, ['光伏'], ['光伏', '钠电池', '储能', 'AI', ' '])).toEqual(['储能', 'AI']);
  });
});
