import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import BaiduOutlined from '@ant-design/icons-svg/es/asn/BaiduOutlined';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Icon } from './Icon.tsx';

describe('Icon', () => {
  it('draws the definition as a 1em SVG in the text colour, in antd markup', () => {
    const { container } = render(<Icon icon={SearchOutlined} className="search-box__icon" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.className).toBe('anticon anticon-search search-box__icon');
    const svg = span.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('viewBox')).toBe('64 64 896 896');
    expect(svg.getAttribute('width')).toBe('1em');
    expect(svg.getAttribute('fill')).toBe('currentColor');
    const path = svg.querySelector('path') as SVGPathElement;
    expect(path.getAttribute('d')).toMatch(/^M909\.6 854\.5/);
  });

  it('draws a filled icon with the even-odd rule that cuts its cross out of the disc', () => {
    const { container } = render(<Icon icon={CloseCircleFilled} />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.className).toBe('anticon anticon-close-circle');
    const svg = span.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('fill-rule')).toBe('evenodd');
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(/^M512 64c247\.4 0 448 200\.6/);
  });

  it('writes SVG attributes as React spells them (fill-rule), without a console warning', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(<Icon icon={BaiduOutlined} />);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(container.querySelector('[fill-rule="evenodd"]')).not.toBeNull();
  });

  it('is hidden from assistive technology, so a button is named by its own label', () => {
    render(
      <button type="button" aria-label="搜索">
        <Icon icon={SearchOutlined} />
      </button>,
    );
    expect(screen.getByRole('button').textContent).toBe('');
    expect(screen.getByRole('button', { name: '搜索' })).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
