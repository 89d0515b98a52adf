import { describe, expect, it } from 'vitest';
import { headlineDoc } from './content-docs.ts';
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
