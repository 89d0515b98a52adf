import { describe, expect, it } from 'vitest';
import { classesIn, usedCss } from './used-css.ts';

const CSS =
  '.card{color:red}.card__title,.dialog__mask{font-weight:600}.dialog{position:fixed}' +
  '.card .badge{margin:0}.card:hover{color:blue}a{color:inherit}' +
  '@media (width<=768px){.card{padding:8px}.dialog{inset:0}}@media print{.dialog{display:none}}' +
  '@keyframes spin{0%{transform:rotate(0)}to{transform:rotate(1turn)}}' +
  '.tabs:not(.tabs--open){height:0}.link[href$=".pdf"]{color:green}.quote:after{content:"}"}';

describe('usedCss', () => {
  const used = usedCss(CSS);

  it('keeps the rules whose selectors name only classes the markup holds, in their order', () => {
    const kept = used(new Set(['card', 'card__title', 'link', 'quote']));
    expect(kept).toBe(
      '.card{color:red}.card__title,.dialog__mask{font-weight:600}.card:hover{color:blue}a{color:inherit}' +
        '@media (width<=768px){.card{padding:8px}}' +
        '@keyframes spin{0%{transform:rotate(0)}to{transform:rotate(1turn)}}' +
        '.tabs:not(.tabs--open){height:0}.link[href$=".pdf"]{color:green}.quote:after{content:"}"}',
    );
  });

  it('drops a rule that needs a class the markup lacks, and a media block left empty', () => {
    const kept = used(new Set(['badge']));
    expect(kept).not.toContain('.card .badge');
    expect(kept).not.toContain('@media print');
    expect(kept).not.toContain('.dialog{');
    // What it cannot judge stays: an element rule, :not(), keyframes.
    expect(kept).toContain('a{color:inherit}');
    expect(kept).toContain('.tabs:not(.tabs--open)');
    expect(kept).toContain('@keyframes spin');
  });

  it('keeps everything for markup that holds every class', () => {
    const all = new Set(['card', 'card__title', 'dialog__mask', 'dialog', 'badge', 'tabs', 'link', 'quote']);
    expect(used(all)).toBe(CSS);
  });
});

describe('classesIn', () => {
  it('reads the class names of the markup’s class attributes, not other attributes or text', () => {
    const markup =
      '<div class="card card--wide"><h3 class=" card__title ">class="fake"</h3><a data-class="x" href="/a">.b</a></div>';
    expect([...classesIn(markup)].sort()).toEqual(['card', 'card--wide', 'card__title']);
  });
});
