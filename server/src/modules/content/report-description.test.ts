import { describe, expect, it } from 'vitest';
import { describeReport } from './content-ingestion.ts';

describe('a report description', () => {
  it('is the first prose paragraph after the cover, not the table of contents', () => {
    const pages = [
      '宁德时代2025年度可持续发展报告\n年度报告 · 新能源汽车',
      '目录\n一、行业概况与发展阶段 3二、用户画像与消费趋势 4三、政策环境 5四、技术路线演进 6五、重点企业分析 7',
      '一、行业概况与发展阶段\n2026年新能源汽车渗透率持续提升，动力电池成本下降带动整车价格下探，行业进入以规模与效率取胜的新阶段。',
    ];
    const text = describeReport(pages, '宁德时代2025年度可持续发展报告');
    expect(text.startsWith('2026年新能源汽车渗透率持续提升')).toBe(true);
    expect(text).not.toContain('目录');
  });
});
