import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities.ts';

describe('decodeHtmlEntities', () => {
  it('decodes the references sanitised HTML carries, once', () => {
    expect(decodeHtmlEntities('A&amp;B&nbsp;&lt;p&gt; &quot;x&quot; &#39;y&#x27; &#20013;')).toBe(
      `A&B <p> "x" 'y' 中`,
    );
    expect(decodeHtmlEntities('&amp;lt;')).toBe('&lt;');
    expect(decodeHtmlEntities('&copy; &#0; &#x110000;')).toBe('&copy; &#0; &#x110000;');
  });
});
