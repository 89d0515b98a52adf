import { describe, expect, it } from 'vitest';
import type { TNote } from '@portal/contract';
import { notesMarkdown, noteLink } from './exportMarkdown.ts';

const base: TNote = {
  id: 1,
  content: '',
  create_time: '2026-11-26 10:00:00',
  update_time: '2026-11-26 10:00:00',
  data_id: '5',
  data_type: 'portal_report',
  url: '/report/report_details/5?page=3',
  source_name: '新能源汽车行业报告',
  page: 3,
  highlight: {
    color: 'yellow',
    quote: '渗透率提升至 35%',
    anchor: { start: 0, end: 9, rects: [[0.1, 0.1, 0.5, 0.02]] },
  },
  placed: true,
};

describe('notes as Markdown', () => {
  it('groups by item, quotes highlights, links their page, escapes what the user typed', () => {
    const md = notesMarkdown(
      [
        base,
        { ...base, id: 2, highlight: null, page: null, url: '', content: '**重要** 见 #3' },
        { ...base, id: 3, data_id: '9', source_name: '', page: null, highlight: null, content: '旧笔记' },
      ],
      'https://portal.example.com',
      '2026-11-26 12:00',
    );
    expect(md).toContain(
      '## [新能源汽车行业报告](https://portal.example.com/report/report_details/5?id=5&index=portal_report)',
    );
    expect(md).toContain('> 渗透率提升至 35%');
    expect(md).toContain('[第 3 页](https://portal.example.com/report/report_details/5?page=3)');
    expect(md).toContain('\\*\\*重要\\*\\* 见 \\#3');
    expect(md).toContain('## 原内容已删除\n\n旧笔记');
  });

  it('says when a highlight may no longer fit', () => {
    expect(notesMarkdown([{ ...base, placed: false }], '', 'now')).toContain('（原文已更新，位置可能失效）');
  });

  it('links a page note to its page and a plain note to where it was written', () => {
    expect(noteLink(base)).toBe('/report/report_details/5?page=3');
    expect(noteLink({ ...base, page: null, url: '' })).toBe(
      '/report/report_details/5?id=5&index=portal_report',
    );
  });
});
