import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Highlight } from './Highlight.tsx';
import { parseHighlight } from './parseHighlight.ts';

afterEach(cleanup);

function html(source: string): string {
  const { container } = render(
    <p>
      <Highlight html={source} text="" />
    </p>,
  );
  return container.querySelector('p')?.innerHTML ?? '';
}

describe('Highlight', () => {
  it('renders the matched terms in <em>', () => {
    const { container } = render(<Highlight html="<em>新能源</em>汽车销量<em>增长</em>" text="" />);
    expect([...container.querySelectorAll('em')].map((em) => em.textContent)).toEqual(['新能源', '增长']);
    expect(container.textContent).toBe('新能源汽车销量增长');
  });

  it('keeps every other tag, attribute and script as text', () => {
    const out = html(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><em onclick="x()">a</em><b>b</b><em>c</em>',
    );
    expect(out).not.toMatch(/<(img|script|b)[\s>]/);
    expect(out).not.toContain('<em onclick');
    expect(out).toContain('&lt;img src=x onerror="alert(1)"&gt;');
    expect(out).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(out).toContain('<em>c</em>');
    const { container } = render(<Highlight html="<iframe src=//evil></iframe>" text="" />);
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('shows server-escaped characters once, not double-escaped', () => {
    const { container } = render(
      <Highlight html='R&amp;D &lt;投入&gt; "<em>新能源</em>" &#39;x&#39;' text="" />,
    );
    expect(container.textContent).toBe('R&D <投入> "新能源" \'x\'');
    expect(container.querySelector('em')?.textContent).toBe('新能源');
  });

  it('shows the plain title when there is no highlight', () => {
    const { container } = render(<Highlight text="<b>原样</b>" />);
    expect(container.textContent).toBe('<b>原样</b>');
    expect(container.querySelector('b')).toBeNull();
  });

  it('parses unbalanced tags without losing text', () => {
    expect(parseHighlight('a</em>b<em>c')).toEqual([
      { text: 'ab', em: false },
      { text: 'c', em: true },
    ]);
  });
});
