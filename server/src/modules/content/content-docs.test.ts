import { describe, expect, it } from 'vitest';
import type { AnalysisRow } from './analyses.repo.ts';
import { analysisDoc, distinctParts, headlineDoc } from './content-docs.ts';
import type { HeadlineRow } from './headlines.repo.ts';

const row = (description: string, content: string): HeadlineRow => ({
  id: 7,
  title: '动力电池竞争再起波澜',
  description,
  content,
  source_name: '虎嗅',
  source_url: '',
  cover_key: '',
  restricted: 0,
  simhash: null,
  cluster_id: null,
  published_at: Date.UTC(2026, 10, 20),
  created_at: Date.UTC(2026, 10, 20),
  status: 'published',
  version: 1,
  updated_at: Date.UTC(2026, 10, 20),
});

describe('headlineDoc', () => {
  it('indexes the description once when the article opens with it, so snippets do not repeat it', () => {
    const doc = headlineDoc(
      row(
        '11月以来，动力电池行业热度持续走高。',
        '<p>11月以来，动力电池行业热度持续走高。消费者调研显示……</p>',
      ),
      0,
    );
    expect(doc.body.match(/11月以来/g)).toHaveLength(1);
    expect(doc.body).toContain('消费者调研显示');
  });

  it('keeps a description that the article does not repeat, before the article', () => {
    const doc = headlineDoc(row('固态电池量产提速。', '<p>记者从业内获悉，多家企业扩产。</p>'), 0);
    expect(doc.body).toBe('固态电池量产提速。\n记者从业内获悉，多家企业扩产。');
  });
});

describe('analysisDoc', () => {
  const topic = (target: string, description: string): AnalysisRow => ({
    id: 3,
    title: '新能源汽车行业全景研究',
    target,
    creator: '消费研究组',
    description,
    cover_key: '',
    anal_type: 'industry',
    anal_data_ext: 'bi',
    anal_data_info: '{}',
    quote_data_info: JSON.stringify([{ title: '宁德时代2025年度可持续发展报告' }, { title: '核心数据表' }]),
    restricted: 0,
    published_at: Date.UTC(2026, 5, 15),
    created_at: Date.UTC(2026, 5, 15),
    status: 'published',
    version: 1,
    updated_at: Date.UTC(2026, 5, 15),
  });

  it('leaves out a 分析目标 its description already holds (the topic card snippet said it twice)', () => {
    const doc = analysisDoc(
      topic(
        '把握新能源汽车市场规模、增速与竞争格局',
        '把握新能源汽车市场规模、增速与竞争格局，覆盖充电桩等关键议题。',
      ),
      0,
    );
    expect(doc.body).toBe(
      '把握新能源汽车市场规模、增速与竞争格局，覆盖充电桩等关键议题。\n宁德时代2025年度可持续发展报告\n核心数据表',
    );
  });

  it('keeps a 分析目标 that says something of its own', () => {
    const doc = analysisDoc(topic('找出下沉市场的增量', '覆盖充电桩等关键议题。'), 0);
    expect(doc.body.split('\n').slice(0, 2)).toEqual(['覆盖充电桩等关键议题。', '找出下沉市场的增量']);
  });
});

describe('distinctParts', () => {
  it('keeps each text once, the first of equal ones, in order, without blanks', () => {
    expect(distinctParts(['甲乙', ' ', '甲乙', '丙', '甲乙丙丁', '戊'])).toEqual(['甲乙丙丁', '戊']);
    expect(distinctParts(['丙', '甲', '甲'])).toEqual(['丙', '甲']);
  });
});
