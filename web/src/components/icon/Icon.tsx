import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type ReactNode } from 'react';

/**
 * An Ant Design icon drawn from its SVG definition (`@ant-design/icons-svg/es/asn/*`), for the
 * reader's screens. `@ant-design/icons` components bring a runtime to every screen that shows
 * one — colour generation for two-tone icons, a style injected after the code runs — and its
 * barrel, walked by the first-screen chunking, pulled every icon the back-office's antd uses into
 * the shell's chunk (67 icons). The markup is theirs (`span.anticon.anticon-<name>` around a 1em
 * `svg` in the text colour), so the shell's CSS keeps applying; the `.anticon` rules are static
 * in global.css, so an icon in the server's HTML is laid out before any script runs.
 *
 * Decorative: every icon here sits in a control named by its own label or text, so it is hidden
 * from assistive technology (antd's default announced the English file name, "search").
 */
export function Icon({ icon, className }: { icon: IconDefinition; className?: string | undefined }) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span aria-hidden="true" className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}>
      {draw(svg, 'svg', { 'data-icon': icon.name, width: '1em', height: '1em', fill: 'currentColor' })}
    </span>
  );
}

/** SVG attribute names as React spells them (fill-rule → fillRule); `class` → className. */
function reactAttrs(attrs: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs)) {
    out[name === 'class' ? 'className' : name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

function draw(node: AbstractNode, key: string, extra: Readonly<Record<string, string>> = {}): ReactNode {
  return createElement(
    node.tag,
    { key, ...reactAttrs(node.attrs), ...extra },
    node.children?.map((child, i) => draw(child, `${key}-${i}`)),
  );
}
