import { describe, expect, it } from 'vitest';
import { articleOpensWith } from './articleOpensWith.ts';

describe('articleOpensWith', () => {
  it('reads the article as text: tags, entities and whitespace aside', () => {
    expect(articleOpensWith('<p><strong>A&amp;B</strong> 发布\n新品</p><p>后文</p>', 'A&B 发布新品')).toBe(
      true,
    );
    expect(articleOpensWith('<p>前言。</p><p>A&amp;B 发布新品</p>', 'A&B 发布新品')).toBe(false);
    expect(articleOpensWith('<p>正文</p>', '  ')).toBe(false);
  });
});
