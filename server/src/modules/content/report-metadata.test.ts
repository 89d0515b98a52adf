import { describe, expect, it } from 'vitest';
import { frontPages, reportAbstract, reportTags, reportToc } from './report-metadata.ts';

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
